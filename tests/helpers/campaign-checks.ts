/** The most intervals [start, end) that overlap at any instant (an open end counts as still running). */
export function maxOverlap(intervals: { start: number; end: number | null }[], now = Date.now()): number {
  const edges = intervals.flatMap((interval) => [
    { at: interval.start, delta: 1 },
    { at: interval.end ?? now + 1, delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let most = 0;
  for (const edge of edges) {
    current += edge.delta;
    most = Math.max(most, current);
  }
  return most;
}

/** The most of `times` (ms) inside any closed window [t, t + windowMs]. */
export function maxInWindow(times: number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] > windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds for its value, or fails after `timeoutMs` naming the last value. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await sleep(100);
    value = await read();
  }
  return value;
}
