import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { App } from '../app.ts';
import { users } from '../db/schema.ts';
import { FAST_HASHING, mailbox, registerUser, STRONG_PASSWORD, uniqueEmail } from '../testing/accounts.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { keptDevJwtSecret } from '../services/devSecret.ts';
import { createShop } from '../testing/checkout.ts';
import { registerStaff } from '../testing/ops.ts';
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

describe('the stand-ins answer only a loopback Host on the API’s own port (DNS rebinding)', () => {
  const requests = [
    { method: 'GET', url: '/dev/mailbox' },
    { method: 'GET', url: '/dev/oidc/jwks' },
    { method: 'GET', url: '/dev/oidc/authorize?origin=http://localhost:3000' },
    { method: 'POST', url: '/dev/oidc/token', payload: { email: 'someone@example.com' } },
    { method: 'POST', url: '/dev/paypal/v1/oauth2/token' },
    { method: 'GET', url: '/dev/paypal/sdk/js?client-id=grocer-dev-client' },
  ] as const;

  it.each(['localhost:4000', '127.0.0.1:4000', '[::1]:4000', 'LOCALHOST:4000'])('Host %s: served', async (host) => {
    for (const request of requests) expect((await app.inject({ ...request, headers: { host } })).statusCode).not.toBe(403);
  });

  it.each([
    'attacker.example',
    'attacker.example:4000',
    'localhost.attacker.example:4000',
    '127.0.0.1.nip.io:4000',
    'localhost:4001',
    'localhost',
    '127.0.0.2:4000',
    '0.0.0.0:4000',
    '[::]:4000',
    'localhost:4000@attacker.example',
  ])('Host "%s": 403, in the error shape', async (host) => {
    for (const request of requests) {
      const res = await app.inject({ ...request, headers: { host } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'FORBIDDEN',
        message: "The /dev stand-ins answer only this machine's own address: localhost, 127.0.0.1 or [::1], port 4000.",
      });
    }
    // The rest of the API does not care which name it is reached by.
    expect((await app.inject({ method: 'GET', url: '/health', headers: { host } })).statusCode).toBe(200);
  });

  it('over HTTP on a free port: the port the connection came in on, on a loopback name', async () => {
    const listening = await buildTestApp({ config: FAST_HASHING });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const status = (host: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on('error', reject).end();
        });
      expect(await status(`127.0.0.1:${port}`)).toBe(200);
      expect(await status(`localhost:${port}`)).toBe(200);
      expect(await status(`attacker.example:${port}`)).toBe(403);
      expect(await status(`localhost:${port + 1}`)).toBe(403);
    } finally {
      await listening.close();
    }
  });

  it('behind a proxy on a loopback public URL (compose’s gateway), that URL’s port too', async () => {
    const proxied = await buildTestApp({ config: { ...FAST_HASHING, port: 8080, publicApiUrl: 'http://localhost:4100' } });
    try {
      const status = async (host: string) => (await proxied.inject({ method: 'GET', url: '/dev/mailbox', headers: { host } })).statusCode;
      expect([await status('localhost:4100'), await status('localhost:8080'), await status('localhost:4000')]).toEqual([200, 200, 403]);
    } finally {
      await proxied.close();
    }
  });
});

describe('the local OpenID issuer and staff accounts', () => {
  const asRole = async (role: 'ADMIN' | 'STORE_STAFF' | 'CUSTOMER', target = app) => {
    if (role === 'STORE_STAFF') return registerStaff(target, (await createShop(target)).loop.id);
    const user = await registerUser(target);
    await target.db.update(users).set({ role }).where(eq(users.uuid, user.uuid));
    return user;
  };
  const token = (body: object, target = app) => target.inject({ method: 'POST', url: '/dev/oidc/token', payload: body });

  it.each(['ADMIN', 'STORE_STAFF'] as const)('mints no token for an %s account, by address or by Google subject', async (role) => {
    const staff = await asRole(role);
    for (const body of [{ email: staff.email }, { email: staff.email.toUpperCase() }]) {
      const res = await token(body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        'The local OpenID issuer signs in no admin or store staff account (DEV_OIDC_ALLOW_STAFF=1 allows it). Sign in with their password.',
      );
    }
    // Linked to Google: a token with its subject and any other address would open it too.
    await app.db
      .update(users)
      .set({ googleSub: `sub-${staff.uuid}` })
      .where(eq(users.uuid, staff.uuid));
    expect((await token({ email: uniqueEmail('other'), sub: `sub-${staff.uuid}` })).statusCode).toBe(403);
    await expect(app.standIns.oidc.mintIdToken({ email: staff.email })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('still mints for shoppers and for new addresses, and leaves the admin off its account chooser', async () => {
    const shopper = await asRole('CUSTOMER');
    expect((await token({ email: shopper.email })).statusCode).toBe(200);
    expect((await token({ email: uniqueEmail('new') })).statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: '/dev/oidc/authorize?origin=http://localhost:3000' });
    expect(page.body).toContain('shopper@grocer.test');
    expect(page.body).not.toContain('admin@grocer.test');
  });

  it('with DEV_OIDC_ALLOW_STAFF=1 mints for staff, and offers the admin', async () => {
    const allowing = await buildTestApp({ config: { ...FAST_HASHING, devOidcAllowStaff: true } });
    try {
      const admin = await asRole('ADMIN', allowing);
      const res = await token({ email: admin.email }, allowing);
      expect(res.statusCode).toBe(200);
      const signedIn = await allowing.inject({ method: 'POST', url: '/auth/google', payload: { idToken: res.json().idToken } });
      expect(signedIn.json().user.roleName).toBe('ADMIN');
      expect((await allowing.inject({ method: 'GET', url: '/dev/oidc/authorize?origin=http://localhost:3000' })).body).toContain(
        'admin@grocer.test',
      );
    } finally {
      await allowing.close();
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
  const headers = { host: 'localhost:4000' };
  const standInStatuses = async (target: App) => [
    (await target.inject({ method: 'GET', url: '/dev/mailbox', headers })).statusCode,
    (await target.inject({ method: 'POST', url: '/dev/oidc/token', payload: { email: 'admin@grocer.test' }, headers })).statusCode,
    (await target.inject({ method: 'POST', url: '/dev/paypal/v1/oauth2/token', headers })).statusCode !== 404,
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
