import { z } from "zod";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import { callSentiments, MAX_SUMMARY_SENTENCES, successVerdicts, type CallAnalysis } from "@/lib/schemas/call-analysis";
import type { TranscriptEntry } from "@/lib/schemas/call-values";

// The one structured request that analyses a call: the prompt, the output shape per rubric, and the
// model's answer turned into the stored analysis. Pure: no database, no network.

export const ANALYSIS_SYSTEM_PROMPT = [
  "You analyse one finished phone or web conversation between an AI voice agent and a caller, using only its transcript.",
  `Write a summary of what happened in at most ${MAX_SUMMARY_SENTENCES} short sentences, in the language of the conversation.`,
  "Judge the caller's sentiment: positive, neutral or negative, from how the caller spoke and how the call ended for them.",
  "When success criteria are given, judge the call only against them and give a short reason that points at what was said.",
  "If the transcript does not show whether a criterion was met, say so: a pass/fail or score verdict is then unknown, and a checklist criterion is not met.",
  "Never invent what the transcript does not support.",
].join(" ");

const MAX_REASON_LENGTH = 1000;
const MAX_SUMMARY_LENGTH = 1200;

/** What the model is asked to return for a rubric (the success part differs by rubric type; none without a rubric). */
export function analysisOutputSchema(rubric: SuccessRubric | null) {
  const base = { summary: z.string(), sentiment: z.enum(callSentiments) };
  if (!rubric) return z.object(base);
  switch (rubric.type) {
    case "pass_fail":
      return z.object({ ...base, success: z.object({ verdict: z.enum(successVerdicts), reason: z.string() }) });
    case "score":
      // Bounds are checked here, not in the schema: strict structured outputs do not take minimum/maximum everywhere.
      return z.object({ ...base, success: z.object({ verdict: z.enum(successVerdicts), score: z.number().nullable(), reason: z.string() }) });
    case "checklist": {
      const criteria = rubric.criteria as [string, ...string[]];
      return z.object({
        ...base,
        success: z.object({ checklist: z.array(z.object({ criterion: z.enum(criteria), met: z.boolean() })), reason: z.string() }),
      });
    }
  }
}

type ModelOutput = {
  summary: string;
  sentiment: CallAnalysis["sentiment"];
  success?: { verdict?: CallAnalysis["success"]["verdict"]; score?: number | null; checklist?: { criterion: string; met: boolean }[]; reason: string };
};

const rubricInstructions: Record<SuccessRubric["type"], string> = {
  pass_fail: "Decide whether the call succeeded against these criteria (success or failure; unknown only if the transcript cannot tell):",
  score: "Score the call from 0 (failed every criterion) to 10 (met every criterion fully), as a whole number, against these criteria, and decide whether it succeeded overall:",
  checklist: "For each criterion, decide whether the call met it (met true or false), naming each criterion exactly as written:",
};

/** The transcript as the model reads it: one line per turn, "Agent:" or "Caller:", interruptions marked. */
export function transcriptText(transcript: TranscriptEntry[]): string {
  return transcript
    .filter((entry) => entry.content.trim())
    .map((entry) => `${entry.role === "agent" ? "Agent" : "Caller"}: ${entry.content.trim()}${entry.interrupted ? " [cut off by the caller]" : ""}`)
    .join("\n");
}

export function analysisPrompt(transcript: TranscriptEntry[], rubric: SuccessRubric | null): string {
  const lines: string[] = [];
  if (rubric) {
    lines.push(rubricInstructions[rubric.type]);
    rubric.criteria.forEach((criterion, index) => lines.push(`${index + 1}. ${criterion}`));
    lines.push("");
  }
  lines.push("Transcript:", transcriptText(transcript));
  return lines.join("\n");
}

const ABBREVIATION = /\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|No|vs|e\.g|i\.e|approx)\.$/i;

/** At most `MAX_SUMMARY_SENTENCES` sentences (Unicode sentence boundaries), whatever the model wrote. */
export function limitSentences(text: string, max = MAX_SUMMARY_SENTENCES): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const sentences: string[] = [];
  let pending = "";
  for (const { segment } of new Intl.Segmenter("en", { granularity: "sentence" }).segment(clean)) {
    pending += segment;
    // ICU ends a sentence after "Dr." or "e.g."; a title or abbreviation keeps the next words in its sentence.
    if (ABBREVIATION.test(pending.trimEnd())) continue;
    sentences.push(pending);
    pending = "";
  }
  if (pending) sentences.push(pending);
  const limited = sentences.slice(0, max).join("").trim();
  return limited.length > MAX_SUMMARY_LENGTH ? `${limited.slice(0, MAX_SUMMARY_LENGTH - 1).trimEnd()}…` : limited;
}

const clip = (text: string) => (text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1).trimEnd()}…` : text.trim());
const round2 = (value: number) => Math.round(value * 100) / 100;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const NO_RUBRIC_REASON = "This agent has no success rubric, so the call's success is not judged.";

/**
 * The model's answer as the stored analysis. Pass/fail: the model's verdict, no score. Score: the
 * model's 0–10 (rounded, clamped) and verdict; an unknown verdict has no score. Checklist: each
 * criterion met or not (one the model left out is not met), the score is the share met × 10, and the
 * call succeeds when every criterion is met. No rubric: unknown.
 */
export function toCallAnalysis(output: ModelOutput, rubric: SuccessRubric | null, model: string, analyzedAt: Date): CallAnalysis {
  const common = { summary: limitSentences(output.summary), sentiment: output.sentiment, analyzed_at: analyzedAt.toISOString(), model };
  if (!rubric || !output.success) {
    return { ...common, success: { verdict: "unknown", score: null, reason: NO_RUBRIC_REASON }, criteria: null };
  }
  const reason = clip(output.success.reason ?? "");
  switch (rubric.type) {
    case "pass_fail":
      return { ...common, success: { verdict: output.success.verdict ?? "unknown", score: null, reason }, criteria: null };
    case "score": {
      const verdict = output.success.verdict ?? "unknown";
      const raw = output.success.score;
      const score = verdict === "unknown" || raw === null || raw === undefined || !Number.isFinite(raw) ? null : Math.min(10, Math.max(0, Math.round(raw)));
      return { ...common, success: { verdict: score === null ? "unknown" : verdict, score, reason }, criteria: null };
    }
    case "checklist": {
      const answers = output.success.checklist ?? [];
      const criteria = rubric.criteria.map((criterion) => ({ criterion, met: answers.some((item) => sameText(item.criterion, criterion) && item.met) }));
      const met = criteria.filter((item) => item.met).length;
      return {
        ...common,
        success: { verdict: met === criteria.length ? "success" : "failure", score: round2((met / criteria.length) * 10), reason },
        criteria,
      };
    }
  }
}
