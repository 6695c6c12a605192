/**
 * When the dispatching process sends each recorded call to the carrier: in order, at least
 * `spacingMs` apart and never more than `perSecond` in any second (with a margin for the trip to the
 * carrier), so that the carrier sees the pacing the records have even when a step recorded a burst or
 * the process was slow to get to its dials.
 */
export class DialPacer {
  private readonly sent: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly spacingMs: number,
    private readonly marginMs = 100,
    /** Calls sent before this pacer took over (another tick, maybe another instance), oldest first. */
    earlier: number[] = [],
  ) {
    this.sent.push(...earlier.slice(-perSecond));
  }

  /** The time (ms, same clock as `now`) to send the next call at; it is counted as sent then. */
  next(now: number): number {
    let at = now;
    const last = this.sent.at(-1);
    if (last !== undefined) at = Math.max(at, last + this.spacingMs);
    if (this.sent.length >= this.perSecond) at = Math.max(at, this.sent[this.sent.length - this.perSecond] + 1000 + this.marginMs);
    this.sent.push(at);
    if (this.sent.length > this.perSecond) this.sent.shift();
    return at;
  }
}
