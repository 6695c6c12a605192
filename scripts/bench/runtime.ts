/**
 * npm run bench:runtime [-- --calls 200 --turns 5 --postgres]
 *
 * 200 concurrent web calls through the real API app (in process: auth, rate limit, validation, the
 * engine, its database writes and the SSE stream of each reply) against an instant model, so
 * everything timed is the runtime's own work. Reports per-turn latency (p50/p99), time to the first
 * streamed word, and memory per active call.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { pgBossQueue, startPgBoss, stopPgBoss } from "@/lib/jobs/pg-boss-queue";
import { normalizeAgent } from "@/lib/agents/normalize";
import type { CreateAgentInput } from "@/lib/agents/document-schema";
import { CallEngine } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { createDatabase, dropDatabase, databaseUrl, postgresServer } from "./postgres";
import { formatMs, summarize } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const CALLS = option("calls", 200);
const TURNS = option("turns", 5);
const usePostgres = args.includes("--postgres");
/** Pause between a reply and the caller's next turn (±50%): callers speak and listen; 200 calls are not 200 simultaneous turns. */
const THINK_MS = option("think-ms", 3000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers at once: a short streamed sentence, and on the second turn a variable and a transition. */
const instantModel: LanguageModelPort = async function* (request) {
  const turn = request.messages.filter((m) => m.role === "user").length;
  const last = request.messages.at(-1);
  if (turn === 2 && last?.role === "user" && request.tools.some((t) => t.name === "transition_to_booking")) {
    yield { type: "tool-call", call: { id: randomUUID(), name: "record_variables", input: { patient_name: "Ada Lovelace" } } };
    yield { type: "tool-call", call: { id: randomUUID(), name: "transition_to_booking", input: {} } };
  } else {
    for (const word of ["Sure, ", "I can ", "help you ", "with that ", "today."]) yield { type: "text", text: word };
  }
  yield { type: "usage", inputTokens: 200, outputTokens: 12 };
};

const agent = {
  name: "Bench agent",
  base_prompt: "You are the front desk of a dental practice.",
  initial_message: "Hello, Smile Dental here.",
  llm: { provider: "openai", model: "gpt-4o-mini" },
  initial_state_name: "intake",
  states: [
    {
      name: "intake",
      prompt: "Ask for the patient's name.",
      variables: [{ name: "patient_name", type: "string", extraction_instructions: "Full name" }],
      transitions: [{ condition: "The name is known", destination_state_name: "booking", filler_sentence: "Thanks." }],
    },
    { name: "booking", prompt: "Offer Tuesday at 10 to {{patient_name}}.", tools: [{ type: "hang_up" }] },
  ],
};

async function database(): Promise<{ connection: DatabaseConnection; label: string; cleanup: () => Promise<void> }> {
  if (!usePostgres) {
    const connection = await connectPglite();
    return { connection, label: "PGlite (in memory, one connection)", cleanup: () => connection.close() };
  }
  const server = await postgresServer(path.resolve("."), (line) => console.log(line));
  const name = `bench_runtime_${Date.now()}`;
  await createDatabase(server.url, name);
  const connection = connectPostgres(databaseUrl(server.url, name), 10);
  return {
    connection,
    label: "Postgres (pool of 10)",
    cleanup: async () => {
      await connection.close();
      await dropDatabase(server.url, name);
      await server.stop();
    },
  };
}

/** The engine alone (no database, no HTTP): what it adds to a turn on top of the model's own time. */
async function engineOnly(concurrent: boolean): Promise<{ latencies: number[]; heapPerCall: number }> {
  const document = normalizeAgent(agent as CreateAgentInput);
  const clock = { now: () => new Date() };
  gc();
  const before = process.memoryUsage().heapUsed;
  const engines = Array.from({ length: CALLS }, () => {
    const snapshot = initialSnapshot(document, { callId: randomUUID(), fromNumber: null, toNumber: null, startTime: new Date(), dynamicVariables: null }, new Date());
    return new CallEngine(document, snapshot, { clock, llm: instantModel, http: () => Promise.reject(new Error("no HTTP")), sink: () => {} });
  });
  const latencies: number[] = [];
  const talk = async (engine: CallEngine, i: number) => {
    for (let n = 0; n < TURNS; n++) {
      const started = performance.now();
      await engine.handleUserTurn(`Caller ${i}, turn ${n}: my name is Ada Lovelace`);
      latencies.push(performance.now() - started);
      engine.takeRecordedEvents();
    }
  };
  if (concurrent) await Promise.all(engines.map(talk));
  else for (const [i, engine] of engines.entries()) await talk(engine, i);
  gc();
  const heapPerCall = (process.memoryUsage().heapUsed - before) / CALLS;
  if (engines.some((engine) => engine.snapshot.transcript.length === 0)) throw new Error("engine did not run");
  return { latencies, heapPerCall };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  await engineOnly(false); // warm-up
  const engine = await engineOnly(false);
  const engineBurst = summarize((await engineOnly(true)).latencies);
  const { connection, label, cleanup } = await database();
  await applyMigrations(connection);
  const boss = await startPgBoss(connection);
  const app = createApiApp({
    db: connection.db,
    queue: pgBossQueue(boss),
    settings: { rateLimitPerMinute: 1_000_000_000, jsonBodyLimitBytes: 1 << 20 },
    runtime: { llm: instantModel, http: () => Promise.reject(new Error("no HTTP in the benchmark")), env: { OPENAI_API_KEY: "bench" } },
  });
  const org = await createOrganization(connection.db, "Bench");
  const { apiKey } = await createApiKey({ db: connection.db, organizationId: org.id }, { name: "bench" });
  const json = { "X-Api-Key": apiKey, "Content-Type": "application/json" };
  const created = await app.request("/v1/agents", { method: "POST", headers: json, body: JSON.stringify(agent) });
  const agentId = (await created.json()).data.id as string;

  const startCall = async () => {
    const response = await app.request("/v1/calls/web", { method: "POST", headers: json, body: JSON.stringify({ agent_id: agentId }) });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`start: ${response.status} ${JSON.stringify(body)}`);
    return body.data as { call_id: string; session_token: string };
  };

  const turnLatencies: number[] = [];
  const firstWordLatencies: number[] = [];
  const turn = async (call: { call_id: string; session_token: string }, text: string) => {
    const started = performance.now();
    const response = await app.request(`/v1/calls/web/${call.call_id}/turns`, {
      method: "POST",
      headers: { Authorization: `Bearer ${call.session_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ text }),
    });
    if (response.status !== 200) throw new Error(`turn: ${response.status} ${await response.text()}`);
    const reader = response.body!.getReader();
    let firstWord: number | null = null;
    let text_ = "";
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text_ += decoder.decode(value, { stream: true });
      if (firstWord === null && text_.includes("event: agent_")) firstWord = performance.now() - started;
    }
    if (!text_.includes("event: turn_complete")) throw new Error("turn did not complete");
    turnLatencies.push(performance.now() - started);
    if (firstWord !== null) firstWordLatencies.push(firstWord);
  };

  // Warm up: module loading, prepared paths, the agent cache.
  const warm = await startCall();
  for (let i = 0; i < 3; i++) await turn(warm, `warm-up ${i}`);
  turnLatencies.length = 0;
  firstWordLatencies.length = 0;

  // One call alone: the runtime's cost without queueing behind other calls.
  const solo = await startCall();
  for (let i = 0; i < TURNS; i++) await turn(solo, `Hello, turn ${i}`);
  const soloSummary = summarize(turnLatencies);
  turnLatencies.length = 0;
  firstWordLatencies.length = 0;

  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);

  const startLatencies: number[] = [];
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: CALLS }, async (_, i) => {
      await sleep(THINK_MS * Math.random()); // calls arrive spread out, as they would
      const t = performance.now();
      const call = await startCall();
      startLatencies.push(performance.now() - t);
      for (let n = 0; n < TURNS; n++) {
        await sleep(THINK_MS * (0.5 + Math.random()));
        await turn(call, `Caller ${i}, turn ${n}: my name is Ada Lovelace`);
      }
    }),
  );
  const wall = performance.now() - wallStart;
  clearInterval(sampler);
  gc();
  const heapAfter = process.memoryUsage().heapUsed;

  const concurrent = summarize(turnLatencies);
  const firstWord = summarize(firstWordLatencies);
  const starts = summarize(startLatencies);
  console.log(`\nRuntime benchmark on ${label}: ${CALLS} concurrent web calls x ${TURNS} turns, instant model (node ${process.version})`);
  const engineSummary = summarize(engine.latencies);
  console.log(`  engine alone          turn p50 ${formatMs(engineSummary.p50)}  p99 ${formatMs(engineSummary.p99)}  (no database, one turn at a time; ${(engine.heapPerCall / 1024).toFixed(1)} KB heap per live engine after ${TURNS} turns)`);
  console.log(`                        all ${CALLS} engines' turns at the same instant: p50 ${formatMs(engineBurst.p50)}  p99 ${formatMs(engineBurst.p99)} (queueing on one event loop)`);
  console.log(`  one call alone        turn p50 ${formatMs(soloSummary.p50)}  p99 ${formatMs(soloSummary.p99)}`);
  console.log(`  ${CALLS} concurrent calls (a turn every ${THINK_MS} ms ±50% each)`);
  console.log(`                        turn p50 ${formatMs(concurrent.p50)}  p99 ${formatMs(concurrent.p99)}  (n=${concurrent.count})`);
  console.log(`                        first streamed word p50 ${formatMs(firstWord.p50)}  p99 ${formatMs(firstWord.p99)}`);
  console.log(`                        start call p50 ${formatMs(starts.p50)}  p99 ${formatMs(starts.p99)}`);
  console.log(`  throughput            ${((CALLS * TURNS) / (wall / 1000)).toFixed(0)} turns/s over ${(wall / 1000).toFixed(1)} s`);
  console.log(`  memory                peak heap +${((heapPeak - heapBefore) / 1024 / CALLS).toFixed(1)} KB per active call; retained after the calls +${((heapAfter - heapBefore) / 1024 / CALLS).toFixed(1)} KB per call${(globalThis as { gc?: unknown }).gc ? "" : " (run with --expose-gc for exact figures)"}`);
  console.log(`  target p99 < 20 ms per turn: engine ${engineSummary.p99 < 20 ? "PASS" : "FAIL"}; whole path ${concurrent.p99 < 20 ? "PASS" : "FAIL"} (concurrent), ${soloSummary.p99 < 20 ? "PASS" : "FAIL"} (alone)`);
  console.log(`  load average while measuring: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);

  await stopPgBoss(boss, { graceful: false, timeoutMs: 2000 }).catch(() => undefined);
  await cleanup();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
