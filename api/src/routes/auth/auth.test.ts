import type { App } from '../../app.ts';
import { emailTokens } from '../../db/schema.ts';
import { bearer, FAST_HASHING, mailbox, registerUser, STRONG_PASSWORD, tokenFromMail, uniqueEmail } from '../../testing/accounts.ts';
import { addressKey } from '../../services/auth/password.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
});
afterAll(() => app.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers });

const HASH_PATTERN = /scrypt\$|password_?hash|token_?hash/i;

describe('POST /auth/register', () => {
  it('creates an unverified customer, answers 201 with the user and a token, and mails a verification link', async () => {
    const email = uniqueEmail();
    const res = await post('/auth/register', { email: `  ${email} `, password: STRONG_PASSWORD, firstName: 'Ann', lastName: 'Lee' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, user: expect.any(Object), token: expect.any(String) });
    expect(body.user).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      token: body.token,
      status: 'UNKNOWN',
      authMethod: 'email',
      emailVerified: false,
      roleName: 'CUSTOMER',
      createdAt: expect.any(String),
      hasValidAddress: false,
      hasInvalidAddress: false,
      canCheckout: false,
      isBetaParticipant: false,
      hasBetaRequest: false,
      address: null,
    });
    expect(res.body).not.toMatch(HASH_PATTERN);
    const [mail] = await mailbox(app, email);
    expect(mail).toMatchObject({ to: email, subject: 'Verify your Grocer email address' });
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/);
  });

  it.each([
    [{ password: STRONG_PASSWORD }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: STRONG_PASSWORD }, 'email', 'Please enter a valid email address'],
    [{ email: 'a b@example.com', password: STRONG_PASSWORD }, 'email', 'Please enter a valid email address'],
    [{ email: 'x@example.com' }, 'password', 'Password is required'],
    [{ email: 'x@example.com', password: 'Ab1' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: 'x@example.com', password: 'ABCDEFG1' }, 'password', 'Password must contain at least one lowercase letter'],
    [{ email: 'x@example.com', password: 'abcdefg1' }, 'password', 'Password must contain at least one uppercase letter'],
    [{ email: 'x@example.com', password: 'Abcdefgh' }, 'password', 'Password must contain at least one number'],
    [{ email: 'x@example.com', password: 'Password1' }, 'password', 'This password is too common. Please choose a less common password.'],
    [
      { email: 'x@example.com', password: 'Sunshine2024!' },
      'password',
      'This password is too common. Please choose a less common password.',
    ],
    [{ email: 'x@example.com', password: `Aa1${'x'.repeat(126)}` }, 'password', 'Password must be at most 128 characters long'],
  ])('refuses %j with 400 on %s: %s', async (payload, field, message) => {
    const res = await post('/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, error: { code: 'VALIDATION_ERROR', message, field } });
  });

  it('accepts a 128-character passphrase', async () => {
    const password = `Aa1 ${'long passphrase '.repeat(8)}`.slice(0, 128);
    const { email } = await registerUser(app, { password });
    expect((await post('/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('is 409 EMAIL_TAKEN for an address already registered, whatever its case', async () => {
    const { email } = await registerUser(app);
    const res = await post('/auth/register', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(409);
    const message = 'An account with this email may already exist. Try signing in or resetting your password.';
    expect(res.json()).toEqual({ success: false, message, error: { code: 'EMAIL_TAKEN', message, field: 'email' } });
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password (email case-insensitive) and never returns a hash', async () => {
    const { email, uuid } = await registerUser(app);
    const res = await post('/auth/login', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, token: expect.any(String), user: { uuid, email, authMethod: 'email' } });
    expect(res.json().user.token).toBe(res.json().token);
    expect(res.body).not.toMatch(HASH_PATTERN);
  });

  it('gives the same 401 for a wrong password, an unknown account and missing fields', async () => {
    const { email } = await registerUser(app);
    const expected = {
      success: false,
      message: 'Invalid email or password.',
      error: { code: 'SIGNIN_FAILED', message: 'Invalid email or password.' },
    };
    for (const payload of [{ email, password: 'Wrong-Password-1' }, { email: uniqueEmail('nobody'), password: STRONG_PASSWORD }, {}]) {
      const res = await post('/auth/login', payload, { 'x-forwarded-for': '10.0.0.1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(expected);
    }
  });

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
  /** Status codes of `n` sign-ins sent at once, tallied: { 401: 10, 429: 10 }. */
  const inParallel = async (n: number, send: (i: number) => ReturnType<typeof login>) => {
    const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
    for (const res of responses.filter((r) => r.statusCode === 429)) expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    return responses.reduce<Record<number, number>>((tally, r) => ({ ...tally, [r.statusCode]: (tally[r.statusCode] ?? 0) + 1 }), {});
  };

  it('checks at most 10 of 20 wrong passwords sent at once from one address; the rest are 429 with Retry-After', async () => {
    const { email } = await registerUser(app);
    expect(await inParallel(20, () => login(email, 'Wrong-Password-1', '10.1.0.1'))).toEqual({ 401: 10, 429: 10 });
    const res = await login(email, STRONG_PASSWORD, '10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
    });
  });

  it("does not lock the owner out with someone else's guesses from other addresses", async () => {
    const { email } = await registerUser(app);
    expect(await inParallel(10, () => login(email, 'Wrong-Password-1', '10.1.1.1'))).toEqual({ 401: 10 });
    expect((await login(email, STRONG_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
  });

  it('stops guesses spread over many addresses at 50 per account, but an address the owner used still signs in', async () => {
    const { email } = await registerUser(app);
    expect((await login(email, STRONG_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
    // 60 guesses from 60 addresses, at once.
    expect(await inParallel(60, (i) => login(email, 'Wrong-Password-1', `10.1.3.${i}`))).toEqual({ 401: 50, 429: 10 });
    expect((await login(email, STRONG_PASSWORD, '10.1.4.1')).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, '10.1.2.1')).statusCode).toBe(200);
  });

  it('limits failures per IP (30 in 15 minutes) across accounts, also when sent at once', async () => {
    const remoteAddress = '10.2.0.1';
    for (let i = 0; i < 28; i += 1) expect((await login(uniqueEmail('spray'), 'Wrong-1a', remoteAddress)).statusCode).toBe(401);
    expect(await inParallel(20, () => login(uniqueEmail('spray'), 'Wrong-1a', remoteAddress))).toEqual({ 401: 2, 429: 18 });
    // Another address is unaffected.
    expect((await login(uniqueEmail('spray'), 'Wrong-1a', '10.2.0.2')).statusCode).toBe(401);
  });

  it('counts an IPv6 address by its /64: fresh addresses of one network share its limits', async () => {
    const { email } = await registerUser(app);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(email, 'Wrong-Password-1', `2001:db8:5:7:${i.toString(16)}::1`)),
    );
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect((await login(email, STRONG_PASSWORD, '2001:db8:5:8::1')).statusCode).toBe(200);
  });

  it('limits successful sign-ins: 30 per account, 100 per IP (a household or office shares one)', async () => {
    const { email } = await registerUser(app);
    // One after another: sign-ins in flight also hold a unit of the failure limits until they are checked.
    const inTurn = async (n: number, send: (i: number) => ReturnType<typeof login>) => {
      const tally: Record<number, number> = {};
      for (let i = 0; i < n; i += 1) {
        const { statusCode } = await send(i);
        tally[statusCode] = (tally[statusCode] ?? 0) + 1;
      }
      return tally;
    };
    expect(await inTurn(35, () => login(email, STRONG_PASSWORD, '10.3.0.1'))).toEqual({ 200: 30, 429: 5 });
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => registerUser(app)));
    expect(await inTurn(105, (i) => login(shoppers[i % 4]!.email, STRONG_PASSWORD, '10.3.0.2'))).toEqual({ 200: 100, 429: 5 });
  });
});

describe('email verification', () => {
  it('verifies once; the link cannot be reused', async () => {
    const { email, token } = await registerUser(app);
    const link = await tokenFromMail(app, email, '/verify-email');
    const ok = await app.inject({ method: 'GET', url: `/auth/email-verification/verify?token=${link}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Email verified successfully.' });
    const profile = await app.inject({ method: 'GET', url: '/user/profile', headers: bearer(token) });
    expect(profile.json().emailVerified).toBe(true);

    // Used again, the link says what is true: the address is verified already.
    const again = await app.inject({ method: 'GET', url: `/auth/email-verification/verify?token=${link}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      error: { code: 'ALREADY_VERIFIED', message: 'This email address is already verified.' },
    });
  });

  it('is 400 for an unknown, missing or expired token', async () => {
    for (const url of ['/auth/email-verification/verify?token=nope', '/auth/email-verification/verify']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This verification link is invalid or has expired.');
    }
    const { email } = await registerUser(app);
    const link = await tokenFromMail(app, email, '/verify-email');
    await app.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1_000) });
    expect((await app.inject({ method: 'GET', url: `/auth/email-verification/verify?token=${link}` })).statusCode).toBe(400);
  });

  it('resend answers identically for known, unknown and verified addresses, and mails only the one that needs it', async () => {
    const { email } = await registerUser(app);
    const unknown = uniqueEmail('ghost');
    const answers = await Promise.all(
      [email, unknown, ''].map((e) => post(`/auth/email-verification/resend?email=${encodeURIComponent(e)}`)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'If an account with that email needs verification, a new link has been sent.' });
    }
    expect(await mailbox(app, email)).toHaveLength(2);
    expect(await mailbox(app, unknown)).toHaveLength(0);
  });
});

describe('password reset', () => {
  const forgotMessage = 'If an account exists for that email, a password reset link has been sent.';

  it('forgot-password answers identically for known and unknown addresses', async () => {
    const { email } = await registerUser(app);
    const known = await post('/auth/forgot-password', { email });
    const unknown = await post('/auth/forgot-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: forgotMessage });
    expect(unknown.body).toBe(known.body);
    await app.services.auth.idle();
    // The sign-up's verification mail is sent after its answer too, so it may be stored after this one.
    const mail = (await mailbox(app, email)).find((m) => m.subject !== 'Verify your Grocer email address');
    expect(mail?.subject).toBe('Reset your Grocer password');
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
  });

  it('forgot-password answers before the account is looked up or mailed, so both take the same time', async () => {
    // A mail server that does not answer until told to: the known address must not wait for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let holding = false;
    const mail = {
      send: async (m: { to: string }) => {
        if (holding) await held;
        sent.push(m.to);
      },
    };
    const slow = await buildTestApp({ config: FAST_HASHING, services: { mail } });
    try {
      const { email } = await registerUser(slow);
      // The sign-up's verification mail goes out in the background too: let it land before holding.
      await slow.services.auth.idle();
      sent.length = 0;
      holding = true;
      for (const address of [email, uniqueEmail('ghost')]) {
        const res = await slow.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: address } });
        expect([res.statusCode, res.json().message]).toEqual([200, forgotMessage]);
      }
      expect(sent).toEqual([]);
      release();
      await slow.services.auth.idle();
      expect(sent).toEqual([email]);
    } finally {
      release();
      await slow.close();
    }
  });

  it('resets once, revokes earlier sessions, and the old password stops working', async () => {
    const { email, token: oldSession } = await registerUser(app);
    await post('/auth/forgot-password', { email });
    const resetToken = await tokenFromMail(app, email, '/reset-password');

    const weak = await post('/auth/reset-password', { token: resetToken, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Password must contain at least one uppercase letter',
      field: 'password',
    });

    const res = await post('/auth/reset-password', { token: resetToken, password: 'New-Harvest-77' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password reset successful. Please sign in with your new password.' });

    expect((await app.inject({ method: 'GET', url: '/user/profile', headers: bearer(oldSession) })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: STRONG_PASSWORD })).statusCode).toBe(401);
    const fresh = await post('/auth/login', { email, password: 'New-Harvest-77' });
    expect(fresh.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/user/profile', headers: bearer(fresh.json().token) })).statusCode).toBe(200);

    const reused = await post('/auth/reset-password', { token: resetToken, password: 'Other-Harvest-78' });
    expect(reused.statusCode).toBe(400);
  });

  it('is 400 INVALID_TOKEN for an unknown or missing token', async () => {
    const message = 'Invalid or missing reset token. Please request a new password reset link.';
    for (const payload of [{ token: 'made-up', password: 'New-Harvest-77' }, { password: 'New-Harvest-77' }]) {
      const res = await post('/auth/reset-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, error: { code: 'INVALID_TOKEN', message, field: 'token' } });
    }
  });
});

describe('password checks in flight', () => {
  it('answers 503 SERVER_BUSY with Retry-After past the queue, and a refused attempt counts for nothing', async () => {
    // A check slow enough (2^15, ~0.1 s) that the 12 guesses meet it running wherever their lookups end (PostgreSQL
    // spreads them out), and the stored hash keeps that cost for every later check.
    const busy = await buildTestApp({
      config: { ...FAST_HASHING, passwordHashLogN: 15, passwordChecks: { inFlight: 1, queued: 1 } },
    });
    try {
      const { email } = await registerUser(busy);
      const send = () =>
        busy.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Wrong-Password-1' }, remoteAddress: '10.4.0.1' });
      const responses = await Promise.all(Array.from({ length: 12 }, send));
      const refused = responses.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.headers['retry-after']).toBe('2');
      expect(refused[0]!.json().error).toEqual({ code: 'SERVER_BUSY', message: 'The server is busy. Please try again in a moment.' });
      // While busy attempts still hold their unit, a few more may meet the limit (429); none is checked past it.
      const checked = responses.filter((r) => r.statusCode === 401).length;
      const limited = responses.filter((r) => r.statusCode === 429).length;
      expect(checked + refused.length + limited).toBe(12);
      expect(checked).toBeLessThanOrEqual(10);
      // Only the checked guesses used up the account's 10: the owner still has 10 - checked tries.
      for (let i = checked; i < 10; i += 1) expect((await send()).statusCode).toBe(401);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await busy.close();
    }
  });

  it('lets a shopper from a fresh address sign in while 20 other addresses flood wrong passwords', async () => {
    const fair = await buildTestApp({ config: { ...FAST_HASHING, passwordHashLogN: 12, passwordChecks: { inFlight: 1, queued: 2 } } });
    let flooding = true;
    try {
      const { email } = await registerUser(fair);
      const flood: number[] = [];
      const checked = new Set<number>();
      // Each address sends again as soon as it is answered, 20 ms after a 503 (an attacker ignores Retry-After).
      const attackers = Array.from({ length: 20 }, async (_, a) => {
        for (let i = 0; flooding; i += 1) {
          const res = await fair.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { email: uniqueEmail('flood'), password: 'Wrong-Password-1' },
            remoteAddress: `10.9.1.${a + 1}`,
          });
          flood.push(res.statusCode);
          if (res.statusCode === 401) checked.add(a);
          if (res.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      // Under way: every flooding address has had a check (a never-served address goes first, as the shopper does).
      while (checked.size < 20 || !flood.includes(503)) await new Promise((resolve) => setTimeout(resolve, 5));
      const shopper: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await fair.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email, password: STRONG_PASSWORD },
          remoteAddress: `10.9.2.${i + 1}`,
        });
        shopper.push(res.statusCode);
      }
      flooding = false;
      await Promise.all(attackers);
      expect(shopper).toEqual([200, 200, 200, 200, 200]);
      expect(flood.filter((status) => status === 503).length).toBeGreaterThan(0);
    } finally {
      flooding = false;
      await fair.close();
    }
    // Real password hashes one at a time for 25 addresses: about a minute alone on a loaded machine, more
    // beside the other suites, so it gets its own limit rather than the suite's 90 s.
  }, 240_000);
});

describe('addressKey', () => {
  it.each([
    ['10.1.2.3', '10.1.2.3'],
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:db8:5:7:abcd::1', '2001:db8:5:7::/64'],
    ['2001:0db8:0005:0007:1:2:3:4', '2001:db8:5:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => expect(addressKey(ip)).toBe(key));
});
