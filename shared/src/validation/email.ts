// Email rules (spec §5): required, then something@something.tld with no spaces.
import { isBlank, type FieldValue } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

/** Anchored, no flags: reusable as a JSON Schema `pattern` via `EMAIL_REGEX.source`. */
export const EMAIL_REGEX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What forms submit and the API stores: the address without surrounding spaces (case is kept). */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** 'Email is required' | 'Please enter a valid email address' | undefined. Surrounding spaces are ignored. */
export function validateEmail(value: FieldValue): string | undefined {
  const email = normalizeEmail(value ?? '');
  if (email === '') return VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_REGEX.test(email)) return VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

/** Verify-email resend form: the email must not be empty ('Please enter your email address'). */
export function validateResendEmail(value: FieldValue): string | undefined {
  return isBlank(value) ? VALIDATION_MESSAGES.resendEmailRequired : undefined;
}
