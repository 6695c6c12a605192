import type { TelephonyProvider } from "@/lib/voice-api/telephony";
import { useEnvelope } from "./use-envelope";

export const telephonyProvidersKey = "/v1/telephony/providers";

/** The carriers and whether each can carry calls now (GET /v1/telephony/providers). */
export function useTelephonyProviders() {
  return useEnvelope<TelephonyProvider[]>(telephonyProvidersKey);
}
