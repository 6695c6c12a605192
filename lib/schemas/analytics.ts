import { z } from "@hono/zod-openapi";
import { QualityDaySchema, QualityFiguresSchema, QualityVersionSchema, VersionComparisonSchema, VersionsQueryFields } from "./analytics-quality";

/** The span a dashboard shows when no `from` is given, in days of the time zone. */
export const DEFAULT_RANGE_DAYS = 30;
/** The widest range one request may ask for (a year, leap years included). */
export const MAX_RANGE_DAYS = 366;

export const AnalyticsQuerySchema = z.object({
  from: z.string().optional().openapi({
    description:
      `Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in \`timezone\`). ` +
      `Default: ${DEFAULT_RANGE_DAYS} days before \`to\`.`,
    example: "2026-03-01",
  }),
  to: z.string().optional().openapi({
    description:
      "End of the range: an ISO 8601 date-time with an offset (exclusive), or a date (that whole day is included). " +
      `Default: the end of today in \`timezone\`. At most ${MAX_RANGE_DAYS} days after \`from\`.`,
    example: "2026-03-31",
  }),
  timezone: z.string().optional().openapi({
    description: "IANA time zone that dates and days are counted in (default UTC).",
    example: "Europe/Berlin",
  }),
  agent_id: z.uuid("Must be the UUID of an agent of your organization").optional().openapi({
    description: "Only this agent's calls (an agent of your organization, or a deleted one whose calls remain).",
  }),
});
/** The range and filter of an analytics request; omitted parts take the API's defaults (last 30 days, UTC). */
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const RangeFields = {
  from: z.string().openapi({ format: "date-time", description: "Resolved start of the range (inclusive), UTC." }),
  to: z.string().openapi({ format: "date-time", description: "Resolved end of the range (exclusive), UTC." }),
  timezone: z.string().openapi({ example: "UTC" }),
  agent_id: z.uuid().nullable(),
};
/** The resolved range every analytics answer starts with. */
export type AnalyticsRangeFields = z.infer<z.ZodObject<typeof RangeFields>>;

const totalsFields = {
  calls: z.number().int().openapi({ description: "Calls that started in the range (any status)." }),
  total_cost: z.number().openapi({ description: "USD" }),
  average_cost: z.number().nullable().openapi({ description: "USD per call that has a cost; null when none has." }),
  total_duration_seconds: z.number().int(),
  average_duration_seconds: z
    .number()
    .nullable()
    .openapi({ description: "Over calls with a duration (answered and ended), rounded to 0.01 s; null when none has." }),
};

export const CallTotalsSchema = z.object({ ...RangeFields, ...totalsFields }).openapi("AnalyticsSummary");
const TotalsSchema = z.object(totalsFields);
/** Totals of a set of calls; averages are null when no call has a cost (or a duration). */
export type CallTotals = z.infer<typeof TotalsSchema>;

const DaySchema = z
  .object({
    date: z.string().openapi({ format: "date", description: "A calendar day in `timezone`." }),
    calls: z.number().int(),
    total_cost: z.number(),
    total_duration_seconds: z.number().int(),
  })
  .openapi("AnalyticsDay");
export type DayTotals = z.infer<typeof DaySchema>;
export const CallsPerDaySchema = z
  .object({ ...RangeFields, days: z.array(DaySchema).openapi({ description: "Every day of the range, oldest first; days without calls are zeros." }) })
  .openapi("AnalyticsCallsPerDay");

const DurationBucketSchema = z
  .object({
    min_seconds: z.number().int(),
    max_seconds: z.number().int().nullable().openapi({ description: "Exclusive; null for the last bucket." }),
    label: z.string().openapi({ example: "1–2 min" }),
    calls: z.number().int(),
  })
  .openapi("AnalyticsDurationBucket");
const HistogramSchema = z.object({ buckets: z.array(DurationBucketSchema), calls_without_duration: z.number().int() });
export type DurationHistogram = z.infer<typeof HistogramSchema>;
export const DurationHistogramSchema = z
  .object({
    ...RangeFields,
    buckets: z.array(DurationBucketSchema),
    calls_without_duration: z.number().int().openapi({ description: "Calls never answered or still going." }),
  })
  .openapi("AnalyticsDurationHistogram");

const AgentTotalsSchema = z
  .object({
    agent_id: z.uuid(),
    agent_name: z.string().nullable().openapi({ description: "Null for a deleted agent." }),
    ...totalsFields,
  })
  .openapi("AnalyticsAgent");
export type AgentTotals = z.infer<typeof AgentTotalsSchema>;
export const CostPerAgentSchema = z
  .object({ ...RangeFields, agents: z.array(AgentTotalsSchema).openapi({ description: "Agents with calls in the range, highest total cost first." }) })
  .openapi("AnalyticsCostPerAgent");

const QuestionBreakdownSchema = z
  .object({
    question_id: z.uuid(),
    name: z.string(),
    agent_id: z.uuid().openapi({ description: "The agent that asks the question (two agents may ask questions of the same name)." }),
    agent_name: z.string().nullable().openapi({ description: "Null once the agent is deleted." }),
    type: z.string().openapi({ description: "text, boolean, number, single_choice or multi_choice" }),
    answered: z.number().int().openapi({ description: "Answers with has_answer true." }),
    unanswered: z.number().int().openapi({ description: "Answers with has_answer false." }),
    boolean: z
      .object({ yes: z.number().int(), no: z.number().int(), yes_rate: z.number().nullable().openapi({ description: "yes / answered, 4 decimals" }) })
      .nullable()
      .openapi({ description: "Boolean questions only." }),
    number: z
      .object({ count: z.number().int(), total: z.number(), average: z.number().nullable() })
      .nullable()
      .openapi({ description: "Number questions only." }),
    options: z
      .array(
        z.object({
          option_id: z.string(),
          value: z.string(),
          count: z.number().int(),
          rate: z.number().nullable().openapi({ description: "count / answered, 4 decimals (multi-choice rates may sum past 1)" }),
        }),
      )
      .nullable()
      .openapi({ description: "Choice questions only: the current options (also those nobody chose), then removed ones that were chosen." }),
  })
  .openapi("AnalyticsQuestion");
/**
 * Post-call answers to one question in the range. `answered` counts answers with `has_answer` true,
 * `unanswered` the others; rates are over `answered`. Type-specific parts are null for other types.
 */
export type QuestionBreakdown = z.infer<typeof QuestionBreakdownSchema>;
export type OptionCount = NonNullable<QuestionBreakdown["options"]>[number];
export const PostCallAnswersSchema = z
  .object({ ...RangeFields, questions: z.array(QuestionBreakdownSchema) })
  .openapi("AnalyticsPostCallAnswers");

const DashboardQualitySchema = QualityFiguresSchema.extend({
  days: z.array(QualityDaySchema).openapi({ description: "Every day of the range, oldest first." }),
}).openapi("DashboardQuality", { description: "The range's quality figures (as /v1/analytics/quality's `totals`) and each day's." });
export type DashboardQuality = z.infer<typeof DashboardQualitySchema>;

export const DashboardSchema = z
  .object({
    ...RangeFields,
    summary: TotalsSchema,
    days: CallsPerDaySchema.shape.days,
    duration_histogram: HistogramSchema,
    agents: CostPerAgentSchema.shape.agents,
    questions: PostCallAnswersSchema.shape.questions,
    quality: DashboardQualitySchema,
  })
  .openapi("AnalyticsDashboard");

export const QualitySchema = z
  .object({
    ...RangeFields,
    totals: QualityFiguresSchema,
    days: z.array(QualityDaySchema).openapi({ description: "Every day of the range in `timezone`, oldest first; days without calls have zeros and nulls." }),
    versions: z.array(QualityVersionSchema).openapi({ description: "Each agent version with calls in the range, by agent name, then version." }),
  })
  .openapi("AnalyticsQuality");
export type AnalyticsQuality = z.infer<typeof QualitySchema>;

export const VersionsQuerySchema = AnalyticsQuerySchema.omit({ agent_id: true }).extend(VersionsQueryFields);
export type VersionsQuery = z.infer<typeof VersionsQuerySchema>;

export const VersionsSchema = z
  .object({
    ...RangeFields,
    agent_id: z.uuid(),
    agent_name: z.string().nullable().openapi({ description: "Null for a deleted agent." }),
    versions: z
      .array(QualityFiguresSchema.extend({ agent_version: z.number().int() }))
      .openapi({ description: "The versions asked for, in that order, each with its figures (zeros when it has no calls in the range)." }),
    comparisons: z.array(VersionComparisonSchema).openapi({
      description: "Every pair of the versions asked for (a before b, in the order given): is the difference in success rate larger than chance?",
    }),
  })
  .openapi("AnalyticsVersions");
export type AnalyticsVersions = z.infer<typeof VersionsSchema>;
export type AnalyticsDashboard = z.infer<typeof DashboardSchema>;

const UsageDaySchema = z
  .object({
    date: z.string().openapi({ example: "2026-03-01", description: "A calendar day in `timezone`." }),
    calls: z.number().int(),
    minutes: z.number().openapi({ description: "Connected minutes (answered calls' durations / 60, 2 decimals)." }),
    total_cost: z.number(),
    peak_concurrent_calls: z.number().int().openapi({ description: "The most calls live at one moment of the day (calls still going count until now)." }),
  })
  .openapi("UsageDay");
/** A day of usage: calls started, connected minutes, cost, and the most calls live at once. */
export type UsageDay = z.infer<typeof UsageDaySchema>;

export const UsageSchema = z
  .object({
    ...RangeFields,
    days: z.array(UsageDaySchema).openapi({ description: "Every day of the range, zeros included." }),
    agents: z
      .array(
        z.object({
          agent_id: z.uuid(),
          agent_name: z.string().nullable(),
          calls: z.number().int(),
          minutes: z.number(),
          total_cost: z.number(),
        }),
      )
      .openapi({ description: "Agents with calls in the range, highest cost first." }),
    totals: z.object({ calls: z.number().int(), minutes: z.number(), total_cost: z.number() }),
    peak_concurrent_calls: z.number().int().openapi({ description: "The most calls live at one moment in the range." }),
    peak_at: z.string().nullable().openapi({ format: "date-time", description: "When that peak was first reached; null without calls." }),
  })
  .openapi("AnalyticsUsage");
export type AnalyticsUsage = z.infer<typeof UsageSchema>;
/** Usage without its range: what the service computes. */
export type Usage = Omit<AnalyticsUsage, keyof AnalyticsRangeFields>;
