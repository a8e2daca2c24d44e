import { firstError } from './form.ts';
import { validateResetPasswordForm } from './resetPassword.ts';

describe('validateResetPasswordForm', () => {
  it('requires the token', () => {
    expect(validateResetPasswordForm({ token: null, password: 'longenough', confirmPassword: 'longenough' })).toEqual({
      token: 'Invalid or missing reset token.',
    });
    expect(validateResetPasswordForm({ token: ' ', password: 'longenough', confirmPassword: 'longenough' }).token).toBe(
      'Invalid or missing reset token.',
    );
  });

  it('requires matching passwords', () => {
    expect(validateResetPasswordForm({ token: 't', password: 'longenough', confirmPassword: 'longenougH' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('requires at least 8 characters', () => {
    expect(validateResetPasswordForm({ token: 't', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long.',
    });
    expect(validateResetPasswordForm({ token: 't', password: '', confirmPassword: '' }).password).toBe(
      'Password must be at least 8 characters long.',
    );
  });

  it('reports the first failure in the spec order: token, match, length', () => {
    expect(firstError(validateResetPasswordForm({ token: undefined, password: 'a', confirmPassword: 'b' }))).toBe(
      'Invalid or missing reset token.',
    );
    expect(firstError(validateResetPasswordForm({ token: 't', password: 'a', confirmPassword: 'b' }))).toBe('Passwords do not match.');
  });

  it('passes any 8-character matching password (strength is the server registration rule)', () => {
    expect(validateResetPasswordForm({ token: 't', password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({});
  });
});
