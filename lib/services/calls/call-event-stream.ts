import "server-only";
import type { RecordedEvent } from "@/lib/runtime/types";
import { callChanges } from "./call-changes";
import { runDueTimers, type RuntimeHostDependencies } from "./call-host";
import { recordedEventsAfter } from "./runtime-calls";

export type CallEventStreamOptions = {
  /** Replay from after this sequence number (0: from the start). */
  after: number;
  /**
   * Also read the database this often without being told (tests whose clock jumps). Default: only
   * when the call changes, as notified (lib/services/calls/call-changes.ts), and when a timer is due.
   */
  pollMs?: number;
  /** After this long without an event, a `null` is yielded (the transport's keep-alive). */
  idleMs: number;
  /** The listener went away: the stream stops. */
  signal: AbortSignal;
};

const TIMER_RETRY_MS = 250;

/**
 * A call's recorded events in order, replayed and then as they happen, ending after call_ended.
 * Events are read from the database, so any instance can serve the stream; it reads when the call
 * changes (a write on any instance notifies), not on a timer. While it runs it also fires the
 * call's due timers (initial message delay, presence checks, max duration).
 */
export async function* callEventStream(deps: RuntimeHostDependencies, callId: string, options: CallEventStreamOptions): AsyncGenerator<RecordedEvent | null> {
  const clock = deps.clock ?? { now: () => new Date() };
  let after = options.after;
  let nextTimerAt: number | null = 0;
  let lastEventAt = Date.now();
  // Watched before the first read, so that a change between a read and the wait is not missed.
  let changed = true;
  let wake: (() => void) | null = null;
  const stopWatching = callChanges(deps.db).watch(callId, () => {
    changed = true;
    wake?.();
  });
  try {
    while (!options.signal.aborted) {
      if (nextTimerAt !== null && clock.now().getTime() >= nextTimerAt) nextTimerAt = (await runDueTimers(deps, callId)).nextAt;
      if (changed || options.pollMs !== undefined) {
        changed = false;
        const events = await recordedEventsAfter(deps.db, callId, after);
        for (const event of events) {
          yield event;
          after = event.seq;
          lastEventAt = Date.now();
        }
        if (events.some((event) => event.type === "call_ended")) return;
        // A turn or a hang-up elsewhere moves the timers: look again.
        if (events.length) nextTimerAt = 0;
      }
      if (Date.now() - lastEventAt > options.idleMs) {
        yield null;
        lastEventAt = Date.now();
      }
      if (changed || nextTimerAt === 0) continue;
      // A timer still due right after it was run was claimed elsewhere (another stream, the sweep): look again shortly.
      const dueIn = nextTimerAt === null ? Infinity : nextTimerAt - clock.now().getTime();
      const untilTimer = dueIn > 0 ? dueIn : TIMER_RETRY_MS;
      const untilKeepAlive = lastEventAt + options.idleMs + 1 - Date.now();
      const waitMs = Math.max(0, Math.min(untilTimer, untilKeepAlive, options.pollMs ?? Infinity));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        options.signal.addEventListener("abort", done, { once: true });
        wake = done;
        function done() {
          clearTimeout(timer);
          options.signal.removeEventListener("abort", done);
          wake = null;
          resolve();
        }
      });
    }
  } finally {
    stopWatching();
  }
}
