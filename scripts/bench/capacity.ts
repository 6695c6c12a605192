/**
 * npm run bench:capacity [-- --steps 50,100,150,200,250,300 --processes 1,2 --hold 10 --openers 10 --audio --cpu-prof --trace-gc --tts-speed 2 --sentence-ms 3000]
 *
 * Capacity (issue 27), measured from outside over real sockets: the real server (`scripts/server.ts
 * --api-only`, workers on) on Postgres, with WEB_CONCURRENCY set to each of `--processes` in turn
 * (default: 1, then every core), and for each a ramp of voice web calls: at each step N calls are
 * started with `POST /v1/calls/web` (--openers, default 10, attempts at a time) and connected over WebSockets; the agent speaks
 * throughout (its greeting is a minute of speech, longer than the step, in sentences of --sentence-ms,
 * default 3000: each sentence is its own request to the fake speech provider, as with a real agent;
 * --sentence-ms 60000 is the one-sentence greeting of runs 1–7). After 3 s, for
 * `--hold` seconds, measured: the agent audio's arrival jitter (|gap between consecutive frames −
 * the frame's duration|, every frame of every call), gaps over 60 ms, audio delivered as a share of
 * real time, `GET /api/health` latency (every 100 ms), the server's CPU (every process, from /proc)
 * and memory per call, and what the server says of its own load. Calls refused with 503 (the
 * LOAD_* backpressure), at the POST or at the media socket, are started again after Retry-After (as
 * a client should) for up to 20 s; the 503 answers and the calls still not in are counted. Then the calls hang up and the next step starts.
 *
 * Baselines in the same run: the 1-process ramp for the many-process one (calls within the limits,
 * and the ratio), the server's CPU and RSS with no calls, and this client's own event-loop delay
 * (its 300 sockets share the machine with the server: when it is late, so is every arrival).
 * With --no-backpressure the server's LOAD_MAX_LOOP_DELAY_MS and LOAD_MAX_FRAME_LATENESS_MS are 0 (off):
 * every call is taken, to see where the calls themselves suffer.
 * With --audio each caller also sends 20 ms of silence every 20 ms, as a browser's microphone does.
 * The fake speech provider streams its audio at --tts-speed × real time (default 2: a streaming TTS
 * synthesizes ahead of playback, not a minute at once) in chunks of --tts-chunk-ms (default 200), so
 * every call takes in speech during the measurement as a real one does; --tts-speed 0 sends each
 * answer's audio at once.
 * With --trace-gc the server's processes run with V8's --trace-gc, and each step prints their full
 * collections (Mark-Compact) and their scavenges during the measurement: how many, and their pauses' sum and max.
 * BENCH_DATABASE_URL picks the Postgres server (else the loopback one, else one is started).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { WebSocket } from "ws";
import { startFakeSpeech } from "../../tests/helpers/fake-speech";
import { ToneVoice } from "../../tests/helpers/fake-speech/tones";
import { benchOrganization, createDatabase, dropDatabase, postgresServer } from "./postgres";
import { freePort } from "./server";
import { printProfileTop } from "./profile-top";
import { processTree } from "./process-tree";
import { formatMs, summarize } from "./stats";

const args = process.argv.slice(2);
const listOption = (name: string, fallback: number[]) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1].split(",").map(Number);
};
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const STEPS = listOption("steps", [50, 100, 150, 200, 250, 300]);
const PROCESSES = listOption("processes", [1, os.availableParallelism()]);
const HOLD_SECONDS = option("hold", 10);
/** The longest window a process's `/api/health` load figures cover (lib/load/process-load.ts). */
const LOAD_WINDOW_MS = 5_000;
/** Calls opened at a time (each waits for its `started` before the next). */
const OPENERS = option("openers", 10);
const AUDIO = args.includes("--audio");
/** --cpu-prof: the server's processes write V8 CPU profiles (node --cpu-prof) on their way out; their top entries are printed. */
const CPU_PROF = args.includes("--cpu-prof");
const TRACE_GC = args.includes("--trace-gc");
const TTS_SPEED = option("tts-speed", 2);
const TTS_CHUNK_MS = option("tts-chunk-ms", 200);
/** Each sentence of the greeting lasts this long: a sentence is one request to the speech provider, as it is with a real agent. */
const SENTENCE_MS = option("sentence-ms", 3_000);
/** The greeting: a minute of speech (longer than a step), in sentences of SENTENCE_MS. */
const GREETING = Array.from({ length: Math.ceil(60_000 / SENTENCE_MS) }, (_, i) => `Here is part ${i + 1} of what our opening hours are.`).join(" ");
/** The fake provider's chunk of TTS_CHUNK_MS of audio every this many ms. */
const TTS_CHUNK_INTERVAL_MS = TTS_SPEED > 0 ? TTS_CHUNK_MS / TTS_SPEED : 0;
/** --no-backpressure: the loop-delay and lateness limits off (LOAD_MAX_*_MS=0), to see how far the calls go before they suffer. */
const BACKPRESSURE = !args.includes("--no-backpressure");
const SETTLE_MS = 3_000;
/** How long a step keeps trying to open its calls (refused ones again after Retry-After). */
const OPEN_BUDGET_MS = 20_000;
const LIMITS = { jitterP99Ms: 20, gapMs: 60, healthP99Ms: 200 };
const root = path.resolve(__dirname, "../..");
const log = (line: string) => console.log(line);

/** A tone voice that makes each sentence once (the bench's CPU belongs to the client, not to synthesizing). */
class CachedToneVoice extends ToneVoice {
  private readonly cache = new Map<string, Int16Array>();
  override audio(text: string, sampleRate: number): Int16Array {
    const key = `${sampleRate}:${text}`;
    let audio = this.cache.get(key);
    if (!audio) this.cache.set(key, (audio = super.audio(text, sampleRate)));
    return audio;
  }
}

/** `setUpMs`: from sending the POST to the first frame of agent audio (what a caller waits to hear the greeting). */
type Call = { socket: WebSocket; arrivals: number[]; samples: number[]; setUpMs: number };
type StepResult = {
  target: number;
  accepted: number;
  refused: number;
  gaveUp: number;
  failed: number;
  jitterP99: number;
  jitterMax: number;
  gapsOver60: number;
  delivered: number;
  healthP50: number;
  healthP99: number;
  cpuPerCall: number;
  serverCores: number;
  rssPerCallMiB: number;
  serverLoopP99: number;
  serverAccepting: boolean;
  clientLoopP99: number;
  clientCores: number;
  load: string;
};

/** `--trace-gc` lines of one kind of collection, per process: "pid: count, pauses sum / max". */
function collections(trace: string, kind: "Mark-Compact" | "Scavenge"): string {
  const byPid = new Map<string, number[]>();
  const line = new RegExp(`^\\[(\\d+):[^\\]]*\\]\\s+\\d+ ms: ${kind} .*?MB, (?:pooled: [\\d.]+ MB, )?([\\d.]+) \\/ [\\d.]+ ms`, "gm");
  for (const [, pid, pause] of trace.matchAll(line)) byPid.set(pid, [...(byPid.get(pid) ?? []), Number(pause)]);
  if (!byPid.size) return "none";
  return [...byPid].map(([pid, pauses]) => `${pid}: ${pauses.length}, pauses ${formatMs(pauses.reduce((a, b) => a + b, 0))} / ${formatMs(Math.max(...pauses))} ms`).join("; ");
}

async function runConfiguration(processes: number, pgUrl: string, speech: Awaited<ReturnType<typeof startFakeSpeech>>): Promise<StepResult[]> {
  const name = `bench_capacity_${processes}p_${Date.now()}`;
  const url = await createDatabase(pgUrl, name);
  const cleanups: (() => Promise<void> | void)[] = [() => dropDatabase(pgUrl, name)];
  try {
    const { apiKey } = await benchOrganization(url, "Capacity bench");

    const port = await freePort();
    const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-capacity-"));
    const logFile = path.join(workDir, "server.log");
    const profileDir = path.join(workDir, "profiles");
    const profiling = [...(CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), ...(TRACE_GC ? ["--trace-gc"] : [])];
    const server = spawn(process.execPath, [...profiling, "--conditions=react-server", "--import", "tsx", "scripts/server.ts", "--api-only"], {
      cwd: root,
      env: {
        ...process.env,
        ...speech.env(),
        DATABASE_URL: url,
        PORT: String(port),
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
        API_RATE_LIMIT_PER_MINUTE: "1000000",
        DATA_DIR: workDir,
        WEB_CONCURRENCY: String(processes),
        ...(BACKPRESSURE ? {} : { LOAD_MAX_LOOP_DELAY_MS: "0", LOAD_MAX_FRAME_LATENESS_MS: "0" }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = createWriteStream(logFile);
    server.stdout.pipe(out);
    server.stderr.pipe(out);
    const exited = new Promise((resolve) => server.once("exit", resolve));
    cleanups.push(async () => {
      server.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000).then(() => processTree(server.pid!).pids.forEach((pid) => process.kill(pid, "SIGKILL")))]);
      if (CPU_PROF) printProfileTop(profileDir, log);
    });
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 180_000; ; ) {
      const health = await fetch(`${base}/api/health`).then((res) => (res.ok ? res.json() : null), () => null);
      if (health?.load?.processes?.length === processes) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start (log: ${logFile})`);
      await sleep(250);
    }
    log(`\n## WEB_CONCURRENCY=${processes}: server up on ${base} (log ${logFile})`);

    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const agent = await (
      await fetch(`${base}/v1/agents`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Talker",
          initial_message: GREETING,
          voice: { provider: "openai", name: "alloy" },
          transcriber: { provider: "openai" },
          presence_check_idle_threshold: 600,
          max_call_duration: 3600,
          initial_state_name: "main",
          states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up" }] }],
        }),
      })
    ).json();
    const agentId = agent.data.id as string;

    await sleep(3_000);
    const idle = processTree(server.pid!);
    await sleep(5_000);
    const idleAfter = processTree(server.pid!);
    const idleCores = (idleAfter.cpuSeconds - idle.cpuSeconds) / 5;
    log(`server without calls: ${(idleCores * 100).toFixed(1)} % of a core, RSS ${(idleAfter.rssBytes / 2 ** 20).toFixed(0)} MiB (${idle.pids.length} processes)`);

    const results: StepResult[] = [];
    for (const target of STEPS) {
      const calls: Call[] = [];
      let refused = 0;
      let failed = 0;
      const failures = new Map<string, number>();
      const fail = (why: string) => {
        failed++;
        failures.set(why, (failures.get(why) ?? 0) + 1);
      };
      let gaveUp = 0;
      /** Why the server refused (its 503 message: its event loop, its frames' lateness, its live calls). */
      const refusalReasons = new Map<string, number>();
      const openDeadline = performance.now() + OPEN_BUDGET_MS;
      /** One attempt: the call live, or refused (503: retry after this many seconds), or failed. */
      const attempt = async (): Promise<"live" | "failed" | number> => {
        const postedAt = performance.now();
        const res = await fetch(`${base}/v1/calls/web`, { method: "POST", headers, body: JSON.stringify({ agent_id: agentId, mode: "voice" }) }).catch(() => null);
        if (!res) return (fail("POST failed"), "failed");
        const body = await res.json().catch(() => null);
        if (res.status === 503) {
          const why = /event loop|audio frames|live calls/.exec(String(body?.error?.message))?.[0] ?? "other";
          refusalReasons.set(why, (refusalReasons.get(why) ?? 0) + 1);
          return Number(res.headers.get("retry-after") ?? 5);
        }
        if (res.status !== 201) return (fail(`${res.status} ${body?.error?.message ?? ""}`.slice(0, 120)), "failed");
        const socket = new WebSocket(body.data.media_url);
        const call: Call = { socket, arrivals: [], samples: [], setUpMs: Number.NaN };
        socket.on("message", (data, isBinary) => {
          if (!isBinary) return;
          call.arrivals.push(performance.now());
          if (call.arrivals.length === 1) call.setUpMs = call.arrivals[0] - postedAt;
          call.samples.push((data as Buffer).length / 2);
        });
        const started = await new Promise<true | string>((resolve) => {
          socket.on("message", (data, isBinary) => {
            if (!isBinary && JSON.parse(String(data)).type === "started") resolve(true);
          });
          socket.once("error", (error) => resolve(String(error.message)));
          socket.once("close", (code, reason) => resolve(`media socket closed ${code} ${String(reason)}`));
        });
        if (started === true) return (calls.push(call), "live");
        // The media socket reached a process past its capacity (in a cluster, not always the one that took the POST): start again.
        if (String(started).includes("503")) return 5;
        return (fail(String(started)), "failed");
      };
      /**
       * OPENERS attempts at a time; a refused call tries again after its Retry-After, as a client that honours
       * it would, until the step's opening budget is spent. Its wait holds no slot: the other calls go on opening.
       */
      let due = target;
      let settled = 0;
      const opener = async () => {
        while (settled < target) {
          if (due === 0) {
            await sleep(50);
            continue;
          }
          due--;
          const outcome = await attempt();
          if (typeof outcome !== "number") {
            settled++;
            continue;
          }
          refused++;
          if (performance.now() + outcome * 1000 > openDeadline) {
            gaveUp++;
            settled++;
            continue;
          }
          setTimeout(() => due++, outcome * 1000);
        }
      };
      const openingFrom = performance.now();
      await Promise.all(Array.from({ length: OPENERS }, opener));
      const openingSeconds = (performance.now() - openingFrom) / 1000;
      let line: NodeJS.Timeout | undefined;
      if (AUDIO) {
        const silence = Buffer.alloc(640);
        line = setInterval(() => calls.forEach((call) => call.socket.readyState === WebSocket.OPEN && call.socket.send(silence)), 20);
      }
      await sleep(SETTLE_MS);

      const clientLoop = monitorEventLoopDelay({ resolution: 10 });
      clientLoop.enable();
      /** This client's own GC pauses: each holds every socket's frames back, which then arrive together. */
      const clientGcPauses: number[] = [];
      const clientGc = new PerformanceObserver((list) => clientGcPauses.push(...list.getEntries().map((entry) => entry.duration)));
      clientGc.observe({ type: "gc" });
      const cpuBefore = processTree(server.pid!);
      const clientCpuBefore = process.cpuUsage();
      const from = performance.now();
      const logFrom = statSync(logFile).size;
      const healthTimes: number[] = [];
      let lastLoad: { loop_delay_p99_ms: number; accepting_calls: boolean } | null = null;
      let serverLoopMax = 0;
      for (const until = from + HOLD_SECONDS * 1000; performance.now() < until; ) {
        const started = performance.now();
        const body = await fetch(`${base}/api/health`).then((res) => res.json(), () => null);
        healthTimes.push(performance.now() - started);
        if (body?.load) lastLoad = body.load;
        // Each process's loop delay max covers its last 2.5–5 s: from 5 s in, that is the hold's own.
        if (started - from >= LOAD_WINDOW_MS) {
          for (const each of (body?.load?.processes ?? []) as { loop_delay_max_ms: number }[]) serverLoopMax = Math.max(serverLoopMax, each.loop_delay_max_ms);
        }
        await sleep(100);
      }
      const to = performance.now();
      const gcLog = TRACE_GC ? readFileSync(logFile).subarray(logFrom).toString() : "";
      const cpuAfter = processTree(server.pid!);
      const clientCpu = process.cpuUsage(clientCpuBefore);
      clientLoop.disable();
      const clientLoopMax = Math.max(0, clientLoop.max / 1e6 - 10);
      clientGc.disconnect();
      if (line) clearInterval(line);

      const jitter: number[] = [];
      let gapsOver60 = 0;
      /** The gaps in the part of the hold that the server processes' loop delay max below covers. */
      let gapsSeenByServerLoop = 0;
      /** Frames read at the same moment as the one before (gap < 1 ms): a stall on the reading side, usually this client's. */
      let together = 0;
      let deliveredShare = 0;
      for (const call of calls) {
        let samplesInWindow = 0;
        for (let i = 1; i < call.arrivals.length; i++) {
          const at = call.arrivals[i];
          if (at < from || at > to) continue;
          const gap = at - call.arrivals[i - 1];
          const expected = (call.samples[i - 1] / 24000) * 1000;
          jitter.push(Math.abs(gap - expected));
          if (gap > LIMITS.gapMs) {
            gapsOver60++;
            if (at - from >= LOAD_WINDOW_MS / 2) gapsSeenByServerLoop++;
          }
          if (gap < 1) together++;
          samplesInWindow += call.samples[i];
        }
        deliveredShare += samplesInWindow / (24000 * ((to - from) / 1000));
      }
      const j = summarize(jitter);
      const health = summarize(healthTimes);
      const seconds = (to - from) / 1000;
      const serverCores = (cpuAfter.cpuSeconds - cpuBefore.cpuSeconds) / seconds;
      const result: StepResult = {
        target,
        accepted: calls.length,
        refused,
        gaveUp,
        failed,
        jitterP99: j.p99,
        jitterMax: j.max,
        gapsOver60,
        delivered: calls.length ? deliveredShare / calls.length : Number.NaN,
        healthP50: health.p50,
        healthP99: health.p99,
        serverCores,
        cpuPerCall: calls.length ? (serverCores - idleCores) / calls.length : Number.NaN,
        rssPerCallMiB: calls.length ? (cpuAfter.rssBytes - idleAfter.rssBytes) / calls.length / 2 ** 20 : Number.NaN,
        serverLoopP99: lastLoad?.loop_delay_p99_ms ?? Number.NaN,
        serverAccepting: lastLoad?.accepting_calls ?? false,
        clientLoopP99: Math.max(0, clientLoop.percentile(99) / 1e6 - 10),
        clientCores: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
        load: os.loadavg()[0].toFixed(1),
      };
      results.push(result);
      for (const [why, count] of failures) log(`  failed ×${count}: ${why}`);
      const setUp = summarize(calls.map((call) => call.setUpMs).filter(Number.isFinite));
      if (HOLD_SECONDS * 1000 > LOAD_WINDOW_MS) {
        log(
          `  whose stall: in the last ${HOLD_SECONDS - LOAD_WINDOW_MS / 2000} s of the hold, ${gapsSeenByServerLoop} gaps over ${LIMITS.gapMs} ms; ` +
            `the server processes' event-loop delay max ${formatMs(serverLoopMax)} ms, this client's ${formatMs(clientLoopMax)} ms ` +
            `(a stall of ${LIMITS.gapMs - 20} ms or more makes such a gap; the server's figure may start up to ${LOAD_WINDOW_MS / 2000} s earlier, ` +
            `and a process that did not answer the last checks is counted as it last reported, at most ${LOAD_WINDOW_MS / 2000} s before)`,
        );
      }
      log(`  set-up (POST to the first agent audio) p50 ${formatMs(setUp.p50)}, p99 ${formatMs(setUp.p99)}, max ${formatMs(setUp.max)} ms; the step's calls opened in ${openingSeconds.toFixed(1)} s`);
      log(
        `  frames read together with the one before (gap < 1 ms): ${together} of ${jitter.length}; this client's GC pauses: ${clientGcPauses.length}, ` +
          `${formatMs(clientGcPauses.reduce((a, b) => a + b, 0))} ms in all, longest ${formatMs(Math.max(0, ...clientGcPauses))} ms`,
      );
      if (TRACE_GC) {
        log(`  full GCs during the measurement, by server process: ${collections(gcLog, "Mark-Compact")}`);
        log(`  scavenges during the measurement, by server process: ${collections(gcLog, "Scavenge")}`);
      }
      if (refusalReasons.size) log(`  503 at the POST, by the server's reason: ${[...refusalReasons].map(([why, count]) => `${why} ×${count}`).join(", ")}`);
      log(
        `${target} calls: ${calls.length} live, ${refused} refusals (503), ${gaveUp} not in after ${OPEN_BUDGET_MS / 1000} s, ${failed} failed; jitter p99 ${formatMs(j.p99)}, max ${formatMs(j.max)}, gaps > 60 ms ${gapsOver60}; ` +
          `delivered ${(result.delivered * 100).toFixed(1)} %; health p99 ${formatMs(health.p99)}; server ${(serverCores * 100).toFixed(0)} % of a core ` +
          `(${(result.cpuPerCall * 100).toFixed(2)} %/call), +${result.rssPerCallMiB.toFixed(2)} MiB/call; server loop p99 ${result.serverLoopP99} ms; client loop p99 ${result.clientLoopP99.toFixed(1)} ms, client ${(result.clientCores * 100).toFixed(0)} % of a core; load average ${result.load}`,
      );

      for (const call of calls) call.socket.close(1000);
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        const body = await fetch(`${base}/api/health`).then((res) => res.json(), () => null);
        if (body?.load?.live_calls === 0) break;
        await sleep(250);
      }
      await sleep(2_000);
    }
    return results;
  } finally {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch((error) => console.error("cleanup:", error));
  }
}

const withinLimits = (r: StepResult) => r.accepted > 0 && r.jitterP99 <= LIMITS.jitterP99Ms && r.gapsOver60 === 0 && r.healthP99 <= LIMITS.healthP99Ms;

async function main() {
  const pgServer = await postgresServer(root, log);
  const voice = new CachedToneVoice(() => SENTENCE_MS);
  const speech = await startFakeSpeech({ voice });
  speech.openai.setDelays({ speechChunkIntervalMs: TTS_CHUNK_INTERVAL_MS, speechChunkMs: TTS_CHUNK_MS });
  try {
    log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}; steps ${STEPS.join(", ")}; hold ${HOLD_SECONDS} s; ${OPENERS} calls opened at a time; speech in sentences of ${SENTENCE_MS} ms, each streamed at ${TTS_SPEED ? `${TTS_SPEED}× real time in ${TTS_CHUNK_MS} ms chunks` : "once"}${AUDIO ? "; callers send silence" : ""}; backpressure ${BACKPRESSURE ? "on (LOAD_* defaults)" : "off"}`);
    const all = new Map<number, StepResult[]>();
    for (const processes of PROCESSES) all.set(processes, await runConfiguration(processes, pgServer.url, speech));

    log("\n| WEB_CONCURRENCY | calls asked | live | 503 answers (calls not in after 20 s) | jitter p99 | jitter max | gaps > 60 ms | audio delivered | health p50 / p99 | server CPU (cores) | CPU per call | RSS per call | server loop p99 | accepting at end | client loop p99 | client CPU (cores) | load avg (1 min) |");
    log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|");
    for (const [processes, results] of all) {
      for (const r of results) {
        log(
          `| ${processes} | ${r.target} | ${r.accepted} | ${r.refused} (${r.gaveUp})${r.failed ? `, ${r.failed} failed` : ""} | ${formatMs(r.jitterP99)} | ${formatMs(r.jitterMax)} | ${r.gapsOver60} | ${(r.delivered * 100).toFixed(1)} % | ` +
            `${formatMs(r.healthP50)} / ${formatMs(r.healthP99)} | ${r.serverCores.toFixed(2)} | ${(r.cpuPerCall * 100).toFixed(2)} % | ${r.rssPerCallMiB.toFixed(2)} MiB | ${r.serverLoopP99} ms | ${r.serverAccepting ? "yes" : "no"} | ${r.clientLoopP99.toFixed(1)} ms | ${r.clientCores.toFixed(2)} | ${r.load} |`,
        );
      }
    }
    log("");
    const capacity = new Map([...all].map(([processes, results]) => [processes, Math.max(0, ...results.filter(withinLimits).map((r) => r.accepted))]));
    const baseline = capacity.get(PROCESSES[0]) ?? 0;
    for (const [processes, calls] of capacity) {
      log(
        `WEB_CONCURRENCY=${processes}: most live calls within the limits (jitter p99 ≤ ${LIMITS.jitterP99Ms} ms, no gap > ${LIMITS.gapMs} ms, health p99 ≤ ${LIMITS.healthP99Ms} ms): ${calls}` +
          (processes !== PROCESSES[0] && baseline ? ` (${(calls / baseline).toFixed(2)} × WEB_CONCURRENCY=${PROCESSES[0]})` : ""),
      );
    }
    log(`load average at the end: ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}`);
  } finally {
    await speech.close();
    if (pgServer.started) await pgServer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
