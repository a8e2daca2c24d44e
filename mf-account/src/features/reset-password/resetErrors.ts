// Spec §8 reset-password texts, chosen by how the call failed.
import { apiErrorMessage } from '@grocer/shared';
import { isHttpError } from '../../lib/errors.ts';

export const INVALID_LINK_MESSAGE = 'Invalid or missing reset token. Please request a new password reset link.';
export const UPDATE_FAILED = 'Failed to update password. Please try again.';
export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const RESET_EXCEPTION = 'Failed to reset password. The reset token may be invalid or expired.';
export const RESET_SUCCESS_TOAST = 'Password reset successful. Please sign in with your new password.';

/** The server's message (PASSWORD_UPDATE_FAILED, INVALID_TOKEN…) or its fallback; a call that never got an answer gets the exception text. */
export function resetErrorMessage(error: unknown): string {
  return isHttpError(error) ? apiErrorMessage(error, UPDATE_FAILED) : RESET_EXCEPTION;
}
