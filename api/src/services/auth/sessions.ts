// Sessions: our session tokens, signing out (one session, or every one), and the short-lived tickets.
import { eq, exists, lt, sql } from 'drizzle-orm';
import { httpError } from '../../db/errors.ts';
import { revokedSessions, users } from '../../db/schema.ts';
import { roleOf, type AuthMethod, type SessionClaims, type TicketPurpose, type TicketSession } from '../../lib/jwt.ts';
import { demoSignInBarred } from '../demoAccounts.ts';
import type { UserRow } from '../users.ts';
import { MESSAGES } from './messages.ts';
import type { AuthDeps, AuthenticatedSession, Session } from './auth.ts';

export function createSessions({
  db,
  config,
  jwt,
  tickets,
  counters,
  sessionCache,
}: Pick<AuthDeps, 'db' | 'config' | 'jwt' | 'tickets' | 'counters' | 'sessionCache'>) {
  // Every way in (password, Google, a session or ticket issued earlier) passes here: a barred demo
  // account gets the answer of a wrong password or a bad token, never a session.
  const barred = (row: UserRow) => demoSignInBarred(config, row.emailKey);

  const issue = async (row: UserRow, authMethod: AuthMethod): Promise<Session> => {
    if (barred(row)) {
      throw authMethod === 'google'
        ? httpError(401, 'GOOGLE_SIGNIN_FAILED', MESSAGES.googleFailed)
        : httpError(401, 'SIGNIN_FAILED', MESSAGES.signInFailed);
    }
    const role = roleOf(row.role);
    return { row, authMethod, token: await jwt.sign({ sub: row.uuid, role, authMethod }) };
  };

  /**
   * The session's user, or null once it is signed out or revoked (or the user is gone). One statement,
   * which every authenticated request would run: its answer is kept in memory while this process hears
   * of every change to it (sessionCache.ts, decision 017), so a sign-out on another instance applies as
   * soon as its notice arrives. Prepared once: building this statement's SQL was a large share of an
   * authenticated request's own CPU, and node-postgres then names it, so PostgreSQL parses it once per
   * connection.
   */
  const liveSession = db
    .select({
      row: users,
      revoked: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(revokedSessions)
          .where(eq(revokedSessions.sid, sql.placeholder('sid'))),
      )}`,
    })
    .from(users)
    .where(eq(users.uuid, sql.placeholder('sub')))
    .prepare('live_session_user');

  async function liveSessionUser(session: TicketSession): Promise<UserRow | null> {
    const { row, revoked } = await sessionCache.get(session.sub, session.sid, async () => {
      const [found] = await liveSession.execute({ sub: session.sub, sid: session.sid });
      return found ?? { row: null, revoked: false };
    });
    if (!row || revoked || barred(row)) return null;
    // A password reset, a sign-out everywhere (or a pre-hijack Google link) revokes every session issued before it.
    if (row.tokensValidAfter && session.issuedAtMs < row.tokensValidAfter.getTime()) return null;
    return row;
  }

  async function authenticate(token: string): Promise<AuthenticatedSession | null> {
    const claims = await jwt.verify(token);
    if (!claims) return null;
    const row = await liveSessionUser(claims);
    return row && { row, claims };
  }

  async function logout(claims: SessionClaims): Promise<void> {
    const now = new Date();
    await db
      .insert(revokedSessions)
      .values({ sid: claims.sid, userUuid: claims.sub, expiresAt: new Date(claims.exp * 1000) })
      .onConflictDoNothing();
    sessionCache.changed(claims.sub);
    // Rows of tokens that have expired anyway are dead weight.
    await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  }

  async function logoutEverywhere(userUuid: string): Promise<void> {
    const now = new Date();
    await db.update(users).set({ tokensValidAfter: now, updatedAt: now }).where(eq(users.uuid, userUuid));
    sessionCache.changed(userUuid);
  }

  async function authenticateTicket(ticket: string, purpose: TicketPurpose): Promise<UserRow | null> {
    const claims = await tickets.verify(ticket, purpose);
    if (!claims) return null;
    // A ticket lives only as long as the session that took it.
    const row = await liveSessionUser({ sub: claims.sub, sid: claims.sid, issuedAtMs: claims.sessionIssuedAtMs });
    if (!row) return null;
    // Single use, on every instance (shared counters with REDIS_URL): a replayed URL opens nothing. Taken
    // last, so a failure of ours (database away) does not use the ticket up.
    const first = await counters.take([
      { key: `ticket:${claims.id}`, limit: 1, windowMs: Math.max(1_000, claims.expiresAtMs - Date.now() + 10_000) },
    ]);
    return first.ok ? row : null;
  }

  return {
    issue,
    authenticate,
    logout,
    logoutEverywhere,
    issueTicket: (session: TicketSession, purpose: TicketPurpose) => tickets.sign(session, purpose),
    authenticateTicket,
  };
}
