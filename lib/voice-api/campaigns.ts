import type { Envelope, VoiceApiClient } from "./client";
import type { AddContactsResult, Campaign, CampaignContact } from "@/lib/schemas/campaigns";
import type { Concurrency } from "@/lib/schemas/concurrency";
import type { AddDoNotCallResult, DoNotCallEntry } from "@/lib/schemas/do-not-call";

export type { AddContactsResult, Campaign, CampaignContact, CampaignProgress, CreateCampaignBody } from "@/lib/schemas/campaigns";
export type { Concurrency } from "@/lib/schemas/concurrency";
export type { DoNotCallEntry } from "@/lib/schemas/do-not-call";
export { campaignStatuses, contactStatuses, retryOutcomes, weekdays } from "@/lib/schemas/campaign-values";

export type CampaignAction = "start" | "pause" | "resume" | "cancel";

const id = (value: string) => encodeURIComponent(value);

export const listCampaigns = (api: VoiceApiClient, query: { status?: string; cursor?: string; limit?: number } = {}): Promise<Envelope<Campaign[]>> =>
  api.requestEnvelope<Campaign[]>("GET", "/campaigns", { query: { limit: 50, ...query } });
export const getCampaign = (api: VoiceApiClient, campaignId: string) => api.get<Campaign>(`/campaigns/${id(campaignId)}`);
export const createCampaign = (api: VoiceApiClient, body: unknown) => api.post<Campaign>("/campaigns", body);
export const changeCampaign = (api: VoiceApiClient, campaignId: string, action: CampaignAction) => api.post<Campaign>(`/campaigns/${id(campaignId)}/${action}`);
export const deleteCampaign = (api: VoiceApiClient, campaignId: string) => api.delete<null>(`/campaigns/${id(campaignId)}`);

/** A CSV upload with its column mapping (the API reads the columns through it). */
export function uploadContactsCsv(api: VoiceApiClient, campaignId: string, file: Blob, mapping: Record<string, string>, defaultCountry?: string) {
  const form = new FormData();
  form.set("file", file, "contacts.csv");
  form.set("column_mapping", JSON.stringify(mapping));
  if (defaultCountry) form.set("default_country", defaultCountry);
  return api.post<AddContactsResult>(`/campaigns/${id(campaignId)}/contacts`, form);
}

export const listContacts = (api: VoiceApiClient, campaignId: string, query: { status?: string; outcome?: string; cursor?: string; limit?: number } = {}) =>
  api.requestEnvelope<CampaignContact[]>("GET", `/campaigns/${id(campaignId)}/contacts`, { query: { limit: 100, ...query } });

export const getConcurrency = (api: VoiceApiClient) => api.get<Concurrency>("/concurrency");
export const updateConcurrency = (api: VoiceApiClient, body: { limit?: number; inbound_reserved?: number }) => api.patch<Concurrency>("/concurrency", body);

export const listDoNotCall = (api: VoiceApiClient, query: { cursor?: string; limit?: number } = {}) =>
  api.requestEnvelope<DoNotCallEntry[]>("GET", "/do-not-call", { query: { limit: 100, ...query } });
export const addDoNotCall = (api: VoiceApiClient, body: { phone_numbers: string[]; reason?: string }) => api.post<AddDoNotCallResult>("/do-not-call", body);
/**
 * The number without its "+" (the path stays plain for the studio's forwarding layer; the API reads it
 * as E.164), or the entry's id (an erased person's entry has no number).
 */
export const removeDoNotCall = (api: VoiceApiClient, phoneNumber: string) => api.delete<null>(`/do-not-call/${id(phoneNumber.replace(/^\+/, ""))}`);
