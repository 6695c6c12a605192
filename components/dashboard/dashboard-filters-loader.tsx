import type { VoiceApiClient } from "@/lib/voice-api/client";
import { DashboardFilters } from "./dashboard-filters";
import type { DashboardQuery } from "./dashboard-query";

/** The filter bar with the organization's agents; without them (an API failure) it still filters by range. */
export async function DashboardFiltersLoader({ api, query, timeZoneFromUrl }: { api: VoiceApiClient; query: DashboardQuery; timeZoneFromUrl: boolean }) {
  const agents = await api.get<{ id: string; name: string }[]>("/agents", { query: { limit: 1000 } }).catch(() => []);
  return (
    <DashboardFilters
      query={query}
      agents={agents.map((agent) => ({ id: agent.id, name: agent.name }))}
      timeZoneFromUrl={timeZoneFromUrl}
    />
  );
}
