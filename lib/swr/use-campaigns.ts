import type { Campaign, CampaignContact } from "@/lib/voice-api/campaigns";
import type { Call } from "@/lib/schemas/calls";
import { useEnvelope } from "./use-envelope";

/** One campaign, refreshed every 2 s while it may change (live progress). */
export function useCampaign(id: string, fallback?: Campaign) {
  return useEnvelope<Campaign>(`/v1/campaigns/${encodeURIComponent(id)}`, {
    fallbackData: fallback ? { data: fallback, message: "", error: null, status: 200 } : undefined,
    refreshInterval: (latest) => (latest && ["completed", "cancelled", "draft"].includes(latest.data.status) ? 0 : 2000),
  });
}

/** A page of a campaign's contacts with the table's filters, refreshed while the campaign runs. */
export function useCampaignContacts(id: string, query: string, live: boolean) {
  return useEnvelope<CampaignContact[]>(`/v1/campaigns/${encodeURIComponent(id)}/contacts?${query}`, { keepPreviousData: true, refreshInterval: live ? 3000 : 0 });
}

/** The campaign's most recent calls (up to 1000), for the chart of calls over time by outcome. */
export function useCampaignCalls(id: string, live: boolean) {
  return useEnvelope<Call[]>(`/v1/calls?campaign_id=${encodeURIComponent(id)}&limit=1000`, { refreshInterval: live ? 5000 : 0 });
}
