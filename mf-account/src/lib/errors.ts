// Reading RTK Query errors the same way in every form of this remote.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** HTTP status of a failed call, or RTK's 'FETCH_ERROR' / 'PARSING_ERROR' / … when there was no usable answer. */
export function errorStatus(error: unknown): FetchBaseQueryError['status'] | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
}

/** True when the server answered with an HTTP status (as opposed to a network or parsing failure). */
export function isHttpError(error: unknown): boolean {
  return typeof errorStatus(error) === 'number';
}

/** Spec §8: a verification email could not be re-sent (modal notice and verify-email page). */
export const RESEND_FAILED = 'Failed to resend verification email. Please try again.';
