// Who is calling a service: the signed-in user as authentication established it. It lives with the
// services (not in the authenticate plugin) so that services take it as input without importing a plugin.
import type { AuthMethod, Role, SessionClaims } from '../lib/jwt.ts';
import type { UserRow } from './users.ts';

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
  /**
   * The account's row as authentication read it, at the start of this request. Handlers use it instead
   * of reading the account again: on PostgreSQL every statement costs the API CPU it serves requests with.
   */
  account: UserRow;
}

/** What a service needs to know of its caller. */
export type Caller = Pick<AuthUser, 'uuid' | 'role' | 'authMethod'>;

/** A caller whose account's fields (address, names, e-mail) a service needs: the row comes with them. */
export type AccountCaller = Pick<AuthUser, 'uuid' | 'role' | 'authMethod' | 'account'>;
