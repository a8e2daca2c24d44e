// A short-lived in-process cache of catalogue answers. The catalogue is read far more than it changes
// and clients may already keep an answer 60 s (Cache-Control), so a few seconds here costs no
// freshness a shopper could see, while a hot listing or suggestion is served without touching the
// database (PGlite answers one query at a time). Concurrent misses share one load. Failures are not kept.
//
// lru-cache keeps the entries: its fetch() shares one load between concurrent misses, drops a load that
// fails, bounds the count and expires by TTL. What is ours is the generation counter, and that a load
// under way when the cache is cleared still answers its callers but is not stored (ignoreFetchAbort).
import { LRUCache } from 'lru-cache';

export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything, e.g. after a write to the catalogue. */
  clear(): void;
  /** Counts clears, so caches layered on top (the routes' serialized answers) can tell they are stale. */
  generation(): number;
}

type Load = () => Promise<unknown>;

export function createTtlCache(options: { ttlMs: number; maxEntries: number }): TtlCache {
  // The loader travels with each call as the fetch context: every key has its own query.
  const entries = new LRUCache<string, object, Load>({
    max: options.maxEntries,
    // lru-cache reads a ttl of 0 as "never expires"; here 0 means no cache at all, handled in get().
    ttl: Math.max(options.ttlMs, 1),
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => (await context()) as object,
  });
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      return entries.fetch(key, { context: load }) as Promise<T>;
    },
    clear() {
      entries.clear();
      generation++;
    },
    generation: () => generation,
  };
}
