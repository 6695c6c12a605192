import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blobs, callEvents, callPostCallAnswers, calls } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { LlmNotConfiguredError } from "@/lib/llm/language-model";
import { priceCall } from "./call-cost";
import { callDataStorage, redactDynamicVariables, settleContactVariables } from "./call-redaction";
import { answerPostCallQuestions, type PostCallAnswerSettings } from "../post-call-questions/post-call-answers";
import { analyzeFinishedCall } from "../analysis/call-analysis";
import { analysisFiguresOnly } from "../analysis/analysis-redaction";

/** Queues the after-call work (cost, analysis, post-call answers), in the caller's transaction when `db` is one. */
export async function sendCallFinished(queue: JobQueue, callId: string, db?: Database): Promise<void> {
  await queue.send(jobNames.callFinished, { callId }, { db, retryLimit: 5, retryDelaySeconds: 30 });
}

export class PostCallAnswersIncompleteError extends Error {
  constructor(callId: string, failures: { questionId: string; error: string }[]) {
    super(`Post-call answers of call ${callId}: ${failures.length} question(s) failed (${failures.map((f) => `${f.questionId}: ${f.error}`).join("; ")})`);
    this.name = "PostCallAnswersIncompleteError";
  }
}

export class CallAnalysisFailedError extends Error {
  constructor(callId: string, cause: unknown) {
    super(`Analysis of call ${callId} failed: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = "CallAnalysisFailedError";
  }
}

/** Nothing to retry until the operator configures a provider: logged, and the call keeps its cost. */
async function unlessNotConfigured<T>(what: string, callId: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof LlmNotConfiguredError || (error as Error)?.name === "LlmNotConfiguredError") {
      console.error(`${what} of call ${callId} skipped: ${(error as Error).message}`);
      return undefined;
    }
    throw error;
  }
}

/**
 * The call-finished job: prices the call, then analyses it and answers its post-call questions (both
 * at once). Safe to run again: the cost is set (never added), an analysis is made once, and only
 * unanswered questions are asked. An analysis or questions whose LLM request failed make the job
 * fail so pg-boss retries them, until the last attempt, which leaves them undone (logged).
 */
export async function processFinishedCall(
  db: Database,
  callId: string,
  settings: PostCallAnswerSettings,
  attempt: { last: boolean } = { last: true },
): Promise<void> {
  const [call] = await db.select({ status: calls.status }).from(calls).where(eq(calls.id, callId));
  if (!call || (call.status !== "ended" && call.status !== "failed")) return;
  await priceCall(db, callId);
  const [analysis, answers] = await Promise.allSettled([
    unlessNotConfigured("Analysis", callId, () => analyzeFinishedCall(db, callId, settings)),
    unlessNotConfigured("Post-call answers", callId, () => answerPostCallQuestions(db, callId, settings)),
  ]);
  const errors: Error[] = [];
  if (analysis.status === "rejected") errors.push(new CallAnalysisFailedError(callId, analysis.reason));
  if (answers.status === "rejected") errors.push(answers.reason as Error);
  else if (answers.value?.failures.length) errors.push(new PostCallAnswersIncompleteError(callId, answers.value.failures));
  if (errors.length && !attempt.last) throw errors.length === 1 ? errors[0] : new Error(errors.map((error) => error.message).join("; "));
  for (const error of errors) console.error(error.message);
  const dataStorage = await callDataStorage(db, callId);
  if (dataStorage === "everything") return;
  // The call and its campaign contact together: no reader sees one redacted beside the other in the clear.
  await inTransaction(db, async (tx) => {
    if (dataStorage === "metadata_only") await keepMetadataOnly(tx, callId);
    else await redactDynamicVariables(tx, callId);
    await settleContactVariables(tx, callId, dataStorage);
  });
}

/**
 * `metadata_only`: once the post-call work is done, the call keeps its duration, cost, status, end
 * reason and metadata (and its numbers, times and type), and its analysis' figures (verdict, score,
 * sentiment) without the summary and reason; its transcript, variable values, post-call
 * answers, events, engine state and recording go.
 */
export async function keepMetadataOnly(db: Database, callId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ recording: calls.recordingBlobKey, analysis: calls.analysis }).from(calls).where(eq(calls.id, callId)).for("update");
    if (!row) return;
    await tx.delete(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId));
    await tx.delete(callEvents).where(eq(callEvents.callId, callId));
    if (row.recording) await tx.delete(blobs).where(eq(blobs.key, row.recording));
    await tx
      .update(calls)
      .set({
        transcript: [],
        variableValues: [],
        dynamicVariablesValues: null,
        runtimeState: null,
        recordingBlobKey: null,
        redactedCategories: [],
        // The analysis' figures stay (the quality analytics count them); its summary and reason go.
        analysis: row.analysis ? analysisFiguresOnly(row.analysis) : null,
        analysisHistory: [],
      })
      .where(eq(calls.id, callId));
  });
}
