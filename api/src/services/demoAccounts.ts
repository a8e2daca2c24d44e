// The demo accounts (services/users.ts seeds them) in production: their password is public, so a
// database that has them refuses the start (server.ts), unless ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION=1, and
// even then no sign-in, session or ticket of theirs is honoured (services/auth/sessions.ts).
import { count, like } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * Every demo address, the staff's and the dev issuer's identities included, is on this domain. `.test`
 * is reserved (RFC 2606): no one receives mail there, so no real account can be on it.
 */
export const DEMO_EMAIL_DOMAIN = 'grocer.test';

export const isDemoAddress = (email: string) => email.trim().toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);

/** What sign-up answers, in production, for an address on the demo domain. */
export const DEMO_ADDRESS_RESERVED = `Addresses @${DEMO_EMAIL_DOMAIN} are reserved for the demo accounts.`;

/** Whether this account is barred from signing in: a demo account, in production. */
export const demoSignInBarred = (config: Pick<Config, 'nodeEnv'>, email: string) => config.nodeEnv === 'production' && isDemoAddress(email);

/** Why production must not start on this database (one line naming the setting), or null. */
export async function demoAccountsStartProblem(
  db: Database,
  config: Pick<Config, 'nodeEnv' | 'allowDemoAccountsInProduction'>,
): Promise<string | null> {
  if (config.nodeEnv !== 'production' || config.allowDemoAccountsInProduction) return null;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(users)
    .where(like(users.emailKey, `%@${DEMO_EMAIL_DOMAIN}`));
  if (n === 0) return null;
  return (
    `ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION: the database has ${n} demo account${n === 1 ? '' : 's'} (@${DEMO_EMAIL_DOMAIN}, ` +
    'public password); delete them, or set ALLOW_DEMO_ACCOUNTS_IN_PRODUCTION=1 to start anyway (they still cannot sign in)'
  );
}
