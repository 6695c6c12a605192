import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { agentTestResults, agentTestRuns } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import type { AgentTestDefinition, Assertion, TestResultStatus, ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { CallEndReason, TranscriptEntry, TurnLatency, VariableValue } from "@/lib/schemas/call-values";

// The executing side of a test run (lib/agent-tests/run-executor): one process holds the run's lease
// while it runs it, renews it, and every write it makes names it; another process takes the run over
// once the lease has lapsed (its holder died).

/** How long a lease lasts without renewal; the holder renews it every LEASE_RENEW_MS. */
export const LEASE_MS = 30_000;
export const LEASE_RENEW_MS = 10_000;
/** After this many takeovers (processes dying on it) the run ends `error` instead. */
export const MAX_TAKEOVERS = 3;

type RunRow = typeof agentTestRuns.$inferSelect;

export type ClaimedRun = { run: RunRow; takeover: boolean };
export type ClaimOutcome = { kind: "claimed"; claimed: ClaimedRun } | { kind: "held"; until: Date } | { kind: "over" };

const live = inArray(agentTestRuns.status, ["queued", "running"]);

/**
 * Takes the run's lease when nobody holds it (a new run) or its holder's lease lapsed (a takeover:
 * the conversations it was running are pending again). A run held by a live process is `held`; a
 * finished or cancelled one is `over`.
 */
export async function claimTestRun(db: Database, runId: string, owner: string, now = new Date()): Promise<ClaimOutcome> {
  const [run] = await db
    .update(agentTestRuns)
    .set({
      status: "running",
      leaseOwner: owner,
      leaseExpiresAt: new Date(now.getTime() + LEASE_MS),
      startedAt: sql`coalesce(${agentTestRuns.startedAt}, ${now.toISOString()}::timestamptz)`,
      takeovers: sql`${agentTestRuns.takeovers} + (case when ${agentTestRuns.startedAt} is null then 0 else 1 end)`,
      updatedAt: now,
    })
    .where(and(eq(agentTestRuns.id, runId), live, or(isNull(agentTestRuns.leaseOwner), lt(agentTestRuns.leaseExpiresAt, now))))
    .returning();
  if (run) {
    // A run started before (by a process that died) is taken over.
    const takeover = run.startedAt !== null && run.startedAt.getTime() !== now.getTime();
    if (run.takeovers > MAX_TAKEOVERS) {
      await failTestRun(db, runId, `The processes running this run stopped ${run.takeovers} times; it was given up`, now);
      return { kind: "over" };
    }
    // What the dead holder was running starts again.
    await db.update(agentTestResults).set({ status: "pending", startedAt: null, updatedAt: now }).where(and(eq(agentTestResults.runId, runId), eq(agentTestResults.status, "running")));
    return { kind: "claimed", claimed: { run, takeover } };
  }
  const [current] = await db.select({ status: agentTestRuns.status, leaseExpiresAt: agentTestRuns.leaseExpiresAt }).from(agentTestRuns).where(eq(agentTestRuns.id, runId));
  if (!current || (current.status !== "queued" && current.status !== "running")) return { kind: "over" };
  return { kind: "held", until: current.leaseExpiresAt ?? now };
}

/** Renews the lease; false when the run is no longer this owner's to run (cancelled, taken over, deleted). */
export async function renewTestRunLease(db: Database, runId: string, owner: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(agentTestRuns)
    .set({ leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.leaseOwner, owner), eq(agentTestRuns.status, "running")))
    .returning({ id: agentTestRuns.id });
  return updated.length > 0;
}

/** Whether the owner still runs the run (a cheap check between turns: cancel shows here at once). */
export async function holdsTestRun(db: Database, runId: string, owner: string): Promise<boolean> {
  const [row] = await db.select({ status: agentTestRuns.status, leaseOwner: agentTestRuns.leaseOwner }).from(agentTestRuns).where(eq(agentTestRuns.id, runId));
  return row?.status === "running" && row.leaseOwner === owner;
}

export type PendingResult = { id: string; testId: string; testName: string; repetition: number; test: AgentTestDefinition };

/** The conversations still to run, in order (test, then repetition). */
export async function pendingTestResults(db: Database, runId: string): Promise<PendingResult[]> {
  const rows = await db
    .select({ id: agentTestResults.id, testId: agentTestResults.testId, testName: agentTestResults.testName, repetition: agentTestResults.repetition, test: agentTestResults.test })
    .from(agentTestResults)
    .where(and(eq(agentTestResults.runId, runId), eq(agentTestResults.status, "pending")))
    .orderBy(asc(agentTestResults.position), asc(agentTestResults.repetition));
  return rows.map((row) => ({ ...row, test: row.test as unknown as AgentTestDefinition }));
}

/** Only the run's holder writes its results, and only while the run is running. */
const heldBy = (runId: string, owner: string) =>
  sql`exists (select 1 from ${agentTestRuns} where ${agentTestRuns.id} = ${runId} and ${agentTestRuns.leaseOwner} = ${owner} and ${agentTestRuns.status} = 'running')`;

export async function startTestResult(db: Database, runId: string, owner: string, resultId: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(agentTestResults)
    .set({ status: "running", startedAt: now, updatedAt: now })
    .where(and(eq(agentTestResults.id, resultId), eq(agentTestResults.status, "pending"), heldBy(runId, owner)))
    .returning({ id: agentTestResults.id });
  return updated.length > 0;
}

export type ResultOutcome = {
  status: TestResultStatus;
  durationMs: number;
  assertions: Assertion[];
  transcript: TranscriptEntry[];
  statesVisited: string[];
  toolCalls: ToolCallRecord[];
  variableValues: VariableValue[];
  endReason: CallEndReason | null;
  error: string | null;
  turnLatency: TurnLatency[] | null;
};

export async function finishTestResult(db: Database, runId: string, owner: string, resultId: string, outcome: ResultOutcome, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(agentTestResults)
    .set({
      status: outcome.status,
      durationMs: outcome.durationMs,
      assertions: outcome.assertions,
      transcript: outcome.transcript,
      statesVisited: outcome.statesVisited,
      toolCalls: outcome.toolCalls,
      variableValues: outcome.variableValues,
      endReason: outcome.endReason,
      error: outcome.error,
      turnLatency: outcome.turnLatency,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(agentTestResults.id, resultId), eq(agentTestResults.status, "running"), heldBy(runId, owner)))
    .returning({ id: agentTestResults.id });
  return updated.length > 0;
}

/** Its holder is known to be gone (its process died): the next claim takes the run over at once, without waiting out the lease. */
export async function releaseTestRunLease(db: Database, runId: string, now = new Date()): Promise<void> {
  await db
    .update(agentTestRuns)
    .set({ leaseOwner: null, leaseExpiresAt: now, updatedAt: now })
    .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.status, "running")));
}

/** Ends the run from its results: error when one broke, failed when one failed, else passed. */
export async function finishTestRun(db: Database, runId: string, owner: string, now = new Date()): Promise<void> {
  const [counts] = await db
    .select({
      unfinished: sql<number>`count(*) filter (where ${agentTestResults.status} in ('pending', 'running'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${agentTestResults.status} = 'failed')`.mapWith(Number),
      errored: sql<number>`count(*) filter (where ${agentTestResults.status} = 'error')`.mapWith(Number),
    })
    .from(agentTestResults)
    .where(eq(agentTestResults.runId, runId));
  if (counts.unfinished > 0) return;
  const status = counts.errored > 0 ? "error" : counts.failed > 0 ? "failed" : "passed";
  await db
    .update(agentTestRuns)
    .set({ status, finishedAt: now, updatedAt: now, leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.leaseOwner, owner), eq(agentTestRuns.status, "running")));
}

/** The run cannot go on (its agent version is gone, every process died on it …): `error` with the reason. */
export async function failTestRun(db: Database, runId: string, message: string, now = new Date()): Promise<void> {
  await db
    .update(agentTestRuns)
    .set({ status: "error", error: message, finishedAt: now, updatedAt: now, leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(agentTestRuns.id, runId), live));
}

/** How long past its lease a running run waits before the sweep hands it to another process. */
const SWEEP_GRACE_MS = 15_000;

/**
 * Hands on the runs whose holder died without anyone taking them over (its job was lost, or no worker
 * noticed): a new job for each, or `error` once they were taken over MAX_TAKEOVERS times. Any number
 * of processes may sweep (the queue's job and the lease make a doubled job harmless).
 */
export async function sweepStalledTestRuns(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const stalled = await db
    .select({ id: agentTestRuns.id, takeovers: agentTestRuns.takeovers })
    .from(agentTestRuns)
    .where(and(eq(agentTestRuns.status, "running"), isNotNull(agentTestRuns.leaseExpiresAt), lt(agentTestRuns.leaseExpiresAt, new Date(now.getTime() - SWEEP_GRACE_MS))))
    .limit(100);
  for (const run of stalled) {
    if (run.takeovers >= MAX_TAKEOVERS) {
      await failTestRun(db, run.id, `The processes running this run stopped ${run.takeovers + 1} times; it was given up`, now);
      continue;
    }
    // Released for the next claim, with a window before the sweep looks at it again.
    const released = await db
      .update(agentTestRuns)
      .set({ leaseOwner: null, leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(agentTestRuns.id, run.id), eq(agentTestRuns.status, "running"), lt(agentTestRuns.leaseExpiresAt, new Date(now.getTime() - SWEEP_GRACE_MS))))
      .returning({ id: agentTestRuns.id });
    if (released.length) await queue.send(jobNames.runAgentTests, { runId: run.id }, { retryLimit: 5, retryDelaySeconds: 1 });
  }
  return stalled.length;
}
