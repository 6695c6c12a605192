import { Framer, samplesPerFrame } from "../audio/pcm";
import { Resampler } from "../audio/resampler";
import type { SpokenSentence } from "../heard-text";
import type { PacedFrame } from "../pacer";
import type { SpeechStream, TextToSpeech } from "../tts/text-to-speech";
import type { SpokenAudio } from "./conversation-port";

export type FrameTag = { speaker: AgentSpeaker; sentence: number };

export type SpeakerDeps = {
  tts: TextToSpeech;
  outputRate: number;
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
  }

  text(): string {
    return this.sentences.map((sentence) => sentence.text).join(" ");
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

  private async synthesize(index: number): Promise<void> {
    const sentence = this.sentences[index];
    const model = this.spoken.get(index);
    const resampler = new Resampler(model?.sampleRate ?? this.deps.tts.sampleRate, this.deps.outputRate);
    const framer = new Framer(this.frameSamples);
    const enqueue = (frames: Int16Array[]) => {
      if (frames.length === 0 || this.deps.signal.aborted) return;
      sentence.totalSamples += frames.length * this.frameSamples;
      this.queuedFrames += frames.length;
      this.deps.enqueue(frames.map((pcm) => ({ pcm, tag: { speaker: this, sentence: index } })));
    };
    let first = true;
    try {
      const audio = model?.audio ?? this.streamed.get(index) ?? this.deps.tts.synthesize(sentence.text, this.deps.signal);
      for await (const chunk of audio) {
        if (this.deps.signal.aborted) break;
        if (first) {
          first = false;
          this.deps.onFirstByte();
        }
        enqueue(framer.push(resampler.process(chunk)));
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
