import { Framer, samplesPerFrame } from "../audio/pcm";
import { Resampler } from "../audio/resampler";
import { DEFAULT_MS_PER_CHARACTER, heardText, type SpokenSentence } from "../heard-text";
import type { FramePool } from "../frame-pool";
import type { PacedFrame } from "../pacer";
import type { SpeechStream, TextToSpeech } from "../tts/text-to-speech";
import type { SpokenAudio } from "./conversation-port";

export type FrameTag = { speaker: AgentSpeaker; sentence: number };

/**
 * A sentence's synthesis starts only while at most this much speech waits to be played (100 frames:
 * 2 s): enough to ride out the provider's time to first byte, and the rest of a long answer waits
 * at the provider instead of in memory.
 */
export const SPEECH_LOOKAHEAD_FRAMES = 100;
/**
 * Within a sentence, reading pauses only past this (250 frames: 5 s), and goes on once the queue is
 * back down to SPEECH_LOOKAHEAD_FRAMES. A sentence (its own request) is read as it arrives: the body
 * of a paused response waits in its socket's and the HTTP client's buffers, and at a second or more
 * there it died in the old generation, which started a full collection about once a second
 * (docs/performance.md, run 7). The wide gap keeps pauses rare and long: reading a frame's worth per
 * frame played tripled the CPU a call costs (run 3).
 */
export const SPEECH_MAX_AHEAD_FRAMES = 250;

export type SpeakerDeps = {
  tts: TextToSpeech;
  outputRate: number;
  /** Where the frames come from: copies, so that no frame keeps a provider's chunk alive. */
  frames: FramePool;
  signal: AbortSignal;
  enqueue(frames: PacedFrame<FrameTag>[]): void;
  onFirstByte(): void;
  onError(error: unknown): void;
};

/**
 * Speaks one agent response: sentences are synthesized one after another as they come, each
 * one's audio resampled to the transport's rate and cut into 20 ms frames for the pacer as it
 * streams in. Tracks what was played of each sentence. On an input-streaming provider every
 * sentence is sent the moment it is written, on one stream for the whole response.
 */
export class AgentSpeaker {
  readonly sentences: SpokenSentence[] = [];
  private next = 0;
  private inputEnded = false;
  private running = false;
  private queuedFrames = 0;
  private readonly frameSamples: number;
  private stream: SpeechStream | null = null;
  /** Each sentence's audio when the provider streams input (sent at `say`, read in order). */
  private readonly streamed = new Map<number, AsyncIterable<Int16Array>>();
  /** Audio a speech-to-speech model spoke itself, by sentence index. */
  private readonly spoken = new Map<number, SpokenAudio>();
  private synthesisDone: () => void = () => undefined;
  /** Synthesis waiting for the pacer to play down to SPEECH_LOOKAHEAD_FRAMES. */
  private wakeSynthesis: (() => void) | null = null;
  readonly synthesized: Promise<void>;

  constructor(private readonly deps: SpeakerDeps) {
    this.frameSamples = samplesPerFrame(deps.outputRate);
    this.synthesized = new Promise((resolve) => (this.synthesisDone = resolve));
  }

  say(text: string): void {
    if (this.inputEnded) return;
    this.sentences.push({ text, totalSamples: 0, playedSamples: 0, complete: false });
    const { tts, signal } = this.deps;
    if (tts.stream && !signal.aborted) {
      this.stream ??= tts.stream(signal);
      this.streamed.set(this.sentences.length - 1, this.stream.say(text));
    }
    void this.run();
  }

  /** Audio the model spoke itself: played in turn like a sentence, its transcript as its text. */
  play(speech: SpokenAudio): void {
    if (this.inputEnded) return;
    this.spoken.set(this.sentences.length, speech);
    this.sentences.push({ text: speech.text(), totalSamples: 0, playedSamples: 0, complete: false });
    void this.run();
  }

  /** No more sentences will come. */
  endInput(): void {
    if (!this.inputEnded) this.stream?.end();
    this.inputEnded = true;
    void this.run();
  }

  /** Everything was synthesized and every frame played. */
  get finished(): boolean {
    return this.inputEnded && !this.running && this.next >= this.sentences.length && this.queuedFrames === 0;
  }

  get audible(): boolean {
    return this.queuedFrames > 0;
  }

  get startedPlaying(): boolean {
    return this.sentences.some((sentence) => sentence.playedSamples > 0);
  }

  /** A frame of this speaker went out; true when it was its sentence's first. */
  played(sentence: number): boolean {
    this.queuedFrames--;
    this.makeRoom();
    const spoken = this.sentences[sentence];
    const first = spoken.playedSamples === 0;
    spoken.playedSamples += this.frameSamples;
    const model = this.spoken.get(sentence);
    if (model) {
      model.playedMs = (spoken.playedSamples / this.deps.outputRate) * 1000;
      spoken.text = model.text();
    }
    return first;
  }

  /** Frames dropped by a clear. */
  dropped(count: number): void {
    this.queuedFrames -= count;
    this.makeRoom();
  }

  text(): string {
    return this.sentences.map((sentence) => sentence.text).join(" ");
  }

  /** What the caller heard of it so far. */
  heardText(): string {
    return heardText(this.sentences, (DEFAULT_MS_PER_CHARACTER * this.deps.outputRate) / 1000);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.next < this.sentences.length && !this.deps.signal.aborted) await this.synthesize(this.next++);
    } finally {
      this.running = false;
    }
    if (this.inputEnded && this.next >= this.sentences.length) this.synthesisDone();
    else if (this.deps.signal.aborted) this.synthesisDone();
  }

  private makeRoom(): void {
    if (this.queuedFrames > SPEECH_LOOKAHEAD_FRAMES || !this.wakeSynthesis) return;
    const wake = this.wakeSynthesis;
    this.wakeSynthesis = null;
    wake();
  }

  /** Past `limit` queued frames: resolves once the queue is down to SPEECH_LOOKAHEAD_FRAMES (or the response was cancelled). */
  private room(limit: number): Promise<void> | null {
    const { signal } = this.deps;
    if (this.queuedFrames <= limit || signal.aborted) return null;
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener("abort", wake);
        this.wakeSynthesis = null;
        resolve();
      };
      this.wakeSynthesis = wake;
      signal.addEventListener("abort", wake, { once: true });
    });
  }

  private async synthesize(index: number): Promise<void> {
    const sentence = this.sentences[index];
    const model = this.spoken.get(index);
    const resampler = new Resampler(model?.sampleRate ?? this.deps.tts.sampleRate, this.deps.outputRate);
    const framer = new Framer(this.frameSamples);
    const tag: FrameTag = { speaker: this, sentence: index };
    const enqueue = (frames: Int16Array[]) => {
      if (frames.length === 0 || this.deps.signal.aborted) return;
      sentence.totalSamples += frames.length * this.frameSamples;
      this.queuedFrames += frames.length;
      this.deps.enqueue(frames.map((pcm) => ({ pcm: this.deps.frames.copy(pcm), tag })));
    };
    let first = true;
    await this.room(SPEECH_LOOKAHEAD_FRAMES);
    try {
      const audio = model?.audio ?? this.streamed.get(index) ?? this.deps.tts.synthesize(sentence.text, this.deps.signal);
      for await (const chunk of audio) {
        if (this.deps.signal.aborted) break;
        if (first) {
          first = false;
          this.deps.onFirstByte();
        }
        enqueue(framer.push(resampler.process(chunk)));
        await this.room(SPEECH_MAX_AHEAD_FRAMES);
      }
      const last = framer.flush();
      if (last) enqueue([last]);
    } catch (error) {
      if (!this.deps.signal.aborted) this.deps.onError(error);
    }
    if (model) sentence.text = model.text();
    sentence.complete = true;
  }
}
