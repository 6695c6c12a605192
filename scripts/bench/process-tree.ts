import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds (user + system) and RSS bytes of a process and everything below it (Linux /proc). */
export function processTree(pid: number): { cpuSeconds: number; rssBytes: number; pids: number[] } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...(children.get(pids[i]) ?? []));
  const ticks = 100; // USER_HZ
  let cpuSeconds = 0;
  let rssBytes = 0;
  for (const each of pids) {
    try {
      const fields = readFileSync(`/proc/${each}/stat`, "utf8").split(") ")[1].split(" ");
      cpuSeconds += (Number(fields[11]) + Number(fields[12])) / ticks;
      rssBytes += Number(fields[21]) * 4096;
    } catch {
      // gone meanwhile
    }
  }
  return { cpuSeconds, rssBytes, pids };
}
