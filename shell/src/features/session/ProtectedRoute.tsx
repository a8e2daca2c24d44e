// Spec §2 protected rule, as each remote declares it per route (shared/src/contracts/routes.ts): only
// the roles a route admits may enter (a customer everywhere, an admin where admin access is allowed);
// anyone else goes to /. The session is hydrated synchronously from storage before the first render,
// so the decision is immediate: no 200 ms wait and no flash of the page.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths, selectRole, useAppSelector, type RouteAccess } from '@grocer/shared';

/** `role` as selectRole gives it (upper case). An access the shell does not know lets nobody in. */
export function mayEnter(access: RouteAccess, role: string | null): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'signed-in') return true;
  return Array.isArray(access?.roles) && access.roles.some((r) => String(r).toUpperCase() === role);
}

export function ProtectedRoute({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const role = useAppSelector(selectRole);
  return mayEnter(access, role) ? children : <Navigate to={paths.home()} replace />;
}
