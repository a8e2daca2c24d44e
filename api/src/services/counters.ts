// Fixed-window counters for rate limits the route plugin cannot express (failed sign-ins per account
// and per IP). In memory per process, or in Redis (REDIS_URL) so several API instances share them.
import type { Redis } from 'ioredis';

export interface CounterState {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

export interface Counters {
  get(key: string): Promise<CounterState>;
  /** Adds one; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  reset(key: string): Promise<void>;
}

export function createMemoryCounters(now: () => number = Date.now): Counters {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.resetAt - now() } : { count: 0, ttlMs: 0 };
    },
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      // Keep the map bounded: drop expired entries now and then.
      if (entries.size > 10_000) for (const k of entries.keys()) live(k);
      return { count: entry.count, ttlMs: entry.resetAt - now() };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function createRedisCounters(redis: Redis, prefix = 'grocer:counter:'): Counters {
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), ttlMs: Math.max(ttl, 0) };
    },
    async hit(key, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        // NX: only the first hit of a window sets its expiry.
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, ttlMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
