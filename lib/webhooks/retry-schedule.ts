/** Delays before attempts 2 … 8 (Standard Webhooks' suggested schedule, as Svix runs it). */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** A receiver's Retry-After is followed, within these bounds. */
const RETRY_AFTER_BOUNDS_MS = { min: 1_000, max: 24 * 3_600_000 };

/** Retry-After in seconds or as an HTTP date, as a delay from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, RETRY_AFTER_BOUNDS_MS.min), RETRY_AFTER_BOUNDS_MS.max);
}

/**
 * When to try again after failed attempt `attempt` (1-based), or null when the schedule is spent.
 * Jitter spreads retries of many deliveries that failed together (±`jitter` of the delay).
 */
export function nextAttemptDelayMs(
  attempt: number,
  options: { schedule: readonly number[]; jitter: number; random: () => number; retryAfter: number | null },
): number | null {
  if (attempt > options.schedule.length) return null;
  if (options.retryAfter !== null) return options.retryAfter;
  const base = options.schedule[attempt - 1];
  return Math.round(base * (1 + options.jitter * (2 * options.random() - 1)));
}
