// "Sign in with Google": an ID token verified against the issuer's keys (a port: Google's published set,
// or the dev issuer's), then the account found by Google subject, linked by verified address, or created.
import { normalizeEmail, validateEmail } from '@grocer/shared/validation';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { GOOGLE_ISSUER } from '../../config.ts';
import { isDatabaseUnavailable, httpError } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import type { UserRow } from '../users.ts';
import { MESSAGES } from './messages.ts';
import type { AuthDeps, Session } from './auth.ts';
import { findByEmail, findByGoogleSub, insertUser } from './userRows.ts';

/** The signing keys of the identity tokens' issuer. */
export type IdentityKeys = () => Promise<JWTVerifyGetKey>;

/** Google's published keys (GOOGLE_JWKS_URL); they rotate: jose's remote set caches them and refetches on an unknown kid. */
export function remoteIdentityKeys(jwksUrl: string): IdentityKeys {
  let remoteKeys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async () => {
    remoteKeys ??= createRemoteJWKSet(new URL(jwksUrl));
    return remoteKeys;
  };
}

export function createIdentitySignIn(
  { db, config, log, identityKeys, sessionCache }: Pick<AuthDeps, 'db' | 'config' | 'log' | 'identityKeys' | 'sessionCache'>,
  issue: (row: UserRow, authMethod: 'google') => Promise<Session>,
) {
  const verifyGoogleToken = async (idToken: string, clientId: string): Promise<JWTPayload> => {
    const issuer = config.googleIssuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : config.googleIssuer;
    const keys = await identityKeys();
    const { payload } = await jwtVerify(idToken, keys, {
      issuer,
      audience: clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  };

  async function google(idToken: string): Promise<Session> {
    const clientId = config.googleClientId;
    if (!clientId) throw httpError(503, 'GOOGLE_SIGNIN_UNAVAILABLE', MESSAGES.googleUnavailable);
    let claims: JWTPayload;
    try {
      claims = await verifyGoogleToken(idToken, clientId);
    } catch (err) {
      // Only a token that fails verification is the shopper's problem. Keys that could not be read
      // (our database for the dev issuer, Google's JWKS endpoint) are ours: a 503, never "sign-in failed".
      if (isDatabaseUnavailable(err)) throw err;
      if (err instanceof errors.JWKSTimeout || !(err instanceof errors.JOSEError)) {
        log.warn({ err }, 'Google signing keys unavailable');
        throw httpError(503, 'GOOGLE_SIGNIN_UNAVAILABLE', MESSAGES.googleUnavailable);
      }
      log.info({ err }, 'Google ID token rejected');
      throw httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed);
    }
    const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    if (!email || validateEmail(email) || !emailVerified) throw httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed);
    const sub = claims.sub!;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const firstName = str(claims.given_name);
    const lastName = str(claims.family_name);

    const bySub = await findByGoogleSub(db, sub);
    if (bySub) return issue(bySub, 'google');

    const existing = await findByEmail(db, email);
    if (existing) {
      // Link to the account with the same (Google-verified) address. If that account never proved
      // it owns the address, whoever set its password may not be its owner: drop the password and
      // revoke its sessions (account pre-hijacking).
      const [linked] = await db
        .update(users)
        .set({
          googleSub: sub,
          emailVerified: true,
          firstName: existing.firstName ?? firstName,
          lastName: existing.lastName ?? lastName,
          ...(existing.emailVerified ? {} : { passwordHash: null, tokensValidAfter: new Date() }),
          updatedAt: new Date(),
        })
        .where(and(eq(users.uuid, existing.uuid), isNull(users.googleSub)))
        .returning();
      if (!linked) throw httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed);
      sessionCache.changed(linked.uuid);
      return issue(linked, 'google');
    }

    const created = await insertUser(db, { email, authMethod: 'google', googleSub: sub, emailVerified: true, firstName, lastName });
    // A concurrent first sign-in created it: use that one.
    const row = created ?? (await findByGoogleSub(db, sub));
    if (!row) throw httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed);
    return issue(row, 'google');
  }

  return { google };
}
