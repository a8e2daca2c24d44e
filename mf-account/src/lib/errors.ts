// Reading RTK Query errors the same way in every form of this remote.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { events } from '@grocer/shared';

/** HTTP status of a failed call, or RTK's 'FETCH_ERROR' / 'PARSING_ERROR' / … when there was no usable answer. */
export function errorStatus(error: unknown): FetchBaseQueryError['status'] | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
}

/** True when the server answered with an HTTP status (as opposed to a network or parsing failure). */
export function isHttpError(error: unknown): boolean {
  return typeof errorStatus(error) === 'number';
}

/** The `error` a rejected `queryFulfilled` carries (RTK wraps it as `{ error, meta }`). */
export function rejectionError(rejection: unknown): unknown {
  return rejection && typeof rejection === 'object' && 'error' in rejection ? (rejection as { error: unknown }).error : rejection;
}

/** Spec §8: a verification email could not be re-sent (modal notice and verify-email page). */
export const RESEND_FAILED = 'Failed to resend verification email. Please try again.';

const SESSION_MESSAGE = /session has expired|Authentication failed/i;

/**
 * Spec §4: a profile or address call whose message says the session expired or authentication failed
 * ends the session. A 401 is already reported by the base query; this catches the same words on other statuses.
 */
export function reportSessionMessage(error: unknown): void {
  if (errorStatus(error) === 401) return;
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data?: { message?: unknown; error?: { message?: unknown } } }).data
      : null;
  const message = data?.error?.message ?? data?.message;
  if (typeof message === 'string' && SESSION_MESSAGE.test(message)) events.emit('session:expired', { message });
}
