import type { VoiceApiClient } from "./client";

/** The range and filter of an analytics request; omitted parts take the API's defaults (last 30 days, UTC). */
export type AnalyticsQuery = { from?: string; to?: string; timezone?: string; agent_id?: string };

type RangeFields = { from: string; to: string; timezone: string; agent_id: string | null };

export type AnalyticsTotals = {
  calls: number;
  total_cost: number;
  average_cost: number | null;
  total_duration_seconds: number;
  average_duration_seconds: number | null;
};
export type AnalyticsDay = { date: string; calls: number; total_cost: number; total_duration_seconds: number };
export type AnalyticsDurationBucket = { min_seconds: number; max_seconds: number | null; label: string; calls: number };
export type AnalyticsDurationHistogram = { buckets: AnalyticsDurationBucket[]; calls_without_duration: number };
export type AnalyticsAgent = AnalyticsTotals & { agent_id: string; agent_name: string | null };
export type AnalyticsQuestion = {
  question_id: string;
  name: string;
  agent_id: string;
  agent_name: string | null;
  type: string;
  answered: number;
  unanswered: number;
  boolean: { yes: number; no: number; yes_rate: number | null } | null;
  number: { count: number; total: number; average: number | null } | null;
  options: { option_id: string; value: string; count: number; rate: number | null }[] | null;
};

export type AnalyticsDashboard = RangeFields & {
  summary: AnalyticsTotals;
  days: AnalyticsDay[];
  duration_histogram: AnalyticsDurationHistogram;
  agents: AnalyticsAgent[];
  questions: AnalyticsQuestion[];
};

/** GET /v1/analytics/dashboard: every figure of the dashboard for one range, in one response. */
export function getAnalyticsDashboard(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsDashboard> {
  return client.get<AnalyticsDashboard>("/analytics/dashboard", { query });
}

export type UsageDay = { date: string; calls: number; minutes: number; total_cost: number; peak_concurrent_calls: number };
export type AnalyticsUsage = RangeFields & {
  days: UsageDay[];
  agents: { agent_id: string; agent_name: string | null; calls: number; minutes: number; total_cost: number }[];
  totals: { calls: number; minutes: number; total_cost: number };
  peak_concurrent_calls: number;
  peak_at: string | null;
};

/** GET /v1/analytics/usage: minutes, calls and cost per day and per agent, and peak concurrent calls. */
export function getAnalyticsUsage(client: VoiceApiClient, query: AnalyticsQuery = {}): Promise<AnalyticsUsage> {
  return client.get<AnalyticsUsage>("/analytics/usage", { query });
}
