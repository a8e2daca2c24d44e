import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import { bearer, FAST_HASHING, STRONG_PASSWORD, uniqueEmail } from '../testing/accounts.ts';
import { buildTestApp, createTestDatabase } from '../testing/testApp.ts';
import { DEMO_EMAIL_DOMAIN, demoAccountsStartProblem, isDemoAddress } from './demoAccounts.ts';
import { createPasswordHasher } from './passwords.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoStaffEmail, seedDemoAccounts } from './users.ts';

const PRODUCTION: Partial<Config> = { nodeEnv: 'production', googleIssuer: 'https://accounts.google.com', googleClientId: undefined };

describe('demo accounts in production', () => {
  it('are every seeded account: the demo domain is what the start check and sign-in look for', () => {
    for (const { email } of DEMO_ACCOUNTS) expect(isDemoAddress(email)).toBe(true);
    expect(isDemoAddress(demoStaffEmail('s-123'))).toBe(true);
    expect(isDemoAddress(` Admin@${DEMO_EMAIL_DOMAIN.toUpperCase()}`)).toBe(true);
    expect(isDemoAddress('admin@grocer.test.example.com')).toBe(false);
    expect(isDemoAddress('someone@example.com')).toBe(false);
  });

  it('stop a production start, in one line naming ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION, unless it is 1', async () => {
    const connection = await createTestDatabase();
    try {
      const prod = { nodeEnv: 'production', allowDemoAccountsInProduction: false } as const;
      expect(await demoAccountsStartProblem(connection.db, prod)).toBeNull();
      await seedDemoAccounts(connection.db, createPasswordHasher(10));
      const problem = await demoAccountsStartProblem(connection.db, prod);
      expect(problem).toMatch(/^ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: the database has \d+ demo accounts \(@grocer\.test, public password\);/);
      expect(problem).not.toContain('\n');
      expect(await demoAccountsStartProblem(connection.db, { ...prod, allowDemoAccountsInProduction: true })).toBeNull();
      expect(await demoAccountsStartProblem(connection.db, { ...prod, nodeEnv: 'development' })).toBeNull();
    } finally {
      await connection.close();
    }
  });

  describe('with ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION=1: on the database, unable to sign in by any path', () => {
    // A development API and a production one on the same database (a development database taken to
    // production), sharing the session key, so a session made in development is tried in production.
    const jwtSecret = randomBytes(32).toString('base64url');
    let dev: App;
    let prod: App;
    beforeAll(async () => {
      const db = await createTestDatabase();
      // One connection for both: the production app closes it, after the development one.
      dev = await buildTestApp({ db: { ...db, close: async () => {} }, config: { ...FAST_HASHING, jwtSecret, devOidcAllowStaff: true } });
      await seedDemoAccounts(dev.db, createPasswordHasher(10));
      // Production verifies Google tokens with the keys at GOOGLE_JWKS_URL: here the dev issuer's, over HTTP.
      await dev.listen({ port: 0, host: '127.0.0.1' });
      const { port } = dev.server.address() as AddressInfo;
      prod = await buildTestApp({
        db,
        config: {
          ...FAST_HASHING,
          ...PRODUCTION,
          jwtSecret,
          allowDemoAccountsInProduction: true,
          googleIssuer: dev.standIns.oidc.issuer,
          googleClientId: dev.standIns.oidc.clientId,
          googleJwksUrl: `http://127.0.0.1:${port}/dev/oidc/jwks`,
        },
      });
      // Two apps on a 2-core machine shared by a whole team: building them can take a while.
    }, 240_000);
    afterAll(async () => {
      await dev?.close();
      await prod?.close();
    });

    const login = (app: App, email: string, password = DEMO_PASSWORD) =>
      app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

    it('password: the answer of a wrong password, for the admin and a shopper', async () => {
      for (const email of ['admin@grocer.test', 'shopper@grocer.test', 'ADMIN@grocer.test']) {
        expect((await login(dev, email)).statusCode).toBe(200);
        const res = await login(prod, email);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toEqual({ code: 'SIGNIN_FAILED', message: 'Invalid email or password.' });
      }
    });

    it('Google: the answer of a bad token; any other account still signs in', async () => {
      const google = async (email: string) =>
        prod.inject({ method: 'POST', url: '/auth/google', payload: { idToken: await dev.standIns.oidc.mintIdToken({ email }) } });
      const admin = await google('admin@grocer.test');
      expect(admin.statusCode).toBe(401);
      expect(admin.json().error.code).toBe('GOOGLE_SIGNIN_FAILED');
      // Nor does a new Google account on the demo domain get a session.
      expect((await google(`new@${DEMO_EMAIL_DOMAIN}`)).statusCode).toBe(401);
      expect((await google(uniqueEmail('real'))).statusCode).toBe(200);
    });

    it('a session or a stream ticket issued before production: refused', async () => {
      const { token: session } = (await login(dev, 'admin@grocer.test')).json().user as { token: string };
      expect((await dev.inject({ method: 'GET', url: '/user/profile', headers: bearer(session) })).statusCode).toBe(200);
      const res = await prod.inject({ method: 'GET', url: '/user/profile', headers: bearer(session) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');

      const live = await dev.services.auth.authenticate(session);
      const { ticket } = await dev.services.auth.issueTicket(live!.claims, 'admin-stream');
      expect(await prod.services.auth.authenticateTicket(ticket, 'admin-stream')).toBeNull();
    });

    it('sign-up on the demo domain: refused before any account is made', async () => {
      const email = `someone.${Date.now()}@${DEMO_EMAIL_DOMAIN}`;
      const res = await prod.inject({ method: 'POST', url: '/auth/register', payload: { email, password: STRONG_PASSWORD } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'email',
        message: 'Addresses @grocer.test are reserved for the demo accounts.',
      });
      expect((await login(dev, email, STRONG_PASSWORD)).statusCode).toBe(401);
      // Outside production the demo domain is the developer's to use.
      expect((await dev.inject({ method: 'POST', url: '/auth/register', payload: { email, password: STRONG_PASSWORD } })).statusCode).toBe(
        201,
      );
    });
  });
});
