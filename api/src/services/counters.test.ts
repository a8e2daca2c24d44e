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
