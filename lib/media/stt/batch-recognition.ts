import { concatPcm } from "../audio/pcm";
import type { RecognitionStream } from "./speech-to-text";

/** Recognition for providers that transcribe a whole utterance per request. */
export class BatchRecognition implements RecognitionStream {
  private chunks: Int16Array[] = [];
  private closed = false;

  constructor(private readonly transcribe: (pcm: Int16Array, signal?: AbortSignal) => Promise<string>) {}

  write(pcm: Int16Array): void {
    if (!this.closed) this.chunks.push(pcm);
  }

  peek(signal?: AbortSignal): Promise<string> {
    return this.run(concatPcm(this.chunks), signal);
  }

  finish(signal?: AbortSignal): Promise<string> {
    const audio = concatPcm(this.chunks);
    this.chunks = [];
    return this.run(audio, signal);
  }

  discard(): void {
    this.chunks = [];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.chunks = [];
  }

  private async run(audio: Int16Array, signal?: AbortSignal): Promise<string> {
    if (audio.length === 0) return "";
    return (await this.transcribe(audio, signal)).trim();
  }
}
