// A worker process for the test-run crash test (tests/api/test-run-recovery.test.ts), run with tsx. It
// prints one JSON line per event on stdout. `first`: seeds an agent with tests, queues a run and works
// it (the model is slow) until it is killed. `second`: works the queue as a restarted process would
// and reports the run once it has finished.
import { eq } from "drizzle-orm";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { agentTestResults, agentTestRuns } from "@/lib/db/schema";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import { startWorkers } from "@/lib/server/workers";
import { bistroAgent } from "./agent-test-fixtures";

const say = (event: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ event, at: Date.now(), ...fields }));
const env = { OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: process.env.CRASH_LLM! };

async function open(): Promise<{ connection: DatabaseConnection; exclusive: boolean }> {
  const target = process.env.CRASH_DB ?? "";
  if (target.startsWith("postgres")) return { connection: connectPostgres(target, 5), exclusive: false };
  lockDataDirectory(target);
  return { connection: await connectPglite(`${target}/pglite`), exclusive: true };
}

async function main() {
  const mode = process.argv[2];
  const { connection, exclusive } = await open();
  await applyMigrations(connection);
  const db = connection.db;
  const boss = await startPgBoss(connection);
  const queue = pgBossQueue(boss);
  if (mode === "first") {
    const organization = await createOrganization(db, "Crash");
    const key = await createApiKey({ db, organizationId: organization.id }, { name: "crash" });
    const app = createApiApp({ db, queue, runtime: { env }, settings: { rateLimitPerMinute: 1000, jsonBodyLimitBytes: 1 << 20 } });
    const call = async (path: string, body: unknown) => {
      const response = await app.request(path, { method: "POST", headers: { "x-api-key": key.apiKey, "content-type": "application/json" }, body: JSON.stringify(body) });
      const json = await response.json();
      if (response.status >= 300) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const agent = await call("/v1/agents", bistroAgent({ webhook_url: null, webhook_subscriptions: [] }));
    for (const name of ["one", "two", "three"]) {
      const turns = [0, 1, 2, 3].map((i) => ({ user: `What are your hours? (${name} ${i})`, expect: [{ type: "agent_says", match: "contains", value: "noon" }] }));
      await call(`/v1/agents/${agent.id}/tests`, { name, type: "scripted", turns });
    }
    const run = await call(`/v1/agents/${agent.id}/test-runs`, { repeat: 2, concurrency: 1 });
    say("seeded", { runId: run.id });
    await startWorkers(boss, { db, telephonyProvider: null, exclusive, agentTests: { env } });
    const poll = setInterval(async () => {
      const done = await db.select({ id: agentTestResults.id }).from(agentTestResults).where(eq(agentTestResults.status, "passed"));
      if (done.length >= 1) {
        clearInterval(poll);
        say("first-result", { finished: done.length });
      }
    }, 50);
    return;
  }
  await startWorkers(boss, { db, telephonyProvider: null, exclusive, agentTests: { env } });
  say("ready");
  const poll = setInterval(async () => {
    const [run] = await db.select().from(agentTestRuns);
    if (run.status === "queued" || run.status === "running") return;
    clearInterval(poll);
    const results = await db.select({ testName: agentTestResults.testName, repetition: agentTestResults.repetition, status: agentTestResults.status }).from(agentTestResults);
    say("finished", { status: run.status, takeovers: run.takeovers, error: run.error, results });
  }, 100);
  process.once("SIGTERM", async () => {
    clearInterval(poll);
    await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
    await connection.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
