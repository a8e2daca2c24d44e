import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createMemoryCounters, createRedisCounters, type Counters } from './counters.ts';

const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

async function connectRedis(): Promise<Redis | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

function behavesLikeACounter(make: () => Counters) {
  it('counts hits in a window, reports time left and resets', async () => {
    const counters = make();
    const key = `test:${randomBytes(6).toString('hex')}`;
    expect(await counters.get(key)).toEqual({ count: 0, ttlMs: 0 });
    await counters.hit(key, 60_000);
    const second = await counters.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    expect((await counters.get(key)).count).toBe(2);
    await counters.reset(key);
    expect((await counters.get(key)).count).toBe(0);
  });

  it('takes one unit of several limits atomically, all or nothing, and gives units back', async () => {
    const counters = make();
    const [a, b] = [`test:${randomBytes(6).toString('hex')}`, `test:${randomBytes(6).toString('hex')}`];
    const limits = [
      { key: a, limit: 10, windowMs: 60_000 },
      { key: b, limit: 3, windowMs: 60_000 },
    ];
    // Sent at once: exactly the limit is granted.
    const results = await Promise.all(Array.from({ length: 8 }, () => counters.take(limits)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.find((r) => !r.ok);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeGreaterThan(55_000);
    // A refusal takes nothing from the other limit.
    expect((await counters.get(a)).count).toBe(3);
    await counters.giveBack(b);
    expect((await counters.take(limits)).ok).toBe(true);
    expect((await counters.get(b)).count).toBe(3);
    await counters.reset(a);
    await counters.giveBack(a);
    expect((await counters.get(a)).count).toBe(0);
  });

  it('starts over when the window has passed', async () => {
    const counters = make();
    const key = `test:${randomBytes(6).toString('hex')}`;
    await counters.hit(key, 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await counters.get(key)).count).toBe(0);
    expect((await counters.hit(key, 50)).count).toBe(1);
  });
}

describe('memory counters', () => behavesLikeACounter(() => createMemoryCounters()));

describe('Redis counters (skipped when no Redis answers at REDIS_URL or 127.0.0.1:6379)', () => {
  let redis: Redis | null = null;
  beforeAll(async () => {
    redis = await connectRedis();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('shares counts between two API instances', async () => {
    if (!redis) return;
    const key = `test:${randomBytes(6).toString('hex')}`;
    const a = createRedisCounters(redis);
    const b = createRedisCounters(redis);
    await a.hit(key, 60_000);
    expect((await b.hit(key, 60_000)).count).toBe(2);
    await a.reset(key);
  });

  behavesLikeACounter(() => {
    if (!redis) return createMemoryCounters();
    return createRedisCounters(redis);
  });
});
