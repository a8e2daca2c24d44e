// The /reset-password page (spec §5): its own texts (with full stops) and its own order:
// token present, passwords match, then length.
import { collectErrors, isBlank, type FieldValue, type FormErrors } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { MIN_PASSWORD_LENGTH, passwordLength } from './password.ts';

export interface ResetPasswordValues {
  /** From the ?token= query. */
  token: FieldValue;
  password: FieldValue;
  confirmPassword: FieldValue;
}

/** Errors in spec order; the page shows `firstError(...)`. The mismatch is reported on confirmPassword. */
export function validateResetPasswordForm(values: ResetPasswordValues): FormErrors<keyof ResetPasswordValues> {
  const password = values.password ?? '';
  return collectErrors<keyof ResetPasswordValues>([
    ['token', isBlank(values.token) ? VALIDATION_MESSAGES.resetTokenMissing : undefined],
    ['confirmPassword', password !== (values.confirmPassword ?? '') ? VALIDATION_MESSAGES.resetPasswordsDoNotMatch : undefined],
    ['password', passwordLength(password) < MIN_PASSWORD_LENGTH ? VALIDATION_MESSAGES.resetPasswordTooShort : undefined],
  ]);
}
