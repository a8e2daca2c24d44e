import type { App } from '../../app.ts';
import { emailTokens } from '../../db/schema.ts';
import { bearer, FAST_HASHING, mailbox, registerUser, STRONG_PASSWORD, tokenFromMail, uniqueEmail } from '../../testing/accounts.ts';
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
    [{ email: 'x@example.com', password: 'Sunshine2024!' }, 'password', 'This password is too common. Please choose a less common password.'],
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

  it('locks an account after 10 failures in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const { email } = await registerUser(app);
    for (let i = 0; i < 10; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'Wrong-Password-1' }, remoteAddress: `10.1.0.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: STRONG_PASSWORD }, remoteAddress: '10.1.1.1' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again in 15 minutes.' },
    });
  });

  it('limits failures per IP (30 in 15 minutes) across accounts', async () => {
    const remoteAddress = '10.2.0.1';
    for (let i = 0; i < 30; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: uniqueEmail('spray'), password: 'Wrong-1a' }, remoteAddress });
      expect(res.statusCode).toBe(401);
    }
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: uniqueEmail('spray'), password: 'Wrong-1a' }, remoteAddress });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is unaffected.
    const other = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: uniqueEmail('spray'), password: 'Wrong-1a' }, remoteAddress: '10.2.0.2' });
    expect(other.statusCode).toBe(401);
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
    expect(again.json()).toMatchObject({ success: false, error: { code: 'ALREADY_VERIFIED', message: 'This email address is already verified.' } });
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
    const [mail] = await mailbox(app, email);
    expect(mail!.subject).toBe('Reset your Grocer password');
    expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
  });

  it('resets once, revokes earlier sessions, and the old password stops working', async () => {
    const { email, token: oldSession } = await registerUser(app);
    await post('/auth/forgot-password', { email });
    const resetToken = await tokenFromMail(app, email, '/reset-password');

    const weak = await post('/auth/reset-password', { token: resetToken, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Password must contain at least one uppercase letter', field: 'password' });

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
