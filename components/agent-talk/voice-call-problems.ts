import type { SpeechProviders } from "@/lib/voice-api/agents";

/** The agent's speech settings Talk checks before a voice call. */
export type AgentSpeech = { voice: string; transcriber: string; llm: string };

/**
 * Why this server cannot make a voice call with the agent, one sentence per field (empty: it can).
 * Unknown until the providers are loaded: then nothing is claimed.
 */
export function voiceCallProblems(speech: AgentSpeech | undefined, providers: SpeechProviders | null): string[] {
  if (!speech || !providers) return [];
  const sentence = (field: string, provider: string, status: { configured: boolean; message: string | null } | undefined) =>
    status && !status.configured ? `${field} is ${provider}, which ${status.message ?? "is not configured on this server"}` : null;
  if (speech.llm === "openai_realtime") {
    return [sentence("llm.provider", "openai_realtime", providers.speech_to_speech.find((status) => status.provider === "openai_realtime"))].filter((line): line is string => line !== null);
  }
  return [
    sentence("transcriber.provider", speech.transcriber, providers.transcribers.find((status) => status.provider === speech.transcriber)),
    sentence("voice.provider", speech.voice, providers.voices.find((status) => status.provider === speech.voice)),
  ].filter((line): line is string => line !== null);
}
