// The route contract between the shell and the remotes (shared/src/contracts/routes.ts): what each
// remote's routes.json may say, checked when the remote is built (one remote) and by the contract test
// over every remote of the house (no two claim a path). Pure functions, so tests can feed them
// hand-made declarations.
import type { RemoteRoutes, RouteAccess } from '@grocer/shared/contracts';

export interface RemoteRouteSource {
  /** The remote's Module Federation name (its key in /remotes.json). */
  remote: string;
  /** The names it exposes (its rspack `exposes` keys, without './'). */
  exposes: readonly string[];
  routes: RemoteRoutes;
}

/**
 * A first screen as routes.json names it, relative to routes.json: in first-screen/, named for its
 * page and content-hashed, so it is served immutable like every hashed chunk (static-server.ts HASHED).
 */
export const FIRST_SCREEN_FILE = /^first-screen\/([A-Za-z_$][A-Za-z0-9_$]*)\.[0-9a-f]{10}\.js$/;

const ROLES = new Set(['CUSTOMER', 'ADMIN', 'STORE_STAFF']);
// What the shell's matcher (shell/src/app/routeTable.ts) and React Router read alike: static segments
// and `:param` segments; '/' alone is the home page.
const PATTERN = /^\/$|^(\/(:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9._~-]+))+$/;

function accessProblem(access: RouteAccess | undefined): string | null {
  if (access === 'public' || access === 'signed-in') return null;
  if (access && typeof access === 'object' && Array.isArray(access.roles) && access.roles.length > 0) {
    const unknown = access.roles.filter((role) => !ROLES.has(role));
    return unknown.length ? `admits unknown roles ${unknown.join(', ')}` : null;
  }
  return `has access ${JSON.stringify(access)}; expected 'public', 'signed-in' or { roles: [...] }`;
}

/** Problems of one remote's declaration on its own: every page exposed, every pattern and access readable. */
export function checkRemoteRoutes({ remote, exposes, routes }: RemoteRouteSource): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of routes.routes) {
    const where = `${remote}: route ${route.path}`;
    if (!PATTERN.test(route.path)) problems.push(`${where} is not a pattern of static and :param segments`);
    const key = route.path.toLowerCase();
    if (seen.has(key)) problems.push(`${where} is declared twice`);
    seen.add(key);
    if (!exposes.includes(route.module)) {
      problems.push(`${where} renders ${route.module}, which ${remote} does not expose (exposes: ${exposes.join(', ')})`);
    }
    const access = accessProblem(route.access);
    if (access) problems.push(`${where} ${access}`);
    if (route.firstScreen !== undefined && FIRST_SCREEN_FILE.exec(String(route.firstScreen))?.[1] !== route.module) {
      problems.push(`${where} names first screen ${JSON.stringify(route.firstScreen)}; expected first-screen/${route.module}.<hash>.js`);
    }
  }
  return problems;
}

/**
 * Problems of a remote's first screens (createAppConfig `firstScreens`, page module names) against its
 * declaration: each is a page it exposes and one of its routes renders, and src/routes.ts names no file
 * (the build writes `firstScreen` into routes.json).
 */
export function checkFirstScreens({ remote, exposes, routes }: RemoteRouteSource, firstScreens: readonly string[]): string[] {
  const problems: string[] = [];
  const pages = new Set(routes.routes.map((route) => route.module));
  for (const module of firstScreens) {
    if (!exposes.includes(module))
      problems.push(`${remote}: first screen ${module} is not a module it exposes (exposes: ${exposes.join(', ')})`);
    else if (!pages.has(module)) problems.push(`${remote}: first screen ${module} is the page of none of its routes`);
  }
  for (const route of routes.routes) {
    if (route.firstScreen !== undefined)
      problems.push(`${remote}: route ${route.path} names its first screen in routes.ts; the build writes it`);
  }
  return problems;
}

/**
 * Problems of the routes of every remote the shell composes: each remote's own, and any path two
 * remotes claim (static segments compare case-insensitively, parameter names do not matter).
 */
export function checkRouteContract(sources: readonly RemoteRouteSource[]): string[] {
  const problems = sources.flatMap(checkRemoteRoutes);
  const owners = new Map<string, string>();
  for (const { remote, routes } of sources) {
    for (const { path } of routes.routes) {
      const shape = path
        .split('/')
        .map((segment) => (segment.startsWith(':') ? ':' : segment.toLowerCase()))
        .join('/');
      const owner = owners.get(shape);
      if (owner && owner !== remote) problems.push(`${path} is claimed by both ${owner} and ${remote}`);
      else owners.set(shape, remote);
    }
  }
  return problems;
}
