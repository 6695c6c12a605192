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

/** Queues the after-call work (cost, post-call answers), in the caller's transaction when `db` is one. */
export async function sendCallFinished(queue: JobQueue, callId: string, db?: Database): Promise<void> {
  await queue.send(jobNames.callFinished, { callId }, { db, retryLimit: 5, retryDelaySeconds: 30 });
}

export class PostCallAnswersIncompleteError extends Error {
  constructor(callId: string, failures: { questionId: string; error: string }[]) {
    super(`Post-call answers of call ${callId}: ${failures.length} question(s) failed (${failures.map((f) => `${f.questionId}: ${f.error}`).join("; ")})`);
    this.name = "PostCallAnswersIncompleteError";
  }
}

/**
 * The call-finished job: prices the call, then answers its post-call questions. Safe to run again: the
 * cost is set (never added) and only unanswered questions are asked. Questions whose LLM request failed
 * make the job fail so pg-boss retries them, until the last attempt, which leaves them unanswered.
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
  try {
    const result = await answerPostCallQuestions(db, callId, settings);
    if (result.failures.length && !attempt.last) throw new PostCallAnswersIncompleteError(callId, result.failures);
    if (result.failures.length) console.error(new PostCallAnswersIncompleteError(callId, result.failures).message);
  } catch (error) {
    // Nothing to retry until the operator configures a provider; the call keeps its cost.
    if (!(error instanceof LlmNotConfiguredError)) throw error;
    console.error(`Post-call answers of call ${callId} skipped: ${error.message}`);
  }
  const dataStorage = await callDataStorage(db, callId);
  if (dataStorage === "metadata_only") await keepMetadataOnly(db, callId);
  else if (dataStorage === "redact_pii") await redactDynamicVariables(db, callId);
  if (dataStorage !== "everything") await settleContactVariables(db, callId, dataStorage);
}

/**
 * `metadata_only`: once the post-call work is done, the call keeps its duration, cost, status, end
 * reason and metadata (and its numbers, times and type); its transcript, variable values, post-call
 * answers, events, engine state and recording go.
 */
export async function keepMetadataOnly(db: Database, callId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ recording: calls.recordingBlobKey }).from(calls).where(eq(calls.id, callId)).for("update");
    if (!row) return;
    await tx.delete(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId));
    await tx.delete(callEvents).where(eq(callEvents.callId, callId));
    if (row.recording) await tx.delete(blobs).where(eq(blobs.key, row.recording));
    await tx
      .update(calls)
      .set({ transcript: [], variableValues: [], dynamicVariablesValues: null, runtimeState: null, recordingBlobKey: null, redactedCategories: [] })
      .where(eq(calls.id, callId));
  });
}
