import { concatPcm, samplesPerFrame, type SampleRate } from "@/lib/media/audio/pcm";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";

/**
 * An in-memory transport a test drives: queue caller audio with `say`, then `pump` one 20 ms
 * chunk per frame period (the background — silence or comfort noise — when nothing is queued).
 * Everything the session plays is kept with its time, so tests measure what the caller heard.
 */
export class FakeTransport implements MediaTransport {
  private audioListeners: ((audio: InboundAudio) => void)[] = [];
  private dtmfListeners: ((digit: string) => void)[] = [];
  private markListeners: ((name: string) => void)[] = [];
  private closeListeners: ((reason: TransportCloseReason) => void)[] = [];
  private queued: Int16Array[] = [];
  private backgroundOffset = 0;
  /** Frames played, with the clock time they were sent. */
  readonly played: { at: number; pcm: Int16Array }[] = [];
  readonly clears: number[] = [];
  readonly marks: string[] = [];
  hungUpAt: number | null = null;
  /** What the caller's line carries between utterances (default digital silence). */
  background: Int16Array | null = null;

  constructor(
    readonly inputSampleRate: SampleRate = 16000,
    readonly outputSampleRate: SampleRate = 24000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  onAudio(listener: (audio: InboundAudio) => void): void {
    this.audioListeners.push(listener);
  }
  onDtmf(listener: (digit: string) => void): void {
    this.dtmfListeners.push(listener);
  }
  onMark(listener: (name: string) => void): void {
    this.markListeners.push(listener);
  }
  onClose(listener: (reason: TransportCloseReason) => void): void {
    this.closeListeners.push(listener);
  }

  play(frame: Int16Array): void {
    if (frame.length !== samplesPerFrame(this.outputSampleRate)) throw new Error(`played a frame of ${frame.length} samples`);
    this.played.push({ at: this.now(), pcm: frame.slice() }); // the session reuses the frame once this returns
  }
  mark(name: string): void {
    this.marks.push(name);
    for (const listener of this.markListeners) listener(name);
  }
  clear(): void {
    this.clears.push(this.now());
  }
  hangup(): void {
    this.hungUpAt ??= this.now();
  }

  /** Queues caller audio (at the input rate). */
  say(pcm: Int16Array): void {
    this.queued.push(pcm);
  }

  get speaking(): boolean {
    return this.queued.length > 0;
  }

  /** Sends the next 20 ms of the caller's line. */
  pump(): void {
    const size = samplesPerFrame(this.inputSampleRate);
    let chunk: Int16Array;
    if (this.queued.length) {
      const all = concatPcm(this.queued);
      chunk = new Int16Array(size);
      chunk.set(all.subarray(0, size));
      this.queued = all.length > size ? [all.slice(size)] : [];
    } else if (this.background) {
      chunk = new Int16Array(size);
      for (let i = 0; i < size; i++) chunk[i] = this.background[(this.backgroundOffset + i) % this.background.length];
      this.backgroundOffset += size;
    } else chunk = new Int16Array(size);
    for (const listener of this.audioListeners) listener({ pcm: chunk });
  }

  pressDigit(digit: string): void {
    for (const listener of this.dtmfListeners) listener(digit);
  }

  callerHangsUp(): void {
    for (const listener of this.closeListeners) listener("caller_hangup");
  }

  /** Everything played, as one signal at the output rate, with silence where nothing was played. */
  heard(from: number, to: number): Int16Array {
    const frame = samplesPerFrame(this.outputSampleRate);
    const out = new Int16Array(Math.ceil((to - from) / 20) * frame);
    for (const { at, pcm } of this.played) {
      const slot = Math.round((at - from) / 20);
      if (slot >= 0 && (slot + 1) * frame <= out.length) out.set(pcm, slot * frame);
    }
    return out;
  }
}
