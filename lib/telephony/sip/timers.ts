// RFC 3261's timer base values (§17.1.1.1; table 4) and a set of named timers for one state machine.

export type SipTimers = {
  /** RTT estimate: first retransmission interval (A, E, G) and, ×64, the transaction timeout (B, F, H, J, L, M). */
  t1: number;
  /** Maximum retransmission interval for non-INVITE requests and INVITE responses. */
  t2: number;
  /** Maximum time a message stays in the network (K, I). */
  t4: number;
};

export const defaultTimers: SipTimers = { t1: 500, t2: 4_000, t4: 5_000 };

export class TimerSet {
  private readonly handles = new Map<string, NodeJS.Timeout>();

  /** Runs `fn` once after `ms` (at once, on the next turn, when 0). Replaces a timer of the same name. */
  once(name: string, ms: number, fn: () => void): void {
    this.cancel(name);
    const handle = setTimeout(() => {
      this.handles.delete(name);
      fn();
    }, ms);
    handle.unref();
    this.handles.set(name, handle);
  }

  /** Runs `fn` after `initial`, then at doubling intervals capped at `cap` (timers A, E, G). */
  backoff(name: string, initial: number, cap: number, fn: () => void): void {
    const schedule = (interval: number) =>
      this.once(name, interval, () => {
        fn();
        schedule(Math.min(interval * 2, cap));
      });
    schedule(Math.min(initial, cap));
  }

  cancel(name: string): void {
    const handle = this.handles.get(name);
    if (handle) clearTimeout(handle);
    this.handles.delete(name);
  }

  clear(): void {
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
  }
}
