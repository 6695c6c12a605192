/**
 * `npm run bench:analysis`: re-running the analysis and post-call answers of 1,000 finished calls
 * (POST /v1/agents/{id}/reanalyze, as the API runs it) with an instant model — a local
 * OpenAI-compatible server answering every structured request at once — through the real pg-boss
 * workers of one process. Times from the request to the job's `completed`; target ≤ 30 s. On the
 * embedded database (PGlite, in memory) and on Postgres (BENCH_DATABASE_URL, the CI server, or a
 * throwaway one). See docs/performance.md.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { seedCalls } from "@/lib/demo/calls";
import { publishDemoRevision } from "@/lib/demo/demo";
import { appointmentAgent } from "@/lib/demo/demo-agents";
import { insertDemoAgent } from "@/lib/demo/insert-agent";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import { startWorkers } from "@/lib/server/workers";
import { getAnalysisJob, startReanalysis } from "@/lib/services/analysis/reanalysis-jobs";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { createDatabase, dropDatabase, postgresServer } from "./postgres";
import { formatCount, markdownTable } from "./stats";

const { values: flags } = parseArgs({
  options: {
    calls: { type: "string", default: "1000" },
    driver: { type: "string", default: "both" },
    help: { type: "boolean", default: false },
  },
});
if (flags.help) {
  console.log("npm run bench:analysis -- [--calls N (1000)] [--driver pglite|postgres|both (both)]");
  process.exit(0);
}
const CALLS = Number(flags.calls);
const TARGET_SECONDS = 30;
const log = (line: string) => console.log(`[analysis ${new Date().toISOString().slice(11, 19)}] ${line}`);

type Result = { driver: string; calls: number; questions: number; requests: number; seconds: number; failed: number; perSecond: number };

/** The instant model in a child process of its own, as a model server would be. */
async function startInstantModel(): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/bench/instant-model.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, "line")) as [string];
  const { env, url } = JSON.parse(first) as { env: Record<string, string>; url: string };
  log(`instant model at ${url} (pid ${child.pid})`);
  const stop = async () => {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
  };
  return { env, stop };
}

async function run(driver: "pglite" | "postgres", connection: DatabaseConnection): Promise<Result> {
  await applyMigrations(connection);
  const org = await createOrganization(connection.db, "Analysis benchmark");
  await createApiKey({ db: connection.db, organizationId: org.id }, { name: "bench" });
  // The appointment agent: a checklist rubric, two post-call questions, and a revised second version.
  const agentId = await insertDemoAgent(connection.db, org.id, appointmentAgent);
  await publishDemoRevision(connection.db, org.id, agentId, appointmentAgent, Date.now());
  // Finished calls only, all within the last day, as many as asked for.
  const now = new Date();
  await seedCalls(connection.db, { organizationId: org.id, agentId, count: CALLS, seed: 20_260_126, startTime: new Date(now.getTime() - 3_600_000), maxRecordings: 0 });

  const llm = await startInstantModel();
  const boss = await startPgBoss(connection);
  const workers = await startWorkers(boss, { db: connection.db, telephonyProvider: null, postCallAnswers: { env: llm.env } });
  try {
    const ctx = { db: connection.db, organizationId: org.id };
    const started = process.hrtime.bigint();
    const { job_id: jobId, calls } = await startReanalysis(ctx, agentId, { from: new Date(now.getTime() - 86_400_000).toISOString(), to: new Date(now.getTime() + 60_000).toISOString() }, { queue: pgBossQueue(boss) });
    let job = await getAnalysisJob(ctx, jobId);
    let reported = 0;
    while (job.status !== "completed") {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await getAnalysisJob(ctx, jobId);
      if (job.processed >= reported + calls / 5) {
        reported = job.processed;
        log(`  ${driver}: ${job.processed}/${calls} calls, ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const questions = appointmentAgent.questions.length;
    // One analysis request per analysable call, one per question per call anyone spoke in.
    const [{ analysed, spoken }] = (
      (await connection.db.execute(
        sql`select count(*) filter (where analysis is not null)::int as analysed, count(*) filter (where jsonb_array_length(transcript) > 0)::int as spoken from calls where organization_id = ${org.id}::uuid`,
      )) as unknown as { rows: { analysed: number; spoken: number }[] }
    ).rows;
    const requests = Number(analysed) + Number(spoken) * questions;
    return { driver, calls, questions, requests, seconds, failed: job.failed, perSecond: calls / seconds };
  } finally {
    workers.stop();
    await boss.stop({ graceful: false, wait: true, timeout: 5000 }).catch(() => undefined);
    await llm.stop();
  }
}

async function main() {
  const results: Result[] = [];
  if (flags.driver === "pglite" || flags.driver === "both") {
    log(`PGlite in memory: seeding ${formatCount(CALLS)} calls and re-running them`);
    const connection = await connectPglite();
    try {
      results.push(await run("pglite", connection));
    } finally {
      await connection.close();
    }
  }
  if (flags.driver === "postgres" || flags.driver === "both") {
    const server = await postgresServer(process.cwd(), log);
    const name = `bench_analysis_${Date.now()}`;
    const url = await createDatabase(server.url, name);
    log(`Postgres (${new URL(server.url).host}, database ${name}): seeding ${formatCount(CALLS)} calls and re-running them`);
    const connection = connectPostgres(url, 10);
    try {
      results.push(await run("postgres", connection));
    } finally {
      await connection.close();
      await dropDatabase(server.url, name);
      await server.stop();
    }
  }
  const header = ["database", "calls", "questions/call", "model requests", "seconds", "calls/s", "failed", `target ≤ ${TARGET_SECONDS} s`];
  const rows = results.map((r) => [r.driver, formatCount(r.calls), String(r.questions), formatCount(r.requests), r.seconds.toFixed(1), r.perSecond.toFixed(1), String(r.failed), r.seconds <= TARGET_SECONDS ? "PASS" : "FAIL"]);
  console.log(`\n${markdownTable(header, rows, [false, true, true, true, true, true, true, false])}`);
  const [load] = (await import("node:os")).loadavg();
  console.log(`\nload average at the end: ${load.toFixed(1)} (${(await import("node:os")).cpus().length} cores)`);
  if (results.some((r) => r.seconds > TARGET_SECONDS || r.failed)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
