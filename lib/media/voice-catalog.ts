import { voiceProviderNeeds } from "@/lib/agents/speech-provider-keys";
import { KNOWN_VOICES } from "@/lib/agents/voices";
import type { VoiceEntry, VoiceList } from "@/lib/schemas/voices";
import { encodeWav } from "./audio/wav";
import { concatPcm } from "./audio/pcm";
import { createTextToSpeech, speechConfigurationProblems, SpeechNotConfiguredError } from "./speech-providers";
import { read, speechDefaults, type Env } from "./speech-settings";

// The voices a provider offers, from its own list where it has one (ElevenLabs GET /v1/voices,
// Cartesia GET /voices, Deepgram GET /v1/models), and a sentence said through one of them.

type ListProvider = VoiceList["provider"];
type Fetch = typeof fetch;

const known = (provider: string): VoiceEntry[] =>
  (KNOWN_VOICES[provider] ?? []).map((voice) => ({ id: voice.name, name: voice.label ?? voice.name, description: voice.description, language: null, gender: null }));

const httpBase = (url: string) => url.replace(/^ws/, "http").replace(/\/$/, "");

/** The provider's own list: its request and how to read its answer. */
const lists: Partial<Record<ListProvider, (env: Env) => { url: string; headers: Record<string, string>; read(body: unknown): VoiceEntry[] }>> = {
  // https://elevenlabs.io/docs/api-reference/voices/search
  elevenlabs: (env) => ({
    url: `${httpBase(read(env, "ELEVENLABS_BASE_URL") ?? speechDefaults.elevenLabsBaseUrl)}/v1/voices`,
    headers: { "xi-api-key": read(env, "ELEVENLABS_API_KEY") ?? "" },
    read: (body) =>
      ((body as { voices?: { voice_id: string; name?: string; description?: string | null; labels?: Record<string, string> }[] }).voices ?? []).map((voice) => ({
        id: voice.voice_id,
        name: voice.name ?? voice.voice_id,
        description: voice.description || [voice.labels?.description, voice.labels?.accent, voice.labels?.age].filter(Boolean).join(", "),
        language: voice.labels?.language ?? null,
        gender: voice.labels?.gender ?? null,
      })),
  }),
  // https://docs.cartesia.ai/api-reference/voices/list (a cursor page: the first 100)
  cartesia: (env) => ({
    url: `${httpBase(read(env, "CARTESIA_BASE_URL") ?? speechDefaults.cartesiaBaseUrl)}/voices?limit=100`,
    headers: { Authorization: `Bearer ${read(env, "CARTESIA_API_KEY") ?? ""}`, "Cartesia-Version": "2025-11-04" },
    read: (body) =>
      ((body as { data?: { id: string; name?: string; description?: string; language?: string; gender?: string | null }[] }).data ?? []).map((voice) => ({
        id: voice.id,
        name: voice.name ?? voice.id,
        description: voice.description ?? "",
        language: voice.language ?? null,
        gender: voice.gender ?? null,
      })),
  }),
  // https://developers.deepgram.com/reference/models/list-models: the Aura voices are its `tts` models
  deepgram: (env) => ({
    url: `${httpBase(read(env, "DEEPGRAM_BASE_URL") ?? speechDefaults.deepgramBaseUrl)}/v1/models`,
    headers: { Authorization: `Token ${read(env, "DEEPGRAM_API_KEY") ?? ""}` },
    read: (body) =>
      ((body as { tts?: { name?: string; canonical_name?: string; languages?: string[]; metadata?: { accent?: string; tags?: string[] } }[] }).tts ?? [])
        .filter((model) => model.canonical_name)
        .map((model) => ({
          id: model.canonical_name!,
          name: model.name ? model.name[0].toUpperCase() + model.name.slice(1) : model.canonical_name!,
          description: [...(model.metadata?.tags ?? []).slice(0, 3), model.metadata?.accent].filter(Boolean).join(", "),
          language: model.languages?.[0] ?? null,
          gender: model.metadata?.tags?.find((tag) => tag === "feminine" || tag === "masculine") ?? null,
        })),
  }),
};

/** GET /v1/voices: the provider's voices, from its own list when it has one and is configured, else this server's known list. */
export async function listVoices(provider: ListProvider, env: Env = process.env, fetchImpl: Fetch = fetch): Promise<VoiceList> {
  const needs = provider === "openai_realtime" ? { missing: read(env, "OPENAI_API_KEY") ? [] : ["OPENAI_API_KEY"], hint: "" } : voiceProviderNeeds(provider, env);
  const missing = needs?.missing ?? [];
  const configured = needs !== null && missing.length === 0;
  const fallback = (message: string | null): VoiceList => ({ provider, source: "known", configured, missing, voices: known(provider), message });
  const list = lists[provider];
  if (!configured) return fallback(needs === null ? `The ${provider} voice does not run on the server.` : `needs ${missing.join(" and ")}`);
  if (!list) return fallback(null);
  const request = list(env);
  try {
    const response = await fetchImpl(request.url, { headers: { ...request.headers, accept: "application/json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return fallback(`${provider} answered ${response.status} to its voice list; showing the voices this server knows.`);
    const voices = list(env).read(await response.json());
    return { provider, source: "provider", configured, missing, voices, message: null };
  } catch (error) {
    return fallback(`${provider}'s voice list could not be read (${(error as Error).name === "TimeoutError" ? "no answer within 5 s" : (error as Error).message}); showing the voices this server knows.`);
  }
}

export const PREVIEW_SENTENCE = "Hello! This is how I sound on a call. How can I help you today?";

/** POST /v1/voices/preview: a sentence through the voice, as a 24 kHz mono WAV. */
export async function previewVoice(
  request: { provider: ListProvider; voice: string; model?: string; text?: string; language?: string; speed?: number },
  env: Env = process.env,
): Promise<Uint8Array<ArrayBuffer>> {
  // A speech-to-speech agent's voice is OpenAI's: its preview is OpenAI's speech endpoint with that voice.
  const provider = request.provider === "openai_realtime" ? "openai" : request.provider;
  const settings = {
    language: request.language ?? "en-US",
    custom_vocabulary: [],
    voice: { provider, name: request.voice, model: request.model, speed: request.speed ?? 1, instructions: "" },
    transcriber: { provider: "openai" },
  };
  const problems = speechConfigurationProblems(settings, env).filter((problem) => problem.field === "voice.provider");
  if (problems.length) throw new SpeechNotConfiguredError(problems);
  const tts = createTextToSpeech(settings, env, { sampleRate: 24000 });
  try {
    const parts: Int16Array[] = [];
    const signal = AbortSignal.timeout(20_000);
    for await (const chunk of tts.synthesize(request.text ?? PREVIEW_SENTENCE, signal)) parts.push(chunk);
    const samples = concatPcm(parts);
    return encodeWav({ sampleRate: tts.sampleRate, channels: 1, samples });
  } finally {
    await tts.close?.();
  }
}
