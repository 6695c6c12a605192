import type { VoiceApiClient } from "./client";
import type { CarrierName as Carrier, CarrierNumber, CredentialCheck, TelephonyProvider, TelnyxCredentials, TwilioCredentials } from "@/lib/schemas/telephony";
import type { PhoneNumber } from "./phone-numbers";

export {
  carrierLabels as CARRIER_LABELS,
  carrierNames as CARRIERS,
  type CarrierName as Carrier,
  type CarrierNumber,
  type CredentialCheck,
  type TelephonyProvider,
  type TelnyxCredentials,
  type TwilioCredentials,
} from "@/lib/schemas/telephony";

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
