import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { App } from '../app.ts';
import { users } from '../db/schema.ts';
import { FAST_HASHING, mailbox, registerUser, STRONG_PASSWORD, uniqueEmail } from '../testing/accounts.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { keptDevJwtSecret } from '../services/devSecret.ts';
import { buildTestApp, createTestDatabase, testConfig } from '../testing/testApp.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
});
afterAll(() => app.close());

const mint = async (body: object) => (await app.inject({ method: 'POST', url: '/dev/oidc/token', payload: body })).json().idToken as string;
const google = (idToken: string) => app.inject({ method: 'POST', url: '/auth/google', payload: { idToken } });

describe('GET /dev/mailbox', () => {
  it('lists mail newest first, filtered by recipient (case-insensitive)', async () => {
    await app.services.mail.send({ to: 'box@example.com', subject: 'first', text: 'see https://example.com/a' });
    await app.services.mail.send({ to: 'Box@Example.com', subject: 'second', text: 'no links', html: '<p>hi</p>' });
    await app.services.mail.send({ to: 'other@example.com', subject: 'other', text: 'x' });
    const list = await mailbox(app, 'BOX@example.com');
    expect(list.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(list[0]).toMatchObject({ html: '<p>hi</p>', links: [] });
    expect(list[1]).toMatchObject({ links: ['https://example.com/a'], createdAt: expect.any(String) });
  });
});

describe('dev OpenID issuer', () => {
  it('publishes discovery and its keys', async () => {
    const discovery = (await app.inject({ method: 'GET', url: '/dev/oidc/.well-known/openid-configuration' })).json();
    expect(discovery).toMatchObject({ issuer: 'http://localhost:4000/dev/oidc', jwks_uri: 'http://localhost:4000/dev/oidc/jwks' });
    const jwks = (await app.inject({ method: 'GET', url: '/dev/oidc/jwks' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('serves the authorize page only for allowed origins, with a nonce CSP and an opener-friendly COOP', async () => {
    const ok = await app.inject({ method: 'GET', url: '/dev/oidc/authorize?origin=http://localhost:3000' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/html/);
    expect(ok.headers['content-security-policy']).toMatch(/script-src 'nonce-[\w+/=]+'/);
    expect(ok.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(ok.body).toContain("postMessage({ type: 'grocer:oidc', idToken: body.idToken }, ORIGIN)");
    expect(ok.body).toContain('const ORIGIN = "http://localhost:3000"');
    const evil = await app.inject({ method: 'GET', url: '/dev/oidc/authorize?origin=https://evil.example' });
    expect(evil.statusCode).toBe(400);
  });

  it('mints ID tokens for the configured client', async () => {
    const claims = decodeJwt(await mint({ email: 'Pat@Example.com', name: 'Pat Smith' }));
    expect(claims).toMatchObject({
      iss: 'http://localhost:4000/dev/oidc',
      aud: 'grocer-dev-client',
      email: 'Pat@Example.com',
      email_verified: true,
      given_name: 'Pat',
      family_name: 'Smith',
    });
    expect((await app.inject({ method: 'POST', url: '/dev/oidc/token', payload: { email: 'nope' } })).statusCode).toBe(400);
  });

  it('keeps its key in the database, so another instance on the same database agrees', async () => {
    const before = (await app.inject({ method: 'GET', url: '/dev/oidc/jwks' })).json();
    const sharedDb = await createTestDatabase();
    try {
      const first = await buildTestApp({ db: sharedDb, config: FAST_HASHING });
      const k1 = (await first.inject({ method: 'GET', url: '/dev/oidc/jwks' })).json();
      const { createDevOidcService } = await import('./oidc.ts');
      const second = createDevOidcService(first.db, first.config);
      expect(await second.jwks()).toEqual(k1);
      expect(k1).not.toEqual(before);
      await first.close();
    } catch (err) {
      await sharedDb.close();
      throw err;
    }
  });
});

describe('POST /auth/google', () => {
  it('creates a verified Google account from a dev-issuer token and answers with our session token', async () => {
    const email = uniqueEmail('gina');
    const res = await google(await mint({ email, name: 'Gina Google' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email,
      firstName: 'Gina',
      lastName: 'Google',
      authMethod: 'google',
      emailVerified: true,
      roleName: 'CUSTOMER',
    });
    expect(decodeJwt(body.token)).toMatchObject({ iss: 'grocer-api', sub: body.user.uuid });
    const profile = await app.inject({ method: 'GET', url: '/user/profile', headers: { authorization: `Bearer ${body.token}` } });
    expect(profile.statusCode).toBe(200);
    // Same Google sub again: the same account.
    expect((await google(await mint({ email, name: 'Gina Google' }))).json().user.uuid).toBe(body.user.uuid);
  });

  it('links to an existing account with the same email; an unverified one loses its password (pre-hijack defence)', async () => {
    const verified = await registerUser(app);
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.uuid, verified.uuid));
    const linked = await google(await mint({ email: verified.email.toUpperCase() }));
    expect(linked.json().user).toMatchObject({ uuid: verified.uuid, authMethod: 'google' });
    expect(
      (await app.inject({ method: 'POST', url: '/auth/login', payload: { email: verified.email, password: STRONG_PASSWORD } })).statusCode,
    ).toBe(200);

    const squatted = await registerUser(app);
    const taken = await google(await mint({ email: squatted.email }));
    expect(taken.json().user).toMatchObject({ uuid: squatted.uuid, emailVerified: true });
    expect(
      (await app.inject({ method: 'POST', url: '/auth/login', payload: { email: squatted.email, password: STRONG_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/user/profile', headers: { authorization: `Bearer ${squatted.token}` } })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['wrong audience', { audience: 'someone-elses-client' }],
    ['wrong issuer', { issuer: 'https://accounts.google.com' }],
    ['unverified email', { emailVerified: false }],
    ['expired', { expiresInSeconds: -60 }],
  ])('rejects a token with a %s', async (_label, overrides) => {
    const idToken = await app.standIns.oidc.mintIdToken({ email: uniqueEmail('bad') }, overrides);
    const res = await google(idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'GOOGLE_SIGNIN_FAILED', message: 'Google sign-in failed. Please try again.' });
  });

  it('rejects a tampered or garbage token', async () => {
    const token = await mint({ email: uniqueEmail('t') });
    const [h, p, s] = token.split('.');
    const payload = { ...decodeJwt(token), email: 'admin@grocer.test' };
    expect((await google(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`)).statusCode).toBe(401);
    expect((await google(`${h}.${p}.`)).statusCode).toBe(401);
    expect((await google('garbage')).statusCode).toBe(401);
  });

  it("answers 503, not 'sign-in failed', when the issuer's keys cannot be fetched", async () => {
    const idToken = await mint({ email: uniqueEmail('keys') });
    const noKeys = await buildTestApp({ config: { ...FAST_HASHING, googleJwksUrl: 'http://127.0.0.1:1/jwks' } });
    try {
      const res = await noKeys.inject({ method: 'POST', url: '/auth/google', payload: { idToken } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'GOOGLE_SIGNIN_UNAVAILABLE', message: 'Google sign-in is not available right now.' });
    } finally {
      await noKeys.close();
    }
  });
});

describe('production', () => {
  it('registers no /dev routes', async () => {
    const prod = await buildTestApp({
      config: {
        ...FAST_HASHING,
        nodeEnv: 'production',
        jwtSecret: 'a-production-secret-of-at-least-32-bytes',
        googleIssuer: 'https://accounts.google.com',
        googleClientId: undefined,
      },
    });
    try {
      for (const url of [
        '/dev/mailbox',
        '/dev/oidc/jwks',
        '/dev/oidc/.well-known/openid-configuration',
        '/dev/oidc/authorize?origin=http://localhost:3000',
      ]) {
        expect((await prod.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      expect((await prod.inject({ method: 'POST', url: '/dev/oidc/token', payload: { email: 'a@b.co' } })).statusCode).toBe(404);
      const res = await prod.inject({ method: 'POST', url: '/auth/google', payload: { idToken: 'x.y.z' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('GOOGLE_SIGNIN_UNAVAILABLE');
    } finally {
      await prod.close();
    }
  });
});

describe('when the stand-ins are served (config.ts devStandIns), through the built app', () => {
  /** Builds the app as server.ts would, collecting its warnings. */
  async function build(config: Partial<Config>) {
    const warnings: string[] = [];
    const stream = { write: (line: string) => warnings.push(JSON.parse(line).msg as string) };
    const built = await buildApp({
      config: testConfig({ ...FAST_HASHING, ...config }),
      db: await createTestDatabase(),
      logger: { level: 'warn', stream },
    });
    return { app: built, warnings };
  }
  const standInStatuses = async (target: App) => [
    (await target.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode,
    (await target.inject({ method: 'POST', url: '/dev/oidc/token', payload: { email: 'admin@grocer.test' } })).statusCode,
    (await target.inject({ method: 'POST', url: '/dev/paypal/v1/oauth2/token' })).statusCode !== 404,
  ];

  it.each([
    ['development on loopback', { nodeEnv: 'development', devModeExplicit: true, host: '127.0.0.1' }, true, false],
    ['development on every interface', { nodeEnv: 'development', devModeExplicit: true, host: '0.0.0.0' }, false, false],
    [
      'NODE_ENV unset (development by default) on loopback',
      { nodeEnv: 'development', devModeExplicit: false, host: '127.0.0.1' },
      false,
      false,
    ],
    [
      'ALLOW_DEV_STANDINS=1 on every interface',
      { nodeEnv: 'development', devModeExplicit: true, host: '0.0.0.0', allowDevStandIns: true },
      true,
      true,
    ],
  ] as const)('%s: served %s, loud warning %s', async (_name, config, served, forced) => {
    const { app: target, warnings } = await build(config);
    try {
      expect(await standInStatuses(target)).toEqual(served ? [200, 200, true] : [404, 404, false]);
      expect(warnings.some((w) => w.startsWith('DEV STAND-INS ARE ON (ALLOW_DEV_STANDINS=1)'))).toBe(forced);
      if (!served) expect(warnings.some((w) => w.startsWith('/dev stand-ins off'))).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('never builds without a signing key', async () => {
    const db = await createTestDatabase();
    try {
      await expect(buildApp({ config: testConfig({ jwtSecret: '' }), db, logger: false })).rejects.toThrow('config.jwtSecret must be set');
    } finally {
      await db.close();
    }
  });
});

describe('the development signing key', () => {
  it('is random, made once and kept in the database, so restarts and other instances on it agree', async () => {
    const [one, other] = [await createTestDatabase(), await createTestDatabase()];
    try {
      const [first, again] = await Promise.all([keptDevJwtSecret(one.db), keptDevJwtSecret(one.db)]);
      expect(first).toBe(again);
      expect(await keptDevJwtSecret(one.db)).toBe(first);
      expect(Buffer.byteLength(first)).toBeGreaterThanOrEqual(32);
      expect(await keptDevJwtSecret(other.db)).not.toBe(first);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });
});
