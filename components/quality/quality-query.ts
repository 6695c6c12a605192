import type { AgentVersionSummary } from "@/lib/voice-api/agents";
import { MAX_COMPARED_VERSIONS } from "@/lib/voice-api/analytics";
import type { DashboardQuery } from "@/components/dashboard/dashboard-query";

export type QualityAgent = { id: string; name: string; version: number };

/** The agent the page compares: the one in the URL, else the first with two versions or more, else the first. */
export function chooseAgent(agents: QualityAgent[], requested: string | undefined): QualityAgent | null {
  return agents.find((agent) => agent.id === requested) ?? agents.find((agent) => agent.version >= 2) ?? agents[0] ?? null;
}

/** The versions the URL names that the agent has (in the URL's order, at most 10), else its two newest. */
export function chooseVersions(available: AgentVersionSummary[], requested: string | undefined): number[] {
  const known = new Set(available.map((version) => version.version));
  const asked = (requested ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((version, index, all) => Number.isInteger(version) && known.has(version) && all.indexOf(version) === index)
    .slice(0, MAX_COMPARED_VERSIONS);
  if (asked.length >= 2) return asked;
  return available
    .map((version) => version.version)
    .sort((a, b) => b - a)
    .slice(0, 2)
    .reverse();
}

/**
 * The calls list filtered to the calls behind a figure: the agent's version in the range (the list's
 * `start_time_gt` is exclusive, so it starts a millisecond before the range), plus the figure's own filter.
 */
export function callsHref(range: { from: string; to: string }, agentId: string, version: number, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams({
    agent_id: agentId,
    agent_version: String(version),
    start_time_gt: new Date(new Date(range.from).getTime() - 1).toISOString(),
    start_time_lt: range.to,
    ...extra,
  });
  return `/calls?${search}`;
}

/** The page's own URL with some parameters changed (the range's and the time zone's kept). */
export function qualitySearch(query: DashboardQuery, changes: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  if (query.from) search.set("from", query.from);
  search.set("to", query.to);
  search.set("timezone", query.timezone);
  for (const [key, value] of Object.entries(changes)) {
    if (value) search.set(key, value);
    else search.delete(key);
  }
  return `?${search}`;
}
