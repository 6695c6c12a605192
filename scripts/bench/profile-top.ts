import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; startTime: number; endTime: number };

/** A frame's name as a reader finds it: function, file relative to the repository (or node's own), line. */
function frameName({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  const file = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
  return `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
}

/** Self time by function across every `.cpuprofile` in `dir` (one per server process), the top `count` printed with their share of the samples. */
export function printProfileTop(dir: string, log: (line: string) => void, count = 25): void {
  const self = new Map<string, number>();
  let total = 0;
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"));
  } catch {
    // no profile written
  }
  for (const file of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const id of profile.samples) {
      const name = frameName(byId.get(id)!.callFrame);
      self.set(name, (self.get(name) ?? 0) + 1);
      total++;
    }
  }
  const idle = self.get("(idle)") ?? 0;
  self.delete("(idle)");
  const busy = Math.max(1, total - idle);
  log(`\nCPU profile (${files.length} profile${files.length === 1 ? "" : "s"} in ${dir}): busy in ${((busy / Math.max(1, total)) * 100).toFixed(1)} % of ${total} samples; top ${count} by self time, as shares of the busy samples`);
  for (const [name, samples] of [...self].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    log(`  ${((samples / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}
