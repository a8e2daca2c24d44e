// Environment configuration, read and validated once at boot: a TypeBox schema of every variable (ENV)
// plus the production cross-rules. Every variable is documented in api/.env.example. A bad value stops
// the process with one message listing every problem, so an operator fixes them all in one go instead
// of one restart per typo.
import path from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { REPO_ROOT } from './lib/paths.ts';
import { PASSWORD_CHECK_LIMITS } from './services/passwords.ts';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** PGLITE_DATA_DIR value that keeps the embedded database in memory only (tests, throwaway runs). */
export const PGLITE_IN_MEMORY = 'memory://';

export interface Config {
  nodeEnv: (typeof NODE_ENVS)[number];
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** Absolute PGlite data directory, or PGLITE_IN_MEMORY. Ignored when databaseUrl is set. */
  pgliteDataDir: string;
  /** Exact origins allowed to call the API from a browser. */
  corsOrigins: string[];
  /** Where shoppers open the shop; used to build links in e-mails. */
  publicShellUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_VERBOSE=1: Fastify's own request log (an 'incoming' and a 'completed' entry with the whole request) instead of one line per request. */
  logVerbose: boolean;
  /** Where browsers reach this API; the dev OpenID issuer's `iss` is `${publicApiUrl}/dev/oidc`. */
  publicApiUrl: string;
  /**
   * HS256 key for our session JWTs; every API instance must share it. Required in production; elsewhere
   * '' until server.ts fills it with the key kept in the database (services/devSecret.ts).
   */
  jwtSecret: string;
  /** Session token lifetime. */
  jwtTtlSeconds: number;
  /** The OAuth client id Google ID tokens must be issued to (`aud`); undefined disables Google sign-in. */
  googleClientId: string | undefined;
  /** Expected `iss` of Google ID tokens; the local dev issuer outside production. */
  googleIssuer: string;
  /** Where the issuer's signing keys are published. */
  googleJwksUrl: string;
  /** SMTP connection URL for real e-mail; without it mail goes to the dev mailbox (the dev_mail table). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Shared store for rate-limit counters when several API instances run; in-memory per process without it. */
  redisUrl: string | undefined;
  /** Create the demo accounts (api/README.md) at start when missing. */
  seedDemoAccounts: boolean;
  /**
   * ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION=1: production starts although demo accounts are in the database
   * (server.ts refuses otherwise). They still cannot sign in there (services/auth/demoAccounts.ts).
   */
  allowDemoAccountsInProduction: boolean;
  /** DEV_OIDC_ALLOW_STAFF=1: the local OpenID issuer also mints tokens for admin and store-staff accounts. */
  devOidcAllowStaff: boolean;
  /**
   * The reverse proxies allowed to name the client in X-Forwarded-For: addresses, CIDRs or proxy-addr's
   * names (`loopback`, `uniquelocal` for private networks such as compose's). Empty: none. Behind the
   * gateway, request.ip is then the shopper's address and per-IP rate limits are per shopper instead of
   * one bucket for everyone. Only ever list proxies we run: anyone listed can forge a client address.
   */
  trustProxy: string[];
  /** scrypt cost as log2(N). Always 17 (OWASP) from the environment; only tests lower it, explicitly. */
  passwordHashLogN: number;
  /** NODE_ENV was set to development or test, not defaulted: a condition for serving the /dev stand-ins. */
  devModeExplicit: boolean;
  /** ALLOW_DEV_STANDINS=1: serve the stand-ins on any address (never in production); see devStandIns(). */
  allowDevStandIns: boolean;
  /** Password hashes and checks running at once and waiting, per process (services/passwords.ts); only tests change it. */
  passwordChecks: { inFlight: number; queued: number };
  /** PayPal REST credentials; the dev stand-in's fixed pair when PAYPAL_CLIENT_ID/SECRET are unset (never in production). */
  paypalClientId: string;
  paypalClientSecret: string;
  /** Orders v2 base URL: PayPal's sandbox or live API, or the stand-in at `${publicApiUrl}/dev/paypal`. */
  paypalApiBase: string;
  /** What the browser passes as `sdkBaseUrl`: null for PayPal's own JS SDK, else the stand-in's (decision 003). */
  paypalSdkBaseUrl: string | null;
  /** The reconciler (decision 009): an order still PENDING this long after creation is settled from PayPal's record. */
  reconcileAfterSeconds: number;
  /** How often each API process looks for such orders. */
  reconcileIntervalSeconds: number;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** The `aud` the dev OpenID issuer mints for, and the default GOOGLE_CLIENT_ID outside production. */
export const DEV_OIDC_CLIENT_ID = 'grocer-dev-client';
export const OWASP_SCRYPT_LOG_N = 17;
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';
/** The client id and secret the /dev/paypal stand-in accepts (and the defaults outside production). */
export const DEV_PAYPAL_CLIENT_ID = 'grocer-dev-client';
export const DEV_PAYPAL_CLIENT_SECRET = 'grocer-dev-secret';

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
// The allowlist is compared with the browser's Origin header, which is scheme://host[:port] only.
const isOrigin = (value: string) => isHttpUrl(value) && new URL(value).origin === value;

/** One variable: its schema over the value as read (whole numbers as numbers, lists split at commas) and the message when it fails. */
const variable = <T extends TSchema>(schema: T, problem: (got: string) => string) => Object.assign(Type.Optional(schema), { problem });
const notOneOf = (name: string, allowed: readonly string[]) => (got: string) =>
  `${name}: must be one of ${allowed.join(', ')} (got "${got}")`;
const port = (name: string) =>
  variable(Type.Integer({ minimum: 1, maximum: 65535 }), (got) => `${name}: must be an integer port from 1 to 65535 (got "${got}")`);
const httpUrl = (name: string) =>
  variable(Type.Refine(Type.String(), isHttpUrl), (got) => `${name}: must be an http(s) URL (got "${got}")`);
const text = () => variable(Type.String(), () => '');

/**
 * Every variable the API reads, in the order problems are reported. Blank values count as unset (compose
 * files and CI often pass `VAR=` for "unset"). Secrets and connection strings never appear in a message.
 */
const ENV = Type.Object({
  NODE_ENV: variable(Type.Enum(NODE_ENVS), notOneOf('NODE_ENV', NODE_ENVS)),
  LOG_LEVEL: variable(Type.Enum(LOG_LEVELS), notOneOf('LOG_LEVEL', LOG_LEVELS)),
  LOG_VERBOSE: variable(Type.Enum(['0', '1']), notOneOf('LOG_VERBOSE', ['0', '1'])),
  API_PORT: port('API_PORT'),
  SHELL_PORT: port('SHELL_PORT'),
  API_HOST: text(),
  DATABASE_URL: variable(
    Type.String({ pattern: '^postgres(ql)?://[^/]' }),
    () => 'DATABASE_URL: must be a postgres:// or postgresql:// connection string',
  ),
  // Relative paths are taken from the repo root, like the default, so the cwd never matters.
  PGLITE_DATA_DIR: text(),
  CORS_ORIGINS: variable(Type.Array(Type.Refine(Type.String(), isOrigin)), (got) =>
    got === '*'
      ? 'CORS_ORIGINS: "*" would let any site call the API; list the shop\'s origins'
      : `CORS_ORIGINS: "${got}" is not an origin like http://localhost:3000 (no path, no trailing slash)`,
  ),
  PUBLIC_SHELL_URL: httpUrl('PUBLIC_SHELL_URL'),
  PUBLIC_API_URL: httpUrl('PUBLIC_API_URL'),
  JWT_SECRET: text(),
  // At most 7 days: a stolen token is not good for longer, whatever the setting.
  JWT_TTL_SECONDS: variable(
    Type.Integer({ minimum: 300, maximum: 7 * 24 * 3600 }),
    (got) => `JWT_TTL_SECONDS: must be a whole number of seconds from 300 to 604800 (7 days) (got "${got}")`,
  ),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_ISSUER: httpUrl('GOOGLE_ISSUER'),
  GOOGLE_JWKS_URL: httpUrl('GOOGLE_JWKS_URL'),
  SMTP_URL: variable(Type.String({ pattern: '^smtps?://[^/]' }), () => 'SMTP_URL: must be an smtp:// or smtps:// URL'),
  MAIL_FROM: text(),
  REDIS_URL: variable(Type.String({ pattern: '^rediss?://[^/]' }), () => 'REDIS_URL: must be a redis:// or rediss:// URL'),
  PAYPAL_CLIENT_ID: text(),
  PAYPAL_CLIENT_SECRET: text(),
  PAYPAL_API_BASE: httpUrl('PAYPAL_API_BASE'),
  SEED_DEMO_ACCOUNTS: variable(Type.Enum(['true', 'false']), notOneOf('SEED_DEMO_ACCOUNTS', ['true', 'false'])),
  ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: variable(Type.Enum(['0', '1']), notOneOf('ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION', ['0', '1'])),
  DEV_OIDC_ALLOW_STAFF: variable(Type.Enum(['0', '1']), notOneOf('DEV_OIDC_ALLOW_STAFF', ['0', '1'])),
  ALLOW_DEV_STANDINS: variable(Type.Enum(['0', '1']), notOneOf('ALLOW_DEV_STANDINS', ['0', '1'])),
  RECONCILE_AFTER_SECONDS: variable(
    Type.Integer({ minimum: 1, maximum: 86_400 }),
    (got) => `RECONCILE_AFTER_SECONDS: must be a whole number of seconds from 1 to 86400 (got "${got}")`,
  ),
  RECONCILE_INTERVAL_SECONDS: variable(
    Type.Integer({ minimum: 1, maximum: 3_600 }),
    (got) => `RECONCILE_INTERVAL_SECONDS: must be a whole number of seconds from 1 to 3600 (got "${got}")`,
  ),
  TRUST_PROXY: variable(
    Type.Array(Type.String({ pattern: '^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\\/\\d{1,3})?)$' })),
    (got) => `TRUST_PROXY: must list addresses, CIDRs, loopback, linklocal or uniquelocal (got "${got}")`,
  ),
});
type EnvName = keyof typeof ENV.properties;
type Vars = Static<typeof ENV>;
const NAMES = Object.keys(ENV.properties) as EnvName[];

/** The set variables as the schema reads them: trimmed, whole numbers as numbers, lists split at commas. */
function readVars(env: Env): Record<string, unknown> {
  const vars: Record<string, unknown> = {};
  for (const name of NAMES) {
    const value = env[name]?.trim();
    if (!value) continue;
    const { type } = ENV.properties[name] as { type?: unknown };
    if (type === 'array') {
      vars[name] = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
    } else vars[name] = type === 'integer' && /^\d+$/.test(value) ? Number(value) : value;
  }
  return vars;
}

/** Reads the configuration from `env` (process.env by default); throws a ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const read = readVars(env);
  const problems: { name: EnvName; message: string }[] = [];
  const reported = new Set<string>();
  for (const error of Value.Errors(ENV, read)) {
    // `/NAME` or `/NAME/2` for one entry of a list; one message per value however many keywords it fails.
    const [name, index] = error.instancePath.split('/').slice(1) as [EnvName, string | undefined];
    if (reported.has(error.instancePath)) continue;
    reported.add(error.instancePath);
    const value = read[name];
    const got = String(Array.isArray(value) && index !== undefined ? value[Number(index)] : value);
    problems.push({ name, message: ENV.properties[name].problem(got) });
    // A bad value is dropped, so what follows is derived from the default, as if it were unset.
    if (index === undefined) delete read[name];
  }
  const vars = read as Vars;
  const problem = (name: EnvName, message: string) => problems.push({ name, message });

  const nodeEnv = vars.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const apiPort = vars.API_PORT ?? 4000;
  const shellPort = vars.SHELL_PORT ?? 3000;
  // Stored without a trailing slash so callers can append paths: `${publicShellUrl}/verify-email`.
  const url = (value: string) => value.replace(/\/+$/, '');
  const publicShellUrl = url(vars.PUBLIC_SHELL_URL ?? `http://localhost:${shellPort}`);
  const publicApiUrl = url(vars.PUBLIC_API_URL ?? `http://localhost:${apiPort}`);

  // The production cross-rules, and the rules no single value can break.
  const jwtSecret = vars.JWT_SECRET ?? '';
  // Never echo the value.
  if ((production || jwtSecret !== '') && Buffer.byteLength(jwtSecret) < 32) {
    problem('JWT_SECRET', 'JWT_SECRET: required in production, and at least 32 bytes wherever it is set');
  } else if (jwtSecret !== '' && guessable(jwtSecret)) {
    problem(
      'JWT_SECRET',
      `JWT_SECRET: too little entropy (under ${JWT_SECRET_MIN_BITS} bits: too few distinct bytes, or one short pattern repeated); generate one: openssl rand -base64 48`,
    );
  }
  if (production) {
    // A browser or a mail link on plain http outside this machine can be read and rewritten on the way.
    const plain = (value: string) => new URL(value).protocol === 'http:' && !LOOPBACK_NAMES.has(new URL(value).hostname);
    for (const name of ['PUBLIC_SHELL_URL', 'PUBLIC_API_URL'] as const) {
      const value = vars[name];
      if (value !== undefined && plain(value))
        problem(name, `${name}: must be an https URL in production (got "${value}"; http only for localhost)`);
    }
    for (const origin of (vars.CORS_ORIGINS ?? []).filter((entry) => isOrigin(entry) && plain(entry))) {
      problem('CORS_ORIGINS', `CORS_ORIGINS: must be https origins in production (got "${origin}"; http only for localhost)`);
    }
    // Its password is public (api/README.md): anyone could sign in as the demo admin.
    if (vars.SEED_DEMO_ACCOUNTS === 'true')
      problem('SEED_DEMO_ACCOUNTS', 'SEED_DEMO_ACCOUNTS: never true in production (the demo password is public)');
  }
  const googleIssuer = url(vars.GOOGLE_ISSUER ?? (production ? GOOGLE_ISSUER : `${publicApiUrl}/dev/oidc`));
  if (production && googleIssuer !== GOOGLE_ISSUER) {
    problem('GOOGLE_ISSUER', `GOOGLE_ISSUER: must be ${GOOGLE_ISSUER} in production (the dev issuer is not served there)`);
  }
  const paypal = paypalConfig(vars, { production, publicApiUrl }, problem);
  const allowDevStandIns = vars.ALLOW_DEV_STANDINS === '1';
  if (production && allowDevStandIns)
    problem('ALLOW_DEV_STANDINS', 'ALLOW_DEV_STANDINS: the /dev stand-ins are never served in production; unset it');

  if (problems.length > 0) {
    // In the schema's order, so each variable's messages stand together whichever rule found them.
    throw new ConfigError(problems.sort((a, b) => NAMES.indexOf(a.name) - NAMES.indexOf(b.name)).map((p) => p.message));
  }
  const dataDir = vars.PGLITE_DATA_DIR;
  return {
    nodeEnv,
    port: apiPort,
    host: vars.API_HOST ?? '0.0.0.0',
    databaseUrl: vars.DATABASE_URL,
    pgliteDataDir: dataDir === PGLITE_IN_MEMORY ? dataDir : path.resolve(REPO_ROOT, dataDir ?? path.join('.data', 'pglite')),
    corsOrigins: vars.CORS_ORIGINS ?? [`http://localhost:${shellPort}`],
    publicShellUrl,
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    logVerbose: vars.LOG_VERBOSE === '1',
    publicApiUrl,
    jwtSecret,
    jwtTtlSeconds: vars.JWT_TTL_SECONDS ?? 24 * 60 * 60,
    googleClientId: vars.GOOGLE_CLIENT_ID ?? (production ? undefined : DEV_OIDC_CLIENT_ID),
    googleIssuer,
    googleJwksUrl: url(vars.GOOGLE_JWKS_URL ?? (googleIssuer === GOOGLE_ISSUER ? GOOGLE_JWKS_URL : `${googleIssuer}/jwks`)),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Grocer <no-reply@grocer.local>',
    redisUrl: vars.REDIS_URL,
    seedDemoAccounts: (vars.SEED_DEMO_ACCOUNTS ?? (nodeEnv === 'development' ? 'true' : 'false')) === 'true',
    allowDemoAccountsInProduction: vars.ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION === '1',
    devOidcAllowStaff: vars.DEV_OIDC_ALLOW_STAFF === '1',
    trustProxy: vars.TRUST_PROXY ?? [],
    passwordHashLogN: OWASP_SCRYPT_LOG_N,
    passwordChecks: PASSWORD_CHECK_LIMITS,
    devModeExplicit: nodeEnv !== 'production' && vars.NODE_ENV !== undefined,
    allowDevStandIns,
    ...paypal,
    // Longer than any checkout request can still be capturing (two PayPal calls of at most 15 s each).
    reconcileAfterSeconds: vars.RECONCILE_AFTER_SECONDS ?? 300,
    reconcileIntervalSeconds: vars.RECONCILE_INTERVAL_SECONDS ?? 60,
  };
}

/** Host names of this machine, as a URL's `hostname` spells them: plain http and the /dev stand-ins are for these only. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The least a session key must carry, as guessable() estimates it. */
export const JWT_SECRET_MIN_BITS = 128;

/**
 * A key anyone could guess: fewer than JWT_SECRET_MIN_BITS by a generous estimate, log2(its distinct
 * bytes) per byte of its shortest repeating pattern. 32 `a`s carry 0 bits, `abcd` × 8 carries 16, and a
 * 20-byte phrase said twice counts once; `openssl rand -hex 32` (64 × 4 bits) passes even when a digit
 * happens to be missing, where a bare "16 distinct bytes" rule would refuse one key in four.
 */
export function guessable(secret: string): boolean {
  const bytes = Buffer.from(secret);
  // The shortest period, from KMP's failure function: the pattern is that many bytes, however often repeated.
  const border = new Array<number>(bytes.length).fill(0);
  for (let i = 1, k = 0; i < bytes.length; i++) {
    while (k > 0 && bytes[i] !== bytes[k]) k = border[k - 1]!;
    if (bytes[i] === bytes[k]) k += 1;
    border[i] = k;
  }
  const period = bytes.length - (border[bytes.length - 1] ?? 0);
  return period * Math.log2(new Set(bytes).size) < JWT_SECRET_MIN_BITS;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i;

/**
 * Whether the /dev stand-ins (mailbox, OpenID issuer that mints a token for any address, PayPal) are
 * served: the one decision, for every stand-in. Only with development (or test) mode set explicitly
 * and every address the API listens on a loopback one, or with ALLOW_DEV_STANDINS=1 (`forced`, logged
 * at warn). Never in production (loadConfig refuses ALLOW_DEV_STANDINS there).
 */
export function devStandIns(
  config: Pick<Config, 'nodeEnv' | 'devModeExplicit' | 'allowDevStandIns'>,
  listenHosts: string[],
): { serve: boolean; forced: boolean; reason: string } {
  if (config.nodeEnv === 'production') return { serve: false, forced: false, reason: 'NODE_ENV is production' };
  const loopbackOnly = listenHosts.length > 0 && listenHosts.every((host) => LOOPBACK_HOSTS.test(host));
  if (config.devModeExplicit && loopbackOnly) return { serve: true, forced: false, reason: 'development mode, loopback only' };
  if (config.allowDevStandIns) return { serve: true, forced: true, reason: 'ALLOW_DEV_STANDINS=1' };
  const why = config.devModeExplicit ? `listening on ${listenHosts.join(', ')}, not loopback only` : 'NODE_ENV is not set to development';
  return { serve: false, forced: false, reason: why };
}

type PaypalConfig = Pick<Config, 'paypalClientId' | 'paypalClientSecret' | 'paypalApiBase' | 'paypalSdkBaseUrl'>;

/**
 * Real PayPal when both credentials are set (sandbox unless PAYPAL_API_BASE says otherwise); without them,
 * outside production, the API's own stand-in. Production must have real credentials: the stand-in is not served there.
 */
function paypalConfig(
  vars: Vars,
  { production, publicApiUrl }: { production: boolean; publicApiUrl: string },
  problem: (name: EnvName, message: string) => void,
): PaypalConfig {
  // Never echo the secret.
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret } = vars;
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    problem('PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both or neither');
  } else if (clientId === undefined && production) {
    problem(
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required in production (the /dev/paypal stand-in is not served there)',
    );
  }
  const real = clientId !== undefined && clientSecret !== undefined;
  if (production && (clientId === DEV_PAYPAL_CLIENT_ID || clientSecret === DEV_PAYPAL_CLIENT_SECRET)) {
    problem('PAYPAL_CLIENT_ID', "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: the /dev/paypal stand-in's pair is not a PayPal credential");
  }
  const standIn = `${publicApiUrl}/dev/paypal`;
  const apiBase = (vars.PAYPAL_API_BASE ?? (real ? PAYPAL_SANDBOX_API_BASE : standIn)).replace(/\/+$/, '');
  if (production && real && !apiBase.startsWith('https://'))
    problem('PAYPAL_API_BASE', 'PAYPAL_API_BASE: must be an https URL in production');
  return {
    paypalClientId: real ? clientId : DEV_PAYPAL_CLIENT_ID,
    paypalClientSecret: real ? clientSecret : DEV_PAYPAL_CLIENT_SECRET,
    paypalApiBase: apiBase,
    paypalSdkBaseUrl: real ? null : `${standIn}/sdk/js`,
  };
}
