import type { SpeechProviders } from "@/lib/voice-api/agents";

type Status = SpeechProviders["voices"][number] | SpeechProviders["transcribers"][number] | SpeechProviders["speech_to_speech"][number];

/** A provider select's options, each one this server cannot use marked with what it needs ("deepgram — needs DEEPGRAM_API_KEY"). */
export function markedOptions<T extends string>(providers: readonly T[], statuses: readonly Status[] | undefined): { value: T; label: string }[] {
  return providers.map((provider) => {
    const status = statuses?.find((candidate) => candidate.provider === provider);
    return { value: provider, label: status && !status.configured && status.message ? `${provider} — ${status.message}` : provider };
  });
}

/** A sentence under the select when the chosen provider cannot be used here, else the plain hint. */
export function providerHint(provider: string, statuses: readonly Status[] | undefined, hint: string): string {
  const status = statuses?.find((candidate) => candidate.provider === provider);
  if (!status || status.configured) return hint;
  return `Voice calls cannot use ${provider} on this server: it ${status.message ?? "is not configured"}. ${hint}`;
}
