import type { JobName, JobQueue } from "@/lib/jobs/queue";
import type { Admission } from "@/lib/load/load-limits";

/** One line per this long at most: past capacity every dial job would say the same. */
const LOG_EVERY_MS = 10_000;

/**
 * Outbound dials wait while this process is past its capacity: the call stays `created`, and its
 * dial job is sent again to run after Retry-After (any process with capacity may take it). Returns
 * true when the dial was put off.
 */
export function dialWaitsForCapacity(queue: JobQueue, admission: (() => Admission) | undefined, log: (line: string) => void = console.warn) {
  let loggedAt = -Infinity;
  return async (job: JobName, callId: string): Promise<boolean> => {
    const admitted = admission?.();
    if (!admitted || admitted.accepting) return false;
    await queue.send(job, { callId }, { startAfter: new Date(Date.now() + admitted.retryAfterSeconds * 1000) });
    if (Date.now() - loggedAt >= LOG_EVERY_MS) {
      loggedAt = Date.now();
      log(`outbound dials wait: this server process is at capacity (${admitted.reason}); trying again in ${admitted.retryAfterSeconds} s`);
    }
    return true;
  };
}
