// The shell's route table, composed at start from the routes each remote in /remotes.json declares
// in its routes.json (shared/src/contracts/routes.ts), so a remote joins or leaves by configuration.
// It imports only contract types (no runtime imports), so the shell's entry can match the first
// route before the shared libraries (React Router among them) have loaded: see firstPageRoute.
import type { PropLessModuleId, RemoteRoutes, RouteDeclaration } from '@grocer/shared/contracts';

export interface ComposedRoute extends RouteDeclaration {
  /** The remote that owns the route, and the module id the shell loads: `<remote>/<module>`. */
  readonly id: string;
  /** The page's first screen (contracts/firstScreen.ts) as an absolute URL, when the remote builds one. */
  readonly firstScreen?: string;
}

export interface RouteTable {
  readonly routes: readonly ComposedRoute[];
  /** Remotes whose routes could not be read (down, or an unreadable routes.json): any unknown path may be theirs. */
  readonly missing: readonly string[];
  /** Remotes whose routes are still being read. */
  readonly pending: readonly string[];
}

/** The remote widgets of the layout on every page (Header.tsx, Layout.tsx), preloaded with the first route. */
export const LAYOUT_MODULES: readonly PropLessModuleId[] = [
  'catalog/StoresMenu',
  'catalog/SearchBox',
  'cartCheckout/CartIcon',
  'account/UserMenu',
];

/** A remote's declaration as read, with where it was read from (its routes.json, which its file names are relative to). */
export type DeclaredRoutes = readonly [remote: string, routes: RemoteRoutes | null | undefined, routesUrl?: string];

/**
 * One table from each remote's declaration, in /remotes.json order; `null` for a remote whose routes
 * could not be read, `undefined` for one still being read. A malformed entry is left out and logged;
 * a first screen that is not a file of the remote's own origin is left out (the CSP would refuse it anyway).
 * Where two remotes claim a path (the contract test refuses that before a release), the first in
 * /remotes.json renders it: React Router and firstPageRoute both take the first of equal matches.
 */
export function composeRoutes(declared: readonly DeclaredRoutes[]): RouteTable {
  const routes: ComposedRoute[] = [];
  const missing: string[] = [];
  const pending: string[] = [];
  for (const [remote, declaration, routesUrl] of declared) {
    if (!declaration) {
      (declaration === null ? missing : pending).push(remote);
      continue;
    }
    for (const route of Array.isArray(declaration.routes) ? declaration.routes : []) {
      if (typeof route?.path !== 'string' || typeof route.module !== 'string') {
        console.error(`[routes] ${remote} declares an unusable route`, route);
        continue;
      }
      routes.push({ ...route, id: `${remote}/${route.module}`, firstScreen: firstScreenUrl(route.firstScreen, routesUrl) });
    }
  }
  return { routes, missing, pending };
}

/** A first screen's file, relative to routes.json, as an absolute URL on the remote's origin; else undefined. */
function firstScreenUrl(file: unknown, routesUrl: string | undefined): string | undefined {
  try {
    const url = new URL(file as string, routesUrl);
    if (typeof file == 'string' && url.origin == new URL(routesUrl!).origin) return url.href;
  } catch {
    // Not a file name, or nowhere known to resolve it against (a table written by hand).
  }
}

/**
 * The raw (undecoded) `:param` values of `pathname` under `pattern`, or null when it does not match:
 * static segments (case-insensitive) and `:param` segments, nothing else, as React Router reads them
 * (routeTable.test.ts and firstData.test.ts hold the two to the same answers). It exists because the
 * shell's entry needs it before React Router has loaded.
 */
export function rawPatternParams(pattern: string, pathname: string): Record<string, string> | null {
  // One leading and one trailing slash are optional; an empty segment inside matches nothing.
  const split = (path: string) => path.replace(/^\/|\/$/g, '').split('/');
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = have[i]!;
    if (segment.startsWith(':')) {
      if (value === '') return null;
      params[segment.slice(1)] = value;
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** Whether `pathname` matches a pattern of the table (rawPatternParams's rules). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return rawPatternParams(pattern, pathname) !== null;
}

/**
 * The route of the first page at `pathname`, whose module the entry preloads. A protected page only with
 * a stored session (`signedIn`): a visitor would be sent elsewhere, while a signed-in shopper opening
 * their order should not wait for the header's widgets before the page's own code is even asked for.
 */
export function firstPageRoute(table: RouteTable, pathname: string, signedIn = false): ComposedRoute | undefined {
  return table.routes.find((r) => (signedIn || r.access === 'public') && matchesPattern(r.path, pathname));
}
