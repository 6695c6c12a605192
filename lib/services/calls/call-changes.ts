import "server-only";
import { inArray, sql } from "drizzle-orm";
import { changeFeedOf, type Database } from "@/lib/db/client";
import { callEvents, calls } from "@/lib/db/schema";

/**
 * What changed about a call: a recorded event, its status, or (from the fallback check, or after
 * the listening connection came back) something, maybe.
 */
export type CallChange = "event" | "status" | "any";
/** `seq`: for an event, its sequence number when the notification named it (drizzle 0030). */
export type CallChangeWatcher = (change: CallChange, seq?: number) => void;

export const CALL_CHANGES_CHANNEL = "call_changes";

export type CallChangeOptions = {
  /** How often the calls watched are checked anyway, in one query, while notifications arrive. */
  fallbackMs: number;
  /** The same while they do not (no feed, or its connection is being re-established). */
  unfedFallbackMs: number;
};

const DEFAULTS: CallChangeOptions = { fallbackMs: 10_000, unfedFallbackMs: 1_000 };

/**
 * Who follows a live call (its media socket, an event stream, the end watch) is woken when the call
 * changes, on whichever instance the change was written: triggers NOTIFY (drizzle 0018), and this
 * process's one listening connection fans the notification out to the watchers of that call. A call
 * nobody writes to costs nothing. As a fallback (a bug, a notification lost in a reconnect), every
 * watched call is checked in one query per `fallbackMs`, whatever their number, and its watchers
 * are woken if its status or event count moved.
 */
export class CallChanges {
  private readonly watchers = new Map<string, Set<CallChangeWatcher>>();
  /** Each watched call's status and event count at the last fallback check (absent: not checked yet). */
  private readonly seen = new Map<string, string>();
  private unlisten: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly db: Database,
    private readonly options: CallChangeOptions = DEFAULTS,
  ) {}

  /** Calls `watcher` on every change of the call until the returned function is called. */
  watch(callId: string, watcher: CallChangeWatcher): () => void {
    const set = this.watchers.get(callId) ?? new Set();
    set.add(watcher);
    this.watchers.set(callId, set);
    this.start();
    return () => {
      if (!set.delete(watcher) || set.size) return;
      this.watchers.delete(callId);
      this.seen.delete(callId);
      if (!this.watchers.size) this.stop();
    };
  }

  private get feed() {
    return changeFeedOf(this.db);
  }

  private wake(callId: string, change: CallChange, seq?: number) {
    for (const watcher of [...(this.watchers.get(callId) ?? [])]) {
      try {
        watcher(change, seq);
      } catch (error) {
        console.error(`call changes: a watcher of call ${callId} failed:`, error);
      }
    }
  }

  private start() {
    if (!this.unlisten && this.feed) {
      this.unlisten = this.feed.listen(
        CALL_CHANGES_CHANNEL,
        (payload) => {
          const [callId, kind, seq] = payload.split(" ");
          if (!this.watchers.has(callId)) return;
          if (kind === "event") this.wake(callId, kind, seq ? Number(seq) : undefined);
          else this.wake(callId, kind === "status" ? kind : "any");
        },
        () => {
          for (const callId of [...this.watchers.keys()]) this.wake(callId, "any");
        },
      );
    }
    this.schedule();
  }

  /** The subscription to the feed stays (no LISTEN/UNLISTEN churn as calls come and go); the fallback stops. */
  private stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule() {
    if (this.timer || !this.watchers.size) return;
    const fed = this.feed?.live ?? false;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check().finally(() => this.schedule());
    }, fed ? this.options.fallbackMs : this.options.unfedFallbackMs);
    this.timer.unref();
  }

  /** One query for every call watched here: wakes those whose status or number of events moved since the last look. */
  private async check() {
    if (this.checking || !this.watchers.size) return;
    this.checking = true;
    try {
      const ids = [...this.watchers.keys()];
      const rows = await this.db
        .select({ id: calls.id, status: calls.status, events: sql<number>`(select count(*) from ${callEvents} where ${callEvents.callId} = ${calls.id})` })
        .from(calls)
        .where(inArray(calls.id, ids));
      const now = new Map(rows.map((row) => [row.id, `${row.status}/${Number(row.events)}`]));
      for (const callId of ids) {
        if (!this.watchers.has(callId)) continue;
        const fingerprint = now.get(callId) ?? "gone";
        const before = this.seen.get(callId);
        this.seen.set(callId, fingerprint);
        // The first look only takes note: a watcher reads the call itself when it starts watching.
        if (before !== undefined && before !== fingerprint) this.wake(callId, "any");
      }
    } catch (error) {
      console.error("call changes: the fallback check failed:", error instanceof Error ? error.message : error);
    } finally {
      this.checking = false;
    }
  }
}

const hubs = new WeakMap<Database, CallChanges>();

/** The process's watcher of calls on `db` (made on first use; `options` only then, for tests). */
export function callChanges(db: Database, options?: Partial<CallChangeOptions>): CallChanges {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new CallChanges(db, { ...DEFAULTS, ...options })));
  return hub;
}
