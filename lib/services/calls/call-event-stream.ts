import "server-only";
import type { RecordedEvent } from "@/lib/runtime/types";
import { runDueTimers, type RuntimeHostDependencies } from "./call-host";
import { recordedEventsAfter } from "./runtime-calls";

export type CallEventStreamOptions = {
  /** Replay from after this sequence number (0: from the start). */
  after: number;
  /** How often the database is read for new events. */
  pollMs: number;
  /** After this long without an event, a `null` is yielded (the transport's keep-alive). */
  idleMs: number;
  /** The listener went away: the stream stops. */
  signal: AbortSignal;
};

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });

/**
 * A call's recorded events in order, replayed and then as they happen, ending after call_ended.
 * Events are read from the database, so any instance can serve the stream; while it runs it also
 * fires the call's due timers (initial message delay, presence checks, max duration).
 */
export async function* callEventStream(deps: RuntimeHostDependencies, callId: string, options: CallEventStreamOptions): AsyncGenerator<RecordedEvent | null> {
  const clock = deps.clock ?? { now: () => new Date() };
  let after = options.after;
  let nextTimerAt: number | null = 0;
  let lastEventAt = Date.now();
  while (!options.signal.aborted) {
    if (nextTimerAt !== null && clock.now().getTime() >= nextTimerAt) nextTimerAt = (await runDueTimers(deps, callId)).nextAt;
    const events = await recordedEventsAfter(deps.db, callId, after);
    for (const event of events) {
      yield event;
      after = event.seq;
      lastEventAt = Date.now();
    }
    if (events.some((event) => event.type === "call_ended")) return;
    // A turn or a hang-up elsewhere moves the timers: look again.
    if (events.length) nextTimerAt = 0;
    if (Date.now() - lastEventAt > options.idleMs) {
      yield null;
      lastEventAt = Date.now();
    }
    await pause(options.pollMs, options.signal);
  }
}
