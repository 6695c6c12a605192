import { read, speechDefaults, type Env, type SpeechSettings } from "../speech-settings";
import { providerError } from "../stt/speech-to-text";
import { pcmChunks, type TextToSpeech } from "./text-to-speech";

export type OpenAiTtsConfig = {
  provider: "openai" | "openai_compatible";
  baseUrl: string;
  apiKey?: string;
  model: string;
  voice: string;
  speed?: number;
  instructions?: string;
  /** `response_format: "pcm"` is 24 kHz on OpenAI and Kokoro-FastAPI; another server may differ. */
  sampleRate?: number;
};

/** OpenAI's `POST /audio/speech` with raw PCM out, streamed; Kokoro-FastAPI and Speaches answer the same. */
export class OpenAiTextToSpeech implements TextToSpeech {
  readonly sampleRate: number;

  constructor(private readonly config: OpenAiTtsConfig) {
    this.sampleRate = config.sampleRate ?? 24000;
  }

  get provider(): string {
    return this.config.provider;
  }

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    const body: Record<string, unknown> = { model: this.config.model, input: text, voice: this.config.voice, response_format: "pcm" };
    if (this.config.speed !== undefined && this.config.speed !== 1) body.speed = this.config.speed;
    if (this.config.instructions) body.instructions = this.config.instructions;
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.config.apiKey) headers.Authorization = `Bearer ${this.config.apiKey}`;
    const response = await fetch(`${this.config.baseUrl.replace(/\/$/, "")}/audio/speech`, { method: "POST", headers, body: JSON.stringify(body), signal });
    if (!response.ok || !response.body) throw await providerError(this.config.provider, "text-to-speech", response);
    yield* pcmChunks(response.body);
  }
}

/** voice `openai`: OpenAI's speech endpoint with OPENAI_API_KEY. */
export function openAiVoice(settings: SpeechSettings, env: Env): TextToSpeech {
  const { name, speed, instructions } = settings.voice;
  return new OpenAiTextToSpeech({
    provider: "openai",
    baseUrl: read(env, "OPENAI_BASE_URL") ?? speechDefaults.openaiBaseUrl,
    apiKey: read(env, "OPENAI_API_KEY"),
    model: read(env, "OPENAI_TTS_MODEL") ?? speechDefaults.openaiTtsModel,
    voice: name,
    speed,
    instructions,
  });
}

/** voice `openai_compatible`: Kokoro-FastAPI, Speaches and the like. */
export function compatibleVoice(settings: SpeechSettings, env: Env): TextToSpeech {
  const { name, speed, instructions } = settings.voice;
  return new OpenAiTextToSpeech({
    provider: "openai_compatible",
    baseUrl: (read(env, "OPENAI_COMPATIBLE_TTS_BASE_URL") ?? read(env, "OPENAI_COMPATIBLE_BASE_URL"))!,
    apiKey: read(env, "OPENAI_COMPATIBLE_API_KEY"),
    model: read(env, "OPENAI_COMPATIBLE_TTS_MODEL") ?? speechDefaults.compatibleTtsModel,
    voice: name,
    speed,
    instructions,
    sampleRate: Number(read(env, "OPENAI_COMPATIBLE_TTS_SAMPLE_RATE") ?? 24000),
  });
}
