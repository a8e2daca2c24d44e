// The e-mailed links: verifying the address, and resetting a forgotten password. Link tokens are single
// use and stored hashed (userRows.ts); answers never tell whether an address has an account.
import { validateEmail } from '@grocer/shared/validation';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailTokens, users } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { hashToken } from '../../lib/secureTokens.ts';
import { escapeHtml, userText } from '../mail.ts';
import type { UserRow } from '../users.ts';
import { MESSAGES } from './messages.ts';
import type { AuthDeps } from './auth.ts';
import { loginKeys } from './password.ts';
import { createEmailToken, findByEmail, setPasswordByLink } from './userRows.ts';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Link mails per recipient address, on top of the routes' per-IP limits: many addresses asking for one
 * recipient cannot fill their inbox with live links. Counted in the shared counters (Redis with
 * REDIS_URL), so they hold across API instances. Past a limit nothing is sent, and the answer is the same.
 */
export const MAIL_LIMITS = { perRecipient: 3, windowMs: 60 * 60 * 1000 } as const;
type LinkMailKind = 'verify' | 'reset';

export function createEmailLinks({
  db,
  config,
  log,
  hasher,
  mail,
  counters,
  sessionCache,
}: Pick<AuthDeps, 'db' | 'config' | 'log' | 'hasher' | 'mail' | 'counters' | 'sessionCache'>) {
  // Mail is queued, never awaited by the request: an answer takes the same time whether or not a mail
  // goes out (no account probing by timing). idle() awaits the queue, so the app closes only once it is done.
  const pending = new Set<Promise<void>>();
  const background = (task: () => Promise<void>, failure: string) => {
    const running = task()
      .catch((err: unknown) => log.error({ err }, failure))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  const underMailLimit = async (row: UserRow, kind: LinkMailKind) => {
    const { perRecipient, windowMs } = MAIL_LIMITS;
    const taken = await counters.take([{ key: `mail:${kind}:${row.emailKey}`, limit: perRecipient, windowMs }]);
    if (!taken.ok) log.warn({ kind, userUuid: row.uuid }, 'link mail not sent: the recipient had its hourly limit');
    return taken.ok;
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

  const mailVerification = async (row: UserRow) => {
    if (!(await underMailLimit(row, 'verify'))) return;
    const token = await createEmailToken(db, row.uuid, 'verify_email', VERIFY_TOKEN_TTL_MS);
    await sendLinkMail(
      row,
      'Verify your Grocer email address',
      'Please confirm your email address by opening this link (it is valid for 24 hours):',
      `${config.publicShellUrl}/verify-email?token=${token}`,
      'If you did not create a Grocer account, you can ignore this email.',
    );
  };

  /** Queues the verification mail of a new account (sign-up); a mail outage does not fail sign-up (the shopper can resend). */
  const sendVerification = (row: UserRow) => background(() => mailVerification(row), 'could not send the verification email');

  async function verifyEmail(token: string): Promise<'verified' | 'already-verified' | 'invalid'> {
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
    sessionCache.changed(used.userUuid);
    return 'verified';
  }

  // Both answer before looking the address up: the lookup and the mail run afterwards, so an existing
  // account, an unknown one and one past its mail limit take the same time to answer.
  async function resendVerification(email: string): Promise<void> {
    if (validateEmail(email)) return;
    background(async () => {
      const row = await findByEmail(db, email);
      if (row && !row.emailVerified) await mailVerification(row);
    }, 'could not send the verification email');
  }

  async function forgotPassword(email: string): Promise<void> {
    if (validateEmail(email)) return;
    background(async () => {
      const row = await findByEmail(db, email);
      if (!row || !(await underMailLimit(row, 'reset'))) return;
      const token = await createEmailToken(db, row.uuid, 'reset_password', RESET_TOKEN_TTL_MS);
      await sendLinkMail(
        row,
        'Reset your Grocer password',
        'Someone asked to reset the password of your Grocer account. Open this link to choose a new one (it is valid for 1 hour):',
        `${config.publicShellUrl}/reset-password?token=${token}`,
        'If this was not you, ignore this email: your password stays the same.',
      );
    }, 'could not send the password reset email');
  }

  async function resetPassword(token: string, password: string): Promise<void> {
    const row = await setPasswordByLink(db, hasher, sessionCache, {
      token,
      purpose: 'reset_password',
      password,
      invalid: () => httpError(400, 'INVALID_TOKEN', MESSAGES.resetInvalid, 'token'),
    });
    // Other outstanding reset links die with this one (at the moment the password was set).
    await db
      .update(emailTokens)
      .set({ usedAt: row.updatedAt })
      .where(and(eq(emailTokens.userUuid, row.uuid), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)));
    await counters.reset(loginKeys(row.emailKey, '').failAccount);
  }

  return {
    sendVerification,
    verifyEmail,
    resendVerification,
    forgotPassword,
    resetPassword,
    /** Resolves once the mail queued so far has been sent (or has failed). */
    idle: () => Promise.all([...pending]).then(() => undefined),
  };
}
