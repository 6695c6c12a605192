import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getPostCallAnswerBreakdown } from "@/lib/services/analytics/analytics-answers";
import { resolveAnalyticsRange } from "@/lib/services/analytics/analytics-range";
import type { AnalyticsFilter } from "@/lib/services/analytics/analytics-source";
import { checkAgentFilter, getCallsPerDay, getCallTotals, getCostPerAgent, getDurationHistogram } from "@/lib/services/analytics/analytics";
import type { ServiceContext } from "@/lib/services/context";
import { serviceContext, type ApiEnv } from "../context";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import {
  AnalyticsQuerySchema,
  type AnalyticsQuery,
  type AnalyticsRangeFields,
  CallsPerDaySchema,
  CallTotalsSchema,
  CostPerAgentSchema,
  DashboardSchema,
  DurationHistogramSchema,
  PostCallAnswersSchema,
  QualitySchema,
  UsageSchema,
  VersionsQuerySchema,
  VersionsSchema,
} from "@/lib/schemas/analytics";
import { getUsage } from "@/lib/services/analytics/analytics-usage";
import { getDashboardQuality, getQuality, getVersionFigures } from "@/lib/services/analytics/analytics-quality";
import { compareVersions } from "@/lib/services/analytics/version-comparison";
import { qualityFigures } from "@/lib/services/analytics/quality-figures";

const tags = ["Analytics"];
const RANGE_NOTE =
  "Calls count in the range by their `start_time`. Range: `from`/`to` (dates or date-times), `timezone` (IANA, default UTC), " +
  "default the last 30 days including today, at most 366 days; optional `agent_id`. Figures are exact at any time " +
  "(kept in rollups updated in the same transaction as the calls).";

function analyticsRoute<T extends z.ZodType>(path: string, operationId: string, summary: string, description: string, schema: T, name: string) {
  return extension(
    createRoute({
      method: "get",
      path,
      operationId,
      tags,
      summary,
      description: `${description} ${RANGE_NOTE}`,
      request: { query: AnalyticsQuerySchema },
      responses: { 200: jsonContent(envelope(schema, name), summary), ...standardErrorResponses },
    }),
  );
}

const summaryRoute = analyticsRoute(
  "/analytics/summary",
  "getAnalyticsSummary",
  "Call totals",
  "Number of calls, total and average cost, total and average duration.",
  CallTotalsSchema,
  "AnalyticsSummaryResponse",
);
const daysRoute = analyticsRoute(
  "/analytics/calls-per-day",
  "getCallsPerDay",
  "Calls and cost per day",
  "One entry per calendar day of the range in `timezone`, zeros included.",
  CallsPerDaySchema,
  "AnalyticsCallsPerDayResponse",
);
const durationsRoute = analyticsRoute(
  "/analytics/duration-histogram",
  "getDurationHistogram",
  "Duration histogram",
  "Calls per duration bucket (< 30 s, 30–60 s, 1–2, 2–5, 5–10, 10–20, 20–30 min, ≥ 30 min).",
  DurationHistogramSchema,
  "AnalyticsDurationHistogramResponse",
);
const agentsRoute = analyticsRoute(
  "/analytics/agents",
  "getCostPerAgent",
  "Cost per agent",
  "Calls, cost and duration per agent, highest cost first.",
  CostPerAgentSchema,
  "AnalyticsCostPerAgentResponse",
);
const answersRoute = analyticsRoute(
  "/analytics/post-call-answers",
  "getPostCallAnswerBreakdown",
  "Post-call answer breakdown",
  "Per question: answered and unanswered counts, yes/no rates for boolean questions, counts per option for choice questions, " +
    "count and average for number questions.",
  PostCallAnswersSchema,
  "AnalyticsPostCallAnswersResponse",
);
const dashboardRoute = analyticsRoute(
  "/analytics/dashboard",
  "getDashboard",
  "Dashboard",
  "The five analytics above in one response, for one range (what the studio's dashboard shows), with `quality`: the range's " +
    "quality figures and each day's (as /v1/analytics/quality's `totals` and `days`).",
  DashboardSchema,
  "AnalyticsDashboardResponse",
);

const usageRoute = analyticsRoute(
  "/analytics/usage",
  "getUsage",
  "Usage",
  "Calls, connected minutes and cost per day and per agent, with the peak number of concurrent calls per day and over the range " +
    "(from the calls' start and end times; a call still going counts until now).",
  UsageSchema,
  "AnalyticsUsageResponse",
);

const QUALITY_NOTE =
  "Success rate: successes over calls judged success or failure (`analysis.success.verdict`; unknown left out). Sentiment shares over " +
  "analysed calls. Average cost over calls that cost something, average duration over answered calls. Turn latency: the caller turns' " +
  "first-audio latency (`turn_latency[].first_audio_ms`), p50 and p90 by nearest rank from a histogram of fixed buckets, reported as the " +
  "bucket's lower bound (resolution 50 ms below 1.5 s, 100 ms to 3 s, 250 ms to 5 s, 1 s to 10 s, 5 s to 30 s). Interruptions per call, transfer and " +
  "voicemail rates over connected (answered) calls. Exact from rollups kept per agent version and 15 minutes by database triggers.";

const qualityRoute = analyticsRoute(
  "/analytics/quality",
  "getQualityAnalytics",
  "Call quality per day and per agent version",
  `Calls analysed, success rate, average score, sentiment shares, average cost and duration, turn latency p50/p90, interruptions per call, ` +
    `transfer and voicemail rates: for the whole range, per day (zeros included) and per agent version. ${QUALITY_NOTE}`,
  QualitySchema,
  "AnalyticsQualityResponse",
);

const versionsRoute = extension(
  createRoute({
    method: "get",
    path: "/analytics/versions",
    operationId: "compareAgentVersions",
    tags,
    summary: "Compare agent versions side by side",
    description:
      "The quality figures of two or more versions of one agent (`agent_id`, `versions=6,7`) for the range, each with how many calls it " +
      "has, and for every pair whether the difference in success rate is larger than chance: a two-proportion z-test (pooled), significant " +
      "below p = 0.05; with fewer than 30 calls judged success or failure in either version the answer is `not_enough_calls`. " +
      `${QUALITY_NOTE} ${RANGE_NOTE}`,
    request: { query: VersionsQuerySchema },
    responses: { 200: jsonContent(envelope(VersionsSchema, "AnalyticsVersionsResponse"), "The versions side by side"), ...standardErrorResponses },
  }),
);

async function resolveFilter(c: Context<ApiEnv>, query: Pick<AnalyticsQuery, "from" | "to" | "timezone" | "agent_id">): Promise<{ ctx: ServiceContext; filter: AnalyticsFilter; range: AnalyticsRangeFields }> {
  const range = resolveAnalyticsRange(query, c.get("deps").now?.() ?? new Date());
  const ctx = serviceContext(c);
  await checkAgentFilter(ctx, query.agent_id);
  return {
    ctx,
    filter: { ...range, agentId: query.agent_id },
    range: { from: range.from.toISOString(), to: range.to.toISOString(), timezone: range.timezone, agent_id: query.agent_id ?? null },
  };
}

export function analyticsRoutes() {
  const router = createRouter();

  router.openapi(summaryRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, ...(await getCallTotals(ctx, filter)) }, { message: "Call totals retrieved" });
  });

  router.openapi(daysRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, days: await getCallsPerDay(ctx, filter) }, { message: "Calls per day retrieved" });
  });

  router.openapi(durationsRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, ...(await getDurationHistogram(ctx, filter)) }, { message: "Duration histogram retrieved" });
  });

  router.openapi(agentsRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, agents: await getCostPerAgent(ctx, filter) }, { message: "Cost per agent retrieved" });
  });

  router.openapi(answersRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, questions: await getPostCallAnswerBreakdown(ctx, filter) }, { message: "Post-call answers retrieved" });
  });

  router.openapi(usageRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    const usage = await getUsage(ctx, filter, c.get("deps").now?.() ?? new Date());
    return ok(c, { ...range, ...usage }, { message: "Usage retrieved" });
  });

  router.openapi(dashboardRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    const [summary, days, histogram, agents, questions, quality] = await Promise.all([
      getCallTotals(ctx, filter),
      getCallsPerDay(ctx, filter),
      getDurationHistogram(ctx, filter),
      getCostPerAgent(ctx, filter),
      getPostCallAnswerBreakdown(ctx, filter),
      getDashboardQuality(ctx, filter),
    ]);
    return ok(c, { ...range, summary, days, duration_histogram: histogram, agents, questions, quality }, { message: "Dashboard retrieved" });
  });

  router.openapi(qualityRoute, async (c) => {
    const { ctx, filter, range } = await resolveFilter(c, c.req.valid("query"));
    return ok(c, { ...range, ...(await getQuality(ctx, filter)) }, { message: "Quality retrieved" });
  });

  router.openapi(versionsRoute, async (c) => {
    const query = c.req.valid("query");
    const { ctx, filter, range } = await resolveFilter(c, query);
    const { agentName, versions } = await getVersionFigures(ctx, { ...filter, agentId: query.agent_id }, query.versions);
    const samples = versions.map(({ version, sums }) => ({ version, successes: sums.success, trials: sums.success + sums.failure }));
    const comparisons = samples.flatMap((a, i) => samples.slice(i + 1).map((b) => compareVersions(a, b)));
    return ok(
      c,
      {
        ...range,
        agent_id: query.agent_id,
        agent_name: agentName,
        versions: versions.map(({ version, sums }) => ({ agent_version: version, ...qualityFigures(sums) })),
        comparisons,
      },
      { message: "Versions compared" },
    );
  });

  return router;
}
