/**
 * npm run bench:call-setup [-- --calls 200 --openers 1 --cpu-prof]
 *
 * What one voice web call costs the server outside its steady state (issue 27: a ramp is refused when
 * set-up is dear): the real server (`scripts/server.ts --api-only`, one process, workers on) on
 * Postgres; `--calls` short calls (default 200), `--openers` at a time (default 1), each
 * `POST /v1/calls/web`, its media socket with a start frame, the agent's first audio frame (a
 * one-word greeting), then a `hangup` frame and the socket's close. Measured: the server's CPU (every
 * process, from /proc) over the calls and the after-call jobs that follow, less what the same server
 * spends idle over the same time (the baseline, measured in the same run), per call; and the set-up
 * as the caller waits for it (POST to the first agent audio). With --cpu-prof the server writes a V8
 * CPU profile (node --cpu-prof) on its way out, whose top entries are printed (the warm-up and the
 * idle baseline are in it too).
 * BENCH_DATABASE_URL picks the Postgres server (else the loopback one, else one is started).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { WebSocket } from "ws";
import { startFakeSpeech } from "../../tests/helpers/fake-speech";
import { benchOrganization, createDatabase, dropDatabase, postgresServer } from "./postgres";
import { processTree } from "./process-tree";
import { printProfileTop } from "./profile-top";
import { freePort } from "./server";
import { formatMs, summarize } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const CALLS = option("calls", 200);
const OPENERS = option("openers", 1);
const CPU_PROF = args.includes("--cpu-prof");
/** After the last call, how long the after-call jobs (pricing, webhooks) get to run before the CPU is read. */
const JOBS_SETTLE_MS = 5_000;
const IDLE_MS = 10_000;
const root = path.resolve(__dirname, "../..");
const log = (line: string) => console.log(line);

async function main() {
  const pgServer = await postgresServer(root, log);
  const speech = await startFakeSpeech({});
  const name = `bench_call_setup_${Date.now()}`;
  const url = await createDatabase(pgServer.url, name);
  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-call-setup-"));
  let server: ReturnType<typeof spawn> | null = null;
  try {
    const { apiKey } = await benchOrganization(url, "Call set-up bench");

    const port = await freePort();
    const logFile = path.join(workDir, "server.log");
    const profileDir = path.join(workDir, "profiles");
    const profiling = CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
    server = spawn(process.execPath, [...profiling, "--conditions=react-server", "--import", "tsx", "scripts/server.ts", "--api-only"], {
      cwd: root,
      env: { ...process.env, ...speech.env(), DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", API_RATE_LIMIT_PER_MINUTE: "1000000", DATA_DIR: workDir, WEB_CONCURRENCY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = createWriteStream(logFile);
    server.stdout!.pipe(out);
    server.stderr!.pipe(out);
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 180_000; ; ) {
      const health = await fetch(`${base}/api/health`).then((res) => (res.ok ? res.json() : null), () => null);
      if (health?.load?.processes?.length === 1) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start (log: ${logFile})`);
      await sleep(250);
    }
    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const agent = await (
      await fetch(`${base}/v1/agents`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Greeter",
          initial_message: "Hello.",
          voice: { provider: "openai", name: "alloy" },
          transcriber: { provider: "openai" },
          max_call_duration: 60,
          initial_state_name: "main",
          states: [{ name: "main", prompt: "Help the caller." }],
        }),
      })
    ).json();
    const agentId = agent.data.id as string;

    const shortCall = async (): Promise<number> => {
      const postedAt = performance.now();
      const res = await fetch(`${base}/v1/calls/web`, { method: "POST", headers, body: JSON.stringify({ agent_id: agentId, mode: "voice" }) });
      const body = await res.json();
      if (res.status !== 201) throw new Error(`POST /v1/calls/web: ${res.status} ${JSON.stringify(body.error)}`);
      const socket = new WebSocket(body.data.media_url);
      const setUp = await new Promise<number>((resolve, reject) => {
        socket.once("open", () => socket.send(JSON.stringify({ type: "start", input_sample_rate: 16000, output_sample_rate: 24000 })));
        socket.on("message", (_data, isBinary) => isBinary && resolve(performance.now() - postedAt));
        socket.once("error", reject);
        socket.once("close", (code) => reject(new Error(`media socket closed ${code} before the first audio`)));
      });
      socket.removeAllListeners("close");
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.send(JSON.stringify({ type: "hangup" }));
      await closed;
      return setUp;
    };

    // Warm: the first calls compile what the warm-up does not reach (and fill the agent version cache).
    for (let i = 0; i < 10; i++) await shortCall();
    await sleep(JOBS_SETTLE_MS);

    const idleFrom = processTree(server.pid!).cpuSeconds;
    await sleep(IDLE_MS);
    const idleCoresBaseline = (processTree(server.pid!).cpuSeconds - idleFrom) / (IDLE_MS / 1000);

    const before = processTree(server.pid!).cpuSeconds;
    const from = performance.now();
    const setUps: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: OPENERS }, async () => {
        while (next < CALLS) {
          next++;
          setUps.push(await shortCall());
        }
      }),
    );
    const callsSeconds = (performance.now() - from) / 1000;
    await sleep(JOBS_SETTLE_MS);
    const elapsed = (performance.now() - from) / 1000;
    const spent = processTree(server.pid!).cpuSeconds - before;
    const perCall = ((spent - idleCoresBaseline * elapsed) / CALLS) * 1000;
    const setUp = summarize(setUps);

    log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}; ${CALLS} short calls, ${OPENERS} at a time, in ${callsSeconds.toFixed(1)} s`);
    log(`server idle (baseline, same run): ${(idleCoresBaseline * 100).toFixed(1)} % of a core`);
    log(`server CPU over the calls and ${JOBS_SETTLE_MS / 1000} s of after-call jobs: ${(spent * 1000).toFixed(0)} ms, of which idle ${(idleCoresBaseline * elapsed * 1000).toFixed(0)} ms`);
    log(`per call (set-up, first audio, hang-up, after-call jobs): ${perCall.toFixed(1)} ms of CPU; the server spent ${(spent / (idleCoresBaseline * elapsed)).toFixed(1)} × its idle CPU over the same time`);
    log(`set-up (POST to the first agent audio): p50 ${formatMs(setUp.p50)}, p99 ${formatMs(setUp.p99)}, max ${formatMs(setUp.max)} ms`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
      if (CPU_PROF) printProfileTop(path.join(workDir, "profiles"), log);
    }
    await dropDatabase(pgServer.url, name).catch(() => undefined);
    await speech.close();
    if (pgServer.started) await pgServer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
