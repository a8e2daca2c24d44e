import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, devStandIns, guessable, loadConfig, PAYPAL_SANDBOX_API_BASE, PGLITE_IN_MEMORY } from './config.ts';
import { PASSWORD_CHECK_LIMITS } from './services/passwords.ts';
import { REPO_ROOT } from './lib/paths.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      nodeEnv: 'development',
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDataDir: path.join(REPO_ROOT, '.data', 'pglite'),
      corsOrigins: ['http://localhost:3000'],
      publicShellUrl: 'http://localhost:3000',
      logLevel: 'info',
      logVerbose: false,
      publicApiUrl: 'http://localhost:4000',
      // Made on first start and kept in the database (server.ts): never a key from the repository.
      jwtSecret: '',
      jwtTtlSeconds: 86_400,
      googleClientId: 'grocer-dev-client',
      googleIssuer: 'http://localhost:4000/dev/oidc',
      googleJwksUrl: 'http://localhost:4000/dev/oidc/jwks',
      smtpUrl: undefined,
      mailFrom: 'Grocer <no-reply@grocer.local>',
      redisUrl: undefined,
      seedDemoAccounts: true,
      allowDemoAccountsInProduction: false,
      devOidcAllowStaff: false,
      trustProxy: [],
      passwordHashLogN: 17,
      passwordChecks: PASSWORD_CHECK_LIMITS,
      devModeExplicit: false,
      allowDevStandIns: false,
      paypalClientId: 'grocer-dev-client',
      paypalClientSecret: 'grocer-dev-secret',
      paypalApiBase: 'http://localhost:4000/dev/paypal',
      paypalSdkBaseUrl: 'http://localhost:4000/dev/paypal/sdk/js',
      reconcileAfterSeconds: 300,
      reconcileIntervalSeconds: 60,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_PORT: '8080',
      API_HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://grocer:secret@db:5432/grocer',
      CORS_ORIGINS: 'https://shop.example.com, https://www.shop.example.com',
      PUBLIC_SHELL_URL: 'https://shop.example.com/',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      PAYPAL_CLIENT_ID: 'live-client-id',
      PAYPAL_CLIENT_SECRET: 'live-secret',
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://grocer:secret@db:5432/grocer',
      corsOrigins: ['https://shop.example.com', 'https://www.shop.example.com'],
      publicShellUrl: 'https://shop.example.com',
      logLevel: 'warn',
      paypalClientId: 'live-client-id',
      paypalClientSecret: 'live-secret',
      paypalApiBase: 'https://api-m.paypal.com',
      paypalSdkBaseUrl: null,
    });
  });

  it("reads the reconciler's age and interval in whole seconds, within bounds", () => {
    expect(loadConfig({ RECONCILE_AFTER_SECONDS: '10', RECONCILE_INTERVAL_SECONDS: '3' })).toMatchObject({
      reconcileAfterSeconds: 10,
      reconcileIntervalSeconds: 3,
    });
    expect(() => loadConfig({ RECONCILE_AFTER_SECONDS: '0', RECONCILE_INTERVAL_SECONDS: '1.5' })).toThrow(
      [
        'RECONCILE_AFTER_SECONDS: must be a whole number of seconds from 1 to 86400 (got "0")',
        'RECONCILE_INTERVAL_SECONDS: must be a whole number of seconds from 1 to 3600 (got "1.5")',
      ].join('\n  - '),
    );
  });

  it('reads TRUST_PROXY as a list of proxies, none by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal, 10.1.2.3/32' }).trustProxy).toEqual(['uniquelocal', '10.1.2.3/32']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must list addresses/);
  });

  it('reads LOG_VERBOSE as 0 or 1, off by default', () => {
    expect(loadConfig({ LOG_VERBOSE: '1' }).logVerbose).toBe(true);
    expect(loadConfig({ LOG_VERBOSE: '0' }).logVerbose).toBe(false);
    expect(problemsOf({ LOG_VERBOSE: 'yes' })).toEqual(['LOG_VERBOSE: must be one of 0, 1 (got "yes")']);
  });

  it('derives the CORS default from SHELL_PORT and treats blank values as unset', () => {
    const config = loadConfig({ SHELL_PORT: '3100', API_PORT: '', DATABASE_URL: ' ' });
    expect(config.corsOrigins).toEqual(['http://localhost:3100']);
    expect(config.port).toBe(4000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('resolves PGLITE_DATA_DIR against the repo root, not the cwd, and keeps memory:// as is', () => {
    expect(loadConfig({ PGLITE_DATA_DIR: 'tmp/db' }).pgliteDataDir).toBe(path.join(REPO_ROOT, 'tmp', 'db'));
    expect(loadConfig({ PGLITE_DATA_DIR: '/var/lib/grocer' }).pgliteDataDir).toBe('/var/lib/grocer');
    expect(loadConfig({ PGLITE_DATA_DIR: PGLITE_IN_MEMORY }).pgliteDataDir).toBe(PGLITE_IN_MEMORY);
  });

  it('rejects a bad port with a message naming the variable and the value', () => {
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(
      'Invalid environment configuration:\n  - API_PORT: must be an integer port from 1 to 65535 (got "abc")',
    );
    expect(problemsOf({ API_PORT: '70000' })).toEqual(['API_PORT: must be an integer port from 1 to 65535 (got "70000")']);
  });

  it('lists every bad variable at once, without echoing a database password', () => {
    const problems = problemsOf({
      NODE_ENV: 'staging',
      API_PORT: '0',
      DATABASE_URL: 'mysql://root:hunter2@db/grocer',
      CORS_ORIGINS: 'http://localhost:3000/,shop',
      PUBLIC_SHELL_URL: 'ftp://shop',
      LOG_LEVEL: 'loud',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'NODE_ENV',
      'LOG_LEVEL',
      'API_PORT',
      'DATABASE_URL',
      'CORS_ORIGINS',
      'CORS_ORIGINS',
      'PUBLIC_SHELL_URL',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  describe('accounts', () => {
    const prod = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    };

    it('refuses to start in production without a real JWT_SECRET, and a short one anywhere', () => {
      const message = 'JWT_SECRET: required in production, and at least 32 bytes wherever it is set';
      expect(problemsOf({ NODE_ENV: 'production' })).toContain(message);
      expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toContain(message);
      expect(problemsOf({ NODE_ENV: 'development', JWT_SECRET: 'short' })).toContain(message);
    });

    it('uses Google in production and refuses any other issuer there', () => {
      expect(loadConfig(prod)).toMatchObject({
        googleIssuer: 'https://accounts.google.com',
        googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
        googleClientId: undefined,
        seedDemoAccounts: false,
      });
      expect(problemsOf({ ...prod, GOOGLE_ISSUER: 'http://localhost:4000/dev/oidc' })).toEqual([
        'GOOGLE_ISSUER: must be https://accounts.google.com in production (the dev issuer is not served there)',
      ]);
    });

    it('points Google sign-in at the dev issuer outside production, following PUBLIC_API_URL', () => {
      expect(loadConfig({ PUBLIC_API_URL: 'http://api.test:8080/' })).toMatchObject({
        googleIssuer: 'http://api.test:8080/dev/oidc',
        googleJwksUrl: 'http://api.test:8080/dev/oidc/jwks',
      });
    });

    it('caps the session lifetime at 7 days', () => {
      expect(loadConfig({ JWT_TTL_SECONDS: '604800' }).jwtTtlSeconds).toBe(604_800);
      expect(problemsOf({ JWT_TTL_SECONDS: '604801' })).toEqual([
        'JWT_TTL_SECONDS: must be a whole number of seconds from 300 to 604800 (7 days) (got "604801")',
      ]);
    });

    it('validates SMTP_URL, REDIS_URL and JWT_TTL_SECONDS', () => {
      expect(problemsOf({ SMTP_URL: 'http://mail', REDIS_URL: 'localhost:6379', JWT_TTL_SECONDS: '10' })).toEqual([
        'JWT_TTL_SECONDS: must be a whole number of seconds from 300 to 604800 (7 days) (got "10")',
        'SMTP_URL: must be an smtp:// or smtps:// URL',
        'REDIS_URL: must be a redis:// or rediss:// URL',
      ]);
    });
  });

  describe('PayPal', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-bytes' };

    it('uses the /dev/paypal stand-in without credentials outside production, following PUBLIC_API_URL', () => {
      expect(loadConfig({ NODE_ENV: 'test', PUBLIC_API_URL: 'http://api.test:8080/' })).toMatchObject({
        paypalClientId: 'grocer-dev-client',
        paypalClientSecret: 'grocer-dev-secret',
        paypalApiBase: 'http://api.test:8080/dev/paypal',
        paypalSdkBaseUrl: 'http://api.test:8080/dev/paypal/sdk/js',
      });
      // The API may reach itself by another address than browsers do; the browser's SDK URL stays public.
      expect(loadConfig({ API_PORT: '4100', PAYPAL_API_BASE: 'http://127.0.0.1:4100/dev/paypal/' })).toMatchObject({
        paypalApiBase: 'http://127.0.0.1:4100/dev/paypal',
        paypalSdkBaseUrl: 'http://localhost:4100/dev/paypal/sdk/js',
      });
    });

    it("uses PayPal's sandbox with credentials, and PayPal's own SDK in the browser", () => {
      expect(loadConfig({ PAYPAL_CLIENT_ID: 'sandbox-id', PAYPAL_CLIENT_SECRET: 'sandbox-secret' })).toMatchObject({
        paypalClientId: 'sandbox-id',
        paypalClientSecret: 'sandbox-secret',
        paypalApiBase: PAYPAL_SANDBOX_API_BASE,
        paypalSdkBaseUrl: null,
      });
      expect(loadConfig({ ...prod, PAYPAL_CLIENT_ID: 'live-id', PAYPAL_CLIENT_SECRET: 'live-secret' }).paypalApiBase).toBe(
        'https://api-m.sandbox.paypal.com',
      );
    });

    it('refuses to start in production without credentials, with half of them, or with a plain-http PayPal', () => {
      expect(problemsOf(prod)).toEqual([
        'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required in production (the /dev/paypal stand-in is not served there)',
      ]);
      expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both or neither']);
      const problems = problemsOf({ ...prod, PAYPAL_CLIENT_SECRET: 'hunter2', PAYPAL_API_BASE: 'not a url' });
      expect(problems).toEqual([
        'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both or neither',
        'PAYPAL_API_BASE: must be an http(s) URL (got "not a url")',
      ]);
      expect(problems.join('\n')).not.toContain('hunter2');
      expect(problemsOf({ ...prod, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_API_BASE: 'http://paypal.internal' })).toEqual(
        ['PAYPAL_API_BASE: must be an https URL in production'],
      );
    });
  });
});

describe('production refuses unsafe settings, one line naming each', () => {
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
    PAYPAL_CLIENT_ID: 'live-id',
    PAYPAL_CLIENT_SECRET: 'live-secret',
  };

  it('starts with real secrets, https URLs and localhost on plain http', () => {
    expect(() => loadConfig(prod)).not.toThrow();
    expect(() =>
      loadConfig({
        ...prod,
        PUBLIC_SHELL_URL: 'https://shop.example.com',
        PUBLIC_API_URL: 'https://api.example.com',
        CORS_ORIGINS: 'https://shop.example.com,http://localhost:3000,http://127.0.0.1:3000,http://[::1]:3000',
      }),
    ).not.toThrow();
    expect(() => loadConfig({ ...prod, PUBLIC_API_URL: 'http://localhost:4000', PUBLIC_SHELL_URL: 'http://127.0.0.1:3000' })).not.toThrow();
  });

  it('refuses SEED_DEMO_ACCOUNTS=true (the demo password is public)', () => {
    expect(problemsOf({ ...prod, SEED_DEMO_ACCOUNTS: 'true' })).toEqual([
      'SEED_DEMO_ACCOUNTS: never true in production (the demo password is public)',
    ]);
    expect(loadConfig({ ...prod, SEED_DEMO_ACCOUNTS: 'false' }).seedDemoAccounts).toBe(false);
    // Outside production the demo is the point.
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_ACCOUNTS: 'true' }).seedDemoAccounts).toBe(true);
  });

  it('reads ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION and DEV_OIDC_ALLOW_STAFF as 0 or 1, off by default', () => {
    expect(loadConfig({ ...prod, ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: '1' }).allowDemoAccountsInProduction).toBe(true);
    expect(loadConfig(prod).allowDemoAccountsInProduction).toBe(false);
    expect(loadConfig({ DEV_OIDC_ALLOW_STAFF: '1' }).devOidcAllowStaff).toBe(true);
    expect(problemsOf({ ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: 'yes', DEV_OIDC_ALLOW_STAFF: 'true' })).toEqual([
      'ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: must be one of 0, 1 (got "yes")',
      'DEV_OIDC_ALLOW_STAFF: must be one of 0, 1 (got "true")',
    ]);
  });

  const lowEntropy =
    'JWT_SECRET: too little entropy (under 128 bits: too few distinct bytes, or one short pattern repeated); generate one: openssl rand -base64 48';

  it.each([
    ['32 a’s', 'a'.repeat(32)],
    ['15 distinct bytes in 32', 'abcdefghijklmno'.repeat(3).slice(0, 32)],
    ['two distinct bytes', 'ab'.repeat(8) + 'ba'.repeat(8) + 'aabb'.repeat(4)],
    ['a 4-byte pattern 8 times', 'abcd'.repeat(8)],
    ['a 20-byte phrase twice', 'correct-horse-battery-staple!'.slice(0, 20).repeat(2)],
    ['a 17-byte pattern two and a half times', 'abcdefghijklmnopq'.repeat(3).slice(0, 42)],
  ])('refuses a JWT_SECRET of %s, without echoing it', (_label, secret) => {
    expect(guessable(secret)).toBe(true);
    const problems = problemsOf({ ...prod, JWT_SECRET: secret });
    expect(problems).toEqual([lowEntropy]);
    expect(problems.join('\n')).not.toContain(secret);
    // Wherever it is set: a key anyone can guess forges sessions in development too.
    expect(problemsOf({ JWT_SECRET: secret })).toEqual([lowEntropy]);
  });

  it('accepts generated keys and passphrases', () => {
    for (let i = 0; i < 50; i++) {
      expect(guessable(randomBytes(32).toString('base64url'))).toBe(false);
      expect(guessable(randomBytes(48).toString('base64'))).toBe(false);
      // `openssl rand -hex 32`: 16 symbols at most, often 15, and 256 bits either way.
      expect(guessable(randomBytes(32).toString('hex'))).toBe(false);
    }
    expect(guessable('0123456789abcde'.repeat(5))).toBe(true);
    expect(guessable('a-production-secret-of-at-least-32-bytes')).toBe(false);
  });

  it("refuses the PayPal stand-in's client pair, or either half of it", () => {
    const message = "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: the /dev/paypal stand-in's pair is not a PayPal credential";
    expect(problemsOf({ ...prod, PAYPAL_CLIENT_ID: 'grocer-dev-client', PAYPAL_CLIENT_SECRET: 'grocer-dev-secret' })).toEqual([message]);
    expect(problemsOf({ ...prod, PAYPAL_CLIENT_ID: 'grocer-dev-client' })).toEqual([message]);
    expect(problemsOf({ ...prod, PAYPAL_CLIENT_SECRET: 'grocer-dev-secret' })).toEqual([message]);
    // The stand-in's own pair outside production is how it works.
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'grocer-dev-client', PAYPAL_CLIENT_SECRET: 'grocer-dev-secret' }).paypalClientId).toBe(
      'grocer-dev-client',
    );
  });

  it('refuses plain-http public URLs and CORS origins other than localhost', () => {
    expect(
      problemsOf({
        ...prod,
        CORS_ORIGINS: 'https://shop.example.com,http://shop.example.com,http://192.168.1.5:3000',
        PUBLIC_SHELL_URL: 'http://shop.example.com',
        PUBLIC_API_URL: 'http://api.example.com/',
      }),
    ).toEqual([
      'CORS_ORIGINS: must be https origins in production (got "http://shop.example.com"; http only for localhost)',
      'CORS_ORIGINS: must be https origins in production (got "http://192.168.1.5:3000"; http only for localhost)',
      'PUBLIC_SHELL_URL: must be an https URL in production (got "http://shop.example.com"; http only for localhost)',
      'PUBLIC_API_URL: must be an https URL in production (got "http://api.example.com/"; http only for localhost)',
    ]);
    // Outside production a LAN address on http is a developer's phone test.
    expect(() => loadConfig({ CORS_ORIGINS: 'http://192.168.1.5:3000', PUBLIC_SHELL_URL: 'http://192.168.1.5:3000' })).not.toThrow();
  });

  it('refuses CORS_ORIGINS=*, anywhere', () => {
    const message = 'CORS_ORIGINS: "*" would let any site call the API; list the shop\'s origins';
    expect(problemsOf({ ...prod, CORS_ORIGINS: '*' })).toEqual([message]);
    expect(problemsOf({ CORS_ORIGINS: 'http://localhost:3000, *' })).toEqual([message]);
  });
});

describe('devStandIns: the one decision for every /dev stand-in', () => {
  const decide = (env: Record<string, string>, hosts: string[]) => devStandIns(loadConfig(env), hosts);
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-of-at-least-32-bytes',
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
  };

  it.each([
    // [env, listening on, served, forced]
    [{ NODE_ENV: 'development' }, ['127.0.0.1'], true, false],
    [{ NODE_ENV: 'development' }, ['localhost'], true, false],
    [{ NODE_ENV: 'development' }, ['::1'], true, false],
    [{ NODE_ENV: 'test' }, ['127.0.0.1'], true, false],
    [{ NODE_ENV: 'development' }, ['0.0.0.0'], false, false],
    [{ NODE_ENV: 'development' }, ['127.0.0.1', '192.168.1.5'], false, false],
    [{ NODE_ENV: 'development' }, ['::'], false, false],
    // NODE_ENV left unset is not development "explicitly on".
    [{}, ['127.0.0.1'], false, false],
    [{ NODE_ENV: 'development', ALLOW_DEV_STANDINS: '1' }, ['0.0.0.0'], true, true],
    [{ ALLOW_DEV_STANDINS: '1' }, ['0.0.0.0'], true, true],
    [{ NODE_ENV: 'development', ALLOW_DEV_STANDINS: '0' }, ['0.0.0.0'], false, false],
    [prod, ['127.0.0.1'], false, false],
  ])('%j listening on %j: served %s, forced %s', (env, hosts, serve, forced) => {
    expect(decide(env as Record<string, string>, hosts)).toMatchObject({ serve, forced });
  });

  it('refuses to start production with a stand-in enabled', () => {
    expect(problemsOf({ ...prod, ALLOW_DEV_STANDINS: '1' })).toEqual([
      'ALLOW_DEV_STANDINS: the /dev stand-ins are never served in production; unset it',
    ]);
    expect(problemsOf({ ...prod, PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' })).toEqual([
      'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required in production (the /dev/paypal stand-in is not served there)',
    ]);
    expect(problemsOf({ ALLOW_DEV_STANDINS: 'yes' })).toEqual(['ALLOW_DEV_STANDINS: must be one of 0, 1 (got "yes")']);
  });
});
