/**
 * npm run bench:idle-calls [-- --calls 300 --seconds 30 --audio]
 *
 * What idle live calls cost the database (issue 20, item 5): the real server (`scripts/server.ts
 * --api-only`: /v1, health and WebSockets, workers on) on Postgres, N voice web calls opened over
 * real WebSockets that then say nothing (with --audio, each sends 20 ms of silence every 20 ms, as
 * a browser's microphone does). Measured: the database's transactions per second
 * (pg_stat_database xact_commit + xact_rollback: every statement outside a transaction is one)
 * without calls and with them, GET /api/health latency every 100 ms in both windows (each check
 * pings the database, the same in both), and starting one more
 * call (POST /v1/calls/web) under that load. Speech providers are the test fakes on loopback; the
 * agent greets (one TTS request per call) and has presence checks off (600 s), so that nothing but
 * idleness is measured. BENCH_DATABASE_URL picks the Postgres server (else the loopback one, else
 * a throwaway one is started).
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { WebSocket } from "ws";
import { startFakeSpeech } from "../../tests/helpers/fake-speech";
import { benchOrganization, createDatabase, dropDatabase, postgresServer } from "./postgres";
import { freePort } from "./server";
import { formatMs, summarize } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const CALLS = option("calls", 300);
const SECONDS = option("seconds", 30);
const AUDIO = args.includes("--audio");
const root = path.resolve(__dirname, "../..");
const log = (line: string) => console.log(line);

type Counters = { at: number; transactions: number; tuplesReturned: number; tables: Map<string, number> };

async function counters(client: pg.Client): Promise<Counters> {
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query(
    "select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as tuples from pg_stat_database where datname = current_database()",
  );
  // Reads and writes per table, to tell which part of the server the transactions come from.
  const tables = await client.query(
    "select schemaname || '.' || relname as name, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del as touched from pg_stat_all_tables where schemaname not in ('pg_catalog', 'information_schema', 'pg_toast')",
  );
  return {
    at: Date.now(),
    transactions: Number(rows[0].transactions),
    tuplesReturned: Number(rows[0].tuples),
    tables: new Map(tables.rows.map((row) => [row.name as string, Number(row.touched)])),
  };
}

function busiestTables(before: Counters, after: Counters, seconds: number): string {
  return [...after.tables]
    .map(([name, touched]) => [name, (touched - (before.tables.get(name) ?? 0)) / seconds] as const)
    .filter(([, rate]) => rate > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, rate]) => `${name} ${rate.toFixed(1)}`)
    .join(", ");
}

/**
 * Transactions per second over `seconds`. Backends flush their counts at most once a second (idle
 * ones within 10 s), so both snapshots lag by about as much in a steady state: the window is long.
 */
async function rateOver(client: pg.Client, seconds: number, during?: () => Promise<void>): Promise<{ perSecond: number; tuplesPerSecond: number; tables: string }> {
  const before = await counters(client);
  await Promise.all([sleep(seconds * 1000), during?.()]);
  const after = await counters(client);
  const ownTransactions = 2; // the two snapshots' own
  const elapsed = (after.at - before.at) / 1000;
  return {
    perSecond: (after.transactions - before.transactions - ownTransactions) / elapsed,
    tuplesPerSecond: (after.tuplesReturned - before.tuplesReturned) / elapsed,
    tables: busiestTables(before, after, elapsed) || "none",
  };
}

async function main() {
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch((error) => console.error("cleanup:", error));
  };
  process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)));
  try {
    const pgServer = await postgresServer(root, log);
    if (pgServer.started) cleanups.push(() => pgServer.stop());
    const name = `bench_idle_${Date.now()}`;
    const url = await createDatabase(pgServer.url, name);
    cleanups.push(() => dropDatabase(pgServer.url, name));
    const { apiKey } = await benchOrganization(url, "Idle calls bench");

    const speech = await startFakeSpeech();
    speech.voice.set("Hello, thanks for calling.", 440);
    cleanups.push(() => speech.close());

    const port = await freePort();
    const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-idle-"));
    const logFile = path.join(workDir, "server.log");
    const server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/server.ts", "--api-only"], {
      cwd: root,
      env: { ...process.env, ...speech.env(), DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", API_RATE_LIMIT_PER_MINUTE: "100000", DATA_DIR: workDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out = createWriteStream(logFile);
    server.stdout.pipe(out);
    server.stderr.pipe(out);
    const exited = new Promise((resolve) => server.once("exit", resolve));
    cleanups.push(async () => {
      server.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000).then(() => server.kill("SIGKILL"))]);
    });
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 120_000; ; ) {
      const up = await fetch(`${base}/api/health`).then((res) => res.ok, () => false);
      if (up) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the server did not start (log: ${logFile})`);
      await sleep(250);
    }
    log(`server up on ${base} (log ${logFile}); database ${name} on ${new URL(pgServer.url).host}`);

    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const agent = await (
      await fetch(`${base}/v1/agents`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: "Idle",
          initial_message: "Hello, thanks for calling.",
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

    const stats = new pg.Client({ connectionString: url });
    await stats.connect();
    cleanups.push(() => stats.end());

    const healthTimes: number[] = [];
    const sampleHealth = async (seconds: number) => {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const started = performance.now();
        await fetch(`${base}/api/health`).then((res) => res.arrayBuffer());
        healthTimes.push(performance.now() - started);
        await sleep(100);
      }
    };

    const sockets: WebSocket[] = [];
    const startTimes: number[] = [];
    const openCall = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/v1/calls/web`, { method: "POST", headers, body: JSON.stringify({ agent_id: agentId, mode: "voice" }) });
      const body = await res.json();
      startTimes.push(performance.now() - started);
      if (res.status !== 201) throw new Error(`POST /v1/calls/web answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      const socket = new WebSocket(body.data.media_url);
      await new Promise<void>((resolve, reject) => {
        socket.on("message", (data, isBinary) => {
          if (!isBinary && JSON.parse(String(data)).type === "started") resolve();
        });
        socket.once("error", reject);
        socket.once("close", () => reject(new Error("the media socket closed before the call started")));
      });
      sockets.push(socket);
    };

    log(`baseline: ${SECONDS} s without calls…`);
    await sleep(5_000);
    // Health is sampled in both windows: each check pings the database (one transaction).
    const idleServer = await rateOver(stats, SECONDS, () => sampleHealth(SECONDS));
    const idleHealth = summarize(healthTimes.splice(0));
    log(`  ${idleServer.perSecond.toFixed(1)} transactions/s`);

    log(`opening ${CALLS} voice web calls over WebSockets…`);
    const opening = Date.now();
    for (let i = 0; i < CALLS; i += 10) await Promise.all(Array.from({ length: Math.min(10, CALLS - i) }, openCall));
    const openingStarts = summarize(startTimes.splice(0));
    log(`  opened in ${((Date.now() - opening) / 1000).toFixed(1)} s; POST /v1/calls/web p50 ${formatMs(openingStarts.p50)}, max ${formatMs(openingStarts.max)}`);
    let line: NodeJS.Timeout | undefined;
    if (AUDIO) {
      const silence = Buffer.alloc(640); // 20 ms at 16 kHz
      line = setInterval(() => sockets.forEach((socket) => socket.readyState === WebSocket.OPEN && socket.send(silence)), 20);
    }
    await sleep(10_000); // greetings played, first fallback checks done
    log(`${CALLS} idle calls: ${SECONDS} s…`);
    const withCalls = await rateOver(stats, SECONDS, () => sampleHealth(SECONDS));
    // Then one more call at a time among them, as the probe's was (it timed out once at 30 s).
    for (let i = 0; i < 5; i++) {
      await openCall();
      await sleep(1_000);
    }
    const health = summarize(healthTimes);
    const loadedStarts = summarize(startTimes);
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    if (line) clearInterval(line);

    const added = withCalls.perSecond - idleServer.perSecond;
    log("");
    log(`| measure | value |`);
    log(`| --- | --- |`);
    log(`| transactions/s, server without calls | ${idleServer.perSecond.toFixed(1)} |`);
    log(`| transactions/s, with ${CALLS} idle calls${AUDIO ? " (sending silence)" : ""} | ${withCalls.perSecond.toFixed(1)} |`);
    log(`| added by the idle calls | ${added.toFixed(1)}/s (${(added / CALLS).toFixed(3)} per call per second) |`);
    log(`| tuples read/s, without → with calls | ${idleServer.tuplesPerSecond.toFixed(0)} → ${withCalls.tuplesPerSecond.toFixed(0)} |`);
    log(`| scans and writes per table/s, without calls | ${idleServer.tables} |`);
    log(`| the same with ${CALLS} idle calls | ${withCalls.tables} |`);
    log(`| GET /api/health without calls (${idleHealth.count} samples) | p50 ${formatMs(idleHealth.p50)}, p99 ${formatMs(idleHealth.p99)}, max ${formatMs(idleHealth.max)} |`);
    log(`| GET /api/health during (${health.count} samples) | p50 ${formatMs(health.p50)}, p99 ${formatMs(health.p99)}, max ${formatMs(health.max)} |`);
    log(`| POST /v1/calls/web while opening the ${CALLS} | p50 ${formatMs(openingStarts.p50)}, p99 ${formatMs(openingStarts.p99)}, max ${formatMs(openingStarts.max)} |`);
    log(`| POST /v1/calls/web among ${CALLS} idle calls | p50 ${formatMs(loadedStarts.p50)}, max ${formatMs(loadedStarts.max)} |`);
    log(`| calls still open at the end | ${open} of ${sockets.length} |`);
    log(`| machine | ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(2)).join(" ")} |`);
    for (const socket of sockets) socket.close(1000);
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
