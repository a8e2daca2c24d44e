import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_LOWERCASE_REGEX,
  PASSWORD_NUMBER_REGEX,
  PASSWORD_UPPERCASE_REGEX,
  validateConfirmPassword,
  validatePassword,
  validateSignInPassword,
} from './password.ts';

describe('validatePassword (registration)', () => {
  it.each([undefined, null, ''])('requires a password (%p)', (value) => {
    expect(validatePassword(value)).toBe('Password is required');
  });

  it('needs at least 8 characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(validatePassword('aB1aB1a')).toBe('Password must be at least 8 characters long');
    expect(validatePassword('aB1aB1aB')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validatePassword('aB1😀😀😀😀')).toBe('Password must be at least 8 characters long');
    expect(validatePassword('aB1😀😀😀😀😀')).toBeUndefined();
  });

  it('needs a lowercase letter', () => {
    expect(validatePassword('ABCDEFG1')).toBe('Password must contain at least one lowercase letter');
  });

  it('needs an uppercase letter', () => {
    expect(validatePassword('abcdefg1')).toBe('Password must contain at least one uppercase letter');
  });

  it('needs a number', () => {
    expect(validatePassword('abcdEFGH')).toBe('Password must contain at least one number');
  });

  it('reports the first failing rule in the spec order', () => {
    expect(validatePassword('short')).toBe('Password must be at least 8 characters long');
    expect(validatePassword('12345678')).toBe('Password must contain at least one lowercase letter');
    expect(validatePassword('        ')).toBe('Password must contain at least one lowercase letter');
  });

  it('does not trim passwords', () => {
    expect(validatePassword(' aB1 aB1 ')).toBeUndefined();
  });

  it('exposes flag-free regexes for JSON Schema patterns', () => {
    for (const regex of [PASSWORD_LOWERCASE_REGEX, PASSWORD_UPPERCASE_REGEX, PASSWORD_NUMBER_REGEX]) {
      expect(regex.flags).toBe('');
    }
  });
});

describe('validateSignInPassword', () => {
  it('only requires a password', () => {
    expect(validateSignInPassword('')).toBe('Password is required');
    expect(validateSignInPassword(undefined)).toBe('Password is required');
    expect(validateSignInPassword('x')).toBeUndefined();
  });
});

describe('validateConfirmPassword', () => {
  it('requires the confirmation', () => {
    expect(validateConfirmPassword('', 'aB1aB1aB')).toBe('Please confirm your password');
    expect(validateConfirmPassword(undefined, 'aB1aB1aB')).toBe('Please confirm your password');
  });

  it('requires the passwords to match exactly', () => {
    expect(validateConfirmPassword('aB1aB1aC', 'aB1aB1aB')).toBe('Passwords do not match');
    expect(validateConfirmPassword('aB1aB1aB ', 'aB1aB1aB')).toBe('Passwords do not match');
    expect(validateConfirmPassword('x', undefined)).toBe('Passwords do not match');
    expect(validateConfirmPassword('aB1aB1aB', 'aB1aB1aB')).toBeUndefined();
  });
});
