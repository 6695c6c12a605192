import type { AgentDocument } from "@/lib/agents/normalize";
import { defaultVoiceNames, type VoiceProviderName } from "@/lib/agents/speech-provider-keys";

// What a speech provider is built from: the agent's settings, the server's environment, and the
// call's audio rate. Each provider's file turns these into its client; speech-providers.ts lists them.

export type Env = Record<string, string | undefined>;

export const read = (env: Env, name: string) => env[name]?.trim() || undefined;

export type SpeechSettings = Pick<AgentDocument, "language" | "custom_vocabulary"> & {
  voice: Pick<AgentDocument["voice"], "provider" | "name" | "speed" | "instructions"> & { model?: string };
  transcriber: { provider: string };
  /** End-of-turn timing (deepgram_flux maps it to its own thresholds). */
  end_of_turn?: Partial<AgentDocument["end_of_turn"]>;
};

/** The call's audio: input-streaming voices produce it at this rate (default 24000). */
export type SpeechOptions = { sampleRate?: number };

/** The agent's voice when it belongs to this provider, else the provider's default (a name of another provider means nothing here). */
export function voiceNameFor(provider: VoiceProviderName, name: string, fits: (name: string) => boolean): string {
  return fits(name) ? name : defaultVoiceNames[provider];
}

export const speechDefaults = {
  openaiSttModel: "gpt-4o-mini-transcribe",
  openaiTtsModel: "gpt-4o-mini-tts",
  compatibleSttModel: "whisper-1",
  compatibleTtsModel: "tts-1",
  openaiBaseUrl: "https://api.openai.com/v1",
  deepgramBaseUrl: "wss://api.deepgram.com",
  deepgramModel: "nova-3",
  deepgramFluxModel: "flux-general-en",
  azureVoice: "en-US-AvaMultilingualNeural",
  elevenLabsBaseUrl: "https://api.elevenlabs.io",
  elevenLabsModel: "eleven_flash_v2_5",
  cartesiaBaseUrl: "https://api.cartesia.ai",
  cartesiaModel: "sonic-3",
};
