import { describe, expect, it } from "vitest";
import { histogramPercentile, LATENCY_BUCKETS, latencyBucketIndex } from "@/lib/schemas/latency-buckets";
import { compareVersions, twoSidedPValue } from "@/lib/services/analytics/version-comparison";

describe("the turn-latency histogram", () => {
  it("has 63 contiguous buckets with the documented resolution", () => {
    expect(LATENCY_BUCKETS).toHaveLength(63);
    for (let i = 1; i < LATENCY_BUCKETS.length; i++) expect(LATENCY_BUCKETS[i].min).toBe(LATENCY_BUCKETS[i - 1].max);
    const width = (ms: number) => LATENCY_BUCKETS[latencyBucketIndex(ms)].max! - LATENCY_BUCKETS[latencyBucketIndex(ms)].min;
    expect([width(0), width(1499), width(1500), width(2999), width(3000), width(4999), width(5000), width(9999), width(10_000), width(29_999)]).toEqual([
      50, 50, 100, 100, 250, 250, 1000, 1000, 5000, 5000,
    ]);
    expect(LATENCY_BUCKETS[latencyBucketIndex(30_000)].max).toBeNull();
    expect(latencyBucketIndex(-5)).toBe(0);
  });

  it("gives nearest-rank percentiles as the lower bound of their bucket", () => {
    const counts = (values: number[]) => {
      const histogram = LATENCY_BUCKETS.map(() => 0);
      for (const value of values) histogram[latencyBucketIndex(value)]++;
      return histogram;
    };
    expect(histogramPercentile(counts([]), 50)).toBeNull();
    expect(histogramPercentile(counts([700]), 90)).toBe(700);
    // 10 values: p50 is the 5th, p90 the 9th.
    const ten = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000];
    expect(histogramPercentile(counts(ten), 50)).toBe(500);
    expect(histogramPercentile(counts(ten), 90)).toBe(900);
    // 70 values: the 63rd for p90 (0.9 × 70 is not exactly 63 in floating point).
    const seventy = Array.from({ length: 70 }, (_, i) => (i + 1) * 25);
    // The 63rd is 1,575 ms (the 1,500–1,600 ms bucket); the 64th, 1,600 ms, would be the next bucket.
    expect(histogramPercentile(counts(seventy), 90)).toBe(1500);
    expect(histogramPercentile(counts([1049, 1049, 1049]), 50)).toBe(1000);
  });
});

describe("the two-proportion test", () => {
  it("computes p-values of the normal distribution", () => {
    expect(twoSidedPValue(0)).toBeCloseTo(1, 6);
    expect(twoSidedPValue(1.959964)).toBeCloseTo(0.05, 5);
    expect(twoSidedPValue(-2.575829)).toBeCloseTo(0.01, 5);
    expect(twoSidedPValue(1)).toBeCloseTo(0.317311, 5);
    expect(twoSidedPValue(8)).toBeLessThan(1e-14);
  });

  it("needs 30 judged calls in each version, and finds no difference between identical extremes", () => {
    expect(compareVersions({ version: 1, successes: 29, trials: 29 }, { version: 2, successes: 0, trials: 100 })).toMatchObject({ result: "not_enough_calls", z: null });
    expect(compareVersions({ version: 1, successes: 30, trials: 30 }, { version: 2, successes: 40, trials: 40 })).toMatchObject({ result: "not_significant", z: 0, p_value: 1, difference: 0 });
    // 50/100 against 65/100: pooled 0.575, SE 0.069911, z = 2.146, p = 0.0319.
    expect(compareVersions({ version: 6, successes: 50, trials: 100 }, { version: 7, successes: 65, trials: 100 })).toMatchObject({
      difference: 0.15,
      z: 2.146,
      p_value: 0.0319,
      result: "significant",
      message: expect.stringContaining("version 7's success rate is 15.0 points higher than version 6's"),
    });
  });
});
