// Our session tokens: HS256 JWTs signed with JWT_SECRET (jose). Verification accepts HS256 only, so
// `alg: none` and algorithm-confusion tokens (e.g. RS256 signed with the secret as a "public key") fail.
import { errors, jwtVerify, SignJWT } from 'jose';

export const SESSION_ALG = 'HS256';
export const SESSION_ISSUER = 'grocer-api';
export const SESSION_AUDIENCE = 'grocer';

export type Role = 'CUSTOMER' | 'ADMIN';
export type AuthMethod = 'email' | 'google';

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
}

export interface SessionJwt {
  /** `issuedAtMs` backdates a token (tests). */
  sign(claims: { sub: string; role: Role; authMethod: AuthMethod }, options?: { issuedAtMs?: number }): Promise<string>;
  /** The claims, or null for anything invalid: bad signature, expired, other algorithm, malformed. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createSessionJwt(secret: string, ttlSeconds: number): SessionJwt {
  const key = new TextEncoder().encode(secret);
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
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [SESSION_ALG],
          issuer: SESSION_ISSUER,
          audience: SESSION_AUDIENCE,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const role = payload.role === 'ADMIN' ? 'ADMIN' : 'CUSTOMER';
        const authMethod = payload.am === 'google' ? 'google' : 'email';
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000;
        return { sub: payload.sub!, role, authMethod, iat: payload.iat!, issuedAtMs, exp: payload.exp! };
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
 */
export type TicketPurpose = 'admin-stream';

export interface TicketJwt {
  sign(sub: string, purpose: TicketPurpose, options?: { issuedAtMs?: number }): Promise<{ ticket: string; expiresAt: Date }>;
  /** The user uuid and issue time, or null for anything invalid (other purpose, a session token, expired). */
  verify(ticket: string, purpose: TicketPurpose): Promise<{ sub: string; issuedAtMs: number } | null>;
}

export function createTicketJwt(secret: string, ttlSeconds: number): TicketJwt {
  const key = new TextEncoder().encode(secret);
  const audience = (purpose: TicketPurpose) => `${SESSION_AUDIENCE}:${purpose}`;
  return {
    async sign(sub, purpose, options = {}) {
      const issuedAtMs = options.issuedAtMs ?? Date.now();
      const iat = Math.floor(issuedAtMs / 1000);
      const ticket = await new SignJWT({ iat_ms: issuedAtMs })
        .setProtectedHeader({ alg: SESSION_ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(SESSION_ISSUER)
        .setAudience(audience(purpose))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
      return { ticket, expiresAt: new Date((iat + ttlSeconds) * 1000) };
    },
    async verify(ticket, purpose) {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          algorithms: [SESSION_ALG],
          issuer: SESSION_ISSUER,
          audience: audience(purpose),
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        return { sub: payload.sub!, issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat! * 1000 };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
