// The call's clock: monotonic milliseconds and timers at absolute times. Production uses the
// process's monotonic clock; tests inject a manual clock and move time themselves.

export type CancelTimer = () => void;

export interface MediaClock {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `callback` once at (or as soon as possible after) the absolute time `at`. */
  at(at: number, callback: () => void): CancelTimer;
}

export const realClock: MediaClock = {
  now: () => performance.now(),
  at(at, callback) {
    const timer = setTimeout(callback, Math.max(0, at - performance.now()));
    return () => clearTimeout(timer);
  },
};

let pacingObserver: ((latenessMs: number) => void) | null = null;

/**
 * Hears how late (ms) every real-time periodic tick of this process ran for its deadline (the media
 * ticks that pace calls' frames): lib/load counts it, and refuses new calls past LOAD_MAX_FRAME_LATENESS_MS.
 * Null stops it. Ticks on a test's manual clock are not heard.
 */
export function observePacing(observer: ((latenessMs: number) => void) | null): void {
  pacingObserver = observer;
}

/**
 * Calls `tick` every `periodMs` on absolute deadlines (start + n × period), so lateness never
 * accumulates. A deadline missed entirely is skipped rather than caught up in a burst; `tick`
 * gets the slot index and the deadline it stands for.
 */
export class PeriodicTimer {
  private cancel: CancelTimer | null = null;
  private slot = 0;
  private start = 0;
  private generation = 0;

  constructor(
    private readonly clock: MediaClock,
    private readonly periodMs: number,
    private readonly tick: (slot: number, deadline: number) => void,
  ) {}

  get running(): boolean {
    return this.cancel !== null;
  }

  /** Starts with a tick at `firstAt` (default now). */
  begin(firstAt = this.clock.now()): void {
    this.stop();
    this.start = firstAt;
    this.slot = 0;
    this.schedule();
  }

  stop(): void {
    this.generation++;
    this.cancel?.();
    this.cancel = null;
  }

  private schedule(): void {
    const generation = this.generation;
    const deadline = this.start + this.slot * this.periodMs;
    const arm = () => {
      this.cancel = this.clock.at(deadline, () => {
        if (generation !== this.generation) return;
        // Timers round to whole milliseconds and may fire a little early: never before the deadline.
        if (this.clock.now() < deadline) arm();
        else this.fire(generation);
      });
    };
    arm();
  }

  private fire(generation: number): void {
    if (pacingObserver && this.clock === realClock) pacingObserver(this.clock.now() - (this.start + this.slot * this.periodMs));
    const due = Math.max(this.slot, Math.floor((this.clock.now() - this.start) / this.periodMs));
    this.tick(due, this.start + due * this.periodMs);
    if (generation !== this.generation) return; // the tick stopped or restarted the timer
    this.slot = due + 1;
    this.schedule();
  }
}
