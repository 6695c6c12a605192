import type { AnalyticsDashboard, AnalyticsQuery, AnalyticsUsage } from "@/lib/schemas/analytics";
import type { VoiceApiClient } from "./client";

export type {
  AgentTotals as AnalyticsAgent,
  AnalyticsDashboard,
  AnalyticsQuery,
  AnalyticsUsage,
  CallTotals as AnalyticsTotals,
  DayTotals as AnalyticsDay,
  DurationHistogram as AnalyticsDurationHistogram,
  QuestionBreakdown as AnalyticsQuestion,
  UsageDay,
} from "@/lib/schemas/analytics";

/** GET /v1/analytics/dashboard: every figure of the dashboard for one range, in one response. */
export function getAnalyticsDashboard(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsDashboard> {
  return client.get<AnalyticsDashboard>("/analytics/dashboard", { query });
}

/** GET /v1/analytics/usage: minutes, calls and cost per day and per agent, and peak concurrent calls. */
export function getAnalyticsUsage(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsUsage> {
  return client.get<AnalyticsUsage>("/analytics/usage", { query });
}
