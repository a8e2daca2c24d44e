// Session tokens: what verify() accepts over time, including tokens it has verified before (kept with their claims).
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createSessionJwt } from './jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-bytes-long';
const TTL_SECONDS = 60;
const SKEW_SECONDS = 5;
const claims = { sub: '6f1c2a52-8e0f-4a55-9a5e-1b0f0e0a9c11', role: 'CUSTOMER' as const, authMethod: 'email' as const };

afterEach(() => {
  jest.useRealTimers();
});

describe('createSessionJwt().verify', () => {
  it('gives the same claims again for a token it verified before', async () => {
    const jwt = createSessionJwt(SECRET, TTL_SECONDS);
    const token = await jwt.sign(claims);
    const first = await jwt.verify(token);
    expect(first).toMatchObject({ sub: claims.sub, role: 'CUSTOMER', authMethod: 'email' });
    await expect(jwt.verify(token)).resolves.toEqual(first);
  });

  it('refuses a token it verified before once it has expired (past the clock skew)', async () => {
    const start = Date.now();
    jest.useFakeTimers({ now: start, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const jwt = createSessionJwt(SECRET, TTL_SECONDS);
    const token = await jwt.sign(claims);
    await expect(jwt.verify(token)).resolves.not.toBeNull();

    jest.setSystemTime(start + (TTL_SECONDS + SKEW_SECONDS - 2) * 1000);
    await expect(jwt.verify(token)).resolves.not.toBeNull();
    jest.setSystemTime(start + (TTL_SECONDS + SKEW_SECONDS + 2) * 1000);
    await expect(jwt.verify(token)).resolves.toBeNull();
    // And a fresh instance (nothing kept) agrees with the kept answer.
    await expect(createSessionJwt(SECRET, TTL_SECONDS).verify(token)).resolves.toBeNull();
  });

  it('refuses, every time, a token signed with another secret', async () => {
    const jwt = createSessionJwt(SECRET, TTL_SECONDS);
    const forged = await createSessionJwt(`${SECRET}-other`, TTL_SECONDS).sign(claims);
    await expect(jwt.verify(forged)).resolves.toBeNull();
    await expect(jwt.verify(forged)).resolves.toBeNull();
  });

  it('hands out claims no caller can change for the next request', async () => {
    const jwt = createSessionJwt(SECRET, TTL_SECONDS);
    const token = await jwt.sign(claims);
    await jwt.verify(token);
    const kept = (await jwt.verify(token))!;
    expect(() => Object.assign(kept, { role: 'ADMIN' })).toThrow(TypeError);
    await expect(jwt.verify(token)).resolves.toMatchObject({ role: 'CUSTOMER' });
  });
});
