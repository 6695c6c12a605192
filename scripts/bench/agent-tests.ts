/**
 * npm run bench:tests [-- --tests 50 --turns 5 --concurrency 10 --postgres]
 *
 * An agent test run end to end as a user starts it: 50 scripted text tests of 5 turns, each turn with
 * three expectations, queued through the API, executed by the job worker (lease, conversations
 * through the conversation host, results stored) against an instant model, 10 conversations at once.
 * What is timed is the engine's and the service's own cost: from POST …/test-runs to the run finished.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { startWorkers } from "@/lib/server/workers";
import { createDatabase, databaseUrl, dropDatabase, postgresServer } from "./postgres";
import { formatMs as format, summarize } from "./stats";

const formatMs = (value: number) => `${format(value)} ms`;

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const TESTS = option("tests", 50);
const TURNS = option("turns", 5);
const CONCURRENCY = option("concurrency", 10);
const usePostgres = args.includes("--postgres");
const LIMIT_S = 15;

/** Answers at once: a streamed sentence; the first turn also records a variable and moves to booking. */
const instantModel: LanguageModelPort = async function* (request) {
  const last = request.messages.at(-1);
  if (last?.role === "user" && /book/.test(last.content) && request.tools.some((tool) => tool.name === "transition_to_booking")) {
    yield { type: "tool-call", call: { id: randomUUID(), name: "record_variables", input: { patient_name: "Ada Lovelace" } } };
    yield { type: "tool-call", call: { id: randomUUID(), name: "transition_to_booking", input: {} } };
  } else {
    for (const word of ["Sure, ", "Tuesday ", "at ten ", "works ", "for us."]) yield { type: "text", text: word };
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
      transitions: [{ condition: "The patient wants an appointment", destination_state_name: "booking", filler_sentence: "Thanks." }],
    },
    { name: "booking", prompt: "Offer Tuesday at 10 to {{patient_name}}.", tools: [{ type: "hang_up" }] },
  ],
};

function test(index: number) {
  const turns = Array.from({ length: TURNS }, (_, turn) => ({
    user: turn === 0 ? `I'd like to book an appointment, this is Ada Lovelace (${index})` : `Does Tuesday work? (${index}.${turn})`,
    expect:
      turn === 0
        ? [{ type: "state", state_name: "booking" }, { type: "variable", name: "patient_name", value: "Ada Lovelace" }, { type: "tool_not_called", tool_name: "hang_up" }]
        : [{ type: "agent_says", match: "contains", value: "tuesday" }, { type: "agent_says", match: "regex", value: "at (ten|10)" }, { type: "state", state_name: "booking" }],
  }));
  return { name: `bench ${index}`, type: "scripted", turns, expect_end: [{ type: "tool_not_called", tool_name: "hang_up" }] };
}

async function database(): Promise<{ connection: DatabaseConnection; label: string; cleanup: () => Promise<void> }> {
  if (!usePostgres) {
    const connection = await connectPglite();
    return { connection, label: "PGlite (in memory, one connection)", cleanup: () => connection.close() };
  }
  const server = await postgresServer(path.resolve("."), (line) => console.log(line));
  const name = `bench_tests_${Date.now()}`;
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

async function main() {
  const { connection, label, cleanup } = await database();
  await applyMigrations(connection);
  const db = connection.db;
  const boss = await startPgBoss(connection);
  const queue = pgBossQueue(boss);
  const env = { OPENAI_API_KEY: "bench" };
  const app = createApiApp({ db, queue, runtime: { env }, settings: { rateLimitPerMinute: 1_000_000, jsonBodyLimitBytes: 1 << 20 } });
  const organization = await createOrganization(db, "Bench");
  const key = await createApiKey({ db, organizationId: organization.id }, { name: "bench" });
  const post = async (url: string, body: unknown) => {
    const response = await app.request(url, { method: "POST", headers: { "x-api-key": key.apiKey, "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = await response.json();
    if (response.status >= 300) throw new Error(`${url}: ${JSON.stringify(json.error)}`);
    return json.data;
  };
  const created = await post("/v1/agents", agent);
  for (let i = 0; i < TESTS; i++) await post(`/v1/agents/${created.id}/tests`, test(i));
  const workers = await startWorkers(boss, { db, telephonyProvider: null, exclusive: true, agentTests: { env, llm: instantModel } });

  console.log(`bench:tests on ${label}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log(`${TESTS} scripted text tests × ${TURNS} turns (${TESTS * (TURNS * 3 + 1)} expectations), concurrency ${CONCURRENCY}, instant model`);
  const started = performance.now();
  const run = await post(`/v1/agents/${created.id}/test-runs`, { concurrency: CONCURRENCY });
  let finished;
  for (;;) {
    const response = await app.request(`/v1/test-runs/${run.id}`, { headers: { "x-api-key": key.apiKey } });
    finished = (await response.json()).data;
    if (!["queued", "running"].includes(finished.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsed = performance.now() - started;
  const durations = summarize(finished.results.map((result: { duration_ms: number }) => result.duration_ms));
  const firstStart = Math.min(...finished.results.map((result: { started_at: string }) => Date.parse(result.started_at)));
  console.log(`run ${finished.status}: ${finished.summary.passed}/${finished.summary.total} passed`);
  console.log(`whole run (POST → finished): ${(elapsed / 1000).toFixed(2)} s  (limit ${LIMIT_S} s)`);
  console.log(`queued → first conversation: ${formatMs(firstStart - Date.parse(finished.created_at))}`);
  console.log(`per test conversation (${TURNS} turns): p50 ${formatMs(durations.p50)}, p99 ${formatMs(durations.p99)}, max ${formatMs(durations.max)}`);
  console.log(`per turn inside a conversation (engine, host, checks; p50): ${formatMs(durations.p50 / TURNS)}`);
  console.log(`throughput: ${((TESTS * TURNS) / (elapsed / 1000)).toFixed(0)} turns/s, ${(TESTS / (elapsed / 1000)).toFixed(1)} tests/s`);
  workers.stop();
  await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
  await cleanup();
  if (finished.status !== "passed" || elapsed > LIMIT_S * 1000) {
    console.error(finished.status !== "passed" ? `the run did not pass: ${JSON.stringify(finished.results.find((r: { status: string }) => r.status !== "passed"))}` : `over the ${LIMIT_S} s budget`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
