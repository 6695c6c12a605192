import "server-only";
import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { agents, agentTestResults, agentTestRuns, agentTests } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import type { CreateTestRunInput, ListTestRunsQuery, TestResult, TestRun, TestRunListItem, TestRunTest } from "@/lib/schemas/agent-tests";
import type { CallEndReason } from "@/lib/schemas/call-values";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { agentVersionDocument } from "../calls/runtime-calls";
import { withTransaction, type ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { listFields } from "../paging";
import { runProblems, testProblems, type TestRuleOptions } from "./agent-test-rules";
import { testDefinition } from "./agent-tests";

type RunRow = typeof agentTestRuns.$inferSelect;
type ResultRow = typeof agentTestResults.$inferSelect;

const FINISHED = ["passed", "failed", "error"] as const;

function refuse(problems: FieldProblem[]): never {
  const first = problems[0];
  throw new ValidationError(problems.length === 1 ? `Invalid ${first.field}: ${first.message}` : `The run cannot start: ${problems.length} problems`, problems);
}

/**
 * Queues a run of the chosen tests (test_ids and/or tags; all of them when neither) against a version
 * (default the published one), each `repeat` times: the run, one pending result per test and
 * repetition, and its job, in one transaction. Every test must still suit that version, and the models
 * it talks to must be reachable.
 */
export async function createTestRun(ctx: ServiceContext, queue: JobQueue, agentId: string, input: CreateTestRunInput, options: TestRuleOptions, now = new Date()): Promise<TestRun> {
  const runId = await withTransaction(ctx, async (tx) => {
    const [agent] = await tx.db
      .select({ published: agents.publishedVersion, latest: agents.latestVersion })
      .from(agents)
      .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
    if (!agent) throw new NotFoundError("Agent");
    const version = input.version ?? agent.published;
    const document = await agentVersionDocument(tx.db, agentId, version);
    if (!document) refuse([{ field: "version", message: `The agent has no version ${version} (its latest is ${agent.latest})` }]);

    const scope = and(eq(agentTests.agentId, agentId), eq(agentTests.organizationId, ctx.organizationId));
    const tests = await tx.db
      .select()
      .from(agentTests)
      .where(and(scope, input.test_ids?.length || input.tags?.length ? or(...selection(input)) : undefined))
      .orderBy(asc(agentTests.createdAt), asc(agentTests.id));
    const problems: FieldProblem[] = [];
    input.test_ids?.forEach((id, index) => {
      if (!tests.some((test) => test.id === id)) problems.push({ field: `test_ids[${index}]`, message: "No test with this id for this agent" });
    });
    if (problems.length) refuse(problems);
    if (tests.length === 0) {
      refuse([
        input.tags?.length
          ? { field: "tags", message: `No test of this agent has any of the tags ${input.tags.map((tag) => `"${tag}"`).join(", ")}` }
          : { field: "test_ids", message: "The agent has no tests yet: create some first (POST /v1/agents/{agent_id}/tests)" },
      ]);
    }
    const runProblemsFound = runProblems(document, options.env);
    for (const test of tests) {
      const definition = testDefinition(test);
      for (const problem of testProblems(definition, document, options)) {
        runProblemsFound.push({ field: `tests.${test.name}.${problem.field}`, message: `Test "${test.name}" does not suit version ${version}: ${problem.message}` });
      }
    }
    // One message per distinct problem (a missing transcriber is the same for every voice test).
    const unique = runProblemsFound.filter((problem, index) => runProblemsFound.findIndex((other) => other.message === problem.message) === index);
    if (unique.length) refuse(unique);

    const [run] = await tx.db
      .insert(agentTestRuns)
      .values({
        organizationId: ctx.organizationId,
        agentId,
        agentVersion: version,
        testIds: tests.map((test) => test.id),
        tags: input.tags ?? [],
        repeat: input.repeat,
        concurrency: input.concurrency,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: agentTestRuns.id });
    await tx.db.insert(agentTestResults).values(
      tests.flatMap((test, position) =>
        Array.from({ length: input.repeat }, (_, index) => ({
          organizationId: ctx.organizationId,
          runId: run.id,
          testId: test.id,
          testName: test.name,
          repetition: index + 1,
          position,
          test: { ...testDefinition(test) } as Record<string, unknown>,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    );
    await queue.send(jobNames.runAgentTests, { runId: run.id }, { db: tx.db, retryLimit: 5, retryDelaySeconds: 1 });
    await recordAudit(tx, {
      action: "test_run.created",
      resourceType: "test_run",
      resourceId: run.id,
      changes: fieldChanges(null, { agent_id: agentId, agent_version: version, test_ids: tests.map((test) => test.id), tags: input.tags ?? [], repeat: input.repeat, concurrency: input.concurrency }),
    });
    return run.id;
  });
  return getTestRun(ctx, runId);
}

function selection(input: CreateTestRunInput): SQL[] {
  const out: SQL[] = [];
  if (input.test_ids?.length) out.push(inArray(agentTests.id, input.test_ids));
  if (input.tags?.length) out.push(sql`${agentTests.tags} ?| array[${sql.join(input.tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]`);
  return out;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toResult(row: ResultRow, passRate: number): TestResult {
  const test = row.test as { type: TestResult["type"]; mode: TestResult["mode"] };
  return {
    id: row.id,
    test_id: row.testId,
    test_name: row.testName,
    type: test.type,
    mode: test.mode,
    repetition: row.repetition,
    status: row.status as TestResult["status"],
    duration_ms: row.durationMs ?? 0,
    assertions: row.assertions,
    transcript: row.transcript,
    states_visited: row.statesVisited,
    tool_calls: row.toolCalls,
    variable_values: row.variableValues,
    end_reason: (row.endReason as CallEndReason | null) ?? null,
    error: row.error,
    turn_latency: row.turnLatency ?? null,
    pass_rate: passRate,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

type Counts = { testId: string; testName: string; position: number; status: string; count: number };

/** Per test of the run: repetitions, how many finished, passed, failed and broke, and its pass rate. */
function perTest(counts: Counts[]): TestRunTest[] {
  const tests = new Map<string, TestRunTest & { position: number }>();
  for (const row of counts) {
    const test = tests.get(row.testId) ?? { test_id: row.testId, test_name: row.testName, position: row.position, repetitions: 0, finished: 0, passed: 0, failed: 0, errored: 0, pass_rate: 0 };
    test.repetitions += row.count;
    if (row.status === "passed") test.passed += row.count;
    if (row.status === "failed") test.failed += row.count;
    if (row.status === "error") test.errored += row.count;
    if ((FINISHED as readonly string[]).includes(row.status)) test.finished += row.count;
    tests.set(row.testId, test);
  }
  return [...tests.values()]
    .sort((a, b) => a.position - b.position)
    .map((test) => ({
      test_id: test.test_id,
      test_name: test.test_name,
      repetitions: test.repetitions,
      finished: test.finished,
      passed: test.passed,
      failed: test.failed,
      errored: test.errored,
      pass_rate: test.finished ? test.passed / test.finished : 0,
    }));
}

function toRunItem(row: RunRow, tests: TestRunTest[]): TestRunListItem {
  const sum = (key: "passed" | "failed" | "errored" | "repetitions" | "finished") => tests.reduce((total, test) => total + test[key], 0);
  const finished = sum("finished");
  return {
    id: row.id,
    agent_id: row.agentId,
    agent_version: row.agentVersion,
    status: row.status,
    test_ids: row.testIds,
    tags: row.tags,
    repeat: row.repeat,
    concurrency: row.concurrency,
    summary: { total: sum("repetitions"), passed: sum("passed"), failed: sum("failed"), errored: sum("errored") },
    pass_rate: finished ? sum("passed") / finished : 0,
    tests,
    error: row.error,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function resultCounts(ctx: ServiceContext, runIds: string[]): Promise<Map<string, Counts[]>> {
  const out = new Map<string, Counts[]>();
  if (runIds.length === 0) return out;
  const rows = await ctx.db
    .select({
      runId: agentTestResults.runId,
      testId: agentTestResults.testId,
      testName: agentTestResults.testName,
      position: agentTestResults.position,
      status: agentTestResults.status,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(agentTestResults)
    .where(inArray(agentTestResults.runId, runIds))
    .groupBy(agentTestResults.runId, agentTestResults.testId, agentTestResults.testName, agentTestResults.position, agentTestResults.status);
  for (const row of rows) out.set(row.runId, [...(out.get(row.runId) ?? []), row]);
  return out;
}

async function findRun(ctx: ServiceContext, runId: string): Promise<RunRow> {
  const [row] = await ctx.db.select().from(agentTestRuns).where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.organizationId, ctx.organizationId)));
  if (!row) throw new NotFoundError("Test run");
  return row;
}

/** The run with every finished result (in test order, then repetition). */
export async function getTestRun(ctx: ServiceContext, runId: string): Promise<TestRun> {
  const row = await findRun(ctx, runId);
  const [counts, results] = await Promise.all([
    resultCounts(ctx, [runId]),
    ctx.db
      .select()
      .from(agentTestResults)
      .where(and(eq(agentTestResults.runId, runId), inArray(agentTestResults.status, [...FINISHED])))
      .orderBy(asc(agentTestResults.position), asc(agentTestResults.repetition)),
  ]);
  const tests = perTest(counts.get(runId) ?? []);
  const rates = new Map(tests.map((test) => [test.test_id, test.pass_rate]));
  return { ...toRunItem(row, tests), results: results.map((result) => toResult(result, rates.get(result.testId) ?? 0)) };
}

/** An agent's runs, newest first, in cursor pages (without their results); optionally of one version. */
export async function listTestRuns(ctx: ServiceContext, agentId: string, input: ListTestRunsQuery) {
  const [agent] = await ctx.db.select({ id: agents.id }).from(agents).where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  if (!agent) throw new NotFoundError("Agent");
  const rows = await ctx.db
    .select()
    .from(agentTestRuns)
    .where(
      and(
        eq(agentTestRuns.agentId, agentId),
        eq(agentTestRuns.organizationId, ctx.organizationId),
        input.version ? eq(agentTestRuns.agentVersion, input.version) : undefined,
        olderThanCursor(agentTestRuns.createdAt, agentTestRuns.id, input.cursor),
      ),
    )
    .orderBy(desc(agentTestRuns.createdAt), desc(agentTestRuns.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.createdAt, id: row.id }));
  const counts = await resultCounts(ctx, page.items.map((row) => row.id));
  return { items: page.items.map((row) => toRunItem(row, perTest(counts.get(row.id) ?? []))), ...listFields({ next_cursor: page.next_cursor }) };
}

/**
 * Cancels a queued or running run at once (its status is `cancelled` from now on); the process
 * running it stops between turns and stores nothing more. A cancelled run answers the same; a
 * finished one is a conflict.
 */
export async function cancelTestRun(ctx: ServiceContext, runId: string, now = new Date()): Promise<TestRun> {
  const row = await findRun(ctx, runId);
  if (row.status === "queued" || row.status === "running") {
    const cancelled = await withTransaction(ctx, async (tx) => {
      const updated = await tx.db
        .update(agentTestRuns)
        .set({ status: "cancelled", finishedAt: now, updatedAt: now, leaseOwner: null, leaseExpiresAt: null })
        .where(and(eq(agentTestRuns.id, runId), inArray(agentTestRuns.status, ["queued", "running"])))
        .returning({ id: agentTestRuns.id });
      if (updated.length === 0) return false;
      await recordAudit(tx, { action: "test_run.cancelled", resourceType: "test_run", resourceId: runId, changes: change("status", row.status, "cancelled") });
      return true;
    });
    if (!cancelled) return cancelTestRun(ctx, runId, now);
  } else if (row.status !== "cancelled") {
    throw new ConflictError(`The run has already finished (${row.status})`, [{ field: "run_id", message: `Finished: ${row.status}` }]);
  }
  return getTestRun(ctx, runId);
}
