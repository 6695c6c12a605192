import type { SpeechProviders, VoiceList } from "@/lib/voice-api/agents";
import { useEnvelope } from "./use-envelope";

export const voicesKey = (provider: string) => `/v1/voices?provider=${encodeURIComponent(provider)}`;
export const speechProvidersKey = "/v1/speech-providers";

/** A voice provider's voices (GET /v1/voices), for the voice picker. */
export function useVoices(provider: string | null) {
  const { data, error, isLoading } = useEnvelope<VoiceList>(provider && provider !== "browser" ? voicesKey(provider) : null, { revalidateOnFocus: false });
  return { list: data?.data ?? null, error, isLoading };
}

/** Which speech providers this server can use (GET /v1/speech-providers): marks on the pickers, Talk's voice check. */
export function useSpeechProviders() {
  const { data, error, isLoading } = useEnvelope<SpeechProviders>(speechProvidersKey, { revalidateOnFocus: false });
  return { providers: data?.data ?? null, error, isLoading };
}
