import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * Postgres notifications (LISTEN/NOTIFY) for one process: one listening connection however many
 * listeners, fanned out in process. Writers need nothing of this: triggers NOTIFY at commit.
 */
export type ChangeFeed = {
  /**
   * `onMessage` gets each payload sent on `channel` by any process on this database (this one too);
   * `onGap` is called when some may have been missed (the listening connection was lost and is back).
   * Returns the unsubscribe.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): () => void;
  /** True while notifications arrive (the listening connection is up); false before the first listen and while reconnecting. */
  readonly live: boolean;
  close(): Promise<void>;
};

type Listener = { onMessage: (payload: string) => void; onGap?: () => void };

class Listeners {
  readonly byChannel = new Map<string, Set<Listener>>();

  add(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel) ?? new Set();
    const first = set.size === 0;
    set.add(listener);
    this.byChannel.set(channel, set);
    return first;
  }

  remove(channel: string, listener: Listener): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(listener)) return false;
    if (set.size) return false;
    this.byChannel.delete(channel);
    return true;
  }

  deliver(channel: string, payload: string) {
    for (const listener of this.byChannel.get(channel) ?? []) {
      try {
        listener.onMessage(payload);
      } catch (error) {
        console.error(`change feed: a listener of ${channel} failed:`, error);
      }
    }
  }

  gap() {
    for (const set of this.byChannel.values()) for (const listener of set) listener.onGap?.();
  }
}

/** How the listening connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = "voice-change-feed";

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const RECONNECT_MS = [250, 1_000, 2_000, 5_000];

/** A dedicated client (not one of the pool's: a pooled connection is handed to others between queries), connected on the first listen and re-connected when lost. */
export function postgresChangeFeed(connectionString: string): ChangeFeed {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString, application_name: CHANGE_FEED_APPLICATION });
      const lost = (error?: Error) => {
        if (client !== next) return;
        client = null;
        live = false;
        if (error && !closed) console.error("change feed: the listening connection was lost:", error.message);
        next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on("notification", (message) => listeners.deliver(message.channel, message.payload ?? ""));
      next.on("error", lost);
      next.on("end", () => lost());
      try {
        await next.connect();
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        const reconnected = failures > 0;
        // Channels added from here on LISTEN through `client` themselves.
        client = next;
        for (const channel of listeners.byChannel.keys()) await next.query(`LISTEN ${quoteIdent(channel)}`);
        live = true;
        failures = 0;
        // What happened while nobody listened is not coming: everyone looks once.
        if (reconnected) listeners.gap();
      } catch (error) {
        if (client === next) client = null;
        next.end().catch(() => undefined);
        if (!closed) console.error("change feed: could not listen:", error instanceof Error ? error.message : error);
        scheduleReconnect();
      } finally {
        connecting = null;
      }
    })());

  function scheduleReconnect() {
    if (closed || retry || !listeners.byChannel.size) return;
    const delay = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
    failures++;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
  }

  return {
    get live() {
      return live;
    },
    listen(channel, onMessage, onGap) {
      const listener = { onMessage, onGap };
      if (listeners.add(channel, listener)) {
        if (client) client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        else if (!retry) void connect();
      }
      return () => {
        if (listeners.remove(channel, listener) && client) client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => undefined);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** PGlite has one connection and delivers its own notifications to it after each commit. */
export function pgliteChangeFeed(pglite: PGlite): ChangeFeed {
  const listeners = new Listeners();
  const unlisten = new Map<string, Promise<() => Promise<void>>>();
  let closed = false;
  return {
    get live() {
      return !closed;
    },
    listen(channel, onMessage, onGap) {
      const listener = { onMessage, onGap };
      if (listeners.add(channel, listener)) unlisten.set(channel, pglite.listen(channel, (payload) => listeners.deliver(channel, payload)));
      return () => {
        if (!listeners.remove(channel, listener)) return;
        const stop = unlisten.get(channel);
        unlisten.delete(channel);
        void stop?.then((fn) => (closed ? undefined : fn())).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
    },
  };
}
