import type { voiceProviders, transcriberProviders } from "./document-schema";

// Which environment variables each speech provider needs on this server: one table, read by the
// media layer (before a voice call), by agent creation (the defaults that follow the server's keys)
// and by the studio (a provider marked "needs DEEPGRAM_API_KEY").

export type VoiceProviderName = (typeof voiceProviders)[number];
export type TranscriberProviderName = (typeof transcriberProviders)[number];
type Env = Record<string, string | undefined>;

const read = (env: Env, name: string) => env[name]?.trim() || undefined;

/** What a provider lacks: the variables to set (alternatives joined by " or "), and a hint. */
export type ProviderNeeds = { missing: string[]; hint: string };

const needs = (missing: (string | false)[], hint = ""): ProviderNeeds => ({ missing: missing.filter((name): name is string => Boolean(name)), hint });

function openai(env: Env): ProviderNeeds {
  return needs([!read(env, "OPENAI_API_KEY") && "OPENAI_API_KEY"], " (and OPENAI_BASE_URL for a proxy)");
}

function compatible(env: Env, service: "STT" | "TTS"): ProviderNeeds {
  const base = read(env, `OPENAI_COMPATIBLE_${service}_BASE_URL`) ?? read(env, "OPENAI_COMPATIBLE_BASE_URL");
  const what = service === "STT" ? "speech-to-text" : "text-to-speech";
  return needs([!base && "OPENAI_COMPATIBLE_BASE_URL"], ` (or OPENAI_COMPATIBLE_${service}_BASE_URL for a separate ${what} server; OPENAI_COMPATIBLE_API_KEY if it wants one)`);
}

function azure(env: Env): ProviderNeeds {
  const base = read(env, "AZURE_SPEECH_ENDPOINT") ?? read(env, "AZURE_SPEECH_REGION");
  return needs([!read(env, "AZURE_SPEECH_KEY") && "AZURE_SPEECH_KEY", !base && "AZURE_SPEECH_REGION"], " (AZURE_SPEECH_ENDPOINT instead of AZURE_SPEECH_REGION for a custom endpoint)");
}

const keyOnly = (name: string, hint = "") => (env: Env) => needs([!read(env, name) && name], hint);

const voiceNeeds: Partial<Record<VoiceProviderName, (env: Env) => ProviderNeeds>> = {
  openai,
  openai_compatible: (env) => compatible(env, "TTS"),
  azure,
  elevenlabs: keyOnly("ELEVENLABS_API_KEY", " (and ELEVENLABS_BASE_URL for another endpoint)"),
  cartesia: keyOnly("CARTESIA_API_KEY", " (and CARTESIA_BASE_URL for another endpoint)"),
  deepgram: keyOnly("DEEPGRAM_API_KEY", " (and DEEPGRAM_BASE_URL for another endpoint)"),
};

const transcriberNeeds: Partial<Record<TranscriberProviderName, (env: Env) => ProviderNeeds>> = {
  openai,
  openai_compatible: (env) => compatible(env, "STT"),
  azure,
  deepgram: keyOnly("DEEPGRAM_API_KEY", " (and DEEPGRAM_BASE_URL for another endpoint)"),
  deepgram_flux: keyOnly("DEEPGRAM_API_KEY", " (and DEEPGRAM_BASE_URL for another endpoint)"),
};

/** The voices that run on the server (browser does not), in the order of the API's enum. */
export const serverVoiceProviders = Object.keys(voiceNeeds) as VoiceProviderName[];
export const serverTranscriberProviders = Object.keys(transcriberNeeds) as TranscriberProviderName[];

/** What the voice provider lacks on this server; null when it never runs on a server (browser). */
export function voiceProviderNeeds(provider: string, env: Env): ProviderNeeds | null {
  return voiceNeeds[provider as VoiceProviderName]?.(env) ?? null;
}

export function transcriberProviderNeeds(provider: string, env: Env): ProviderNeeds | null {
  return transcriberNeeds[provider as TranscriberProviderName]?.(env) ?? null;
}

/** Each voice provider's default voice (what a new agent gets, and what a name of another provider falls back to). */
export const defaultVoiceNames: Record<VoiceProviderName, string> = {
  openai: "alloy",
  openai_compatible: "alloy",
  azure: "en-US-AvaMultilingualNeural",
  elevenlabs: "21m00Tcm4TlvDq8ikWAM",
  cartesia: "f786b574-daa5-4673-aa0c-cbe3e8534c02",
  deepgram: "aura-2-thalia-en",
  browser: "alloy",
};

/** The order in which a new agent's providers follow the server's keys (issue 23), then browser. */
const VOICE_ORDER: VoiceProviderName[] = ["openai", "deepgram", "elevenlabs", "cartesia", "azure"];
const TRANSCRIBER_ORDER: TranscriberProviderName[] = ["openai", "deepgram", "azure"];

export type ServerSpeechDefaults = { voice: { provider: VoiceProviderName; name: string }; transcriber: { provider: TranscriberProviderName } };

/** A new agent's speech providers: the first this server has keys for, else browser. */
export function serverSpeechDefaults(env: Env): ServerSpeechDefaults {
  const voice = VOICE_ORDER.find((provider) => voiceProviderNeeds(provider, env)?.missing.length === 0) ?? "browser";
  const transcriber = TRANSCRIBER_ORDER.find((provider) => transcriberProviderNeeds(provider, env)?.missing.length === 0) ?? "browser";
  return { voice: { provider: voice, name: defaultVoiceNames[voice] }, transcriber: { provider: transcriber } };
}
