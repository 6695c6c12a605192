import { concatPcm } from "../audio/pcm";
import type { RecognitionStream, RecognizedWord } from "./speech-to-text";

/** One request's answer: the text, and its words' times when the provider gives them. */
export type Transcription = { text: string; words?: RecognizedWord[] | null };

/** Recognition for providers that transcribe a whole utterance per request. */
export class BatchRecognition implements RecognitionStream {
  private chunks: Int16Array[] = [];
  private closed = false;
  private words: RecognizedWord[] | null = null;

  constructor(private readonly transcribe: (pcm: Int16Array, signal?: AbortSignal) => Promise<string | Transcription>) {}

  write(pcm: Int16Array): void {
    if (!this.closed) this.chunks.push(pcm);
  }

  async peek(signal?: AbortSignal): Promise<string> {
    return (await this.run(concatPcm(this.chunks), signal)).text;
  }

  async finish(signal?: AbortSignal): Promise<string> {
    const audio = concatPcm(this.chunks);
    this.chunks = [];
    const result = await this.run(audio, signal);
    this.words = result.words ?? null;
    return result.text;
  }

  lastWords(): RecognizedWord[] | null {
    return this.words;
  }

  discard(): void {
    this.chunks = [];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.chunks = [];
  }

  private async run(audio: Int16Array, signal?: AbortSignal): Promise<Transcription> {
    if (audio.length === 0) return { text: "" };
    const result = await this.transcribe(audio, signal);
    return typeof result === "string" ? { text: result.trim() } : { text: result.text.trim(), words: result.words };
  }
}
