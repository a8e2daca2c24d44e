// The user aggregate's rows as sign-in and the e-mail links read them: by address, by id, by Google subject.
import { normalizeEmail } from '@grocer/shared/validation';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { httpError, isUniqueViolation } from '../../db/errors.ts';
import { emailTokens, users } from '../../db/schema.ts';
import { hashToken, newSecureToken } from '../../lib/secureTokens.ts';
import { passwordProblem, type PasswordHasher } from '../passwords.ts';
import type { SessionCache } from './sessionCache.ts';
import type { UserRow } from '../users.ts';

/** Addresses are one account whatever their case. */
export const emailKeyOf = (email: string) => normalizeEmail(email).toLowerCase();

export async function findByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.emailKey, emailKeyOf(email)));
  return row;
}

/**
 * Creates an account for `values.email` (its key derived here) and returns it, or undefined when the
 * address or Google subject is taken: the unique indexes decide, so of two sign-ups at once one wins.
 */
export async function insertUser(db: Database, values: Omit<typeof users.$inferInsert, 'emailKey'>): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, emailKey: emailKeyOf(values.email) })
      .onConflictDoNothing()
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function findByUuid(db: Database, uuid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uuid, uuid));
  return row;
}

export async function findByGoogleSub(db: Database, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

/** A new single-use link token; only its hash is stored. */
export async function createEmailToken(
  db: Database,
  userUuid: string,
  purpose: 'verify_email' | 'reset_password' | 'staff_invitation',
  ttlMs: number,
) {
  const token = newSecureToken();
  await db.insert(emailTokens).values({ userUuid, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Sets a password through a mailed link of `purpose` (a password reset, a staff invitation) and returns
 * the account. The link must be live; a weak password leaves it usable for a second try; taking the link
 * is the compare-and-set, so of two submissions one sets the password. The link proved the mailbox, so
 * the address counts as verified, and sessions from before end.
 */
export async function setPasswordByLink(
  db: Database,
  hasher: PasswordHasher,
  sessions: Pick<SessionCache, 'changed'>,
  link: { token: string; purpose: 'reset_password' | 'staff_invitation'; password: string; invalid: () => Error },
): Promise<UserRow> {
  const now = new Date();
  const live = and(
    eq(emailTokens.tokenHash, hashToken(link.token)),
    eq(emailTokens.purpose, link.purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
  const [pending] = link.token ? await db.select({ id: emailTokens.id }).from(emailTokens).where(live) : [];
  if (!pending) throw link.invalid();
  const problem = passwordProblem(link.password);
  if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'password');

  const passwordHash = await hasher.hash(link.password);
  const [used] = await db.update(emailTokens).set({ usedAt: now }).where(live).returning({ userUuid: emailTokens.userUuid });
  if (!used) throw link.invalid();
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokensValidAfter: now, emailVerified: true, updatedAt: now })
    .where(eq(users.uuid, used.userUuid))
    .returning();
  sessions.changed(used.userUuid);
  return row!;
}
