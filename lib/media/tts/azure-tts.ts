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
