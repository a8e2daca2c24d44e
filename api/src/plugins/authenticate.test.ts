import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import type { App } from '../app.ts';
import { revokedSessions, users } from '../db/schema.ts';
import { createSessionJwt, SESSION_AUDIENCE, SESSION_ISSUER } from '../lib/jwt.ts';
import { bearer, FAST_HASHING, registerUser, statusWithin } from '../testing/accounts.ts';
import { buildTestApp } from '../testing/testApp.ts';

let app: App;
let shopper: { uuid: string; token: string };
let other: { uuid: string; token: string };
beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
  shopper = await registerUser(app);
  other = await registerUser(app);
});
afterAll(() => app.close());

const profile = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/user/profile', headers });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({
  sub: shopper.uuid,
  role: 'CUSTOMER',
  am: 'email',
  iss: SESSION_ISSUER,
  aud: SESSION_AUDIENCE,
  iat: now(),
  exp: now() + 3600,
});

async function expectUnauthorized(headers: Record<string, string>) {
  const res = await profile(headers);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({
    success: false,
    message: 'Authentication failed. Please sign in again.',
    error: { code: 'UNAUTHORIZED', message: 'Authentication failed. Please sign in again.' },
  });
}

describe('app.authenticate', () => {
  it('lets a valid bearer token through', async () => {
    expect((await profile(bearer(shopper.token))).statusCode).toBe(200);
  });

  it('is 401 without a token or with another scheme', async () => {
    await expectUnauthorized({});
    await expectUnauthorized({ authorization: `Basic ${shopper.token}` });
    await expectUnauthorized({ authorization: 'Bearer not-a-jwt' });
  });

  it('is 401 for a tampered token (payload swapped to another user, signature kept)', async () => {
    const [header, , signature] = shopper.token.split('.');
    await expectUnauthorized(bearer(`${header}.${b64({ ...claims(), sub: other.uuid })}.${signature}`));
  });

  it('is 401 for an expired token', async () => {
    const jwt = createSessionJwt(app.config.jwtSecret, 300);
    const expired = await jwt.sign({ sub: shopper.uuid, role: 'CUSTOMER', authMethod: 'email' }, { issuedAtMs: Date.now() - 600_000 });
    await expectUnauthorized(bearer(expired));
  });

  it('is 401 for alg none', async () => {
    await expectUnauthorized(bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`));
  });

  it('is 401 for another algorithm, even with the right secret', async () => {
    const secret = new TextEncoder().encode(app.config.jwtSecret);
    const hs512 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    await expectUnauthorized(bearer(hs512));
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    await expectUnauthorized(bearer(rs256));
  });

  it('is 401 for a token signed with another secret', async () => {
    const forged = await createSessionJwt('some-other-secret-that-is-32-bytes-long!!', 3600).sign({
      sub: shopper.uuid,
      role: 'ADMIN',
      authMethod: 'email',
    });
    await expectUnauthorized(bearer(forged));
  });

  it('is 401 once the account is gone', async () => {
    const gone = await registerUser(app);
    await app.db.delete(users).where(eq(users.uuid, gone.uuid));
    await expectUnauthorized(bearer(gone.token));
  });

  it('is 401 for a session issued before tokens_valid_after (a password reset)', async () => {
    const victim = await registerUser(app);
    await app.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 5_000) })
      .where(eq(users.uuid, victim.uuid));
    await expectUnauthorized(bearer(victim.token));
  });

  const signed = (payload: Record<string, unknown>) =>
    new SignJWT({ ...claims(), jti: randomUUID(), ...payload })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(app.config.jwtSecret));

  it('lets a well-formed token of ours through (the checks below change one claim each)', async () => {
    expect((await profile(bearer(await signed({})))).statusCode).toBe(200);
  });

  it('is 401 for a token older than the session lifetime, whatever its exp says', async () => {
    const iat = now() - app.config.jwtTtlSeconds - 60;
    await expectUnauthorized(bearer(await signed({ iat, exp: now() + 30 * 24 * 3600 })));
  });

  it('is 401 for a token issued in the future', async () => {
    await expectUnauthorized(bearer(await signed({ iat: now() + 3600, exp: now() + 7200 })));
    await expectUnauthorized(bearer(await signed({ iat_ms: (now() + 3600) * 1000 })));
  });

  // Another API instance (or an operator) signs sessions out by writing these rows; this one keeps the
  // answer it let through a moment before only until the change's notice arrives (decision 017).
  it('is 401 once the database says the session is revoked (by any writer), as soon as the notice arrives', async () => {
    const user = await registerUser(app);
    expect((await profile(bearer(user.token))).statusCode).toBe(200);
    const { jti, exp } = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number };
    await app.db.insert(revokedSessions).values({ sid: jti, userUuid: user.uuid, expiresAt: new Date(exp * 1000) });
    expect(await statusWithin(app, user.token, 401)).toBe(401);
    await expectUnauthorized(bearer(user.token));

    const reset = await registerUser(app);
    expect((await profile(bearer(reset.token))).statusCode).toBe(200);
    await app.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 1_000) })
      .where(eq(users.uuid, reset.uuid));
    expect(await statusWithin(app, reset.token, 401)).toBe(401);
    await expectUnauthorized(bearer(reset.token));
  });

  it('reads the session and its account in one statement, the handler does not read the account again, and the next request reads neither', async () => {
    const fresh = await registerUser(app);
    // Sign-up mail is written after the answer: let it land before counting.
    await app.services.auth.idle();
    const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = jest.spyOn(client, 'query');
    // The outbox and reconciler poll the same pool on their own timers, so only statements that
    // read accounts count here.
    const accountReads = () =>
      query.mock.calls
        .map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text))
        .filter((text) => /from "users"/i.test(text));
    try {
      const res = await profile(bearer(fresh.token));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ emailVerified: false, address: null });
      expect(accountReads()).toHaveLength(1);
      expect(accountReads()[0]).toMatch(/revoked_sessions/);
      // Kept (services/auth/sessionCache.ts) while this process hears of every change to it.
      expect((await profile(bearer(fresh.token))).statusCode).toBe(200);
      expect(accountReads()).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it('is 401, not 500, for a malformed sub or session id', async () => {
    for (const sub of ['not-a-uuid', "1' or '1'='1", '']) await expectUnauthorized(bearer(await signed({ sub })));
    await expectUnauthorized(bearer(await signed({ jti: 'x' })));
    await expectUnauthorized(bearer(await signed({ jti: undefined })));
  });
});

describe('POST /auth/logout and /auth/logout-all', () => {
  const post = (url: string, token: string) => app.inject({ method: 'POST', url, headers: bearer(token) });
  const login = async (email: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } })).json<{ token: string }>().token;

  it('revokes the session signed out, and only that one', async () => {
    const user = await registerUser(app);
    const laptop = await login(user.email, user.password);
    const res = await post('/auth/logout', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out.' });
    await expectUnauthorized(bearer(user.token));
    expect((await post('/auth/logout', user.token)).statusCode).toBe(401);
    expect((await profile(bearer(laptop))).statusCode).toBe(200);
  });

  it('signs out every session of the user; a new sign-in works', async () => {
    const user = await registerUser(app);
    const laptop = await login(user.email, user.password);
    const res = await post('/auth/logout-all', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out on every device.' });
    await expectUnauthorized(bearer(user.token));
    await expectUnauthorized(bearer(laptop));
    expect((await profile(bearer(shopper.token))).statusCode).toBe(200);
    // Tokens are stamped in milliseconds, so a sign-in right after is not caught by the revocation.
    expect((await profile(bearer(await login(user.email, user.password)))).statusCode).toBe(200);
  });
});
