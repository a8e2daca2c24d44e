// Sign-up, sign-in (password and Google), session tokens, e-mail verification and password reset, each a
// module of this folder over the user rows (userRows.ts); this one puts them together as the service the
// routes call. Answers that could reveal whether an address has an account (sign-in failure, resend,
// forgot) are identical for known and unknown addresses.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuthMethod, SessionClaims, SessionJwt, TicketJwt, TicketPurpose, TicketSession } from '../../lib/jwt.ts';
import type { Counters } from '../counters.ts';
import type { MailService } from '../mail.ts';
import type { PasswordHasher } from '../passwords.ts';
import type { UserRow, UsersService } from '../users.ts';
import { createEmailLinks } from './emailTokens.ts';
import { createIdentitySignIn, type IdentityKeys } from './identity.ts';
import { createPasswordSignIn } from './password.ts';
import type { SessionCache } from './sessionCache.ts';
import { createSessions } from './sessions.ts';

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
  /** A short-lived ticket for `purpose` (lib/jwt.ts TicketJwt), for the signed-in session: it dies with that session. */
  issueTicket(session: TicketSession, purpose: TicketPurpose): Promise<{ ticket: string; expiresAt: Date }>;
  /** The user behind a ticket, or null (bad, expired, already used, other purpose, deleted user, its session signed out or revoked). */
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
  /** The session check's answers; told of every users row written and session revoked here. */
  sessionCache: SessionCache;
}

export function createAuthService(deps: AuthDeps): AuthService {
  const sessions = createSessions(deps);
  const links = createEmailLinks(deps);
  const password = createPasswordSignIn(deps, { issue: sessions.issue, sendVerification: links.sendVerification });
  const identity = createIdentitySignIn(deps, sessions.issue);
  return {
    register: password.register,
    login: password.login,
    google: identity.google,
    authenticate: sessions.authenticate,
    logout: sessions.logout,
    logoutEverywhere: sessions.logoutEverywhere,
    issueTicket: sessions.issueTicket,
    authenticateTicket: sessions.authenticateTicket,
    verifyEmail: links.verifyEmail,
    resendVerification: links.resendVerification,
    forgotPassword: links.forgotPassword,
    idle: links.idle,
    resetPassword: links.resetPassword,
  };
}
