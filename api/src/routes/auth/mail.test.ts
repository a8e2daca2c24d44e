// The mail-sending account routes (resend verification, forgot password): at most 3 mails of each kind per
// recipient and hour whatever the sending addresses, and answers that tell nothing, in content or in time.
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { users } from '../../db/schema.ts';
import type { MailMessage } from '../../services/mail.ts';
import { FAST_HASHING, mailbox, registerUser, uniqueEmail } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/testApp.ts';

const RESEND_SENT = { success: true, message: 'If an account with that email needs verification, a new link has been sent.' };
const FORGOT_SENT = { success: true, message: 'If an account exists for that email, a password reset link has been sent.' };

let nextAddress = 0;
/** A fresh client address per request: the per-IP limits are not what these tests are about. */
const from = () => `10.77.${(nextAddress >> 8) & 255}.${(nextAddress++ & 255) + 1}`;
const resend = (app: App, email: string) =>
  app.inject({ method: 'POST', url: `/auth/email-verification/resend?email=${encodeURIComponent(email)}`, remoteAddress: from() });
const forgot = (app: App, email: string) =>
  app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: from() });

describe('mail limits per recipient', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ config: FAST_HASHING });
  });
  afterAll(() => app.close());

  const subjects = async (email: string) => (await mailbox(app, email)).map((m) => m.subject);

  it('sends at most 3 verification mails an hour to one address (the sign-up mail counts), answering every request alike', async () => {
    const { email } = await registerUser(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => resend(app, email)));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, RESEND_SENT]);
    expect(await subjects(email)).toEqual(Array(3).fill('Verify your Grocer email address'));
    // An unknown address answers the same.
    const unknown = await resend(app, uniqueEmail('ghost'));
    expect([unknown.statusCode, unknown.json()]).toEqual([200, RESEND_SENT]);
  });

  it('sends at most 3 reset mails an hour to one address, answering every request alike; other addresses are not held back', async () => {
    const [{ email }, other] = [await registerUser(app), await registerUser(app)];
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(app, email)));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, FORGOT_SENT]);
    const resets = (await subjects(email)).filter((s) => s === 'Reset your Grocer password');
    expect(resets).toHaveLength(3);
    expect((await forgot(app, other.email)).json()).toEqual(FORGOT_SENT);
    expect((await subjects(other.email)).filter((s) => s === 'Reset your Grocer password')).toHaveLength(1);
  });

  it('keeps the per-IP limit of the mail routes: 10 per address per 15 minutes', async () => {
    const remoteAddress = '10.78.0.1';
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: uniqueEmail() }, remoteAddress })).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('answer times', () => {
  // A mail server that takes 500 ms per mail: an answer that waited for it would show.
  const MAIL_MS = 500;
  const sent: MailMessage[] = [];
  const mail = { send: async (m: MailMessage) => void (await new Promise((resolve) => setTimeout(resolve, MAIL_MS)), sent.push(m)) };
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ config: FAST_HASHING, services: { mail } });
  });
  afterAll(() => app.close());

  const timed = async (call: () => Promise<{ statusCode: number }>) => {
    const started = performance.now();
    expect((await call()).statusCode).toBe(200);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('resend and forgot-password answer in the same time for unknown, verified, unverified and over-limit addresses: mail is queued', async () => {
    const SAMPLES = 9;
    // Each sample its own unverified account (each can be mailed 3 times an hour); the verified one is mailed nothing.
    const unverified = await Promise.all(Array.from({ length: SAMPLES }, () => registerUser(app)));
    const verified = await registerUser(app);
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.uuid, verified.uuid));
    const overLimit = unverified[0]!.email;
    for (let i = 0; i < 3; i += 1) await resend(app, overLimit);
    await app.services.auth.idle();
    sent.length = 0;

    const times: Record<string, number[]> = {};
    const add = (kind: string, ms: number) => (times[kind] ??= []).push(ms);
    for (let i = 0; i < SAMPLES; i += 1) {
      add('resend unverified', await timed(() => resend(app, unverified[i]!.email)));
      add('resend verified', await timed(() => resend(app, verified.email)));
      add('resend unknown', await timed(() => resend(app, uniqueEmail('ghost'))));
      add('resend over limit', await timed(() => resend(app, overLimit)));
      add('forgot known', await timed(() => forgot(app, unverified[i]!.email)));
      add('forgot unknown', await timed(() => forgot(app, uniqueEmail('ghost'))));
    }
    const medians = Object.fromEntries(Object.entries(times).map(([kind, ms]) => [kind, Math.round(median(ms))]));
    const spread = (prefix: string) => {
      const of = Object.entries(medians)
        .filter(([kind]) => kind.startsWith(prefix))
        .map(([, ms]) => ms);
      return Math.max(...of) - Math.min(...of);
    };
    // Well below one mail's time, for each route: no answer waited for a mail (the medians are printed on failure).
    expect({ medians, resend: spread('resend') < MAIL_MS / 2, forgot: spread('forgot') < MAIL_MS / 2 }).toEqual({
      medians,
      resend: true,
      forgot: true,
    });
    await app.services.auth.idle();
    // The mails went out all the same, after the answers: a verification and a reset per unverified account but the one over its limit.
    expect(sent.filter((m) => m.subject.startsWith('Verify')).length).toBe(SAMPLES - 1);
    expect(sent.filter((m) => m.subject.startsWith('Reset')).length).toBe(SAMPLES);
  });
});
