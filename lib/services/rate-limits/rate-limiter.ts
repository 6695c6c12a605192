import "server-only";
import type { Database } from "@/lib/db/client";
import { addToRateLimitWindows, deleteOlderWindows } from "./rate-limits";

export type RateLimitDecision = { limit: number; remaining: number; resetAt: Date; allowed: boolean };

const WINDOW_MS = 60_000;
/** How often an instance adds what it counted to Postgres and learns the other instances' counts. */
export const RATE_LIMIT_SYNC_MS = 250;
/** Within this share of the limit (at least one request), each request is counted in Postgres before it is answered. */
const EXACT_SHARE = 0.1;

/**
 * One bucket's current window as this instance knows it: the total in Postgres at the last sync,
 * what is on its way there, and what this instance admitted since.
 */
type Window = { start: number; synced: number; sending: number; pending: number; syncedAt: number };

const estimate = (window: Window) => window.synced + window.sending + window.pending;

/**
 * Fixed one-minute windows per bucket, counted in memory and reconciled through Postgres so that
 * every instance shares the limit. A window's first request on an instance, and every request
 * within the last 10 % of the limit, is counted in Postgres at once (one upsert); the others are
 * counted here and added to Postgres every RATE_LIMIT_SYNC_MS (which refreshes the view), and a
 * view older than two intervals is refreshed before it decides. So one instance is exact, and
 * several can overshoot only by what the others admitted in the last three intervals (750 ms;
 * see docs/decisions.md).
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly syncMs = RATE_LIMIT_SYNC_MS,
  ) {}

  async consume(bucket: string, limit: number, now: Date): Promise<RateLimitDecision> {
    const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
    const decide = (count: number, allowed = count <= limit): RateLimitDecision => ({
      limit,
      remaining: Math.max(0, limit - count),
      resetAt: new Date(start + WINDOW_MS),
      allowed,
    });
    let window = this.#windows.get(bucket);
    if (!window || window.start !== start) {
      window = { start, synced: 0, sending: 0, pending: 0, syncedAt: 0 };
      this.#windows.set(bucket, window);
      const count = await this.#sync(bucket, window, 1);
      if (count === 1) await deleteOlderWindows(this.db, bucket, new Date(start));
      return decide(count);
    }
    // A view older than two sync intervals (its bucket was idle, or the timer is off) is refreshed before it decides.
    if (performance.now() - window.syncedAt >= 2 * this.syncMs) await this.#sync(bucket, window, 0);
    const count = estimate(window);
    if (count >= limit) return decide(count + 1, false); // refused: nothing to count
    if (limit - count <= Math.max(1, Math.ceil(limit * EXACT_SHARE))) return decide(await this.#sync(bucket, window, 1));
    window.pending += 1;
    return decide(count + 1);
  }

  /** Adds `extra` and what is pending to the bucket's window in Postgres; returns the window's total there. */
  async #sync(bucket: string, window: Window, extra: number): Promise<number> {
    const count = extra + window.pending;
    window.sending += count;
    window.pending = 0;
    window.syncedAt = performance.now(); // requests meanwhile do not start syncs of their own
    try {
      const totals = await addToRateLimitWindows(this.db, [{ bucket, windowStart: new Date(window.start), count }]);
      const total = totals.get(bucket) ?? count;
      window.synced = Math.max(window.synced, total);
      return total;
    } catch (error) {
      window.pending += count - extra;
      throw error;
    } finally {
      window.sending -= count;
    }
  }

  /** Adds every bucket's pending count to Postgres in one statement, and forgets windows that are over. */
  async flush(now = Date.now()): Promise<void> {
    const current = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const due: [string, Window, number][] = [];
    for (const [bucket, window] of this.#windows) {
      if (window.pending > 0) {
        due.push([bucket, window, window.pending]);
        window.sending += window.pending;
        window.pending = 0;
      } else if (window.start < current) {
        this.#windows.delete(bucket);
      }
    }
    if (due.length === 0) return;
    try {
      const totals = await addToRateLimitWindows(
        this.db,
        due.map(([bucket, window, count]) => ({ bucket, windowStart: new Date(window.start), count })),
      );
      for (const [bucket, window] of due) {
        const total = totals.get(bucket);
        if (total !== undefined) window.synced = Math.max(window.synced, total);
        window.syncedAt = performance.now();
      }
    } catch (error) {
      for (const [, window, count] of due) window.pending += count;
      throw error;
    } finally {
      for (const [, window, count] of due) window.sending -= count;
    }
  }

  /** Syncs in the background too, so that counts of buckets that went quiet still reach the other instances. */
  start(): void {
    this.#timer ??= setInterval(() => {
      this.flush().catch((error) => console.error("rate limit sync failed:", error instanceof Error ? error.message : error));
    }, this.syncMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
