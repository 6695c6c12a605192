import { MIN_CALLS_PER_VERSION, type VersionComparison } from "@/lib/schemas/analytics-quality";

/** The share of a version's calls judged success, out of those judged success or failure. */
export type VersionSample = { version: number; successes: number; trials: number };

const SIGNIFICANCE_LEVEL = 0.05;

/** erfc(x) for x ≥ 0 (Numerical Recipes' Chebyshev fit, relative error below 1.2e-7 everywhere). */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly =
    -x * x -
    1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|) = erfc(|z| / √2). */
export function twoSidedPValue(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The two-proportion z-test (pooled standard error) of b's success rate against a's. With fewer than
 * MIN_CALLS_PER_VERSION judged calls in either version it says there are not enough calls rather
 * than guess; identical all-success (or all-failure) samples differ by nothing (z 0, p 1).
 */
export function compareVersions(a: VersionSample, b: VersionSample): VersionComparison {
  const rate = (sample: VersionSample) => (sample.trials > 0 ? sample.successes / sample.trials : null);
  const rateA = rate(a);
  const rateB = rate(b);
  const base = {
    version_a: a.version,
    version_b: b.version,
    calls_a: a.trials,
    calls_b: b.trials,
    success_rate_a: rateA === null ? null : round(rateA, 4),
    success_rate_b: rateB === null ? null : round(rateB, 4),
    difference: rateA === null || rateB === null ? null : round(rateB - rateA, 4),
  };
  if (a.trials < MIN_CALLS_PER_VERSION || b.trials < MIN_CALLS_PER_VERSION) {
    return {
      ...base,
      z: null,
      p_value: null,
      result: "not_enough_calls",
      message:
        `not enough calls to tell: each version needs at least ${MIN_CALLS_PER_VERSION} calls judged success or failure ` +
        `(${a.version} has ${a.trials}, ${b.version} has ${b.trials})`,
    };
  }
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  const z = standardError === 0 ? 0 : (rateB! - rateA!) / standardError;
  const p = standardError === 0 ? 1 : twoSidedPValue(z);
  const significant = p < SIGNIFICANCE_LEVEL;
  const points = (Math.abs(rateB! - rateA!) * 100).toFixed(1);
  const direction = rateB! > rateA! ? "higher" : "lower";
  return {
    ...base,
    z: round(z, 3),
    p_value: round(p, 4),
    result: significant ? "significant" : "not_significant",
    message: significant
      ? `version ${b.version}'s success rate is ${points} points ${direction} than version ${a.version}'s, more than chance explains (p = ${p < 0.0001 ? "< 0.0001" : round(p, 4)})`
      : `the difference of ${points} points between versions ${a.version} and ${b.version} could be chance (p = ${round(p, 4)})`,
  };
}
