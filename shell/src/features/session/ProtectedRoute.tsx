// Spec §2 protected rule, as each remote declares it per route (shared/src/contracts/routes.ts): only
// the roles a route admits may enter (a customer everywhere, an admin where admin access is allowed);
// anyone else goes to /. The session is hydrated synchronously from storage before the first render,
// so the decision is immediate: no 200 ms wait and no flash of the page.
// A guest is not dropped there without a word: the Sign In dialog opens, saying the page needs an
// account, and signing in lands on the page asked for (the account remote's AuthModal reads `next`).
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { events, paths, selectRole, useAppSelector, type RouteAccess } from '@grocer/shared';

/** `role` as selectRole gives it (upper case). An access the shell does not know lets nobody in. */
export function mayEnter(access: RouteAccess, role: string | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'signed-in') return true;
  return Array.isArray(access?.roles) && access.roles.some((r) => String(r).toUpperCase() === role);
}

export function ProtectedRoute({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const role = useAppSelector(selectRole);
  const { pathname, search } = useLocation();
  const entered = mayEnter(access, role);
  // The role of the render before: a shopper who signs out (or whose session ends) on a protected page
  // is sent to / as before, not asked to sign in again; a role that may not enter is not asked either.
  const before = useRef(role);
  useEffect(() => {
    if (!entered && role === null && before.current === null) events.emit('auth:open-modal', { mode: 'signin', next: pathname + search });
    before.current = role;
  });
  return entered ? children : <Navigate to={paths.home()} replace />;
}
