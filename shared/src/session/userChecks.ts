// Questions about the signed-in user that several remotes ask (header, account, cart gate, checkout).
import type { User } from '../contracts/index.ts';

/** Spec §6: roles are compared case-insensitively. */
export function isAdmin(user: Pick<User, 'roleName'>): boolean {
  return user.roleName?.toUpperCase() === 'ADMIN';
}

/** Email users must verify; identity (Google) sign-ins count as verified (spec §4, §6). */
export function isEmailVerified(user: Pick<User, 'authMethod' | 'emailVerified'>): boolean {
  return user.authMethod === 'google' || user.emailVerified;
}
