// Our session tokens: HS256 JWTs signed with JWT_SECRET (jose). Verification accepts HS256 only, so
// `alg: none` and algorithm-confusion tokens (e.g. RS256 signed with the secret as a "public key") fail.
import { randomUUID } from 'node:crypto';
import type { AuthMethod, RoleName } from '@grocer/shared/contracts';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';

export const SESSION_ALG = 'HS256';
export const SESSION_ISSUER = 'grocer-api';
export const SESSION_AUDIENCE = 'grocer';

/** A session's role: the contract's RoleName (the User's roleName is this, as sent). */
export type Role = RoleName;

/** A stored role as a session role: anything unknown is a customer (the least privilege). */
export const roleOf = (stored: string | null | undefined): Role => (stored === 'ADMIN' || stored === 'STORE_STAFF' ? stored : 'CUSTOMER');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Clock difference tolerated between the API instances that sign and verify. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * Checks our own tokens need beyond jose's: `sub` and `jti` are uuids (a malformed one would reach the
 * database), `iat` is not in the future, and `iat_ms` agrees with `iat`. The issue time in ms, or null.
 */
function issuedAtMsOf(payload: JWTPayload): number | null {
  if (!UUID.test(payload.sub ?? '') || !UUID.test(payload.jti ?? '')) return null;
  const iat = payload.iat!;
  if (iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) return null;
  const ms = payload.iat_ms;
  if (ms === undefined) return iat * 1000;
  return typeof ms === 'number' && Math.floor(ms / 1000) === iat ? ms : null;
}
export type { AuthMethod };

/** What a verified session token says. */
export interface SessionClaims {
  /** User uuid. */
  sub: string;
  role: Role;
  /** How this session signed in; Google sessions count as e-mail verified (spec §4). */
  authMethod: AuthMethod;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Issued at in milliseconds (private claim `iat_ms`), so a revocation in the same second as a sign-in is exact. */
  issuedAtMs: number;
  exp: number;
  /** This session's id (`jti`), what POST /auth/logout revokes. */
  sid: string;
}

export interface SessionJwt {
  /** `issuedAtMs` backdates a token (tests). */
  sign(claims: { sub: string; role: Role; authMethod: AuthMethod }, options?: { issuedAtMs?: number }): Promise<string>;
  /**
   * The claims, or null for anything invalid: bad signature, expired, older than the TTL whatever its
   * `exp` says, issued in the future, other algorithm, malformed.
   */
  verify(token: string): Promise<SessionClaims | null>;
}

/**
 * The HMAC key, imported into WebCrypto once: jose imports a raw secret afresh on every sign and
 * verify, which every authenticated request paid for.
 */
function hmacKey(secret: string): () => Promise<CryptoKey> {
  let key: Promise<CryptoKey> | undefined;
  return () =>
    (key ??= crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
}

/**
 * Tokens verified lately, with their claims. A shopper's token comes back on every call, and checking its
 * signature (WebCrypto's HMAC behind promises) was a few percent of the API's CPU under load. What a
 * signature proves cannot change for the same string, so only the checks that depend on the time are
 * made again on a hit. Bounded: a spray of valid tokens only pushes older ones out.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The time-dependent checks jwtVerify makes (with the same tolerance), for a token verified before. */
function stillCurrent(claims: SessionClaims, ttlSeconds: number): boolean {
  const now = Date.now() / 1000;
  return now < claims.exp + CLOCK_SKEW_SECONDS && now <= claims.iat + ttlSeconds + CLOCK_SKEW_SECONDS;
}

export function createSessionJwt(secret: string, ttlSeconds: number): SessionJwt {
  const key = hmacKey(secret);
  const verified = new LRUCache<string, SessionClaims>({ max: VERIFIED_TOKENS_KEPT });
  return {
    async sign({ sub, role, authMethod }, options = {}) {
      const issuedAtMs = options.issuedAtMs ?? Date.now();
      const iat = Math.floor(issuedAtMs / 1000);
      return new SignJWT({ role, am: authMethod, iat_ms: issuedAtMs })
        .setProtectedHeader({ alg: SESSION_ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(SESSION_ISSUER)
        .setAudience(SESSION_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(await key());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return stillCurrent(known, ttlSeconds) ? known : null;
      try {
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: [SESSION_ALG],
          issuer: SESSION_ISSUER,
          audience: SESSION_AUDIENCE,
          requiredClaims: ['sub', 'iat', 'exp', 'jti'],
          // However long `exp` says: a token is never older than our own lifetime.
          maxTokenAge: ttlSeconds,
          clockTolerance: CLOCK_SKEW_SECONDS,
        });
        const issuedAtMs = issuedAtMsOf(payload);
        if (issuedAtMs === null) return null;
        const role = roleOf(typeof payload.role === 'string' ? payload.role : null);
        const authMethod = payload.am === 'google' ? 'google' : 'email';
        const claims: SessionClaims = {
          sub: payload.sub!,
          role,
          authMethod,
          iat: payload.iat!,
          issuedAtMs,
          exp: payload.exp!,
          sid: payload.jti!,
        };
        verified.set(token, Object.freeze(claims));
        return claims;
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}

/**
 * Short-lived tickets for one purpose, for clients that cannot send an Authorization header
 * (a browser's EventSource). Same key as sessions, but their own audience: a ticket is never a
 * session and a session is never a ticket, so a leaked URL (logs, history) is worth a minute of one stream.
 * A ticket names the session that took it (`sid`, and that session's issue time `sat_ms`), so it dies
 * with that session: signing out, signing out everywhere or a password reset leave it nothing to open.
 */
export type TicketPurpose = 'admin-stream' | 'order-stream';

/** The session a ticket is taken for: its user, id and issue time. */
export type TicketSession = Pick<SessionClaims, 'sub' | 'sid' | 'issuedAtMs'>;

export interface TicketClaims {
  sub: string;
  /** The issuing session's id and issue time (ms). */
  sid: string;
  sessionIssuedAtMs: number;
  issuedAtMs: number;
  /** This ticket's own id (single use). */
  id: string;
  expiresAtMs: number;
}

export interface TicketJwt {
  sign(session: TicketSession, purpose: TicketPurpose, options?: { issuedAtMs?: number }): Promise<{ ticket: string; expiresAt: Date }>;
  /** The claims, or null for anything invalid (other purpose, a session token, expired, no session named). */
  verify(ticket: string, purpose: TicketPurpose): Promise<TicketClaims | null>;
}

export function createTicketJwt(secret: string, ttlSeconds: number): TicketJwt {
  const key = hmacKey(secret);
  const audience = (purpose: TicketPurpose) => `${SESSION_AUDIENCE}:${purpose}`;
  return {
    async sign(session, purpose, options = {}) {
      const issuedAtMs = options.issuedAtMs ?? Date.now();
      const iat = Math.floor(issuedAtMs / 1000);
      const ticket = await new SignJWT({ iat_ms: issuedAtMs, sid: session.sid, sat_ms: session.issuedAtMs })
        .setProtectedHeader({ alg: SESSION_ALG, typ: 'JWT' })
        .setSubject(session.sub)
        .setIssuer(SESSION_ISSUER)
        .setAudience(audience(purpose))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .setJti(randomUUID())
        .sign(await key());
      return { ticket, expiresAt: new Date((iat + ttlSeconds) * 1000) };
    },
    async verify(ticket, purpose) {
      try {
        const { payload } = await jwtVerify(ticket, await key(), {
          algorithms: [SESSION_ALG],
          issuer: SESSION_ISSUER,
          audience: audience(purpose),
          requiredClaims: ['sub', 'iat', 'exp', 'jti', 'sid', 'sat_ms'],
          maxTokenAge: ttlSeconds,
          clockTolerance: CLOCK_SKEW_SECONDS,
        });
        const issuedAtMs = issuedAtMsOf(payload);
        const { sid, sat_ms: sessionIssuedAtMs } = payload;
        if (issuedAtMs === null || typeof sid !== 'string' || !UUID.test(sid) || typeof sessionIssuedAtMs !== 'number') return null;
        return { sub: payload.sub!, sid, sessionIssuedAtMs, issuedAtMs, id: payload.jti!, expiresAtMs: payload.exp! * 1000 };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
