import { read, speechDefaults, type Env, type SpeechSettings } from "../speech-settings";
import { providerError } from "../stt/speech-to-text";
import { pcmChunks, type TextToSpeech } from "./text-to-speech";

export type AzureTtsConfig = {
  /** `https://{region}.tts.speech.microsoft.com`, or the configured endpoint. */
  baseUrl: string;
  key: string;
  voice: string;
  language: string;
  speed?: number;
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Azure Speech's REST synthesis: SSML in, `raw-24khz-16bit-mono-pcm` streamed out. */
export class AzureTextToSpeech implements TextToSpeech {
  readonly provider = "azure";
  readonly sampleRate = 24000;
  static readonly outputFormat = "raw-24khz-16bit-mono-pcm";

  constructor(private readonly config: AzureTtsConfig) {}

  ssml(text: string): string {
    const speed = this.config.speed ?? 1;
    const spoken = speed === 1 ? escapeXml(text) : `<prosody rate="${speed}">${escapeXml(text)}</prosody>`;
    return `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeXml(this.config.language)}"><voice name="${escapeXml(this.config.voice)}">${spoken}</voice></speak>`;
  }

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    const response = await fetch(`${this.config.baseUrl.replace(/\/$/, "")}/cognitiveservices/v1`, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": this.config.key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": AzureTextToSpeech.outputFormat,
        "User-Agent": "voice-agent-service",
      },
      body: this.ssml(text),
      signal,
    });
    if (!response.ok || !response.body) throw await providerError("azure", "text-to-speech", response);
    yield* pcmChunks(response.body);
  }
}

/** Azure voices are named like en-US-AvaMultilingualNeural; another name (OpenAI's default "alloy") gets the configured default. */
const AZURE_VOICE_NAME = /^[a-z]{2,3}-[A-Za-z]{2,4}(-[A-Za-z]+)*-\w+$/;

/** voice `azure`: Azure Speech with AZURE_SPEECH_KEY and its region or endpoint. */
export function azureVoice(settings: SpeechSettings, env: Env): TextToSpeech {
  const { name, speed } = settings.voice;
  return new AzureTextToSpeech({
    baseUrl: azureSpeechBase(env, "tts")!,
    key: read(env, "AZURE_SPEECH_KEY")!,
    voice: AZURE_VOICE_NAME.test(name) ? name : (read(env, "AZURE_SPEECH_VOICE") ?? speechDefaults.azureVoice),
    language: settings.language,
    speed,
  });
}

/** `https://{region}.{stt|tts}.speech.microsoft.com`, or the configured endpoint for both. */
export function azureSpeechBase(env: Env, service: "stt" | "tts"): string | undefined {
  const endpoint = read(env, "AZURE_SPEECH_ENDPOINT");
  if (endpoint) return endpoint;
  const region = read(env, "AZURE_SPEECH_REGION");
  return region ? `https://${region}.${service}.speech.microsoft.com` : undefined;
}
