import type { Envelope, VoiceApiClient } from "./client";

export type SipTransport = "udp" | "tcp" | "tls";

export type PhoneNumber = {
  id: string;
  number: string;
  name: string | null;
  type: "pstn" | "sip";
  inbound_agent_id: string | null;
  redirect: boolean;
  redirect_phone_number: string | null;
  sip_trunk: {
    termination_uri: string;
    transport: SipTransport;
    auth_username: string | null;
    has_auth_password: boolean;
    inbound_match: SipInboundMatch;
    allowed_source_addresses: string[];
  } | null;
  /** `pstn` numbers: the carrier that carries their calls, and whether its calls reach us (last checked). */
  carrier?: "twilio" | "telnyx" | null;
  carrier_state?: { live: boolean; problem: string | null; carrier_number_id: string | null; checked_at: string } | null;
  created_at: string;
  updated_at: string;
};

export type PhoneNumberUpdate = {
  name?: string | null;
  inbound_agent_id?: string | null;
  redirect?: boolean | null;
  redirect_phone_number?: string | null;
};

export type SipInboundMatch = "request_uri" | "to";

export type SipTrunkInput = {
  termination_uri: string;
  transport: SipTransport;
  auth_username?: string | null;
  auth_password?: string | null;
  inbound_match?: SipInboundMatch;
  allowed_source_addresses?: string[];
};

export type PhoneNumberCreate = PhoneNumberUpdate & { number: string; type: "pstn" | "sip"; sip_trunk?: SipTrunkInput | null };

/** Page mode, as the API defaults for phone numbers: `current_page`, `total_pages`, `total_items`. */
export function listPhoneNumbers(api: VoiceApiClient, page: number, limit: number): Promise<Envelope<PhoneNumber[]>> {
  return api.requestEnvelope<PhoneNumber[]>("GET", "/phone-numbers", { query: { page, limit } });
}

export const createPhoneNumber = (api: VoiceApiClient, body: PhoneNumberCreate) => api.post<PhoneNumber>("/phone-numbers", body);

export const updatePhoneNumber = (api: VoiceApiClient, id: string, body: PhoneNumberUpdate) =>
  api.patch<PhoneNumber>(`/phone-numbers/${encodeURIComponent(id)}`, body);

export const deletePhoneNumber = (api: VoiceApiClient, id: string) => api.delete<null>(`/phone-numbers/${encodeURIComponent(id)}`);
