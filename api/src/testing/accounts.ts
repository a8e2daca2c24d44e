// Test helpers for account features: fast hashing (explicitly opted into), sign-up, the dev mailbox.
import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import type { Config } from '../config.ts';
import { users } from '../db/schema.ts';
import { until } from './until.ts';

/**
 * scrypt at N=2^10 instead of the OWASP 2^17, so suites stay fast. Only tests pass this; the
 * environment cannot lower the cost (config.ts always sets 17). Cheap checks need no queue limit: suites
 * that send sign-ins in parallel test the limits, not the busy answer (passwords.test.ts does).
 */
export const FAST_HASHING: Partial<Config> = { passwordHashLogN: 10, passwordChecks: { inFlight: 4, queued: 1000 } };

export const STRONG_PASSWORD = 'Tomato-Basil-42';

let seq = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(label = 'shopper'): string {
  seq += 1;
  return `${label}.${process.pid}.${seq}.${Date.now().toString(36)}@example.com`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Registered {
  email: string;
  password: string;
  token: string;
  uuid: string;
}

export async function registerUser(app: App, body: Record<string, unknown> = {}): Promise<Registered> {
  const email = (body.email as string | undefined) ?? uniqueEmail();
  const password = (body.password as string | undefined) ?? STRONG_PASSWORD;
  seq += 1;
  // Each helper sign-up comes from its own address, so the per-IP sign-up limit never trips a suite.
  const remoteAddress = `10.250.${(seq >> 8) & 255}.${seq & 255}`;
  const res = await app.inject({ method: 'POST', url: '/auth/register', payload: { email, password, ...body }, remoteAddress });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json<{ token: string; user: { uuid: string } }>();
  return { email, password, token: json.token, uuid: json.user.uuid };
}

export interface MailJson {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  createdAt: string;
}

export async function mailbox(app: App, to: string): Promise<MailJson[]> {
  // Account mail is sent after the answer.
  await app.services.auth.idle();
  const res = await app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
  return res.json<MailJson[]>();
}

/** The `token` query parameter of the newest mail's first link whose path is `path`. */
export async function tokenFromMail(app: App, to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  for (const mail of await mailbox(app, to)) {
    for (const link of mail.links) {
      const url = new URL(link);
      if (url.pathname === path) return url.searchParams.get('token')!;
    }
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/**
 * GETs `url` (GET /user/profile unless told) with the token until it answers `status`, for up to
 * `withinMs`; the last status. A change written by another instance or by hand reaches each API process
 * as a notice (decision 017), so it applies after that notice's travel, not at an instant a test can name.
 */
export async function statusWithin(
  app: App,
  token: string,
  status: number,
  { url = '/user/profile', withinMs = 2_000 }: { url?: string; withinMs?: number } = {},
): Promise<number> {
  let last = 0;
  await until(async () => (last = (await app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode) === status, withinMs);
  return last;
}

/**
 * Sets columns of a user's row directly, as a test arranges an account (a role, a verified address), and
 * then, like the API's own writers, tells this app at once: its next request must not answer from the
 * session check's copy while the change's notice is still on its way (decision 017).
 */
export async function updateUser(app: App, uuid: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await app.db.update(users).set(values).where(eq(users.uuid, uuid));
  app.services.sessionCache.changed(uuid);
}
