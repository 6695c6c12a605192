import "server-only";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { runDueTimers } from "./call-host";
import { callsWithDueTimers } from "./runtime-calls";

const SWEEP_INTERVAL_MS = 2_000;

/**
 * Fires the timers of calls nobody is listening to (the browser tab was closed), so that presence
 * checks run out and max_call_duration ends them. Any number of worker processes may sweep: every
 * write is compare-and-set, so a timer fires once.
 */
export function startCallTimerSweep(db: Database, queue: JobQueue, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const deps = {
    db,
    queue,
    llm: () => {
      throw new Error("Timers never ask the model");
    },
    http: () => Promise.reject(new Error("Timers make no requests")),
  };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOnce(deps)
      .catch((error) => console.error("runtime timer sweep failed:", error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

export async function sweepOnce(deps: Parameters<typeof runDueTimers>[0], now = new Date()): Promise<number> {
  const due = await callsWithDueTimers(deps.db, now);
  for (const callId of due) await runDueTimers(deps, callId);
  return due.length;
}
