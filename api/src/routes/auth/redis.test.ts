// With REDIS_URL, sign-in limits are shared by every API instance. Skipped when no Redis answers.
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import type { App } from '../../app.ts';
import { FAST_HASHING, mailbox, registerUser, uniqueEmail } from '../../testing/accounts.ts';
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

  // Random addresses: Redis outlives the test run, so a fixed IP would pile up failures run after run.
  const ip = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
  const login = (app: App, email: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Wrong-Password-1' }, remoteAddress });

  it('checks at most 10 of 20 guesses sent at once through two instances; the rest are 429 with Retry-After', async () => {
    if (!redisUp) return;
    const [a, b] = apps as [App, App];
    const email = uniqueEmail('redis');
    const address = ip();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? a : b, email, address)));
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    for (const res of refused) expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(b, email, address)).statusCode).toBe(429);
  });

  it('shares the per-account limit for new addresses between instances', async () => {
    if (!redisUp) return;
    const [a, b] = apps as [App, App];
    const email = uniqueEmail('redis');
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(i % 2 ? a : b, email, ip())));
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(50);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(10);
  });

  it('shares the per-recipient mail limit between instances: 3 reset mails an hour in all', async () => {
    if (!redisUp) return;
    const email = uniqueEmail('redis');
    // The same address has an account in each instance's (separate) database: only Redis is shared.
    for (const app of apps) await registerUser(app, { email });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apps[i % 2]!.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: ip() }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    let resets = 0;
    for (const app of apps) resets += (await mailbox(app, email)).filter((m) => m.subject === 'Reset your Grocer password').length;
    expect(resets).toBe(3);
  });
});
