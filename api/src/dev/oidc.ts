// A local OpenID issuer standing in for Google in development and tests (DESIGN.md "API": dev stand-ins).
// Its RS256 key is generated once and kept in app_meta, so restarts and several API instances on one
// database agree. The sign-in code verifies its tokens exactly as it verifies Google's.
import { createHash } from 'node:crypto';
import { eq, inArray, or, and } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JSONWebKeySet } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { httpError } from '../db/errors.ts';
import { appMeta, users } from '../db/schema.ts';
import { emailKeyOf } from '../services/auth/userRows.ts';

const KEY_META = 'dev_oidc_signing_key';
const ID_TOKEN_TTL_SECONDS = 60 * 60;

export interface DevIdentity {
  email: string;
  name?: string;
  /** Defaults to a stable value derived from the e-mail, like Google's per-account `sub`. */
  sub?: string;
}

export interface DevOidcService {
  issuer: string;
  clientId: string;
  jwks(): Promise<JSONWebKeySet>;
  /** For the sign-in verifier when the configured issuer is this one (no HTTP call to ourselves). */
  keySet(): Promise<ReturnType<typeof createLocalJWKSet>>;
  /**
   * An ID token as Google would mint it; the overrides exist so tests can forge bad ones. Refused (403)
   * when it would sign in to an admin or store-staff account, unless DEV_OIDC_ALLOW_STAFF=1.
   */
  mintIdToken(
    identity: DevIdentity,
    overrides?: { audience?: string; issuer?: string; emailVerified?: boolean; expiresInSeconds?: number },
  ): Promise<string>;
}

export function devSubFor(email: string): string {
  return `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 21)}`;
}

export const STAFF_REFUSED =
  'The local OpenID issuer signs in no admin or store staff account (DEV_OIDC_ALLOW_STAFF=1 allows it). Sign in with their password.';

export function createDevOidcService(db: Database, config: Config): DevOidcService {
  /** Whether a token for this address and subject would open an admin or store-staff account (by subject, or by address). */
  const opensStaffAccount = async (email: string, sub: string) => {
    const [staff] = await db
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(inArray(users.role, ['ADMIN', 'STORE_STAFF']), or(eq(users.emailKey, emailKeyOf(email)), eq(users.googleSub, sub))))
      .limit(1);
    return staff !== undefined;
  };

  const issuer = `${config.publicApiUrl}/dev/oidc`;
  let keys: Promise<{ privateJwk: JWK; publicJwk: JWK }> | undefined;

  const load = async () => {
    const read = async () => {
      const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY_META));
      return row ? (JSON.parse(row.value) as JWK) : undefined;
    };
    let privateJwk = await read();
    if (!privateJwk) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' };
      await db
        .insert(appMeta)
        .values({ key: KEY_META, value: JSON.stringify(jwk) })
        .onConflictDoNothing();
      // Whoever won a concurrent first start, everyone uses the stored key.
      privateJwk = (await read())!;
    }
    const { kid, alg, use, kty, n, e } = privateJwk;
    return { privateJwk, publicJwk: { kid, alg, use, kty, n, e } };
  };
  const getKeys = () => {
    keys ??= load().catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };

  return {
    issuer,
    clientId: config.googleClientId ?? 'grocer-dev-client',
    async jwks() {
      return { keys: [(await getKeys()).publicJwk] };
    },
    async keySet() {
      return createLocalJWKSet({ keys: [(await getKeys()).publicJwk] });
    },
    async mintIdToken(identity, overrides = {}) {
      const email = identity.email.trim();
      const sub = identity.sub?.trim() || devSubFor(email);
      // Anyone who reaches this issuer could otherwise take over the admin: a laptop's browser tabs, or
      // the whole network where ALLOW_DEV_STANDINS=1 (compose's demo).
      if (!config.devOidcAllowStaff && (await opensStaffAccount(email, sub))) throw httpError(403, 'FORBIDDEN', STAFF_REFUSED);
      const { privateJwk } = await getKeys();
      const key = await importJWK(privateJwk, 'RS256');
      const name = identity.name?.trim() || email.split('@')[0]!;
      const [givenName, ...rest] = name.split(/\s+/);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email,
        email_verified: overrides.emailVerified ?? true,
        name,
        given_name: givenName,
        ...(rest.length ? { family_name: rest.join(' ') } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid!, typ: 'JWT' })
        .setIssuer(overrides.issuer ?? issuer)
        .setAudience(overrides.audience ?? config.googleClientId ?? 'grocer-dev-client')
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + (overrides.expiresInSeconds ?? ID_TOKEN_TTL_SECONDS))
        .sign(key);
    },
  };
}
