import { execFile, spawnSync } from "node:child_process";
import http from "node:http";
import { promisify } from "node:util";
import { summarize } from "./stats";

const run = promisify(execFile);

export type LoadTarget = { name: string; port: number };
export type LoadResult = { name: string; tool: string; requests: number; rps: number; p50: number; p99: number; errors: number };
export type LoadOptions = { path: string; headers: Record<string, string>; connections: number; seconds: number; rounds: number; log: (line: string) => void };

/** wrk on PATH, or installed with apt-get when we may (root, Debian); null when neither works. */
function findWrk(log: (line: string) => void): string | null {
  const found = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0 || spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0) return null;
  log("wrk is not installed: installing Debian's wrk package (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = spawnSync("sh", ["-c", "apt-get install -y -qq wrk || (apt-get update -qq && apt-get install -y -qq wrk)"], { env, stdio: "ignore", timeout: 300_000 });
  if (install.status !== 0) return null;
  return spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim() || null;
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);

async function withWrk(wrk: string, target: LoadTarget, options: LoadOptions, seconds: number): Promise<LoadResult> {
  const args = ["-t2", `-c${options.connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(options.headers)) args.push("-H", `${name}: ${value}`);
  const { stdout } = await run(wrk, [...args, `http://127.0.0.1:${target.port}${options.path}`], { timeout: (seconds + 60) * 1000 });
  const percentile = (p: string) => {
    const found = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(stdout);
    return found ? toMs(found[1], found[2]) : Number.NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { name: target.name, tool: "wrk", requests, rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0), p50: percentile("50"), p99: percentile("99"), errors };
}

/** The fallback when there is no wrk: `connections` kept-alive loops of GET requests from this process. */
async function withNode(target: LoadTarget, options: LoadOptions, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = process.hrtime.bigint();
      const request = http.get({ host: "127.0.0.1", port: target.port, path: options.path, headers: options.headers, agent }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode === 200) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
          else errors += 1;
          resolve();
        });
      });
      request.on("error", () => {
        errors += 1;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(Array.from({ length: options.connections }, async () => {
    while (Date.now() < end) await once();
  }));
  agent.destroy();
  const summary = summarize(samples);
  return { name: target.name, tool: "node", requests: samples.length, rps: samples.length / ((Date.now() - started) / 1000), p50: summary.p50, p99: summary.p99, errors };
}

/**
 * Load on loopback, `connections` at once for `seconds`, on each target in turn (after a short
 * warm-up each), the order swapped every round so both meet the same machine state. wrk when it
 * is there (or can be installed), else a Node loop.
 */
export async function measureLoad(targets: LoadTarget[], options: LoadOptions): Promise<LoadResult[][]> {
  const wrk = findWrk(options.log);
  if (!wrk) options.log("no wrk: measuring load with the Node fallback (it shares the machine's CPU with the servers, like wrk does)");
  const once = (target: LoadTarget, seconds: number) => (wrk ? withWrk(wrk, target, options, seconds) : withNode(target, options, seconds));
  for (const target of targets) await once(target, 3);
  const rounds: LoadResult[][] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    const results: LoadResult[] = [];
    for (const target of order) {
      const result = await once(target, options.seconds);
      options.log(`  load round ${round + 1}, ${result.name}: ${result.rps.toFixed(0)} requests/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors (${result.tool})`);
      results.push(result);
    }
    rounds.push(targets.map((target) => results.find((result) => result.name === target.name)!));
  }
  return rounds;
}
