// The user aggregate's rows as sign-in and the e-mail links read them: by address, by id, by Google subject.
import { normalizeEmail } from '@grocer/shared/validation';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailTokens, users } from '../../db/schema.ts';
import { hashToken, newSecureToken } from '../../lib/secureTokens.ts';
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

export async function findByUuid(db: Database, uuid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.uuid, uuid));
  return row;
}

export async function findByGoogleSub(db: Database, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

/** A new single-use link token; only its hash is stored. */
export async function createEmailToken(db: Database, userUuid: string, purpose: 'verify_email' | 'reset_password', ttlMs: number) {
  const token = newSecureToken();
  await db.insert(emailTokens).values({ userUuid, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}
