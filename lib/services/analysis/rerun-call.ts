import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import type { Database } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { analysisJobCalls, callPostCallAnswers, calls } from "@/lib/db/schema";
import { MAX_ANALYSIS_HISTORY, type AnalysisHistoryEntry, type ReanalysisPart } from "@/lib/schemas/calls";
import { mergeCategories } from "@/lib/redaction/find-pii";
import type { PiiCategory } from "@/lib/redaction/pii-categories";
import { toPostCallAnswerResponse } from "../calls/call-records";
import { agentLlm, currentSuccessRubric, type AgentLlm } from "../post-call-questions/agent-llm";
import { activeQuestions, reanswerPostCallQuestions, type AnswerRow, type Question } from "../post-call-questions/post-call-answers";
import { callForAnalysisColumns, computeCallAnalysis, type AnalysisOutcome, type AnalysisSettings, type CallForAnalysis } from "./call-analysis";

export type RerunJob = { id: string; organizationId: string; include: ReanalysisPart[] };

/** The re-run of one call failed; it keeps what it had. */
export class RerunCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RerunCallError";
  }
}

/** What a batch reads once for all its calls: the agent's rubric and questions, each version's model (memoized). */
export type RerunLookups = {
  rubric(agentId: string): Promise<SuccessRubric | null>;
  questions(organizationId: string, agentId: string): Promise<Question[]>;
  llm(agentId: string, version: number | null): Promise<AgentLlm>;
};

export function rerunLookups(db: Database): RerunLookups {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>) => {
    if (!memo.has(key)) memo.set(key, load());
    return memo.get(key) as Promise<T>;
  };
  return {
    rubric: (agentId) => once(`rubric:${agentId}`, () => currentSuccessRubric(db, agentId)),
    questions: (organizationId, agentId) => once(`questions:${agentId}`, () => activeQuestions(db, organizationId, agentId)),
    llm: (agentId, version) => once(`llm:${agentId}:${version}`, () => agentLlm(db, agentId, version)),
  };
}

export type RerunCall = CallForAnalysis & { organizationId: string };

/** The calls of a batch, as the re-run reads them (another organization's, or a deleted call, is missing). */
export async function loadRerunCalls(db: Database, organizationId: string, callIds: string[]): Promise<Map<string, RerunCall>> {
  if (!callIds.length) return new Map();
  const rows = await db
    .select({ ...callForAnalysisColumns, organizationId: calls.organizationId })
    .from(calls)
    .where(and(inArray(calls.id, callIds), eq(calls.organizationId, organizationId)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A call's new parts, computed and not yet stored. */
export type RerunResult = { callId: string; analysis?: AnalysisOutcome; answers?: AnswerRow[]; categories?: PiiCategory[] };

/**
 * Computes a call's new analysis and/or post-call answers (no lock held while the model answers).
 * Any part failing fails the call (RerunCallError): nothing of it is stored.
 */
export async function computeRerun(db: Database, job: RerunJob, call: RerunCall, settings: AnalysisSettings, lookups: RerunLookups, now = () => new Date()): Promise<RerunResult> {
  try {
    const llm = await lookups.llm(call.agentId, call.agentVersion);
    // Its transcript was dropped after the post-call work: a re-run would find nothing to judge and wipe what it has.
    if (llm.metadataOnly) throw new RerunCallError("The agent keeps only the metadata of its calls: there is no transcript to analyse again");
    const wantsAnalysis = job.include.includes("analysis");
    const wantsAnswers = job.include.includes("post_call_answers");
    // Both lookups before either model request: a request that fails while a lookup is still awaited would be a rejection no one handles yet.
    const [rubric, questions] = await Promise.all([
      wantsAnalysis ? lookups.rubric(call.agentId) : null,
      wantsAnswers ? lookups.questions(call.organizationId, call.agentId) : null,
    ]);
    const [analysis, answered] = await Promise.all([
      wantsAnalysis ? computeCallAnalysis(db, call, settings, now, { llm, rubric }) : undefined,
      questions ? reanswerPostCallQuestions(db, call, settings, { questions, llm }) : undefined,
    ]);
    if (answered?.failures.length) {
      throw new RerunCallError(`${answered.failures.length} post-call question(s) failed: ${answered.failures.map((failure) => failure.error).join("; ")}`);
    }
    return { callId: call.id, analysis, answers: answered?.rows, categories: mergeCategories(analysis?.categories ?? [], answered?.categories ?? []) };
  } catch (error) {
    if (error instanceof RerunCallError) throw error;
    throw new RerunCallError((error as Error)?.message ?? String(error));
  }
}

/** Marks calls of the job finished (done or failed), once each: calls another attempt finished are left alone. */
export async function finishJobCalls(db: Database, jobId: string, callIds: string[], status: "done" | "failed", error: string | null = null): Promise<string[]> {
  if (!callIds.length) return [];
  const updated = await db
    .update(analysisJobCalls)
    .set({ status, error, finishedAt: new Date() })
    .where(and(eq(analysisJobCalls.jobId, jobId), inArray(analysisJobCalls.callId, callIds), eq(analysisJobCalls.status, "pending")))
    .returning({ callId: analysisJobCalls.callId });
  return updated.map((row) => row.callId);
}

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Stores the computed re-runs of a batch in one transaction, with set-based statements (the analytics
 * triggers run once for the batch, not once per call): only calls still pending in this job are
 * written (a retried batch skips what an earlier attempt stored); each gets its new parts, what they
 * replace pushed onto `analysis_history` (newest first, the last 5), and is marked done.
 */
export async function storeReruns(db: Database, job: RerunJob, results: RerunResult[], now = new Date()): Promise<number> {
  if (!results.length) return 0;
  const redoAnalysis = job.include.includes("analysis");
  const redoAnswers = job.include.includes("post_call_answers");
  return inTransaction(db, async (tx) => {
    const pending = new Set(
      (
        await tx
          .select({ callId: analysisJobCalls.callId })
          .from(analysisJobCalls)
          .where(and(eq(analysisJobCalls.jobId, job.id), inArray(analysisJobCalls.callId, results.map((result) => result.callId)), eq(analysisJobCalls.status, "pending")))
          .orderBy(asc(analysisJobCalls.callId))
          .for("update")
      ).map((row) => row.callId),
    );
    const mine = results.filter((result) => pending.has(result.callId));
    if (!mine.length) return 0;
    const ids = mine.map((result) => result.callId);
    const current = new Map(
      (
        await tx
          .select({ id: calls.id, analysis: calls.analysis, history: calls.analysisHistory })
          .from(calls)
          .where(inArray(calls.id, ids))
          .orderBy(asc(calls.id))
          .for("update")
      ).map((row) => [row.id, row]),
    );
    const oldAnswers = redoAnswers
      ? await tx.select().from(callPostCallAnswers).where(inArray(callPostCallAnswers.callId, ids)).orderBy(asc(callPostCallAnswers.createdAt), asc(callPostCallAnswers.questionName))
      : [];
    const stored = mine.filter((result) => current.has(result.callId));
    const replacedAt = now.toISOString();
    const rows = stored.map((result) => {
      const { analysis, history } = current.get(result.callId)!;
      const answers = oldAnswers.filter((answer) => answer.callId === result.callId);
      const replacesAnalysis = redoAnalysis && analysis !== null;
      const replacesAnswers = redoAnswers && answers.length > 0;
      const entry: AnalysisHistoryEntry | null =
        replacesAnalysis || replacesAnswers
          ? {
              summary: replacesAnalysis ? analysis!.summary : null,
              sentiment: replacesAnalysis ? analysis!.sentiment : null,
              success: replacesAnalysis ? analysis!.success : null,
              criteria: replacesAnalysis ? (analysis!.criteria ?? null) : null,
              analyzed_at: replacesAnalysis ? analysis!.analyzed_at : null,
              model: replacesAnalysis ? analysis!.model : null,
              analysis_skipped: null,
              post_call_answers: replacesAnswers ? answers.map(toPostCallAnswerResponse) : null,
              replaced: [...(replacesAnalysis ? (["analysis"] as const) : []), ...(replacesAnswers ? (["post_call_answers"] as const) : [])],
              replaced_at: replacedAt,
              job_id: job.id,
            }
          : null;
      return {
        id: result.callId,
        analysis: jsonOrNull(result.analysis?.analysis),
        skipped: result.analysis?.skipped ?? null,
        history: JSON.stringify(entry ? [entry, ...history].slice(0, MAX_ANALYSIS_HISTORY) : history),
        categories: JSON.stringify(result.categories ?? []),
      };
    });
    if (rows.length) {
      const array = (values: (string | null)[]) => sql.param(values);
      await tx.execute(sql`
        update calls c set
          analysis = case when ${redoAnalysis} then v.analysis::jsonb else c.analysis end,
          analysis_skipped = case when ${redoAnalysis} then v.skipped else c.analysis_skipped end,
          analysis_history = v.history::jsonb,
          redacted_categories = (select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(c.redacted_categories || v.categories::jsonb)),
          updated_at = ${replacedAt}::timestamptz
        from unnest(${array(rows.map((row) => row.id))}::uuid[], ${array(rows.map((row) => row.analysis))}::text[],
          ${array(rows.map((row) => row.skipped))}::text[], ${array(rows.map((row) => row.history))}::text[],
          ${array(rows.map((row) => row.categories))}::text[]) as v(id, analysis, skipped, history, categories)
        where c.id = v.id`);
    }
    if (redoAnswers) {
      await tx.delete(callPostCallAnswers).where(inArray(callPostCallAnswers.callId, ids));
      const fresh = stored.flatMap((result) => result.answers ?? []);
      if (fresh.length) await tx.insert(callPostCallAnswers).values(fresh);
    }
    await finishJobCalls(tx, job.id, stored.map((result) => result.callId), "done");
    const gone = ids.filter((id) => !current.has(id));
    await finishJobCalls(tx, job.id, gone, "failed", "The call no longer exists");
    return stored.length;
  });
}
