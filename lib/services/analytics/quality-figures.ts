import { histogramPercentile, LATENCY_BUCKETS } from "@/lib/schemas/latency-buckets";
import type { QualityFigures } from "@/lib/schemas/analytics-quality";

/** The quality rollup's sums of a set of calls (any grouping): what every figure is computed from. */
export type QualitySums = {
  calls: number;
  connected: number;
  priced: number;
  costTotal: number;
  timed: number;
  durationTotal: number;
  analyzed: number;
  success: number;
  failure: number;
  unknown: number;
  scored: number;
  scoreTotal: number;
  positive: number;
  neutral: number;
  negative: number;
  interruptions: number;
  transferred: number;
  voicemail: number;
  latencyTurns: number;
  latency: number[];
};

/** The rollup's columns as `QualitySums` reads them (SQL name → field). */
export const SUM_COLUMNS = {
  calls: "calls",
  connected: "connected_calls",
  priced: "priced_calls",
  costTotal: "cost_total",
  timed: "timed_calls",
  durationTotal: "duration_total",
  analyzed: "analyzed_calls",
  success: "success_calls",
  failure: "failure_calls",
  unknown: "unknown_calls",
  scored: "scored_calls",
  scoreTotal: "score_total",
  positive: "positive_calls",
  neutral: "neutral_calls",
  negative: "negative_calls",
  interruptions: "interruptions",
  transferred: "transferred_calls",
  voicemail: "voicemail_calls",
  latencyTurns: "latency_turns",
} as const satisfies Record<Exclude<keyof QualitySums, "latency">, string>;

export function emptySums(): QualitySums {
  const sums = Object.fromEntries(Object.keys(SUM_COLUMNS).map((key) => [key, 0])) as Omit<QualitySums, "latency">;
  return { ...sums, latency: LATENCY_BUCKETS.map(() => 0) };
}

/** A row of summed rollup columns (as Postgres sends them: numerics and bigints as strings). */
export function sumsOfRow(row: Record<string, unknown>): QualitySums {
  const sums = emptySums();
  for (const [key, column] of Object.entries(SUM_COLUMNS)) (sums as Record<string, unknown>)[key] = Number(row[column] ?? 0);
  sums.latency = LATENCY_BUCKETS.map((bucket) => Number(row[bucket.column] ?? 0));
  return sums;
}

export function addSums(into: QualitySums, more: QualitySums): QualitySums {
  for (const key of Object.keys(SUM_COLUMNS) as (keyof typeof SUM_COLUMNS)[]) into[key] += more[key];
  for (let i = 0; i < into.latency.length; i++) into.latency[i] += more.latency[i];
  return into;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const ratio = (part: number, whole: number, places: number) => (whole > 0 ? round(part / whole, places) : null);

/**
 * The figures of a set of calls. Success rate: successes over calls judged success or failure
 * (unknown verdicts left out). Sentiment shares: over analysed calls. Average cost: over calls that
 * cost something; average duration: over answered calls with a duration. Interruptions per call,
 * transfer and voicemail rates: over connected (answered) calls. Latency: the turns' first-audio
 * latency, p50 and p90 by nearest rank, as the lower bound of their histogram bucket.
 */
export function qualityFigures(sums: QualitySums): QualityFigures {
  const decided = sums.success + sums.failure;
  return {
    calls: sums.calls,
    connected_calls: sums.connected,
    analyzed_calls: sums.analyzed,
    verdicts: { success: sums.success, failure: sums.failure, unknown: sums.unknown },
    success_rate: ratio(sums.success, decided, 4),
    average_score: ratio(sums.scoreTotal, sums.scored, 2),
    sentiment: {
      positive: ratio(sums.positive, sums.analyzed, 4),
      neutral: ratio(sums.neutral, sums.analyzed, 4),
      negative: ratio(sums.negative, sums.analyzed, 4),
    },
    sentiment_counts: { positive: sums.positive, neutral: sums.neutral, negative: sums.negative },
    average_cost: ratio(sums.costTotal, sums.priced, 6),
    average_duration_seconds: ratio(sums.durationTotal, sums.timed, 2),
    turn_latency_p50_ms: histogramPercentile(sums.latency, 50),
    turn_latency_p90_ms: histogramPercentile(sums.latency, 90),
    latency_turns: sums.latencyTurns,
    interruptions_per_call: ratio(sums.interruptions, sums.connected, 2),
    transfer_rate: ratio(sums.transferred, sums.connected, 4),
    voicemail_rate: ratio(sums.voicemail, sums.connected, 4),
  };
}
