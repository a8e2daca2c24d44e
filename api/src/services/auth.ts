// Sign-up, sign-in (password and Google), session tokens, e-mail verification and password reset.
// Answers that could reveal whether an address has an account (sign-in failure, resend, forgot) are
// identical for known and unknown addresses.
import { normalizeEmail, validateEmail } from '@grocer/shared/validation';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { GOOGLE_ISSUER, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { emailTokens, revokedSessions, users } from '../db/schema.ts';
import { httpError, RetryLaterError } from '../lib/errors.ts';
import { roleOf, type AuthMethod, type SessionClaims, type SessionJwt, type TicketJwt, type TicketPurpose } from '../lib/jwt.ts';
import { hashToken, newSecureToken } from '../lib/secureTokens.ts';
import type { Counters } from './counters.ts';
import { userText, type MailService } from './mail.ts';
import { passwordProblem, type PasswordHasher } from './passwords.ts';
import type { UserRow, UsersService } from './users.ts';

export const MESSAGES = {
  signInFailed: 'Invalid email or password.',
  emailTaken: 'An account with this email may already exist. Try signing in or resetting your password.',
  unauthorized: 'Authentication failed. Please sign in again.',
  verified: 'Email verified successfully.',
  verifyFailed: 'This verification link is invalid or has expired.',
  alreadyVerified: 'This email address is already verified.',
  resendSent: 'If an account with that email needs verification, a new link has been sent.',
  forgotSent: 'If an account exists for that email, a password reset link has been sent.',
  resetDone: 'Password reset successful. Please sign in with your new password.',
  resetInvalid: 'Invalid or missing reset token. Please request a new password reset link.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleUnavailable: 'Google sign-in is not available right now.',
  signedOut: 'You have been signed out.',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Sign-in limits per 15-minute window (README "Security"). Failures are limited per account and IP
 * (guessing one password), per IP (spraying many accounts) and per account from addresses that
 * never signed in to it (guessing from many addresses); an address the owner signed in from keeps
 * working, so strangers' guesses cannot lock the owner out. Successes are limited too (hashing is
 * costly), generously per IP for the many shoppers behind one address.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAccountAndIp: 10,
  failuresPerIp: 30,
  failuresPerAccountFromNewAddresses: 50,
  successesPerAccount: 30,
  successesPerIp: 100,
  /** How long an address that signed in to an account stays known to it. */
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** A 429 that carries its Retry-After (the error handler copies it to the header). */
export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'RATE_LIMITED',
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    );
  }
}

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64, since one host or
 * household is given a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The counter keys of one sign-in attempt. */
function loginKeys(accountKey: string, ip: string) {
  return {
    failAccountIp: `login:fail:account-ip:${accountKey}:${ip}`,
    failIp: `login:fail:ip:${ip}`,
    failAccount: `login:fail:account:${accountKey}`,
    okAccount: `login:ok:account:${accountKey}`,
    okIp: `login:ok:ip:${ip}`,
    knownAddress: `login:known:${accountKey}:${ip}`,
  };
}

export interface Session {
  row: UserRow;
  token: string;
  authMethod: AuthMethod;
}

export interface AuthenticatedSession {
  row: UserRow;
  claims: SessionClaims;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface AuthService {
  register(input: RegisterInput): Promise<Session>;
  login(input: { email: string; password: string; ip: string }): Promise<Session>;
  google(idToken: string): Promise<Session>;
  /** The session behind a bearer token, or null (bad or expired token, deleted user, revoked by a reset). */
  authenticate(token: string): Promise<AuthenticatedSession | null>;
  /** Signs out this session: its token is refused from now on, on every instance. */
  logout(claims: SessionClaims): Promise<void>;
  /** Signs out every session of the user issued until now. */
  logoutEverywhere(userUuid: string): Promise<void>;
  /** A short-lived ticket for `purpose` (lib/jwt.ts TicketJwt), for the signed-in user. */
  issueTicket(userUuid: string, purpose: TicketPurpose): Promise<{ ticket: string; expiresAt: Date }>;
  /** The user behind a ticket, or null (bad, expired, already used, other purpose, deleted user, revoked by a reset). */
  authenticateTicket(ticket: string, purpose: TicketPurpose): Promise<UserRow | null>;
  /** 'already-verified': a known link (used or expired) of an account that is verified by now. */
  verifyEmail(token: string): Promise<'verified' | 'already-verified' | 'invalid'>;
  resendVerification(email: string): Promise<void>;
  /** Sends the reset link in the background (idle() awaits it): the answer does not depend on the account. */
  forgotPassword(email: string): Promise<void>;
  /** Resolves once the background work started so far (reset mails) has finished. */
  idle(): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
}

export interface AuthDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  hasher: PasswordHasher;
  jwt: SessionJwt;
  tickets: TicketJwt;
  users: UsersService;
  mail: MailService;
  counters: Counters;
  /** The keys that verify "Sign in with Google" ID tokens (a port: the dev issuer supplies its own). */
  identityKeys: IdentityKeys;
}

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

const emailKeyOf = (email: string) => normalizeEmail(email).toLowerCase();
const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown; cause?: { code?: unknown } })?.code ?? (err as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

export function createAuthService(deps: AuthDeps): AuthService {
  const { db, config, log, hasher, jwt, tickets, mail, counters, identityKeys } = deps;

  // Work finished after the answer (mail), awaited by idle() so the app closes only once it is done.
  const pending = new Set<Promise<void>>();
  const background = (task: () => Promise<void>, failure: string) => {
    const running = task()
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => pending.delete(running));
    pending.add(running);
  };

  const issue = async (row: UserRow, authMethod: AuthMethod): Promise<Session> => {
    const role = roleOf(row.role);
    return { row, authMethod, token: await jwt.sign({ sub: row.uuid, role, authMethod }) };
  };

  const findByEmail = async (email: string) => {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.emailKey, emailKeyOf(email)));
    return row;
  };

  const createEmailToken = async (userUuid: string, purpose: 'verify_email' | 'reset_password', ttlMs: number) => {
    const token = newSecureToken();
    await db.insert(emailTokens).values({ userUuid, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    return token;
  };

  const sendLinkMail = async (row: UserRow, subject: string, intro: string, link: string, outro: string) => {
    const greeting = `Hi ${userText(row.firstName, 'there')},`;
    await mail.send({
      to: row.email,
      subject,
      text: `${greeting}\n\n${intro}\n${link}\n\n${outro}\n\nGrocer`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p><p>Grocer</p>`,
    });
  };

  const sendVerification = async (row: UserRow) => {
    const token = await createEmailToken(row.uuid, 'verify_email', VERIFY_TOKEN_TTL_MS);
    await sendLinkMail(
      row,
      'Verify your Grocer email address',
      'Please confirm your email address by opening this link (it is valid for 24 hours):',
      `${config.publicShellUrl}/verify-email?token=${token}`,
      'If you did not create a Grocer account, you can ignore this email.',
    );
  };

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

  return {
    async register(input) {
      const emailProblem = validateEmail(input.email);
      if (emailProblem) throw httpError(400, 'VALIDATION_ERROR', emailProblem, 'email');
      const problem = passwordProblem(input.password);
      if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'password');
      const email = normalizeEmail(input.email);
      if (await findByEmail(email)) throw httpError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, 'email');

      const passwordHash = await hasher.hash(input.password);
      let row: UserRow | undefined;
      try {
        [row] = await db
          .insert(users)
          .values({
            email,
            emailKey: emailKeyOf(email),
            passwordHash,
            firstName: blankToNull(input.firstName),
            lastName: blankToNull(input.lastName),
          })
          .returning();
      } catch (err) {
        // Two sign-ups for one address at once: the unique index decides.
        if (isUniqueViolation(err)) throw httpError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, 'email');
        throw err;
      }
      // The account exists either way; a mail outage must not fail sign-up (the shopper can resend).
      await sendVerification(row!).catch((err: unknown) => log.error({ err }, 'could not send the verification email'));
      return issue(row!, 'email');
    },

    async login({ email, password, ip }) {
      // Refused before any counter or database work: a flood of sign-ins while busy costs next to nothing.
      hasher.assertNotBusy();
      const keys = loginKeys(emailKeyOf(email), addressKey(ip));
      const { windowMs } = LOGIN_LIMITS;
      const [known, okAccount, okIp] = await Promise.all([keys.knownAddress, keys.okAccount, keys.okIp].map((key) => counters.get(key)));
      // Successes are counted after the check (a reservation would let pending guesses block the owner),
      // so parallel sign-ins may pass this limit by the few checks in flight (the hashing gate bounds them).
      const full = [
        okAccount!.count >= LOGIN_LIMITS.successesPerAccount ? okAccount! : null,
        okIp!.count >= LOGIN_LIMITS.successesPerIp ? okIp! : null,
      ];
      const waitMs = Math.max(0, ...full.map((state) => state?.ttlMs ?? 0));
      if (full.some(Boolean)) throw new RateLimitedError(Math.ceil(Math.max(waitMs, 1000) / 1000));
      // Failures are counted before the slow check, atomically: every attempt takes a unit of each
      // failure limit, and a success gives its units back.
      const knownAddress = known!.count > 0;
      const taken = [
        { key: keys.failAccountIp, limit: LOGIN_LIMITS.failuresPerAccountAndIp, windowMs },
        { key: keys.failIp, limit: LOGIN_LIMITS.failuresPerIp, windowMs },
        ...(knownAddress ? [] : [{ key: keys.failAccount, limit: LOGIN_LIMITS.failuresPerAccountFromNewAddresses, windowMs }]),
      ];
      const granted = await counters.take(taken);
      if (!granted.ok) throw new RateLimitedError(Math.ceil(granted.retryAfterMs / 1000));
      const giveBack = (which: string[]) => Promise.all(which.map((key) => counters.giveBack(key)));

      let ok = false;
      let row: UserRow | undefined;
      try {
        row = validateEmail(email) ? undefined : await findByEmail(email);
        if (row?.passwordHash) ok = await hasher.verify(password, row.passwordHash);
        // Same work whether or not the account exists, so response time does not tell.
        else await hasher.verifyDummy(password);
      } catch (err) {
        // Not checked (busy, database down): the attempt counts for nothing.
        await giveBack(taken.map((t) => t.key));
        throw err;
      }
      if (!ok) throw httpError(401, 'SIGNIN_FAILED', MESSAGES.signInFailed);
      await Promise.all([
        giveBack([keys.failIp, ...(knownAddress ? [] : [keys.failAccount])]),
        counters.reset(keys.failAccountIp),
        counters.hit(keys.knownAddress, LOGIN_LIMITS.knownAddressMs),
        counters.hit(keys.okAccount, windowMs),
        counters.hit(keys.okIp, windowMs),
      ]);
      return issue(row!, 'email');
    },

    async google(idToken) {
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

      const [bySub] = await db.select().from(users).where(eq(users.googleSub, sub));
      if (bySub) return issue(bySub, 'google');

      const existing = await findByEmail(email);
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
        return issue(linked, 'google');
      }

      const [created] = await db
        .insert(users)
        .values({ email, emailKey: emailKeyOf(email), authMethod: 'google', googleSub: sub, emailVerified: true, firstName, lastName })
        .onConflictDoNothing()
        .returning();
      // A concurrent first sign-in created it: use that one.
      const row = created ?? (await db.select().from(users).where(eq(users.googleSub, sub)))[0];
      if (!row) throw httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed);
      return issue(row, 'google');
    },

    async authenticate(token) {
      const claims = await jwt.verify(token);
      if (!claims) return null;
      const [[row], [revoked]] = await Promise.all([
        db.select().from(users).where(eq(users.uuid, claims.sub)),
        db.select({ sid: revokedSessions.sid }).from(revokedSessions).where(eq(revokedSessions.sid, claims.sid)),
      ]);
      if (!row || revoked) return null;
      // A password reset, a sign-out everywhere (or a pre-hijack Google link) revokes every session issued before it.
      if (row.tokensValidAfter && claims.issuedAtMs < row.tokensValidAfter.getTime()) return null;
      return { row, claims };
    },

    async logout(claims) {
      const now = new Date();
      await db
        .insert(revokedSessions)
        .values({ sid: claims.sid, userUuid: claims.sub, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing();
      // Rows of tokens that have expired anyway are dead weight.
      await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
    },

    async logoutEverywhere(userUuid) {
      const now = new Date();
      await db.update(users).set({ tokensValidAfter: now, updatedAt: now }).where(eq(users.uuid, userUuid));
    },

    issueTicket: (userUuid, purpose) => tickets.sign(userUuid, purpose),

    async authenticateTicket(ticket, purpose) {
      const claims = await tickets.verify(ticket, purpose);
      if (!claims) return null;
      const [row] = await db.select().from(users).where(eq(users.uuid, claims.sub));
      if (!row) return null;
      if (row.tokensValidAfter && claims.issuedAtMs < row.tokensValidAfter.getTime()) return null;
      // Single use, on every instance (shared counters with REDIS_URL): a replayed URL opens nothing. Taken
      // last, so a failure of ours (database away) does not use the ticket up.
      const first = await counters.take([
        { key: `ticket:${claims.id}`, limit: 1, windowMs: Math.max(1_000, claims.expiresAtMs - Date.now() + 10_000) },
      ]);
      return first.ok ? row : null;
    },

    async verifyEmail(token) {
      if (!token) return 'invalid';
      const now = new Date();
      const [used] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, 'verify_email'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning({ userUuid: emailTokens.userUuid });
      if (!used) {
        const [known] = await db
          .select({ verified: users.emailVerified })
          .from(emailTokens)
          .innerJoin(users, eq(users.uuid, emailTokens.userUuid))
          .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify_email')));
        return known?.verified ? 'already-verified' : 'invalid';
      }
      await db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.uuid, used.userUuid));
      return 'verified';
    },

    async resendVerification(email) {
      if (validateEmail(email)) return;
      const row = await findByEmail(email);
      if (row && !row.emailVerified) await sendVerification(row);
    },

    // Answers before looking the address up: the lookup and the mail run afterwards, so an existing
    // account and an unknown one take the same time to answer.
    async forgotPassword(email) {
      if (validateEmail(email)) return;
      background(async () => {
        const row = await findByEmail(email);
        if (!row) return;
        const token = await createEmailToken(row.uuid, 'reset_password', RESET_TOKEN_TTL_MS);
        await sendLinkMail(
          row,
          'Reset your Grocer password',
          'Someone asked to reset the password of your Grocer account. Open this link to choose a new one (it is valid for 1 hour):',
          `${config.publicShellUrl}/reset-password?token=${token}`,
          'If this was not you, ignore this email: your password stays the same.',
        );
      }, 'could not send the password reset email');
    },

    idle: () => Promise.all([...pending]).then(() => undefined),

    async resetPassword(token, password) {
      const now = new Date();
      const live = and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'reset_password'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      );
      const [pending] = token ? await db.select({ id: emailTokens.id }).from(emailTokens).where(live) : [];
      if (!pending) throw httpError(400, 'INVALID_TOKEN', MESSAGES.resetInvalid, 'token');
      // A weak password leaves the link usable for a second try.
      const problem = passwordProblem(password);
      if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'password');

      const passwordHash = await hasher.hash(password);
      const [used] = await db.update(emailTokens).set({ usedAt: now }).where(live).returning({ userUuid: emailTokens.userUuid });
      if (!used) throw httpError(400, 'INVALID_TOKEN', MESSAGES.resetInvalid, 'token');
      // The link proved the shopper reads this mailbox, so the address counts as verified too.
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokensValidAfter: now, emailVerified: true, updatedAt: now })
        .where(eq(users.uuid, used.userUuid))
        .returning();
      // Other outstanding reset links die with this one.
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userUuid, used.userUuid), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
      if (row) await counters.reset(loginKeys(row.emailKey, '').failAccount);
    },
  };
}
