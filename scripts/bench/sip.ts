/**
 * npm run bench:sip [-- --setup-calls 500 --cps 50 --process-cps 50 --calls 50 --seconds 10]
 *
 * The SIP user agent's targets, each beside a baseline measured in the same run:
 * 1. Call setup: a caller in its own process calls our user agent on loopback and times INVITE →
 *    200 OK (target p99 < 50 ms); baseline: the same caller against SIPp answering at once. Measured
 *    twice: the bare user agent, and the media process as deployed (the called number looked up in
 *    the database, on embedded PGlite, and an inbound call recorded for each).
 * 2. RTP output jitter: 50 concurrent calls from our user agent (to SIPp), each paced at 20 ms like
 *    the media session, timed by a sink in another process (target p99 ≤ 20 ms); baseline: 1 call.
 * 3. The 10,000-message fuzz corpus through the parser: crashes (target 0) and time per message;
 *    baseline: the corpus's well-formed seed INVITE alone.
 */
import { spawn, fork } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { connectPglite, connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createOrganization } from "@/lib/auth/organizations";
import { agents, agentVersions, phoneNumbers } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import { parseMessage } from "@/lib/telephony/sip/parser";
import { SipMediaProcess } from "@/lib/telephony/sip-media/sip-media-process";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { SipUserAgent } from "@/lib/telephony/sip/user-agent";
import { fuzzCorpus } from "../../tests/helpers/sip/fuzz-corpus";
import { formatMs, summarize, textTable, type Summary } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const SETUP_CALLS = option("setup-calls", 500);
const CPS = option("cps", 50);
/** Call rate against the media process (default: the same as the bare user agent's). */
const PROCESS_CPS = option("process-cps", CPS);
const CONCURRENT = option("calls", 50);
const SECONDS = option("seconds", 10);
const SCENARIOS = path.resolve("tests/fixtures/sipp");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sipp(scenario: string, extra: string[], cwd: string) {
  const child = spawn("sipp", ["-sf", path.join(SCENARIOS, scenario), "-i", "127.0.0.1", "-mi", "127.0.0.1", "-nostdin", "-timeout", "300s", ...extra], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
  const done = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { child, done, output: () => output };
}

async function freePort(): Promise<number> {
  const server = (await import("node:net")).createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Calls host:port from a caller process of its own; INVITE → 200 OK times (ms). */
async function timeSetup(host: string, port: number, options: { cps?: number; tolerateUnanswered?: boolean } = {}): Promise<number[]> {
  const caller = fork(path.resolve("scripts/bench/sip-caller.ts"), [host, String(port), String(SETUP_CALLS), String(options.cps ?? CPS)], { execArgv: ["--import", "tsx"] });
  const result = await new Promise<{ times: number[]; unanswered: number }>((resolve) => caller.once("message", resolve));
  if (result.unanswered && !options.tolerateUnanswered) throw new Error(`${result.unanswered} calls were not answered`);
  if (result.unanswered) console.log(`${result.unanswered} of ${SETUP_CALLS} calls not completed (INVITE → 200 → BYE → 200) within 10 s of the last INVITE`);
  return result.times;
}

async function setupLatency() {
  const ours = await SipUserAgent.start({
    bindAddress: "127.0.0.1",
    port: 0,
    rtpPorts: { min: 40000, max: 44999 },
    inbound: { trunks: [{ id: "bench", allowedSources: ["127.0.0.1"], numberFrom: "request_uri" }], decide: () => ({ action: "accept", onCall: () => {} }) },
  });
  const oursTimes = await timeSetup("127.0.0.1", ours.port);
  await ours.close(1000);
  const processTimes = await mediaProcessSetup();
  const cwd = mkdtempSync(path.join(os.tmpdir(), "bench-sip-"));
  const answerPort = await freePort();
  const reference = sipp("bench-answer.xml", ["-p", String(answerPort), "-mp", String(await freePort()), "-key", "sink_port", "9", "-m", String(SETUP_CALLS)], cwd);
  await sleep(500);
  const referenceTimes = await timeSetup("127.0.0.1", answerPort);
  await reference.done;
  return { ours: summarize(oursTimes), process: summarize(processTimes), reference: summarize(referenceTimes) };
}

/**
 * The same caller against the media process: routing reads the number from the database (a
 * Postgres server with BENCH_DATABASE_URL, else embedded PGlite); each answered call is recorded.
 */
async function mediaProcessSetup(): Promise<number[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl ? `bench_sip_${Date.now()}` : null;
  if (serverUrl && scratch) await adminQuery(serverUrl, `create database ${scratch}`);
  const connection = serverUrl && scratch ? connectPostgres(databaseUrl(serverUrl, scratch), 10) : await connectPglite();
  await applyMigrations(connection);
  const { db } = connection;
  const org = await createOrganization(db, "bench");
  const [agent] = await db.insert(agents).values({ organizationId: org.id, name: "bench", publishedVersion: 1, latestVersion: 1 }).returning({ id: agents.id });
  await db.insert(agentVersions).values({ agentId: agent.id, version: 1, config: { name: "bench", initial_state_name: "main", states: [{ name: "main", prompt: "Hi.", tools: [] }] } });
  await db.insert(phoneNumbers).values({
    organizationId: org.id,
    number: "+15550001111",
    type: "sip",
    inboundAgentId: agent.id,
    sipTrunk: { terminationUri: "sip:127.0.0.1:5999", transport: "udp", authUsername: null, inboundMatch: "request_uri", allowedSourceAddresses: ["127.0.0.1"] },
  });
  const queue: JobQueue = { send: async () => {} };
  const media = await SipMediaProcess.start(
    { db, queue, startConversation: async ({ transport }) => ({ ended: new Promise<void>((resolve) => transport.onClose(() => resolve())) }), log: () => {} },
    { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 40000, max: 44999 } },
  );
  const times = await timeSetup("127.0.0.1", media.userAgent.port, { cps: PROCESS_CPS, tolerateUnanswered: true });
  await media.close(1000);
  await connection.close();
  if (serverUrl && scratch) await adminQuery(serverUrl, `drop database if exists ${scratch} with (force)`);
  return times;
}

const databaseUrl = (serverUrl: string, name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** `calls` concurrent calls from our user agent, each sending 20 ms frames for SECONDS; the sink times them. */
async function outputJitter(calls: number) {
  const sink = fork(path.resolve("scripts/bench/sip-rtp-sink.ts"), [], { execArgv: ["--import", "tsx"] });
  const sinkPort = await new Promise<number>((resolve) => sink.once("message", (message: { port: number }) => resolve(message.port)));
  const cwd = mkdtempSync(path.join(os.tmpdir(), "bench-sip-"));
  const trunkPort = await freePort();
  const trunk = sipp("bench-answer.xml", ["-p", String(trunkPort), "-mp", String(await freePort()), "-key", "sink_port", String(sinkPort), "-m", String(calls), "-l", String(calls)], cwd);
  await sleep(500);
  const ua = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 45000, max: 49999 } });
  const frame = new Int16Array(160).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));
  const active: SipCall[] = await Promise.all(
    Array.from({ length: calls }, async () => {
      const call = await ua.dial({ trunk: { host: "127.0.0.1", port: trunkPort }, to: "+15550001111", from: "+15550002222" });
      await new Promise<void>((resolve) => call.on("answered", resolve));
      return call;
    }),
  );
  const cpu = process.cpuUsage();
  const started = performance.now();
  const lateness: number[] = []; // how late each frame left against its 20 ms deadline, seen by the sender
  // one drift-free 20 ms pacer per call, as the media session paces each call
  await Promise.all(
    active.map(
      (call) =>
        new Promise<void>((resolve) => {
          const start = performance.now();
          let sent = 0;
          const tick = () => {
            const due = Math.min(Math.floor((performance.now() - start) / 20) + 1, (SECONDS * 1000) / 20);
            while (sent < due) {
              lateness.push(performance.now() - (start + sent * 20));
              call.audio.sendAudio(frame);
              sent++;
            }
            if (sent >= (SECONDS * 1000) / 20) return resolve();
            setTimeout(tick, Math.max(0, start + sent * 20 - performance.now()));
          };
          tick();
        }),
    ),
  );
  const used = process.cpuUsage(cpu);
  const cpuShare = (used.user + used.system) / 1000 / (performance.now() - started);
  await Promise.all(active.map((call) => call.hangup()));
  await trunk.done;
  await ua.close(1000);
  sink.send("report");
  const report = await new Promise<{ streams: number; packets: number; deviations: number[]; worstInterarrival: number }>((resolve) => sink.once("message", resolve));
  return { ...report, deviation: summarize(report.deviations), lateness: summarize(lateness), cpuShare };
}

function fuzzRun() {
  const corpus = fuzzCorpus();
  let crashes = 0;
  const time = (messages: Buffer[], rounds: number) => {
    const start = performance.now();
    for (let round = 0; round < rounds; round++) {
      for (const data of messages) {
        try {
          parseMessage(data);
        } catch {
          crashes++;
        }
      }
    }
    return ((performance.now() - start) * 1000) / (messages.length * rounds);
  };
  time(corpus, 1); // warm-up
  const corpusMicros = time(corpus, 3);
  const inviteMicros = time([corpus[0]], 30_000);
  return { messages: corpus.length, crashes, corpusMicros, inviteMicros };
}

const row = (name: string, summary: Summary, target: string, pass: boolean) => [name, String(summary.count), formatMs(summary.p50), formatMs(summary.p99), formatMs(summary.max), target, pass ? "pass" : "FAIL"];

async function main() {
  console.log(`bench:sip — Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg().map((load) => load.toFixed(1)).join(" ")}`);
  const setup = await setupLatency();
  const single = await outputJitter(1);
  const many = await outputJitter(CONCURRENT);
  const fuzz = fuzzRun();
  console.log(
    "\n" +
      textTable(
        ["measure", "n", "p50 ms", "p99 ms", "max ms", "target", "verdict"],
        [
          row("setup INVITE→200, our UA answering", setup.ours, "p99 < 50 ms", setup.ours.p99 < 50),
          row(`setup INVITE→200, media process (${process.env.BENCH_DATABASE_URL ? "Postgres" : "PGlite"}, ${PROCESS_CPS}/s)`, setup.process, "p99 < 50 ms", setup.process.p99 < 50 && setup.process.count === SETUP_CALLS),
          row("setup INVITE→200, SIPp answering (baseline)", setup.reference, "", true),
          row(`RTP output deviation, ${CONCURRENT} calls`, many.deviation, "p99 ≤ 20 ms", many.deviation.p99 <= 20),
          row("RTP output deviation, 1 call (baseline)", single.deviation, "", true),
          row(`RTP send lateness at the sender, ${CONCURRENT} calls`, many.lateness, "", true),
          row("RTP send lateness at the sender, 1 call", single.lateness, "", true),
        ],
        [false, true, true, true, true, false, false],
      ),
  );
  console.log(`\nsetup p99 ratio ours/SIPp: ${(setup.ours.p99 / setup.reference.p99).toFixed(2)}×, p50 ratio ${(setup.ours.p50 / setup.reference.p50).toFixed(2)}×`);
  console.log(`setup p99 ratio media process/SIPp: ${(setup.process.p99 / setup.reference.p99).toFixed(2)}×, p50 ratio ${(setup.process.p50 / setup.reference.p50).toFixed(2)}×`);
  console.log(`RTP: ${many.streams} streams, ${many.packets} packets; worst RFC 3550 interarrival jitter ${formatMs(many.worstInterarrival)} ms (1 call: ${formatMs(single.worstInterarrival)} ms); sender CPU ${(many.cpuShare * 100).toFixed(1)}% of a core for ${CONCURRENT} calls`);
  console.log(`fuzz: ${fuzz.messages} messages, ${fuzz.crashes} crashes (target 0: ${fuzz.crashes === 0 ? "pass" : "FAIL"}); ${fuzz.corpusMicros.toFixed(1)} µs per corpus message, ${fuzz.inviteMicros.toFixed(1)} µs per well-formed INVITE (baseline)`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
