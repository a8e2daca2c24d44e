// What the page server hands the browser inside a page it rendered (docs/decisions/013-server-
// composition.md, points 4 and 5): JSON data blocks, `<script type="application/json"
// data-page-state="<key>">`, which run nothing, so the CSP allows them. Their presence is what tells
// the browser to hydrate the page instead of drawing it anew. Only the entry's own imports: the
// entry reads it before the shared libraries load, and the page server writes it.
import { PAGE_STATE } from '@grocer/shared/contracts';
import { dataBlockText } from './config.ts';
import { firstPageRoute, type ComposedRoute, type RouteTable } from './routeTable.ts';
import { readStoredJson, STORAGE_KEYS } from '@grocer/shared/storage';

export { PAGE_STATE };

/**
 * The store's `api` slice after the page's reads, the ids of the remote modules the server rendered,
 * and the route table it rendered with (routeTable.ts): the browser hydrates with the same one at once.
 */
export type PageStateKey = 'api' | 'modules' | 'routes';

/**
 * The marker of a remote's stylesheet the page server wrote into the page, its value the file's URL:
 * the entry's painter then has it, with nothing to load.
 */
export const PAGE_STYLESHEET = 'data-page-stylesheet';

/** Set on <html> once React has taken over a page the server rendered: it answers the shopper from then on. */
export const HYDRATED = 'hydrated';

/**
 * The digest of every error in a remote's area on the server: that area is then loaded by the browser
 * as it always was, which is no error to report there (bootstrap.tsx drops it).
 */
export const LEFT_TO_BROWSER = 'grocer-left-to-browser';

/** A block's value; undefined when the page has none (not rendered by the server) or it cannot be read. */
export function readPageState(key: PageStateKey, doc: Document = document): unknown {
  const text = dataBlockText(PAGE_STATE, key, doc);
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The route of a page the browser draws whose remote builds a first screen for it (the cart, a signed-in
 * shopper's order), from the route table the page server wrote into the page; undefined on a page it
 * rendered (it hydrates) or one it did not see (the browser then draws the page without an early paint).
 */
export function firstScreenRoute(pathname: string, doc: Document = document): (ComposedRoute & { firstScreen: string }) | undefined {
  if (readPageState('modules', doc) !== undefined) return undefined;
  const table = readPageState('routes', doc) as RouteTable | undefined;
  const route = table && firstPageRoute(table, pathname, readStoredJson(STORAGE_KEYS.user) !== null);
  return route?.firstScreen ? { ...route, firstScreen: route.firstScreen } : undefined;
}
