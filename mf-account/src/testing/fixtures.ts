// Entities for this remote's tests, shaped exactly as the API contract says.
import type { AuthResponse, User } from '@grocer/shared';

import { makeProduct, makeUser } from '@grocer/shared/testing';

export { makeProduct, makeUser };


/** The body of a successful POST /auth/login, /auth/register or /auth/google. */
export function authBody(user: User = makeUser()): Extract<AuthResponse, { success: true }> {
  const { token, ...rest } = user;
  return { success: true, user: rest as User, token };
}

/** The error body every failed call has. */
export function errorBody(message: string, code = 'ERROR', field?: string) {
  return { success: false, message, error: { code, message, ...(field ? { field } : {}) } };
}
