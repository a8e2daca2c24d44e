// A short-lived in-process cache of catalogue answers. The catalogue is read far more than it changes
// and clients may already keep an answer 60 s (Cache-Control), so a few seconds here costs no
// freshness a shopper could see, while a hot listing or suggestion is served without touching the
// database (PGlite answers one query at a time). Concurrent misses share one load. Failures are not kept.
//
// lru-cache keeps the entries, bounds their count and expires them by TTL. What is ours: an entry is the
// load's promise, so concurrent misses share it; it is kept again when it settles, with its TTL counted
// from the answer; a failure is dropped; a load under way when the cache is cleared still answers its callers
// but is not kept (it may have read the catalogue as it was); and the generation counter. lru-cache's own
// fetch() does the same but makes an AbortController per load, which cost about 1% of the API's CPU
// under the mixed bench.
import { LRUCache } from 'lru-cache';

export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything, e.g. after a write to the catalogue. */
  clear(): void;
  /** Counts clears, so caches layered on top (the routes' serialized answers) can tell they are stale. */
  generation(): number;
}

export function createTtlCache(options: { ttlMs: number; maxEntries: number }): TtlCache {
  // lru-cache reads a ttl of 0 as "never expires"; here 0 means no cache at all, handled in get().
  const entries = new LRUCache<string, Promise<unknown>>({ max: options.maxEntries, ttl: Math.max(options.ttlMs, 1) });
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const kept = entries.get(key);
      if (kept) return kept as Promise<T>;
      const loading = load();
      // No TTL while loading (a load bounded by the database's timeouts); the answer's starts when it comes.
      entries.set(key, loading, { ttl: 0 });
      loading.then(
        () => entries.peek(key) === loading && entries.set(key, loading),
        () => entries.peek(key) === loading && entries.delete(key),
      );
      return loading;
    },
    clear() {
      entries.clear();
      generation++;
    },
    generation: () => generation,
  };
}
