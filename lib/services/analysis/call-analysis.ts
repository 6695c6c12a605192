import "server-only";
import { generateText, Output } from "ai";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { calls } from "@/lib/db/schema";
import { DEFAULT_LLM_MODEL, resolveLanguageModel } from "@/lib/llm/language-model";
import { MIN_CALLER_TURNS, type AnalysisSkipReason, type CallAnalysis } from "@/lib/schemas/call-analysis";
import type { CallAnswerType, TranscriptEntry } from "@/lib/schemas/call-values";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import { agentLlm, currentSuccessRubric, type AgentLlm } from "../post-call-questions/agent-llm";
import type { PostCallAnswerSettings } from "../post-call-questions/post-call-answers";
import type { PiiCategory } from "@/lib/redaction/pii-categories";
import { withCategories } from "../calls/call-redaction";
import { redactAnalysis } from "./analysis-redaction";
import { ANALYSIS_SYSTEM_PROMPT, analysisOutputSchema, analysisPrompt, toCallAnalysis } from "./analysis-prompt";

/** The analysis follows the post-call answers' rules: the same provider environment, POST_CALL_MODEL, timeout. */
export type AnalysisSettings = PostCallAnswerSettings;

export type CallForAnalysis = {
  id: string;
  agentId: string;
  agentVersion: number | null;
  answeredAt: Date | null;
  answerType: CallAnswerType | null;
  transcript: TranscriptEntry[];
};

export const callForAnalysisColumns = {
  id: calls.id,
  agentId: calls.agentId,
  agentVersion: calls.agentVersion,
  answeredAt: calls.answeredAt,
  answerType: calls.answerType,
  transcript: calls.transcript,
};

/** Caller turns with words in them. */
export const callerTurns = (transcript: TranscriptEntry[]) => transcript.filter((entry) => entry.role === "user" && entry.content.trim()).length;

/**
 * Why a call is not analysed, or null: a call that no human answered (never answered, or a voicemail
 * took it) has nothing to judge, and neither has one where the caller spoke fewer than two turns.
 */
export function analysisSkipReason(call: Pick<CallForAnalysis, "answeredAt" | "answerType" | "transcript">): AnalysisSkipReason | null {
  if (call.answeredAt === null || call.answerType === "voicemail") return "not_answered_by_human";
  if (callerTurns(call.transcript) < MIN_CALLER_TURNS) return "too_few_caller_turns";
  return null;
}

/** `categories`: the kinds of PII taken out of a redacting agent's analysis (added to the call's `redacted_categories`). */
export type AnalysisOutcome = { analysis: CallAnalysis; skipped: null; categories: PiiCategory[] } | { analysis: null; skipped: AnalysisSkipReason; categories: [] };

/**
 * The call's analysis, computed and not stored: one structured request at temperature 0 over the
 * transcript as stored (redacted when the agent redacts, and then what the model wrote is redacted too), judged against the agent's current success rubric, with POST_CALL_MODEL or
 * the model of the version that handled the call, through that version's provider. An LLM failure
 * throws (LlmNotConfiguredError when the provider has no key or endpoint).
 */
export async function computeCallAnalysis(
  db: Database,
  call: CallForAnalysis,
  settings: AnalysisSettings = {},
  now = () => new Date(),
  /** The version's model and the agent's rubric, when the caller already has them (a batch of one agent's calls). */
  known?: { llm: AgentLlm; rubric: SuccessRubric | null },
): Promise<AnalysisOutcome> {
  const skipped = analysisSkipReason(call);
  if (skipped) return { analysis: null, skipped, categories: [] };
  const [llm, rubric] = known ? [known.llm, known.rubric] : await Promise.all([agentLlm(db, call.agentId, call.agentVersion), currentSuccessRubric(db, call.agentId)]);
  const modelName = settings.defaultModel ?? llm.model ?? DEFAULT_LLM_MODEL;
  const model = resolveLanguageModel({ provider: llm.provider, model: modelName }, settings.env ?? process.env);
  const result = await generateText({
    model,
    system: ANALYSIS_SYSTEM_PROMPT,
    prompt: analysisPrompt(call.transcript, rubric),
    output: Output.object({ schema: analysisOutputSchema(rubric) }),
    temperature: 0,
    // The job itself is retried; one quick retry here covers a dropped connection.
    maxRetries: 1,
    abortSignal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
  });
  const analysis = toCallAnalysis(result.output, rubric, modelName, now());
  if (!llm.redacting) return { analysis, skipped: null, categories: [] };
  return { ...redactAnalysis(analysis), skipped: null };
}

export type FinishedCallAnalysis = "analyzed" | "skipped" | "already_done" | "not_found";

/**
 * The call-finished job's analysis: once per call. A call that already has an analysis or a reason
 * for none keeps it (a retried job asks nothing again; re-runs replace analyses, not this job), and
 * the write is conditional, so a concurrent second job stores nothing twice.
 */
export async function analyzeFinishedCall(db: Database, callId: string, settings: AnalysisSettings = {}): Promise<FinishedCallAnalysis> {
  const [row] = await db
    .select({ ...callForAnalysisColumns, analysis: calls.analysis, analysisSkipped: calls.analysisSkipped })
    .from(calls)
    .where(eq(calls.id, callId));
  if (!row) return "not_found";
  if (row.analysis || row.analysisSkipped) return "already_done";
  const outcome = await computeCallAnalysis(db, row, settings);
  await db
    .update(calls)
    .set({ analysis: outcome.analysis, analysisSkipped: outcome.skipped, redactedCategories: withCategories(outcome.categories), updatedAt: new Date() })
    .where(and(eq(calls.id, callId), isNull(calls.analysis), isNull(calls.analysisSkipped)));
  return outcome.analysis ? "analyzed" : "skipped";
}
