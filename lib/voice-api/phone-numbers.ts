import type { Envelope, VoiceApiClient } from "./client";

export type { PhoneNumber, PhoneNumberCreate, PhoneNumberUpdate, SipInboundMatch, SipTransport, SipTrunkInput } from "@/lib/schemas/phone-numbers";
import type { PhoneNumber, PhoneNumberCreate, PhoneNumberUpdate } from "@/lib/schemas/phone-numbers";

/** Page mode, as the API defaults for phone numbers: `current_page`, `total_pages`, `total_items`. */
export function listPhoneNumbers(api: VoiceApiClient, page: number, limit: number): Promise<Envelope<PhoneNumber[]>> {
  return api.requestEnvelope<PhoneNumber[]>("GET", "/phone-numbers", { query: { page, limit } });
}

export const createPhoneNumber = (api: VoiceApiClient, body: PhoneNumberCreate) => api.post<PhoneNumber>("/phone-numbers", body);

export const updatePhoneNumber = (api: VoiceApiClient, id: string, body: PhoneNumberUpdate) =>
  api.patch<PhoneNumber>(`/phone-numbers/${encodeURIComponent(id)}`, body);

export const deletePhoneNumber = (api: VoiceApiClient, id: string) => api.delete<null>(`/phone-numbers/${encodeURIComponent(id)}`);
