import { read, type Env, type SpeechSettings } from "../speech-settings";
import { azureSpeechBase } from "../tts/azure-tts";
import { encodeWav } from "../audio/wav";
import { BatchRecognition } from "./batch-recognition";
import { SpeechProviderError, providerError, type RecognitionStream, type SpeechToText } from "./speech-to-text";

export type AzureSttConfig = {
  /** `https://{region}.stt.speech.microsoft.com`, or the configured endpoint. */
  baseUrl: string;
  key: string;
  language: string;
};

type ShortAudioResult = { RecognitionStatus?: string; DisplayText?: string };

/**
 * Azure Speech's REST API for short audio: one WAV (16 kHz PCM) per utterance. It takes no phrase
 * list (only the Speech SDK's WebSocket protocol does), so custom_vocabulary is not sent.
 */
export class AzureSpeechToText implements SpeechToText {
  readonly provider = "azure";
  readonly streaming = false;
  readonly sampleRate = 16000;

  constructor(private readonly config: AzureSttConfig) {}

  open(): RecognitionStream {
    return new BatchRecognition((pcm, signal) => this.transcribe(pcm, signal));
  }

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<string> {
    const url = new URL(`${this.config.baseUrl.replace(/\/$/, "")}/speech/recognition/conversation/cognitiveservices/v1`);
    url.searchParams.set("language", this.config.language);
    url.searchParams.set("format", "simple");
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": this.config.key,
        "Content-Type": "audio/wav; codecs=audio/pcm; samplerate=16000",
        Accept: "application/json",
      },
      body: encodeWav({ sampleRate: 16000, channels: 1, samples: pcm }),
      signal,
    });
    if (!response.ok) throw await providerError("azure", "speech-to-text", response);
    const result = (await response.json()) as ShortAudioResult;
    if (result.RecognitionStatus === "Error") throw new SpeechProviderError("azure", "azure speech-to-text reported an error");
    // NoMatch, InitialSilenceTimeout and BabbleTimeout mean nothing recognizable was said.
    return result.RecognitionStatus === "Success" ? (result.DisplayText ?? "") : "";
  }
}

/** transcriber `azure`: Azure Speech's short-audio REST endpoint. */
export function azureTranscriber(settings: SpeechSettings, env: Env): SpeechToText {
  return new AzureSpeechToText({ baseUrl: azureSpeechBase(env, "stt")!, key: read(env, "AZURE_SPEECH_KEY")!, language: settings.language });
}
