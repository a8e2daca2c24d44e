import { validateResetRequestForm, validateSignInForm, validateSignUpForm } from './auth.ts';

describe('validateSignInForm', () => {
  it('requires email and password', () => {
    expect(validateSignInForm({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('checks the email format but not password strength', () => {
    expect(validateSignInForm({ email: 'nope', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validateSignInForm({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('validateSignUpForm', () => {
  it('applies the registration rules to every field', () => {
    expect(validateSignUpForm({ email: '', password: '', confirmPassword: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateSignUpForm({ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgi' })).toEqual({
      password: 'Password must contain at least one uppercase letter',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('passes a valid sign-up', () => {
    expect(validateSignUpForm({ email: 'a@b.co', password: 'Groceries1', confirmPassword: 'Groceries1' })).toEqual({});
  });
});

describe('validateResetRequestForm', () => {
  it('validates the email', () => {
    expect(validateResetRequestForm({ email: '' })).toEqual({ email: 'Email is required' });
    expect(validateResetRequestForm({ email: 'a@b' })).toEqual({ email: 'Please enter a valid email address' });
    expect(validateResetRequestForm({ email: 'a@b.co' })).toEqual({});
  });
});
