import type { VoiceApiClient } from "./client";
import type { PhoneNumber } from "./phone-numbers";

export const CARRIERS = ["twilio", "telnyx"] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = { twilio: "Twilio", telnyx: "Telnyx" };

/** GET /v1/telephony/providers/{carrier}: a carrier account as the organization sees it (never a secret). */
export type TelephonyProvider = {
  carrier: Carrier;
  configured: boolean;
  source: "organization" | "environment" | null;
  account_id: string | null;
  account_name: string | null;
  verified_at: string | null;
  verification_error: string | null;
  public_base_url: string | null;
  webhook_urls: { voice: string; status: string; media_stream: string } | null;
  problem: string | null;
  updated_at: string | null;
};

export type CredentialCheck = { ok: boolean; message: string | null; account_name: string | null; source: "organization" | "environment" };

export type CarrierNumber = { phone_number: string; carrier_number_id: string; name: string | null; voice_enabled: boolean; live: boolean; problem: string | null; phone_number_id: string | null };

export type TwilioCredentials = { account_sid: string; auth_token: string };
export type TelnyxCredentials = { api_key: string; public_key: string; connection_id: string };

export const listTelephonyProviders = (api: VoiceApiClient) => api.get<TelephonyProvider[]>("/telephony/providers");
export const connectTelephonyProvider = (api: VoiceApiClient, carrier: Carrier, credentials: TwilioCredentials | TelnyxCredentials) =>
  api.put<TelephonyProvider>(`/telephony/providers/${carrier}`, credentials);
export const disconnectTelephonyProvider = (api: VoiceApiClient, carrier: Carrier) => api.delete<null>(`/telephony/providers/${carrier}`);
export const testTelephonyProvider = (api: VoiceApiClient, carrier: Carrier) => api.post<CredentialCheck>(`/telephony/providers/${carrier}/test`);
export const listCarrierNumbers = (api: VoiceApiClient, carrier: Carrier) => api.get<CarrierNumber[]>(`/telephony/providers/${carrier}/numbers`);
export const importCarrierNumbers = (api: VoiceApiClient, carrier: Carrier, numbers?: string[]) =>
  api.post<PhoneNumber[]>(`/telephony/providers/${carrier}/numbers/import`, numbers ? { numbers } : {});

/** Whether any carrier can place calls now (pages say so instead of letting a call fail later). */
export const telephonyReady = (providers: TelephonyProvider[]) => providers.some((provider) => provider.configured && provider.problem === null);

/** Why no carrier can place calls for the organization, or null when one can (an unreachable API says nothing). */
export async function telephonyProblemOf(api: VoiceApiClient): Promise<string | null> {
  const providers = await listTelephonyProviders(api).catch(() => null);
  if (!providers || telephonyReady(providers)) return null;
  const configured = providers.find((provider) => provider.configured);
  return configured?.problem ?? "no Twilio or Telnyx account is connected, so phone calls cannot be placed or received.";
}
