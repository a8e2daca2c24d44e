// Reads the expiry of a JWT (ours or a Google ID token) without verifying it: the browser only
// needs to know when to stop using it; the server verifies.
import { CONSTANTS } from '../constants.ts';

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  return atob(base64);
}

/** Expiry in epoch milliseconds, or null when the token is not a readable JWT with `exp`. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Spec §4/§9: a token counts as expired 120 s before its real expiry. A token we cannot read
 * is treated as unusable, so no call goes out with it.
 */
export function isTokenUsable(token: string | null | undefined, now: number = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - CONSTANTS.TOKEN_EXPIRY_SKEW_MS > now;
}
