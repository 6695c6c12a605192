// A fixed-depth jitter buffer for 20 ms frames: packets are reordered by sequence number and played
// out one per tick; a missing frame with later ones waiting is reported lost (to be concealed), an
// empty buffer pauses playout until it holds `depth` frames again (talkspurts after silence, DTX).

import { sequenceDistance } from "./rtp-packet";

export type JitterFrame<T> = { kind: "audio"; payload: T } | { kind: "lost" } | { kind: "silence" };

export type JitterStats = { received: number; played: number; late: number; duplicates: number; lost: number; dropped: number; underruns: number };

const RESET_DISTANCE = 500; // a jump this large is a new stream, not reordering

export class JitterBuffer<T> {
  private readonly frames = new Map<number, T>();
  /** The last sequence number played or given up on; anything at or before it is late. */
  private lastPlayed: number | undefined;
  private playing = false;
  private resuming = false;
  private everPlayed = false;
  readonly stats: JitterStats = { received: 0, played: 0, late: 0, duplicates: 0, lost: 0, dropped: 0, underruns: 0 };

  constructor(
    /** Frames held before playout starts (each 20 ms of added latency). */
    readonly depth = 2,
    /** Beyond this many frames the oldest are dropped, so latency cannot grow without bound. */
    readonly maxDepth = 12,
  ) {}

  push(sequence: number, payload: T): void {
    this.stats.received++;
    const reference = this.lastPlayed ?? this.oldest();
    if (reference !== undefined && Math.abs(sequenceDistance(reference, sequence)) > RESET_DISTANCE) this.reset();
    if (this.lastPlayed !== undefined && sequenceDistance(this.lastPlayed, sequence) <= 0) {
      this.stats.late++;
      return;
    }
    if (this.frames.has(sequence)) {
      this.stats.duplicates++;
      return;
    }
    this.frames.set(sequence, payload);
    if (!this.playing && this.frames.size >= this.depth) {
      this.playing = true;
      this.resuming = true;
    }
    while (this.frames.size > this.maxDepth) {
      const oldest = this.oldest()!;
      this.frames.delete(oldest);
      this.lastPlayed = oldest;
      this.stats.dropped++;
    }
  }

  /** The frame for this 20 ms tick; null until the first playout starts. */
  pop(): JitterFrame<T> | null {
    if (!this.playing) return this.everPlayed ? { kind: "silence" } : null;
    this.everPlayed = true;
    if (this.resuming) {
      // after an underrun (silence, DTX, an outage) playout resumes at the oldest waiting frame
      this.resuming = false;
      const oldest = this.oldest();
      if (oldest !== undefined) this.lastPlayed = (oldest - 1) & 0xffff;
    }
    const next = this.lastPlayed === undefined ? this.oldest() : (this.lastPlayed + 1) & 0xffff;
    if (next === undefined || this.frames.size === 0) {
      this.playing = false; // underrun: wait for `depth` frames again
      this.stats.underruns++;
      return { kind: "silence" };
    }
    if (this.frames.has(next)) {
      const payload = this.frames.get(next)!;
      this.frames.delete(next);
      this.lastPlayed = next;
      this.stats.played++;
      return { kind: "audio", payload };
    }
    this.lastPlayed = next;
    this.stats.lost++;
    return { kind: "lost" };
  }

  private oldest(): number | undefined {
    let oldest: number | undefined;
    for (const sequence of this.frames.keys()) if (oldest === undefined || sequenceDistance(oldest, sequence) < 0) oldest = sequence;
    return oldest;
  }

  /** Forgets everything buffered (a new stream: another SSRC). */
  reset(): void {
    this.frames.clear();
    this.lastPlayed = undefined;
    this.playing = false;
  }
}
