import { z } from "@hono/zod-openapi";

/** Below this many calls judged success or failure in either version, the difference is not tested. */
export const MIN_CALLS_PER_VERSION = 30;
/** The most versions one comparison may name. */
export const MAX_COMPARED_VERSIONS = 10;

const share = (description: string) => z.number().nullable().openapi({ description: `${description}, 0 to 1 (4 decimals); null when there is nothing to divide by.` });

export const QualityFiguresSchema = z
  .object({
    calls: z.number().int().openapi({ description: "Calls that started in the range (any status)." }),
    connected_calls: z.number().int().openapi({ description: "Calls answered (a person or a machine); the base of the per-call rates below." }),
    analyzed_calls: z.number().int().openapi({ description: "Calls with an `analysis`." }),
    verdicts: z
      .object({ success: z.number().int(), failure: z.number().int(), unknown: z.number().int() })
      .openapi({ description: "Analysed calls by `analysis.success.verdict`." }),
    success_rate: share("success / (success + failure): unknown verdicts are left out"),
    average_score: z.number().nullable().openapi({ description: "Average `analysis.success.score` of the calls that have one (2 decimals)." }),
    sentiment: z
      .object({ positive: share("Share of analysed calls"), neutral: share("Share of analysed calls"), negative: share("Share of analysed calls") })
      .openapi({ description: "Sentiment shares over analysed calls." }),
    sentiment_counts: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
    average_cost: z.number().nullable().openapi({ description: "USD per call that has a cost (6 decimals)." }),
    average_duration_seconds: z.number().nullable().openapi({ description: "Over answered calls with a duration (2 decimals)." }),
    turn_latency_p50_ms: z.number().int().nullable().openapi({
      description:
        "Median of the caller turns' first-audio latency (`turn_latency[].first_audio_ms`), nearest rank, from a histogram: the lower bound " +
        "of its bucket, so the true figure is less than one bucket above (50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Null without turns.",
    }),
    turn_latency_p90_ms: z.number().int().nullable().openapi({ description: "90th percentile, as `turn_latency_p50_ms`." }),
    latency_turns: z.number().int().openapi({ description: "Caller turns with a first-audio latency." }),
    interruptions_per_call: z.number().nullable().openapi({ description: "Agent turns the caller cut off (`interrupted` transcript entries) per connected call (2 decimals)." }),
    transfer_rate: share("Connected calls transferred (a transfer or redirect attempted)"),
    voicemail_rate: share("Connected calls a voicemail answered"),
  })
  .openapi("QualityFigures");
/** The quality figures of a set of calls: analysis outcomes, cost, duration, latency and call handling. */
export type QualityFigures = z.infer<typeof QualityFiguresSchema>;

export const QualityDaySchema = z
  .object({ date: z.string().openapi({ format: "date", description: "A calendar day in `timezone`." }) })
  .extend(QualityFiguresSchema.shape)
  .openapi("QualityDay");
export type QualityDay = z.infer<typeof QualityDaySchema>;

export const QualityVersionSchema = z
  .object({
    agent_id: z.uuid(),
    agent_name: z.string().nullable().openapi({ description: "Null for a deleted agent." }),
    agent_version: z.number().int().nullable().openapi({ description: "Null for calls that recorded no version." }),
  })
  .extend(QualityFiguresSchema.shape)
  .openapi("QualityVersion");
export type QualityVersion = z.infer<typeof QualityVersionSchema>;

export const significanceResults = ["significant", "not_significant", "not_enough_calls"] as const;

export const VersionComparisonSchema = z
  .object({
    version_a: z.number().int(),
    version_b: z.number().int(),
    calls_a: z.number().int().openapi({ description: "Calls of version a judged success or failure (the test's sample)." }),
    calls_b: z.number().int(),
    success_rate_a: z.number().nullable(),
    success_rate_b: z.number().nullable(),
    difference: z.number().nullable().openapi({ description: "success_rate_b − success_rate_a (4 decimals)." }),
    z: z.number().nullable().openapi({ description: "The two-proportion z statistic (pooled), 3 decimals; null with too few calls." }),
    p_value: z.number().nullable().openapi({ description: "Two-sided p-value, 4 decimals; null with too few calls." }),
    result: z.enum(significanceResults).openapi({
      description: `significant: p < 0.05; not_significant; not_enough_calls: either version has fewer than ${MIN_CALLS_PER_VERSION} calls judged success or failure.`,
    }),
    message: z.string().openapi({ description: "The result in words.", example: "not enough calls to tell: each version needs at least 30 calls judged success or failure (6 has 12, 7 has 41)" }),
  })
  .openapi("VersionComparison");
export type VersionComparison = z.infer<typeof VersionComparisonSchema>;

const versionList = z
  .string({ message: `Required: two or more version numbers separated by commas, such as 6,7` })
  .transform((value, ctx) => {
    const parts = value.split(",").map((part) => part.trim());
    const numbers = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
    if (numbers.some((number) => !Number.isSafeInteger(number) || number < 1)) {
      ctx.addIssue({ code: "custom", message: "Must be version numbers (integers of at least 1) separated by commas, such as 6,7" });
      return z.NEVER;
    }
    if (new Set(numbers).size !== numbers.length) {
      ctx.addIssue({ code: "custom", message: "Each version at most once" });
      return z.NEVER;
    }
    if (numbers.length < 2 || numbers.length > MAX_COMPARED_VERSIONS) {
      ctx.addIssue({ code: "custom", message: `Name 2 to ${MAX_COMPARED_VERSIONS} versions, such as 6,7` });
      return z.NEVER;
    }
    return numbers;
  })
  .openapi({ type: "string", description: `Two to ${MAX_COMPARED_VERSIONS} versions of the agent, comma-separated, in the order to show them.`, example: "6,7" });

export const VersionsQueryFields = {
  agent_id: z.uuid("Must be the UUID of an agent of your organization").openapi({ description: "The agent whose versions are compared (required)." }),
  versions: versionList,
};
