import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { analysisJobCalls, callPostCallAnswers, calls } from "@/lib/db/schema";
import { MAX_ANALYSIS_HISTORY, type AnalysisHistoryEntry, type ReanalysisPart } from "@/lib/schemas/calls";
import { toPostCallAnswerResponse } from "../calls/call-records";
import { reanswerPostCallQuestions, type AnswerRow } from "../post-call-questions/post-call-answers";
import { callForAnalysisColumns, computeCallAnalysis, type AnalysisOutcome, type AnalysisSettings } from "./call-analysis";

export type RerunJob = { id: string; organizationId: string; include: ReanalysisPart[] };

export type RerunOutcome = "done" | "already_done";

/** The re-run of one call failed; it keeps what it had. */
export class RerunCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RerunCallError";
  }
}

/** Marks the call of the job finished (done or failed), once: false when another attempt already did. */
export async function finishJobCall(db: Database, jobId: string, callId: string, status: "done" | "failed", error: string | null = null): Promise<boolean> {
  const updated = await db
    .update(analysisJobCalls)
    .set({ status, error, finishedAt: new Date() })
    .where(and(eq(analysisJobCalls.jobId, jobId), eq(analysisJobCalls.callId, callId), eq(analysisJobCalls.status, "pending")))
    .returning({ callId: analysisJobCalls.callId });
  return updated.length === 1;
}

/**
 * Re-runs one call of a job: the analysis and/or the post-call answers are computed first (no lock
 * held while the model answers), then replaced in one transaction with what they replace pushed onto
 * the call's `analysis_history` (the last 5 kept), and the call marked done in the job. Nothing is
 * stored unless every part succeeded; a call this job already did is left alone (a retried batch).
 */
export async function rerunCall(db: Database, job: RerunJob, callId: string, settings: AnalysisSettings = {}, now = () => new Date()): Promise<RerunOutcome> {
  const [call] = await db
    .select({ ...callForAnalysisColumns, organizationId: calls.organizationId })
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.organizationId, job.organizationId)));
  if (!call) throw new RerunCallError("The call no longer exists");
  const redoAnalysis = job.include.includes("analysis");
  const redoAnswers = job.include.includes("post_call_answers");

  let analysis: AnalysisOutcome | undefined;
  let answers: AnswerRow[] = [];
  try {
    const [analysed, answered] = await Promise.all([
      redoAnalysis ? computeCallAnalysis(db, call, settings, now) : undefined,
      redoAnswers ? reanswerPostCallQuestions(db, call, settings) : undefined,
    ]);
    analysis = analysed;
    if (answered?.failures.length) {
      throw new RerunCallError(`${answered.failures.length} post-call question(s) failed: ${answered.failures.map((failure) => failure.error).join("; ")}`);
    }
    answers = answered?.rows ?? [];
  } catch (error) {
    if (error instanceof RerunCallError) throw error;
    throw new RerunCallError((error as Error)?.message ?? String(error));
  }

  return inTransaction(db, async (tx) => {
    const [mine] = await tx
      .select({ status: analysisJobCalls.status })
      .from(analysisJobCalls)
      .where(and(eq(analysisJobCalls.jobId, job.id), eq(analysisJobCalls.callId, callId)))
      .for("update");
    if (mine?.status !== "pending") return "already_done";
    const [current] = await tx
      .select({ analysis: calls.analysis, analysisSkipped: calls.analysisSkipped, history: calls.analysisHistory })
      .from(calls)
      .where(eq(calls.id, callId))
      .for("update");
    if (!current) throw new RerunCallError("The call no longer exists");
    const oldAnswers = redoAnswers
      ? await tx.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId)).orderBy(asc(callPostCallAnswers.createdAt), asc(callPostCallAnswers.questionName))
      : [];
    const replacesAnalysis = redoAnalysis && current.analysis !== null;
    const replacesAnswers = redoAnswers && oldAnswers.length > 0;
    const replacedAt = now().toISOString();
    const entry: AnalysisHistoryEntry | null =
      replacesAnalysis || replacesAnswers
        ? {
            summary: replacesAnalysis ? current.analysis!.summary : null,
            sentiment: replacesAnalysis ? current.analysis!.sentiment : null,
            success: replacesAnalysis ? current.analysis!.success : null,
            criteria: replacesAnalysis ? (current.analysis!.criteria ?? null) : null,
            analyzed_at: replacesAnalysis ? current.analysis!.analyzed_at : null,
            model: replacesAnalysis ? current.analysis!.model : null,
            analysis_skipped: null,
            post_call_answers: replacesAnswers ? oldAnswers.map(toPostCallAnswerResponse) : null,
            replaced: [...(replacesAnalysis ? (["analysis"] as const) : []), ...(replacesAnswers ? (["post_call_answers"] as const) : [])],
            replaced_at: replacedAt,
            job_id: job.id,
          }
        : null;
    await tx
      .update(calls)
      .set({
        ...(analysis ? { analysis: analysis.analysis, analysisSkipped: analysis.skipped } : {}),
        analysisHistory: entry ? [entry, ...current.history].slice(0, MAX_ANALYSIS_HISTORY) : current.history,
        updatedAt: new Date(replacedAt),
      })
      .where(eq(calls.id, callId));
    if (redoAnswers) {
      await tx.delete(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId));
      if (answers.length) await tx.insert(callPostCallAnswers).values(answers);
    }
    await finishJobCall(tx, job.id, callId, "done");
    return "done";
  });
}
