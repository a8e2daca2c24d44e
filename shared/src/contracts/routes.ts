// The routes a remote owns, declared by the remote itself, so a new remote joins the shop through
// /remotes.json alone (docs/decisions/004-routes-from-remotes.md). Each remote writes its declaration
// in `src/routes.ts` (default export, typed `RemoteRoutes`) and passes it to createAppConfig
// (`routes`), whose build checks every module against the remote's `exposes` and emits it as
// `routes.json` beside mf-manifest.json. The shell reads that file right after /remotes.json, before
// the shared libraries load. Types only: nothing here costs the browser a byte.
// rspack.config.ts reads src/routes.ts in Node, where JSX does not parse: a declaration imports from
// '@grocer/shared/contracts' (as routePatterns), never from '@grocer/shared' itself.
import type { RoleName } from './entities.ts';

/** Roles a route may admit: the spec's two, and store staff (one store each) for the operations screens. */
export type RouteRole = RoleName | 'STORE_STAFF';

/**
 * Who may enter a route. Everyone else is sent to / at once (spec §2 protected rule: the session is
 * hydrated from storage before the first render, so the guard's 200 ms wait is never needed).
 * - 'public': anyone, signed in or not;
 * - 'signed-in': any signed-in user, whatever the role;
 * - `{ roles }`: only these roles (compared case-insensitively, spec §6), e.g. `['CUSTOMER', 'ADMIN']`
 *   for a protected page where admin access is allowed, `['CUSTOMER']` where it is not (checkout).
 */
export type RouteAccess = 'public' | 'signed-in' | { readonly roles: readonly RouteRole[] };

export interface RouteDeclaration {
  /**
   * React Router pattern: static segments (matched case-insensitively) and `:param` segments only,
   * e.g. '/order-details/:orderId'. No two remotes may claim the same pattern.
   */
  readonly path: string;
  /** The name this remote exposes the page under (its rspack `exposes` key, without './'); it takes no props. */
  readonly module: string;
  readonly access: RouteAccess;
  /**
   * 'browser': a public page drawn from what only the browser holds (its storage: the cart), which the
   * page server leaves to the browser; it would render it empty. Any other page is rendered on the
   * server by this remote's own server build when it is public (docs/decisions/013-server-composition.md).
   */
  readonly render?: 'browser';
  /**
   * Written by the build, never in routes.ts: the page's first screen (contracts/firstScreen.ts), a
   * file relative to routes.json, when the remote builds one for this module (createAppConfig `firstScreens`).
   */
  readonly firstScreen?: string;
}

/** A remote's routes.json. */
export interface RemoteRoutes {
  readonly routes: readonly RouteDeclaration[];
}
