// A short-lived in-process cache of catalogue answers. The catalogue is read far more than it changes
// and clients may already keep an answer 60 s (Cache-Control), so a few seconds here costs no
// freshness a shopper could see, while a hot listing or suggestion is served without touching the
// database (PGlite answers one query at a time). Concurrent misses share one load. Failures are not kept.

export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything, e.g. after a write to the catalogue. */
  clear(): void;
  /** Counts clears, so caches layered on top (the routes' serialized answers) can tell they are stale. */
  generation(): number;
}

export function createTtlCache(options: { ttlMs: number; maxEntries: number }): TtlCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      entries.delete(key);
      const value = load();
      entries.set(key, { expires: now + options.ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      // Oldest first: Map keeps insertion order.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      entries.clear();
      generation++;
    },
    generation: () => generation,
  };
}
