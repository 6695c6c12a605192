import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { analysisJobCalls, analysisJobs } from "@/lib/db/schema";
import type { AnalysisSettings } from "./call-analysis";
import type { ReanalysisBatch } from "./reanalysis-jobs";
import { computeRerun, finishJobCalls, loadRerunCalls, RerunCallError, rerunLookups, storeReruns, type RerunResult } from "./rerun-call";

/** Calls of one batch re-run at once: model requests wait on the network, not on this process. */
const CALLS_AT_ONCE = 8;

async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** The job is completed once none of its calls is pending (whichever batch finishes last says so). */
async function completeIfDone(db: Database, jobId: string): Promise<void> {
  const now = new Date();
  await db
    .update(analysisJobs)
    .set({ status: "completed", finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(analysisJobs.id, jobId),
        ne(analysisJobs.status, "completed"),
        sql`not exists (select 1 from ${analysisJobCalls} where ${analysisJobCalls.jobId} = ${jobId}::uuid and ${analysisJobCalls.status} = 'pending')`,
      ),
    );
}

/**
 * One pg-boss job of a re-run: its calls still pending are computed a few at once (model requests),
 * then stored together in one transaction. A call whose re-run fails is marked failed with the
 * reason (it keeps its answers) and the others go on; an error of the batch itself (the database)
 * fails the pg-boss job so that it is retried, and on the last attempt the batch's calls still
 * pending are marked failed, so the re-run always completes.
 */
export async function processReanalysisBatch(db: Database, batch: ReanalysisBatch, settings: AnalysisSettings, attempt: { last: boolean } = { last: true }): Promise<void> {
  const [job] = await db
    .select({ id: analysisJobs.id, organizationId: analysisJobs.organizationId, include: analysisJobs.include })
    .from(analysisJobs)
    .where(eq(analysisJobs.id, batch.jobId));
  if (!job) return;
  const startedAt = new Date();
  await db
    .update(analysisJobs)
    .set({ status: "running", startedAt, updatedAt: startedAt })
    .where(and(eq(analysisJobs.id, job.id), eq(analysisJobs.status, "queued")));
  const pending = (
    await db
      .select({ callId: analysisJobCalls.callId })
      .from(analysisJobCalls)
      .where(and(eq(analysisJobCalls.jobId, job.id), inArray(analysisJobCalls.callId, batch.callIds), eq(analysisJobCalls.status, "pending")))
  ).map((row) => row.callId);
  try {
    const found = await loadRerunCalls(db, job.organizationId, pending);
    await finishJobCalls(db, job.id, pending.filter((id) => !found.has(id)), "failed", "The call no longer exists");
    const lookups = rerunLookups(db);
    const results: RerunResult[] = [];
    const failures: { callId: string; message: string }[] = [];
    await eachAtMost([...found.values()], CALLS_AT_ONCE, async (call) => {
      try {
        results.push(await computeRerun(db, job, call, settings, lookups));
      } catch (error) {
        if (!(error instanceof RerunCallError)) throw error;
        failures.push({ callId: call.id, message: error.message });
      }
    });
    await storeReruns(db, job, results);
    for (const failure of failures) await finishJobCalls(db, job.id, [failure.callId], "failed", failure.message);
  } catch (error) {
    if (!attempt.last) throw error;
    await finishJobCalls(db, job.id, pending, "failed", `The re-run gave up: ${(error as Error)?.message ?? String(error)}`);
  }
  await completeIfDone(db, job.id);
}
