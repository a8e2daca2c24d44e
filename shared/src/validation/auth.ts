// The auth modal's forms (spec §5): sign-in, sign-up and the reset-request step.
import { validateEmail } from './email.ts';
import { collectErrors, type FieldValue, type FormErrors } from './form.ts';
import { validateConfirmPassword, validatePassword, validateSignInPassword } from './password.ts';

export interface SignInValues {
  email: FieldValue;
  password: FieldValue;
}

export interface SignUpValues {
  email: FieldValue;
  password: FieldValue;
  /** Checked here, never sent to the server. */
  confirmPassword: FieldValue;
}

export interface ResetRequestValues {
  email: FieldValue;
}

export function validateSignInForm(values: SignInValues): FormErrors<keyof SignInValues> {
  return collectErrors<keyof SignInValues>([
    ['email', validateEmail(values.email)],
    ['password', validateSignInPassword(values.password)],
  ]);
}

/** firstName and lastName live in the sign-up form's state but are not validated (spec §5). */
export function validateSignUpForm(values: SignUpValues): FormErrors<keyof SignUpValues> {
  return collectErrors<keyof SignUpValues>([
    ['email', validateEmail(values.email)],
    ['password', validatePassword(values.password)],
    ['confirmPassword', validateConfirmPassword(values.confirmPassword, values.password)],
  ]);
}

export function validateResetRequestForm(values: ResetRequestValues): FormErrors<keyof ResetRequestValues> {
  return collectErrors<keyof ResetRequestValues>([['email', validateEmail(values.email)]]);
}
