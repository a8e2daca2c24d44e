// With REDIS_URL, sign-in limits are shared by every API instance. Skipped when no Redis answers.
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { App } from '../../app.ts';
import { FAST_HASHING, uniqueEmail } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/testApp.ts';

const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.quit();
    return true;
  } catch {
    redis.disconnect();
    return false;
  }
}

describe('login limits with REDIS_URL', () => {
  let apps: App[] = [];
  let redisUp = false;
  // Two apps, each on its own fresh database: built in a hook with its own budget, so a loaded machine's
  // slow PGlite start-up is not charged to the test (it timed out once in CI while other suites ran).
  beforeAll(async () => {
    redisUp = await redisAnswers();
    if (redisUp)
      apps = [
        await buildTestApp({ config: { ...FAST_HASHING, redisUrl: REDIS_URL } }),
        await buildTestApp({ config: { ...FAST_HASHING, redisUrl: REDIS_URL } }),
      ];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('an account locked through one instance is locked on another', async () => {
    if (!redisUp) return;
    const [a, b] = apps as [App, App];
    const email = uniqueEmail('redis');
    // Random addresses: Redis outlives the test run, so a fixed IP would pile up failures run after run.
    const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    for (let i = 0; i < 10; i += 1) {
      const res = await a.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: 'Wrong-Password-1' },
        remoteAddress: ip(),
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await b.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Wrong-Password-1' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
