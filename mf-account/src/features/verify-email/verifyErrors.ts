// Spec §8 email verification texts, chosen by how the call failed.
import { apiErrorMessage } from '@grocer/shared';
import { errorStatus } from '../../lib/errors.ts';

export const NO_TOKEN = 'Invalid verification link. No token found.';
export const SERVER_ERROR = 'Server error occurred. Please try again later.';
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
export const VERIFICATION_FAILED = 'Email verification failed. Please try again.';
/** (Grocer) A used link of an account that is verified by now is no failure. */
export const ALREADY_VERIFIED = 'Your email address is already verified.';

/** The API's answer to a used link of an account verified since (409 ALREADY_VERIFIED). */
export function isAlreadyVerified(error: unknown): boolean {
  return (error as { data?: { error?: { code?: string } } } | undefined)?.data?.error?.code === 'ALREADY_VERIFIED';
}

export function verifyErrorMessage(error: unknown): string {
  const status = errorStatus(error);
  // A non-JSON answer (e.g. a proxy's error page) still has an HTTP status.
  const httpStatus = typeof status === 'number' ? status : (error as { originalStatus?: number } | undefined)?.originalStatus;
  if (typeof httpStatus === 'number') return httpStatus >= 500 ? SERVER_ERROR : apiErrorMessage(error, VERIFICATION_FAILED);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return NETWORK_ERROR;
  return VERIFICATION_FAILED;
}
