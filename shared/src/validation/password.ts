// Password rules (spec §5). Registration checks them in this order and reports the first failure;
// sign-in only requires a password.
import type { FieldValue } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 8;
/** The registration rules in one sentence, shown under new-password fields before the shopper submits. */
export const PASSWORD_RULE_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`;

// ASCII classes, no flags: the same meaning in browsers and as JSON Schema patterns (`.source`).
export const PASSWORD_LOWERCASE_REGEX = /[a-z]/;
export const PASSWORD_UPPERCASE_REGEX = /[A-Z]/;
export const PASSWORD_NUMBER_REGEX = /[0-9]/;

/** Length in characters (code points), as JSON Schema `minLength` counts: an emoji is one. */
export function passwordLength(value: string): number {
  return [...value].length;
}

/** Registration rules: required, length, lowercase, uppercase, number. Passwords are never trimmed. */
export function validatePassword(value: FieldValue): string | undefined {
  if (!value) return VALIDATION_MESSAGES.passwordRequired;
  if (passwordLength(value) < MIN_PASSWORD_LENGTH) return VALIDATION_MESSAGES.passwordTooShort;
  if (!PASSWORD_LOWERCASE_REGEX.test(value)) return VALIDATION_MESSAGES.passwordNoLowercase;
  if (!PASSWORD_UPPERCASE_REGEX.test(value)) return VALIDATION_MESSAGES.passwordNoUppercase;
  if (!PASSWORD_NUMBER_REGEX.test(value)) return VALIDATION_MESSAGES.passwordNoNumber;
  return undefined;
}

/** Sign-in form: required only. */
export function validateSignInPassword(value: FieldValue): string | undefined {
  return value ? undefined : VALIDATION_MESSAGES.passwordRequired;
}

/** Sign-up confirm field: 'Please confirm your password', then 'Passwords do not match'. */
export function validateConfirmPassword(confirmPassword: FieldValue, password: FieldValue): string | undefined {
  if (!confirmPassword) return VALIDATION_MESSAGES.confirmPasswordRequired;
  if (confirmPassword !== (password ?? '')) return VALIDATION_MESSAGES.passwordsDoNotMatch;
  return undefined;
}
