import { samplesPerFrame } from "./audio/pcm";
import type { InboundAudio } from "./transport";

export type JitterBufferOptions = {
  sampleRate: number;
  /** Audio held before playout starts and kept as a cushion (default 60 ms). */
  targetMs?: number;
  /** Above this the oldest audio is dropped to get back to the target (default 200 ms). */
  maxMs?: number;
};

export type PulledFrame = { pcm: Int16Array; /** True when the frame is fill for audio that never came. */ filled: boolean };

/**
 * Turns bursty, late or reordered caller audio into a steady stream of 20 ms frames: packets with
 * sequence numbers are put back in order, a packet still missing when its turn comes is filled
 * with silence (a late one is then dropped), and the depth is held near the target.
 */
export class JitterBuffer {
  private readonly frameSamples: number;
  private readonly targetSamples: number;
  private readonly maxSamples: number;
  private ready: Int16Array[] = [];
  private readySamples = 0;
  private readonly reorder = new Map<number, Int16Array>();
  private nextSequence: number | null = null;
  private typicalPacket: number;
  private playing = false;
  private head = 0; // samples already consumed from ready[0]
  /** One silent frame for every gap: pulled frames are read, never written, downstream. */
  private silence: Int16Array | null = null;
  stats = { frames: 0, filled: 0, late: 0, dropped: 0 };

  constructor(options: JitterBufferOptions) {
    this.frameSamples = samplesPerFrame(options.sampleRate);
    this.targetSamples = Math.round(((options.targetMs ?? 60) * options.sampleRate) / 1000);
    this.maxSamples = Math.round(((options.maxMs ?? 200) * options.sampleRate) / 1000);
    this.typicalPacket = this.frameSamples;
  }

  push({ pcm, sequence }: InboundAudio): void {
    if (pcm.length === 0) return;
    if (sequence === undefined) {
      this.append(pcm);
      return;
    }
    if (this.nextSequence === null) this.nextSequence = sequence;
    if (sequence < this.nextSequence) {
      this.stats.late++;
      return;
    }
    this.typicalPacket = pcm.length;
    this.reorder.set(sequence, pcm);
    this.drainInOrder();
    // Too much waits behind a hole: the missing packet is lost, not late.
    if (this.waitingSamples() > this.maxSamples) this.skipHole();
  }

  /** The next 20 ms frame; call once per frame period. */
  pull(): PulledFrame {
    this.stats.frames++;
    if (!this.playing) {
      if (this.readySamples + this.waitingSamples() < this.targetSamples) return this.fill();
      this.playing = true;
    }
    if (this.readySamples < this.frameSamples && this.reorder.size > 0) this.skipHole();
    if (this.readySamples < this.frameSamples) {
      this.playing = false; // an underrun: rebuild the cushion before playing on
      return this.fill();
    }
    if (this.readySamples > this.maxSamples) this.drop(this.readySamples - this.targetSamples);
    return { pcm: this.take(this.frameSamples), filled: false };
  }

  get bufferedMs(): number {
    return ((this.readySamples + this.waitingSamples()) / this.frameSamples) * 20;
  }

  private fill(): PulledFrame {
    this.stats.filled++;
    this.silence ??= new Int16Array(this.frameSamples);
    return { pcm: this.silence, filled: true };
  }

  private append(pcm: Int16Array): void {
    this.ready.push(pcm);
    this.readySamples += pcm.length;
    if (this.readySamples > this.maxSamples * 2) this.drop(this.readySamples - this.targetSamples);
  }

  private drainInOrder(): void {
    while (this.nextSequence !== null && this.reorder.has(this.nextSequence)) {
      this.append(this.reorder.get(this.nextSequence)!);
      this.reorder.delete(this.nextSequence);
      this.nextSequence++;
    }
  }

  private waitingSamples(): number {
    let total = 0;
    for (const pcm of this.reorder.values()) total += pcm.length;
    return total;
  }

  /** Gives up on the oldest missing packet: silence of a packet's length takes its place. */
  private skipHole(): void {
    if (this.nextSequence === null || this.reorder.size === 0) return;
    const oldest = Math.min(...this.reorder.keys());
    for (; this.nextSequence < oldest; this.nextSequence++) this.append(new Int16Array(this.typicalPacket));
    this.drainInOrder();
  }

  private drop(samples: number): void {
    this.stats.dropped += samples;
    this.take(samples);
  }

  private take(samples: number): Int16Array {
    // The usual case, a whole 20 ms packet: handed on as it is.
    if (this.head === 0 && this.ready[0]?.length === samples) {
      this.readySamples -= samples;
      return this.ready.shift()!;
    }
    const out = new Int16Array(samples);
    let filled = 0;
    while (filled < samples && this.ready.length > 0) {
      const first = this.ready[0];
      const available = first.length - this.head;
      const count = Math.min(available, samples - filled);
      out.set(first.subarray(this.head, this.head + count), filled);
      filled += count;
      this.head += count;
      if (this.head === first.length) {
        this.ready.shift();
        this.head = 0;
      }
    }
    this.readySamples -= filled;
    return out;
  }
}
