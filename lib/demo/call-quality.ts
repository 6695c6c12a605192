import "server-only";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import type { AnalysisSkipReason, CallAnalysis, CallSentiment, SuccessVerdict } from "@/lib/schemas/call-analysis";
import type { TurnLatency } from "@/lib/schemas/call-values";
import { analysisSkipReason } from "@/lib/services/analysis/call-analysis";
import { limitSentences } from "@/lib/services/analysis/analysis-prompt";
import type { Random } from "./random";

/** A version of a seeded agent: live from `publishedAt`, judged by its rubric, analysed with its model. */
export type SeedVersion = { version: number; publishedAt: number; rubric: SuccessRubric | null; model: string };

/** The version live when a call started: the newest published by then (the first one for calls before any). */
export function versionAt(versions: readonly SeedVersion[], start: number): { version: SeedVersion; index: number } {
  let index = 0;
  for (let i = 0; i < versions.length; i++) if (versions[i].publishedAt <= start) index = i;
  return { version: versions[index], index };
}

type Line = { role: "agent" | "user"; content: string };
type Outcome = "completed" | "agent_hangup" | "user_hangup" | "no_answer" | "error";

export type SeededQuality = {
  analysis: CallAnalysis | null;
  skipped: AnalysisSkipReason | null;
  turnLatency: TurnLatency[] | null;
  /** Agent lines the caller cut off. */
  interrupted: Set<number>;
};

const SUCCESS_BY_OUTCOME: Record<Outcome, number> = { completed: 0.78, agent_hangup: 0.6, user_hangup: 0.18, no_answer: 0, error: 0 };
const SENTIMENT: Record<SuccessVerdict, readonly (readonly [CallSentiment, number])[]> = {
  success: [["positive", 70], ["neutral", 25], ["negative", 5]],
  failure: [["positive", 8], ["neutral", 42], ["negative", 50]],
  unknown: [["positive", 20], ["neutral", 65], ["negative", 15]],
};
const REASONS: Record<SuccessVerdict, string> = {
  success: "The caller got what they called for and the agent confirmed it before the goodbye.",
  failure: "The call ended without the outcome the rubric asks for.",
  unknown: "The transcript does not show whether the goal was reached.",
};

/** A log-normal latency around `median` ms (spread σ), kept to what a voice pipeline produces. */
function latencyMs(random: Random, median: number, sigma = 0.32): number {
  const gaussian = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return Math.round(Math.min(9000, Math.max(280, median * Math.exp(sigma * gaussian))));
}

/**
 * Plausible quality data for a seeded call, as the analysis job and the media session would have
 * stored it: later versions of an agent do a little better (more successes, faster answers), so the
 * studio's version comparison has something to show. Skipped exactly where the real job skips.
 */
export function seededQuality(
  random: Random,
  input: { version: SeedVersion; versionIndex: number; outcome: Outcome; answeredAt: number | null; lines: Line[]; summary: string | null; endMs: number; voice: boolean },
): SeededQuality {
  const interrupted = new Set<number>();
  input.lines.forEach((line, index) => {
    if (line.role === "agent" && index > 0 && random.chance(0.05)) interrupted.add(index);
  });
  const transcript = input.lines.map((line) => ({ role: line.role, content: line.content, start_time: "" }));
  const skipped = analysisSkipReason({ answeredAt: input.answeredAt === null ? null : new Date(input.answeredAt), answerType: input.answeredAt === null ? null : "human", transcript });

  const callerTurns = input.lines.filter((line) => line.role === "user").length;
  const turnLatency: TurnLatency[] | null =
    input.voice && input.answeredAt !== null && callerTurns
      ? Array.from({ length: callerTurns }, (_, i) => {
          const firstAudio = random.chance(0.04) ? null : latencyMs(random, 980 * (1 - 0.09 * input.versionIndex));
          const endOfTurn = 600 + random.int(0, 250);
          return {
            turn: i + 1,
            speech_ended_at_ms: (i + 1) * 7000 + random.int(0, 3000),
            end_of_turn_ms: endOfTurn,
            transcript_ms: endOfTurn + random.int(60, 220),
            first_token_ms: firstAudio === null ? null : Math.max(endOfTurn + 150, firstAudio - random.int(250, 420)),
            first_sentence_ms: firstAudio === null ? null : firstAudio - random.int(120, 240),
            first_speech_byte_ms: firstAudio === null ? null : firstAudio - random.int(20, 90),
            first_audio_ms: firstAudio,
          };
        })
      : null;
  if (skipped) return { analysis: null, skipped, turnLatency, interrupted };

  const rubric = input.version.rubric;
  const chance = Math.min(0.96, SUCCESS_BY_OUTCOME[input.outcome] + 0.07 * input.versionIndex);
  let verdict: SuccessVerdict = random.chance(0.04) ? "unknown" : random.chance(chance) ? "success" : "failure";
  let score: number | null = null;
  let criteria: CallAnalysis["criteria"] = null;
  if (!rubric) verdict = "unknown";
  else if (rubric.type === "score" && verdict !== "unknown") score = verdict === "success" ? random.int(6, 10) : random.int(0, 5);
  else if (rubric.type === "checklist") {
    const allMet = verdict === "success";
    criteria = rubric.criteria.map((criterion) => ({ criterion, met: allMet || random.chance(0.55) }));
    if (!allMet && criteria.every((item) => item.met)) criteria[random.int(0, criteria.length - 1)].met = false;
    verdict = criteria.every((item) => item.met) ? "success" : "failure";
    score = Math.round((criteria.filter((item) => item.met).length / criteria.length) * 1000) / 100;
  }
  const analysis: CallAnalysis = {
    summary: limitSentences(input.summary ?? "The caller spoke with the agent."),
    sentiment: random.weighted(SENTIMENT[verdict]),
    success: { verdict, score, reason: rubric ? REASONS[verdict] : "This agent has no success rubric, so the call's success is not judged." },
    criteria,
    analyzed_at: new Date(input.endMs + random.int(4_000, 40_000)).toISOString(),
    model: input.version.model,
  };
  return { analysis, skipped: null, turnLatency, interrupted };
}
