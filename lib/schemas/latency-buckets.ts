/**
 * The turn-latency histogram of the quality rollup (`call_quality_15m.latency_00` … `latency_62`):
 * fixed buckets `[min, max)` in milliseconds of a turn's first-audio latency. Resolution: 50 ms below
 * 1.5 s, 100 ms from 1.5 to 3 s, 250 ms from 3 to 5 s, 1 s from 5 to 10 s, 5 s from 10 to 30 s, then
 * one bucket (63 in all: each is a column summed by every query, so fewer is faster). Migration
 * 0020's `analytics_latency_bucket(ms)` computes the same index (a test holds them equal).
 */
const SPANS = [
  { until: 1_500, step: 50 },
  { until: 3_000, step: 100 },
  { until: 5_000, step: 250 },
  { until: 10_000, step: 1_000 },
  { until: 30_000, step: 5_000 },
] as const;

export type LatencyBucket = { index: number; min: number; max: number | null; column: string };

function buildBuckets(): LatencyBucket[] {
  const buckets: LatencyBucket[] = [];
  let min = 0;
  for (const span of SPANS) {
    for (; min < span.until; min += span.step) buckets.push({ index: buckets.length, min, max: min + span.step, column: "" });
  }
  buckets.push({ index: buckets.length, min, max: null, column: "" });
  return buckets.map((bucket) => ({ ...bucket, column: `latency_${String(bucket.index).padStart(2, "0")}` }));
}

export const LATENCY_BUCKETS: readonly LatencyBucket[] = buildBuckets();

/** The bucket a latency falls in (negative counts as 0). */
export function latencyBucketIndex(ms: number): number {
  const value = Math.max(0, Math.floor(ms));
  const found = LATENCY_BUCKETS.findIndex((bucket) => bucket.max === null || value < bucket.max);
  return found;
}

/** The resolution at a latency: how far above the reported figure the true one may be. */
export function latencyResolutionAt(ms: number): number | null {
  const bucket = LATENCY_BUCKETS[latencyBucketIndex(ms)];
  return bucket.max === null ? null : bucket.max - bucket.min;
}

/**
 * The `percent`th percentile (nearest rank: the smallest latency with at least that share of the
 * turns at or below it) of a histogram, reported as the lower bound of its bucket: the true figure is
 * within the bucket's resolution above it. Null without turns.
 */
export function histogramPercentile(counts: readonly number[], percent: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  // Integer arithmetic: 0.9 × 70 is 63.000000000000001 in floating point.
  const rank = Math.max(1, Math.ceil((percent * total) / 100));
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= rank) return LATENCY_BUCKETS[i].min;
  }
  return LATENCY_BUCKETS[counts.length - 1].min;
}
