// The auth modal's failure texts (spec §8), chosen by how a call failed.
import { apiErrorMessage, type ApiErrorBody } from '@grocer/shared';
import { isHttpError } from '../../lib/errors.ts';

export const SIGN_IN_INVALID = 'Invalid email or password.';
export const SIGN_IN_FAILED = 'Sign in failed';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const RESET_REQUEST_FAILED = 'Failed to send password reset email. Please try again.';

/** The server's message (401, 429 with its wait, …), 'Invalid email or password.' without one, or the exception text. */
export function signInErrorMessage(error: unknown): string {
  return isHttpError(error) ? apiErrorMessage(error, SIGN_IN_INVALID) : UNEXPECTED_ERROR;
}

export interface ServerError {
  code: string;
  message: string;
  /** The form field the server blamed (e.g. 'email' for EMAIL_TAKEN). */
  field?: string;
}

/** Spec §8: the server's code, message and field are passed on; otherwise REGISTRATION_FAILED. */
export function registrationError(error: unknown): ServerError {
  if (!isHttpError(error)) return { code: 'REGISTRATION_FAILED', message: REGISTRATION_FAILED };
  const body = (error as { data?: Partial<ApiErrorBody> | null }).data;
  return {
    code: body?.error?.code ?? 'REGISTRATION_FAILED',
    message: apiErrorMessage(error, REGISTRATION_FAILED),
    field: body?.error?.field,
  };
}
