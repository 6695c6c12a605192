/** How long a look-up stands: a key revoked on another instance stops working within this. */
export const API_KEY_CACHE_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

type Entry<T> = { value: Promise<T>; loadedAt: number; revision: number; refreshing: boolean };
type CacheState = { entries: Map<string, Entry<unknown>>; revision: number };

// On globalThis: Next.js bundles its own copy of this module beside the server's, and a revocation
// made by either (the studio, the admin endpoint) must reach the one cache of the process.
const STATE_KEY = Symbol.for("voice-agent-service.api-key-cache");
const holder = globalThis as typeof globalThis & { [STATE_KEY]?: CacheState };
const state = (holder[STATE_KEY] ??= { entries: new Map(), revision: 0 });

function store<T>(hash: string, value: Promise<T>, loadedAt: number, revision: number): Entry<T> {
  state.entries.delete(hash);
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  const entry: Entry<T> = { value, loadedAt, revision, refreshing: false };
  state.entries.set(hash, entry);
  // A failed look-up is not kept: the next request asks the database again.
  value.catch(() => state.entries.get(hash) === entry && state.entries.delete(hash));
  return entry;
}

/**
 * The answer of `load` for a key hash (found or not), as of at most API_KEY_CACHE_TTL_MS ago:
 * requests that arrive while it loads wait for the same look-up, and an answer past half its
 * life is looked up again in the background, so a busy key never waits for the database. A
 * revocation in this process takes effect at once (`forgetCachedApiKeys`), one on another
 * instance within the TTL.
 */
export function cachedKeyLookup<T>(hash: string, load: () => Promise<T>): Promise<T> {
  const now = performance.now();
  const hit = state.entries.get(hash) as Entry<T> | undefined;
  if (hit && hit.revision === state.revision && now - hit.loadedAt < API_KEY_CACHE_TTL_MS) {
    if (now - hit.loadedAt >= API_KEY_CACHE_TTL_MS / 2 && !hit.refreshing) {
      hit.refreshing = true;
      const revision = state.revision;
      load().then(
        (value) => void (state.entries.get(hash) === hit && store(hash, Promise.resolve(value), now, revision)),
        () => void (hit.refreshing = false),
      );
    }
    return hit.value;
  }
  return store(hash, load(), now, state.revision).value;
}

/** Called after any key is revoked in this process: every cached answer is looked up again. */
export function forgetCachedApiKeys(): void {
  state.revision += 1;
}
