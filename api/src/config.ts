// Environment configuration, read and validated once at boot. Every variable is documented in
// api/.env.example. A bad value stops the process with one message listing every problem, so an
// operator fixes them all in one go instead of one restart per typo.
import path from 'node:path';
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

/** Reads the configuration from `env` (process.env by default); throws a ConfigError listing every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  // Compose files and CI often pass `VAR=` for "unset"; treat blank values as absent.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = read(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name}: must be one of ${allowed.join(', ')} (got "${value}")`);
    return fallback;
  };

  const port = (name: string, fallback: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= 1 && n <= 65535) return n;
    problems.push(`${name}: must be an integer port from 1 to 65535 (got "${value}")`);
    return fallback;
  };

  const httpUrl = (name: string, fallback: string): string => {
    const value = read(name) ?? fallback;
    if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) {
      // Stored without a trailing slash so callers can append paths: `${publicShellUrl}/verify-email`.
      return value.replace(/\/+$/, '');
    }
    problems.push(`${name}: must be an http(s) URL (got "${value}")`);
    return fallback;
  };

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const apiPort = port('API_PORT', 4000);
  const shellPort = port('SHELL_PORT', 3000);
  const host = read('API_HOST') ?? '0.0.0.0';

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/.test(databaseUrl)) {
    // Never echo the value: it may hold a password.
    problems.push('DATABASE_URL: must be a postgres:// or postgresql:// connection string');
  }

  const dataDir = read('PGLITE_DATA_DIR');
  // Relative paths are taken from the repo root, like the default, so the cwd never matters.
  const pgliteDataDir = dataDir === PGLITE_IN_MEMORY ? dataDir : path.resolve(REPO_ROOT, dataDir ?? path.join('.data', 'pglite'));

  const corsOrigins = (read('CORS_ORIGINS') ?? `http://localhost:${shellPort}`)
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    // The allowlist is compared with the browser's Origin header, which is scheme://host[:port] only.
    const parsed = URL.canParse(origin) ? new URL(origin) : null;
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      problems.push(`CORS_ORIGINS: "${origin}" is not an origin like http://localhost:3000 (no path, no trailing slash)`);
    }
  }

  const publicShellUrl = httpUrl('PUBLIC_SHELL_URL', `http://localhost:${shellPort}`);
  const publicApiUrl = httpUrl('PUBLIC_API_URL', `http://localhost:${apiPort}`);
  const production = nodeEnv === 'production';

  const jwtSecret = read('JWT_SECRET') ?? '';
  if ((production || jwtSecret !== '') && Buffer.byteLength(jwtSecret) < 32) {
    // Never echo the value.
    problems.push('JWT_SECRET: required in production, and at least 32 bytes wherever it is set');
  }
  let jwtTtlSeconds = 24 * 60 * 60;
  const ttl = read('JWT_TTL_SECONDS');
  if (ttl !== undefined) {
    // At most 7 days: a stolen token is not good for longer, whatever the setting.
    if (/^\d+$/.test(ttl) && Number(ttl) >= 300 && Number(ttl) <= 7 * 24 * 3600) jwtTtlSeconds = Number(ttl);
    else problems.push(`JWT_TTL_SECONDS: must be a whole number of seconds from 300 to 604800 (7 days) (got "${ttl}")`);
  }

  const googleClientId = read('GOOGLE_CLIENT_ID') ?? (production ? undefined : DEV_OIDC_CLIENT_ID);
  const googleIssuer = httpUrl('GOOGLE_ISSUER', production ? GOOGLE_ISSUER : `${publicApiUrl}/dev/oidc`);
  if (production && googleIssuer !== GOOGLE_ISSUER) {
    problems.push(`GOOGLE_ISSUER: must be ${GOOGLE_ISSUER} in production (the dev issuer is not served there)`);
  }
  const googleJwksUrl = httpUrl('GOOGLE_JWKS_URL', googleIssuer === GOOGLE_ISSUER ? GOOGLE_JWKS_URL : `${googleIssuer}/jwks`);

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) problems.push('SMTP_URL: must be an smtp:// or smtps:// URL');
  const mailFrom = read('MAIL_FROM') ?? 'Grocer <no-reply@grocer.local>';

  const redisUrl = read('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\/[^/]/.test(redisUrl)) problems.push('REDIS_URL: must be a redis:// or rediss:// URL');

  const paypal = paypalConfig(read, httpUrl, { production, publicApiUrl }, problems);

  const seed = oneOf('SEED_DEMO_ACCOUNTS', ['true', 'false'] as const, nodeEnv === 'development' ? 'true' : 'false');

  const allowDevStandIns = oneOf('ALLOW_DEV_STANDINS', ['0', '1'] as const, '0') === '1';
  if (production && allowDevStandIns) problems.push('ALLOW_DEV_STANDINS: the /dev stand-ins are never served in production; unset it');

  const trustProxy = (read('TRUST_PROXY') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const badProxy = trustProxy.find((entry) => !/^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(entry));
  if (badProxy) problems.push(`TRUST_PROXY: must list addresses, CIDRs, loopback, linklocal or uniquelocal (got "${badProxy}")`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv,
    port: apiPort,
    host,
    databaseUrl,
    pgliteDataDir,
    corsOrigins,
    publicShellUrl,
    logLevel,
    publicApiUrl,
    jwtSecret,
    jwtTtlSeconds,
    googleClientId,
    googleIssuer,
    googleJwksUrl,
    smtpUrl,
    mailFrom,
    redisUrl,
    seedDemoAccounts: seed === 'true',
    trustProxy,
    passwordHashLogN: OWASP_SCRYPT_LOG_N,
    passwordChecks: PASSWORD_CHECK_LIMITS,
    devModeExplicit: nodeEnv !== 'production' && read('NODE_ENV') !== undefined,
    allowDevStandIns,
    ...paypal,
  };
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
  read: (name: string) => string | undefined,
  httpUrl: (name: string, fallback: string) => string,
  { production, publicApiUrl }: { production: boolean; publicApiUrl: string },
  problems: string[],
): PaypalConfig {
  const clientId = read('PAYPAL_CLIENT_ID');
  // Never echo the secret.
  const clientSecret = read('PAYPAL_CLIENT_SECRET');
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    problems.push('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: set both or neither');
  } else if (clientId === undefined && production) {
    problems.push('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: required in production (the /dev/paypal stand-in is not served there)');
  }
  const real = clientId !== undefined && clientSecret !== undefined;
  const standIn = `${publicApiUrl}/dev/paypal`;
  const apiBase = httpUrl('PAYPAL_API_BASE', real ? PAYPAL_SANDBOX_API_BASE : standIn);
  if (production && real && !apiBase.startsWith('https://')) problems.push('PAYPAL_API_BASE: must be an https URL in production');
  return {
    paypalClientId: real ? clientId : DEV_PAYPAL_CLIENT_ID,
    paypalClientSecret: real ? clientSecret : DEV_PAYPAL_CLIENT_SECRET,
    paypalApiBase: apiBase,
    paypalSdkBaseUrl: real ? null : `${standIn}/sdk/js`,
  };
}
