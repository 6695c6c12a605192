import "server-only";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AgentDocument } from "@/lib/agents/normalize";
import { agents, agentTestResults, agentTestRuns, agentTests } from "@/lib/db/schema";
import {
  CreateAgentTestSchema,
  type AgentTest,
  type AgentTestDefinition,
  type AgentTestLastResult,
  type ListAgentTestsQuery,
  type UpdateAgentTestInput,
} from "@/lib/schemas/agent-tests";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { agentVersionDocument } from "../calls/runtime-calls";
import { withTransaction, type ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { listFields } from "../paging";
import { testProblems, type TestRuleOptions } from "./agent-test-rules";

type Row = typeof agentTests.$inferSelect;

const TYPE_FIELDS = { scripted: ["turns"], simulated: ["persona", "goal", "success_criteria", "max_turns"] } as const;

/** The agent of the organization with its published version's document; 404 when it is not one of the organization's. */
export async function publishedAgent(ctx: ServiceContext, agentId: string): Promise<{ version: number; document: AgentDocument }> {
  const [agent] = await ctx.db
    .select({ version: agents.publishedVersion })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  if (!agent) throw new NotFoundError("Agent");
  const document = await agentVersionDocument(ctx.db, agentId, agent.version);
  if (!document) throw new NotFoundError("Agent");
  return { version: agent.version, document };
}

/** The stored definition: the validated test minus what has a column. */
function definitionOf(test: AgentTestDefinition): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...test };
  delete rest.name;
  delete rest.type;
  delete rest.mode;
  delete rest.tags;
  return rest;
}

/** The validated test a row holds. */
export function testDefinition(row: Pick<Row, "name" | "type" | "mode" | "tags" | "definition">): AgentTestDefinition {
  return { ...(row.definition as object), name: row.name, type: row.type, mode: row.mode, tags: row.tags } as AgentTestDefinition;
}

function toResponse(row: Row, lastResult: AgentTestLastResult | null): AgentTest {
  const test = testDefinition(row);
  return {
    ...test,
    id: row.id,
    agent_id: row.agentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_result: lastResult,
  } as AgentTest;
}

function refuse(problems: FieldProblem[]): never {
  const first = problems[0];
  throw new ValidationError(problems.length === 1 ? `Invalid ${first.field}: ${first.message}` : `Invalid test: ${problems.length} problems`, problems);
}

function checkAgainstAgent(test: AgentTestDefinition, agent: AgentDocument, options: TestRuleOptions): void {
  const problems = testProblems(test, agent, options);
  if (problems.length) refuse(problems);
}

async function assertNameFree(ctx: ServiceContext, agentId: string, name: string, exceptId?: string): Promise<void> {
  const [clash] = await ctx.db
    .select({ id: agentTests.id })
    .from(agentTests)
    .where(and(eq(agentTests.agentId, agentId), eq(agentTests.name, name), exceptId ? sql`${agentTests.id} <> ${exceptId}` : undefined));
  if (clash) throw new ConflictError(`The agent already has a test named "${name}"`, [{ field: "name", message: "Already used by another test of this agent" }]);
}

/** A unique violation (two writers with one name at once) is the same conflict as the check before it. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23505") throw new ConflictError(`The agent already has a test named "${name}"`, [{ field: "name", message: "Already used by another test of this agent" }]);
    throw error;
  }
}

export async function createAgentTest(ctx: ServiceContext, agentId: string, test: AgentTestDefinition, options: TestRuleOptions, now = new Date()): Promise<AgentTest> {
  const agent = await publishedAgent(ctx, agentId);
  checkAgainstAgent(test, agent.document, options);
  return withTransaction(ctx, async (tx) => {
    await assertNameFree(tx, agentId, test.name);
    const [row] = await uniqueName(test.name, () =>
      tx.db
        .insert(agentTests)
        .values({
          organizationId: ctx.organizationId,
          agentId,
          name: test.name,
          type: test.type,
          mode: test.mode,
          tags: test.tags,
          definition: definitionOf(test),
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    const created = toResponse(row, null);
    await auditTest(tx, "agent_test.created", null, created);
    return created;
  });
}

/** One test's audit entry: its fields as the API shows them, before and after. */
async function auditTest(ctx: ServiceContext, action: string, before: AgentTest | null, after: AgentTest | null): Promise<void> {
  const test = (after ?? before)!;
  const shown = (value: AgentTest | null) => (value ? { ...value, last_result: undefined } : null);
  await recordAudit(ctx, {
    action,
    resourceType: "agent_test",
    resourceId: test.id,
    changes: { ...(before ? {} : change("agent_id", null, test.agent_id)), ...fieldChanges(shown(before), shown(after), { ignore: ["id", "agent_id", "created_at", "updated_at"] }) },
  });
}

async function findTest(ctx: ServiceContext, agentId: string, testId: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(agentTests)
    .where(and(eq(agentTests.id, testId), eq(agentTests.agentId, agentId), eq(agentTests.organizationId, ctx.organizationId)));
  if (!row) throw new NotFoundError("Test");
  return row;
}

export async function getAgentTest(ctx: ServiceContext, agentId: string, testId: string): Promise<AgentTest> {
  await publishedAgent(ctx, agentId);
  const row = await findTest(ctx, agentId, testId);
  const last = await lastResults(ctx, [row.id]);
  return toResponse(row, last.get(row.id) ?? null);
}

/** Newest first, in cursor pages; optionally only the tests with a tag. */
export async function listAgentTests(ctx: ServiceContext, agentId: string, input: ListAgentTestsQuery) {
  await publishedAgent(ctx, agentId);
  const filters: (SQL | undefined)[] = [
    eq(agentTests.agentId, agentId),
    eq(agentTests.organizationId, ctx.organizationId),
    input.tag ? sql`${agentTests.tags} @> ${JSON.stringify([input.tag])}::jsonb` : undefined,
    olderThanCursor(agentTests.createdAt, agentTests.id, input.cursor),
  ];
  const rows = await ctx.db
    .select()
    .from(agentTests)
    .where(and(...filters))
    .orderBy(desc(agentTests.createdAt), desc(agentTests.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.createdAt, id: row.id }));
  const last = await lastResults(ctx, page.items.map((row) => row.id));
  return { items: page.items.map((row) => toResponse(row, last.get(row.id) ?? null)), ...listFields({ next_cursor: page.next_cursor }) };
}

/**
 * Partial update: omitted fields keep their values, lists are replaced whole. The test after the
 * change is validated as a whole (a type change must bring the new type's fields; the old type's go).
 */
export async function updateAgentTest(
  ctx: ServiceContext,
  agentId: string,
  testId: string,
  patch: UpdateAgentTestInput,
  options: TestRuleOptions,
  now = new Date(),
): Promise<AgentTest> {
  const agent = await publishedAgent(ctx, agentId);
  return withTransaction(ctx, async (tx) => {
    const row = await findTest(tx, agentId, testId);
    const current = testDefinition(row);
    const type = patch.type ?? current.type;
    const merged: Record<string, unknown> = { ...current, type };
    const problems: FieldProblem[] = [];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const otherType = type === "scripted" ? TYPE_FIELDS.simulated : TYPE_FIELDS.scripted;
      if ((otherType as readonly string[]).includes(key)) {
        problems.push({ field: key, message: `Only for ${type === "scripted" ? "simulated" : "scripted"} tests (this test is ${type})` });
        continue;
      }
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    if (type !== current.type) for (const key of TYPE_FIELDS[current.type]) delete merged[key];
    if (problems.length) refuse(problems);
    const parsed = CreateAgentTestSchema.safeParse(merged);
    if (!parsed.success) {
      refuse(
        parsed.error.issues.map((issue) => ({
          field: issue.path.map((part, i) => (typeof part === "number" ? `[${part}]` : i ? `.${String(part)}` : String(part))).join("") || "body",
          message: issue.message.startsWith("Invalid input: expected") && /received undefined/.test(issue.message) ? `Required for a ${type} test` : issue.message,
        })),
      );
    }
    const test = parsed.data;
    checkAgainstAgent(test, agent.document, options);
    if (test.name !== row.name) await assertNameFree(tx, agentId, test.name, testId);
    const [updated] = await uniqueName(test.name, () =>
      tx.db
        .update(agentTests)
        .set({ name: test.name, type: test.type, mode: test.mode, tags: test.tags, definition: definitionOf(test), updatedAt: now })
        .where(eq(agentTests.id, testId))
        .returning(),
    );
    const last = await lastResults(tx, [testId]);
    const after = toResponse(updated, last.get(testId) ?? null);
    await auditTest(tx, "agent_test.updated", toResponse(row, null), after);
    return after;
  });
}

/** The test goes; runs that had it keep their results. */
export async function deleteAgentTest(ctx: ServiceContext, agentId: string, testId: string): Promise<void> {
  await publishedAgent(ctx, agentId);
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .delete(agentTests)
      .where(and(eq(agentTests.id, testId), eq(agentTests.agentId, agentId), eq(agentTests.organizationId, ctx.organizationId)))
      .returning();
    if (deleted.length === 0) throw new NotFoundError("Test");
    await auditTest(tx, "agent_test.deleted", toResponse(deleted[0], null), null);
  });
}

/** Each test's outcome in the newest run that finished one of its repetitions. */
export async function lastResults(ctx: ServiceContext, testIds: string[]): Promise<Map<string, AgentTestLastResult>> {
  const out = new Map<string, AgentTestLastResult>();
  if (testIds.length === 0) return out;
  const finished = inArray(agentTestResults.status, ["passed", "failed", "error"]);
  const latest = ctx.db
    .selectDistinctOn([agentTestResults.testId], { testId: agentTestResults.testId, runId: agentTestResults.runId })
    .from(agentTestResults)
    .where(and(inArray(agentTestResults.testId, testIds), eq(agentTestResults.organizationId, ctx.organizationId), finished))
    .orderBy(agentTestResults.testId, desc(agentTestResults.createdAt), desc(agentTestResults.finishedAt))
    .as("latest");
  const rows = await ctx.db
    .select({
      testId: agentTestResults.testId,
      runId: agentTestResults.runId,
      agentVersion: agentTestRuns.agentVersion,
      passed: sql<number>`count(*) filter (where ${agentTestResults.status} = 'passed')`.mapWith(Number),
      errored: sql<number>`count(*) filter (where ${agentTestResults.status} = 'error')`.mapWith(Number),
      finished: sql<number>`count(*)`.mapWith(Number),
      finishedAt: sql<string | null>`max(${agentTestResults.finishedAt})`,
    })
    .from(agentTestResults)
    .innerJoin(latest, and(eq(latest.testId, agentTestResults.testId), eq(latest.runId, agentTestResults.runId)))
    .innerJoin(agentTestRuns, eq(agentTestRuns.id, agentTestResults.runId))
    .where(finished)
    .groupBy(agentTestResults.testId, agentTestResults.runId, agentTestRuns.agentVersion);
  for (const row of rows) {
    out.set(row.testId, {
      run_id: row.runId,
      status: row.errored > 0 ? "error" : row.passed === row.finished ? "passed" : "failed",
      pass_rate: row.finished ? row.passed / row.finished : 0,
      agent_version: row.agentVersion,
      finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    });
  }
  return out;
}
