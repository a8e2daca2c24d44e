import { VALIDATION_MESSAGES } from './messages.ts';

// The spec's texts, to the letter: a typo here is a product bug.
describe('VALIDATION_MESSAGES', () => {
  it('holds the exact texts of spec §5', () => {
    expect(VALIDATION_MESSAGES).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email address',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters long',
      passwordNoLowercase: 'Password must contain at least one lowercase letter',
      passwordNoUppercase: 'Password must contain at least one uppercase letter',
      passwordNoNumber: 'Password must contain at least one number',
      confirmPasswordRequired: 'Please confirm your password',
      passwordsDoNotMatch: 'Passwords do not match',
      resetTokenMissing: 'Invalid or missing reset token.',
      resetPasswordsDoNotMatch: 'Passwords do not match.',
      resetPasswordTooShort: 'Password must be at least 8 characters long.',
      phoneRequired: 'Phone number is required',
      checkoutAddressMissing: 'Please update your address in Account settings first',
      resendEmailRequired: 'Please enter your email address',
    });
  });
});
