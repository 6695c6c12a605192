import { FRAME_MS } from "./audio/pcm";
import { PeriodicTimer, type MediaClock } from "./clock";

export type PacedFrame<T> = { pcm: Int16Array; tag: T };

/**
 * Sends queued 20 ms frames in real time: one per period on absolute deadlines (drift-free), never
 * two within one period. Idle when the queue is empty; the next frame then goes out at once (or
 * when the period after the last one ends), so no start-up wait is added. `clear` drops the queue
 * at once. `onPlayed` reports each frame as it goes out: that is what the caller hears.
 */
export class Pacer<T> {
  /** Frames from `head` on are waiting; the slots before it are emptied as their frames go out. */
  private queue: (PacedFrame<T> | undefined)[] = [];
  private head = 0;
  private lastSentAt = -Infinity;
  /** A send callback that enqueues (a sentence's end) must not send a second frame in the same period. */
  private sending = false;
  private readonly timer: PeriodicTimer;
  /** When set, each frame's departure jitter is recorded: |interval since the previous frame of the same run − 20 ms|. */
  jitter: number[] | null = null;
  private running = false;

  constructor(
    private readonly clock: MediaClock,
    private readonly send: (frame: PacedFrame<T>, at: number) => void,
  ) {
    this.timer = new PeriodicTimer(clock, FRAME_MS, () => this.tick());
  }

  get queuedFrames(): number {
    return this.queue.length - this.head;
  }

  get idle(): boolean {
    return !this.timer.running;
  }

  enqueue(frames: PacedFrame<T>[]): void {
    for (const frame of frames) this.queue.push(frame);
    if (this.timer.running || this.queuedFrames === 0) return;
    const now = this.clock.now();
    const due = Math.max(now, this.lastSentAt + FRAME_MS);
    if (due > now) return this.timer.begin(due);
    // Idle and due: the first frame goes out now rather than one timer hop later.
    this.tick();
    if (this.queuedFrames > 0 && !this.timer.running) this.timer.begin(now + FRAME_MS);
  }

  /** Drops everything not yet sent; returns the dropped frames. */
  clear(): PacedFrame<T>[] {
    const dropped = this.queue.slice(this.head) as PacedFrame<T>[];
    this.queue = [];
    this.head = 0;
    this.running = false;
    this.timer.stop();
    return dropped;
  }

  stop(): void {
    this.clear();
  }

  private tick(): void {
    if (this.head >= this.queue.length) {
      this.queue = [];
      this.head = 0;
      this.running = false;
      this.timer.stop();
      return;
    }
    if (this.sending) return;
    const frame = this.queue[this.head]!;
    // Released as it goes out, not at the next compaction: a frame is a view of a provider's chunk,
    // and 256 sent frames held that many chunks (~200 KB a call) after the caller had heard them.
    this.queue[this.head++] = undefined;
    if (this.head > 256) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    const now = this.clock.now();
    if (this.running) this.jitter?.push(Math.abs(now - this.lastSentAt - FRAME_MS));
    this.running = true;
    this.lastSentAt = now;
    this.sending = true;
    try {
      this.send(frame, now);
    } finally {
      this.sending = false;
    }
  }
}
