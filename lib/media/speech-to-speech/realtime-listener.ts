import { pcmToBytes } from "../audio/pcm";
import { Resampler } from "../audio/resampler";
import type { RecognitionStream, SpeechToText } from "../stt/speech-to-text";
import type { RealtimeConnection, RealtimeEvent } from "./realtime-connection";

// The caller's side of a speech-to-speech call: our VAD decides what is speech, and only the
// utterances go to the model, as audio (`input_audio_buffer.append`, committed when the turn ends:
// turn detection is ours, the session's `turn_detection` is null). Their words come later, from the
// API's transcription of each committed item.

const API_RATE = 24000;
/** Audio is appended in 40 ms pieces. */
const APPEND_SAMPLES = (API_RATE * 40) / 1000;
/** A transcription that never comes leaves the words empty, not the call waiting. */
const TRANSCRIPT_TIMEOUT_MS = 10_000;

type Committed = { itemId: Promise<string>; transcript: Promise<string> };

export class RealtimeListener implements SpeechToText {
  readonly provider = "openai_realtime";
  readonly streaming = false;
  readonly answersAudio = true;
  readonly sampleRate = 16000;

  constructor(private readonly connection: RealtimeConnection) {}

  open(): RecognitionStream {
    return new RealtimeRecognition(this.connection);
  }
}

class RealtimeRecognition implements RecognitionStream {
  private readonly resampler = new Resampler(16000, API_RATE);
  private buffered: Int16Array[] = [];
  private bufferedSamples = 0;
  /** Samples appended since the last commit. */
  private uncommitted = 0;
  /** Items committed for the current utterance (a peek commits what was said so far). */
  private utterance: Committed[] = [];
  /** Commits waiting for input_audio_buffer.committed, in order. */
  private readonly committing: ((itemId: string) => void)[] = [];
  private readonly transcripts = new Map<string, (text: string) => void>();
  private readonly early = new Map<string, string>();
  private readonly unsubscribe: () => void;

  constructor(private readonly connection: RealtimeConnection) {
    this.unsubscribe = connection.onEvent((event) => this.onEvent(event));
  }

  write(pcm: Int16Array): void {
    const samples = this.resampler.process(pcm);
    this.buffered.push(samples);
    this.bufferedSamples += samples.length;
    if (this.bufferedSamples >= APPEND_SAMPLES) this.append();
  }

  /** What was said so far: committed now, and transcribed (only needed while the agent speaks: "stop" or "uh-huh"?). */
  async peek(): Promise<string> {
    this.commit();
    return this.words(this.utterance);
  }

  /** Commits the turn's audio at once; resolves its words once transcribed. */
  finish(): Promise<string> {
    this.commit();
    const items = this.utterance;
    this.utterance = [];
    return this.words(items);
  }

  /** Not a turn (a backchannel): what is not committed is cleared, what a peek committed is deleted, so the model never answers it. */
  discard(): void {
    this.buffered = [];
    this.bufferedSamples = 0;
    if (this.uncommitted > 0) this.connection.send({ type: "input_audio_buffer.clear" });
    this.uncommitted = 0;
    for (const item of this.utterance) void item.itemId.then((id) => id && this.connection.send({ type: "conversation.item.delete", item_id: id }));
    this.utterance = [];
  }

  async close(): Promise<void> {
    this.unsubscribe();
    for (const resolve of this.transcripts.values()) resolve("");
    this.transcripts.clear();
  }

  private append(): void {
    if (this.bufferedSamples === 0) return;
    const samples = new Int16Array(this.bufferedSamples);
    let offset = 0;
    for (const part of this.buffered) {
      samples.set(part, offset);
      offset += part.length;
    }
    this.buffered = [];
    this.bufferedSamples = 0;
    this.uncommitted += samples.length;
    this.connection.send({ type: "input_audio_buffer.append", audio: Buffer.from(pcmToBytes(samples)).toString("base64") });
  }

  private commit(): void {
    this.append();
    if (this.uncommitted === 0) return;
    this.uncommitted = 0;
    let resolveId: (id: string) => void = () => undefined;
    const itemId = new Promise<string>((resolve) => (resolveId = resolve));
    this.committing.push(resolveId);
    const transcript = itemId.then(
      (id) =>
        new Promise<string>((resolve) => {
          if (!id) return resolve("");
          const early = this.early.get(id);
          if (early !== undefined) {
            this.early.delete(id);
            return resolve(early);
          }
          const timer = setTimeout(() => done(""), TRANSCRIPT_TIMEOUT_MS);
          const done = (text: string) => {
            clearTimeout(timer);
            this.transcripts.delete(id);
            resolve(text);
          };
          this.transcripts.set(id, done);
        }),
    );
    this.utterance.push({ itemId, transcript });
    this.connection.send({ type: "input_audio_buffer.commit" });
  }

  private async words(items: Committed[]): Promise<string> {
    const texts = await Promise.all(items.map((item) => item.transcript));
    return texts.map((text) => text.trim()).filter(Boolean).join(" ");
  }

  private onEvent(event: RealtimeEvent): void {
    if (event.type === "input_audio_buffer.committed") this.committing.shift()?.(event.item_id ?? "");
    else if (event.type === "conversation.item.input_audio_transcription.completed" || event.type === "conversation.item.input_audio_transcription.failed") {
      const text = event.type.endsWith("completed") ? (event.transcript ?? "") : "";
      const resolve = event.item_id ? this.transcripts.get(event.item_id) : undefined;
      if (resolve) resolve(text);
      else if (event.item_id) this.early.set(event.item_id, text);
    } else if (event.type === "error" && event.error?.code?.startsWith("input_audio_buffer_commit")) {
      this.committing.shift()?.(""); // a commit refused (too little audio): no item, no words
    } else if (event.type === "error" && event.error?.type === "connection") {
      for (const resolve of this.committing.splice(0)) resolve("");
    }
  }
}
