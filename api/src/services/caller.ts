// Who is calling a service: the signed-in user as authentication established it. It lives with the
// services (not in the authenticate plugin) so that services take it as input without importing a plugin.
import type { AuthMethod, Role, SessionClaims } from '../lib/jwt.ts';

export interface AuthUser {
  uuid: string;
  /** Read from the database on every request, so a role change applies at once. */
  role: Role;
  /** The store a STORE_STAFF member works for (users.store_id); null for everyone else. */
  storeId: number | null;
  /** How this session signed in. */
  authMethod: AuthMethod;
  /** The bearer token itself (the User JSON echoes it). */
  token: string;
  /** What the token says (its session id for a sign-out). */
  claims: SessionClaims;
}

/** What a service needs to know of its caller. */
export type Caller = Pick<AuthUser, 'uuid' | 'role' | 'authMethod'>;
