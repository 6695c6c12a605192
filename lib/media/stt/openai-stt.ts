import { encodeWav } from "../audio/wav";
import { BatchRecognition, type Transcription } from "./batch-recognition";
import { providerError, type RecognitionStream, type SpeechToText } from "./speech-to-text";

export type OpenAiSttConfig = {
  provider: "openai" | "openai_compatible";
  /** Base URL ending in /v1 (or wherever the server mounts the OpenAI routes). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** BCP 47 tag; sent as its ISO 639-1 part, as the endpoint wants. */
  language?: string;
  /** Words the recognizer should expect, sent as the prompt. */
  vocabulary?: string[];
};

/** OpenAI's `POST /audio/transcriptions`, which OpenAI-compatible servers (Speaches, faster-whisper-server, whisper.cpp) answer too. */
export class OpenAiSpeechToText implements SpeechToText {
  readonly streaming = false;
  readonly sampleRate = 16000;

  constructor(private readonly config: OpenAiSttConfig) {}

  get provider(): string {
    return this.config.provider;
  }

  open(): RecognitionStream {
    return new BatchRecognition((pcm, signal) => this.transcribe(pcm, signal));
  }

  /**
   * Whisper models (OpenAI's whisper-1, and the Whisper servers that copy its API) give word times
   * with `verbose_json`; gpt-4o transcription models take only `json`.
   */
  private get wordTimes(): boolean {
    return /whisper/i.test(this.config.model);
  }

  async transcribe(pcm: Int16Array, signal?: AbortSignal): Promise<Transcription> {
    const form = new FormData();
    const wav = encodeWav({ sampleRate: this.sampleRate, channels: 1, samples: pcm });
    form.append("file", new Blob([wav], { type: "audio/wav" }), "speech.wav");
    form.append("model", this.config.model);
    if (this.wordTimes) {
      form.append("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "word");
    } else form.append("response_format", "json");
    const language = this.config.language?.split("-")[0];
    if (language) form.append("language", language.toLowerCase());
    if (this.config.vocabulary?.length) form.append("prompt", this.config.vocabulary.join(", "));
    const response = await fetch(`${this.config.baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: this.config.apiKey ? { Authorization: `Bearer ${this.config.apiKey}` } : {},
      body: form,
      signal,
    });
    if (!response.ok) throw await providerError(this.config.provider, "speech-to-text", response);
    const body = (await response.json()) as { text?: unknown; words?: { word?: unknown; start?: unknown; end?: unknown }[] };
    const text = typeof body.text === "string" ? body.text : "";
    const words = Array.isArray(body.words)
      ? body.words.flatMap((word) =>
          typeof word.word === "string" && typeof word.start === "number" && typeof word.end === "number" ? [{ word: word.word.trim(), start: word.start, end: word.end }] : [],
        )
      : null;
    return { text, words: words?.length ? words : null };
  }
}
