import type { MediaClock } from "@/lib/media/clock";

type Timer = { at: number; seq: number; callback: () => void };

/** A clock tests move by hand: timers run in time order, and pending promises settle between them. */
export class ManualClock implements MediaClock {
  private time: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start = 1000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  at(at: number, callback: () => void): () => void {
    const timer = { at: Math.max(at, this.time), seq: this.seq++, callback };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((candidate) => candidate !== timer);
    };
  }

  /** Moves time forward by `ms`, running every timer due on the way (and what they schedule). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
    }
    this.time = end;
    await settle();
  }
}

/** Lets promise chains and I/O callbacks that are already due run. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}
