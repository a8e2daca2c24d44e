// Every validation message of spec §5, copied to the letter. Texts marked "(Grocer)" are ours:
// the spec requires the field but does not give its message.
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',

  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNoLowercase: 'Password must contain at least one lowercase letter',
  passwordNoUppercase: 'Password must contain at least one uppercase letter',
  passwordNoNumber: 'Password must contain at least one number',

  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',

  // The reset-password page has its own texts, with full stops.
  resetTokenMissing: 'Invalid or missing reset token.',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  resetPasswordTooShort: 'Password must be at least 8 characters long.',

  /** (Grocer) Address form. */
  firstNameRequired: 'First name is required',
  /** (Grocer) */
  lastNameRequired: 'Last name is required',
  /** (Grocer) */
  streetNameRequired: 'Street name is required',
  /** (Grocer) */
  cityRequired: 'City is required',
  /** (Grocer) */
  stateRequired: 'State is required',
  /** (Grocer) */
  zipRequired: 'ZIP code is required',

  phoneRequired: 'Phone number is required',
  /** (Grocer) */
  phoneInvalid: 'Please enter a 10-digit US phone number, e.g. (312) 555-0142',
  /** Checkout step 1, on each of street, city, state and zip. */
  checkoutAddressMissing: 'Please update your address in Account settings first',

  /** Verify-email page resend form. */
  resendEmailRequired: 'Please enter your email address',

  /** (Grocer) */
  quantityTooLow: 'Quantity must be at least 1',
  /** (Grocer) */
  quantityNotWhole: 'Quantity must be a whole number',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
