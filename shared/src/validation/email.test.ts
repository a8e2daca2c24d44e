import { EMAIL_REGEX, normalizeEmail, validateEmail, validateResendEmail } from './email.ts';

describe('validateEmail', () => {
  it.each([undefined, null, '', '   '])('requires an email (%p)', (value) => {
    expect(validateEmail(value)).toBe('Email is required');
  });

  it.each(['plainaddress', 'a@b', '@b.co', 'a@.co', 'a@b.', 'a b@c.co', 'a@b c.co', 'a@@b.co', 'a@b@c.co', 'ab.co'])(
    'rejects %p',
    (value) => {
      expect(validateEmail(value)).toBe('Please enter a valid email address');
    },
  );

  it.each(['a@b.co', 'jane.doe+groceries@mail.example.com', 'X@Y.Z', 'ünï@dömain.de'])('accepts %p', (value) => {
    expect(validateEmail(value)).toBeUndefined();
  });

  it('ignores surrounding spaces (forms submit normalizeEmail(value))', () => {
    expect(validateEmail('  a@b.co \n')).toBeUndefined();
    expect(normalizeEmail('  A@b.co ')).toBe('A@b.co');
  });

  it('exposes an anchored, flag-free regex usable as a JSON Schema pattern', () => {
    expect(EMAIL_REGEX.flags).toBe('');
    expect(new RegExp(EMAIL_REGEX.source, 'u').test('a@b.co')).toBe(true);
    expect(new RegExp(EMAIL_REGEX.source, 'u').test('x a@b.co')).toBe(false);
  });
});

describe('validateResendEmail', () => {
  it('asks for an email when empty', () => {
    expect(validateResendEmail('')).toBe('Please enter your email address');
    expect(validateResendEmail('  ')).toBe('Please enter your email address');
    expect(validateResendEmail(undefined)).toBe('Please enter your email address');
  });

  it('only checks presence', () => {
    expect(validateResendEmail('a@b.co')).toBeUndefined();
    expect(validateResendEmail('not-an-email')).toBeUndefined();
  });
});
