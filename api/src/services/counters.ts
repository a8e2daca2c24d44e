// Fixed-window counters for rate limits the route plugin cannot express (sign-ins per account and per
// IP). In memory per process, or in Redis (REDIS_URL) so several API instances share them.
//
// `take` reserves one unit in several windows at once, atomically (a Lua script in Redis, synchronous
// code in memory): parallel requests can never all read "under the limit" before any of them counts.
import type { Redis } from 'ioredis';

export interface CounterState {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

export interface CounterLimit {
  key: string;
  /** Units allowed per window. */
  limit: number;
  windowMs: number;
}

/** Granted, or refused with the wait until the fullest refusing window resets. */
export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export interface Counters {
  get(key: string): Promise<CounterState>;
  /** Adds one; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /**
   * Adds one to every key if each stays within its limit; otherwise adds nothing and says how long
   * to wait. All or nothing, atomically, also across processes sharing Redis.
   */
  take(limits: CounterLimit[]): Promise<TakeResult>;
  /** Gives back one unit taken earlier (never below zero; the window is kept). */
  giveBack(key: string): Promise<void>;
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
  const hitNow = (key: string, windowMs: number) => {
    const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
    entry.count += 1;
    entries.set(key, entry);
    // Keep the map bounded: drop expired entries now and then.
    if (entries.size > 10_000) for (const k of entries.keys()) live(k);
    return entry;
  };
  return {
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.resetAt - now() } : { count: 0, ttlMs: 0 };
    },
    async hit(key, windowMs) {
      const entry = hitNow(key, windowMs);
      return { count: entry.count, ttlMs: entry.resetAt - now() };
    },
    // No await between the checks and the hits: one turn of the event loop, so atomic in this process.
    async take(limits) {
      const full = limits.map((l) => ({ l, entry: live(l.key) })).filter(({ l, entry }) => (entry?.count ?? 0) >= l.limit);
      if (full.length > 0) return { ok: false, retryAfterMs: Math.max(...full.map(({ entry }) => (entry ? entry.resetAt - now() : 0))) };
      for (const l of limits) hitNow(l.key, l.windowMs);
      return { ok: true };
    },
    async giveBack(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

// KEYS: the counters; ARGV: limit and window (ms) per key, in pairs. Returns 0 when taken, else the
// milliseconds until the fullest refusing window resets (at least 1).
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[i * 2 - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1 then ttl = 1 end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[i * 2], 'NX')
end
return 0
`;

// Never below zero, and a key that expired meanwhile is not brought back without a window.
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

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
    async take(limits) {
      const keys = limits.map((l) => prefix + l.key);
      const args = limits.flatMap((l) => [String(l.limit), String(l.windowMs)]);
      const wait = Number(await redis.eval(TAKE_SCRIPT, keys.length, ...keys, ...args));
      return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
