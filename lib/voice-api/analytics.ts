import type { AnalyticsDashboard, AnalyticsQuality, AnalyticsQuery, AnalyticsUsage, AnalyticsVersions } from "@/lib/schemas/analytics";
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
  AnalyticsQuality,
  AnalyticsVersions,
  DashboardQuality,
} from "@/lib/schemas/analytics";
export type { QualityDay, QualityFigures, QualityVersion, VersionComparison } from "@/lib/schemas/analytics-quality";
export { MIN_CALLS_PER_VERSION, MAX_COMPARED_VERSIONS } from "@/lib/schemas/analytics-quality";

/** GET /v1/analytics/dashboard: every figure of the dashboard for one range, in one response. */
export function getAnalyticsDashboard(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsDashboard> {
  return client.get<AnalyticsDashboard>("/analytics/dashboard", { query });
}

/** GET /v1/analytics/usage: minutes, calls and cost per day and per agent, and peak concurrent calls. */
export function getAnalyticsUsage(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsUsage> {
  return client.get<AnalyticsUsage>("/analytics/usage", { query });
}

/** GET /v1/analytics/quality: success, sentiment, latency and call handling for the range, per day and per agent version. */
export function getAnalyticsQuality(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsQuality> {
  return client.get<AnalyticsQuality>("/analytics/quality", { query });
}

/** GET /v1/analytics/versions: versions of one agent side by side, with the two-proportion test of each pair. */
export function compareAgentVersions(
  client: VoiceApiClient,
  query: Omit<AnalyticsQuery, "agent_id"> & { agent_id: string; versions: number[] },
): Promise<AnalyticsVersions> {
  return client.get<AnalyticsVersions>("/analytics/versions", { query: { ...query, versions: query.versions.join(",") } });
}
