// Data-first loading of the first screen, the entry's one call, on the pages the browser still
// draws (the cart, a signed-in shopper's order) whose remote builds a first screen for them
// (shared/src/contracts/firstScreen.ts, named by its routes.json; the entry loads this file only
// there, pageState.ts firstScreenRoute): this imports that module, asks the API what it reads as
// soon as /config.json says where the API is, and paints what the module draws
// (paintFirstScreen.ts), in parallel with the JS. A page the page server rendered hydrates instead.
// The bootstrap hands the answers in flight to the base query (@grocer/shared provideEarlyResponse),
// so the page's own queries take them instead of asking again. The shell knows no page's reads or markup.
// Only contracts and storage imports: the entry runs this before the shared libraries load.
import { CLIENT_DOMAIN_HEADER, type FirstScreenModule, type FirstScreenReads } from '@grocer/shared/contracts';
import { readConfigDocument } from './config.ts';
import { paintFirstScreen } from './paintFirstScreen.ts';
import { readStoredJson, STORAGE_KEYS } from '@grocer/shared/storage';
import { rawPatternParams, type ComposedRoute } from './routeTable.ts';

/** What the entry started for the first screen. */
export interface FirstData {
  /** Answers in flight by absolute URL, for the base query. */
  responses: ReadonlyMap<string, Promise<Response>>;
  /** The Authorization header they were asked with (FirstScreenReads.session), else null. */
  authorization: string | null;
  /** The JSON bodies the paint is drawn from, by API path (null for a failed read). */
  painting: ReadonlyMap<string, Promise<unknown>>;
  /**
   * Settles once the top of the page is painted from them, or will not be, or after
   * FIRST_PAINT_WAIT_MS at most: the bootstrap waits for it before React takes the page over, so
   * that paint is not lost to a race with the JS (a slow API only delays React by that much).
   */
  painted: Promise<void>;
}

export const FIRST_PAINT_WAIT_MS = 600;

const NOTHING: FirstData = { responses: new Map(), authorization: null, painting: new Map(), painted: Promise.resolve() };

/**
 * The `:param` values of `pathname` under `pattern` (decoded, as React Router's useParams gives them),
 * or null when it does not match (routeTable.ts's rules) or a value is a malformed escape.
 */
export function patternParams(pattern: string, pathname: string): Record<string, string> | null {
  const raw = rawPatternParams(pattern, pathname);
  if (!raw) return null;
  try {
    return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null; // A malformed escape: the page will say what it says; nothing is read early.
  }
}

/**
 * What a first screen module reads for `params`; null when it reads nothing. One that is no first
 * screen throws, here or in the painter: startFirstData's catch then leaves the page to draw itself.
 */
async function readsOf(
  module: Promise<{ default: FirstScreenModule }>,
  params: Record<string, string>,
): Promise<{ screen: FirstScreenModule; reads: FirstScreenReads } | null> {
  const screen = (await module).default;
  const reads = screen.reads(params);
  return reads && { screen, reads };
}

/** A URL of the API: its paths are relative to the base URL, anything absolute stays as it is. */
export function apiUrl(apiBaseUrl: string, pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') ? `${apiBaseUrl.replace(/\/+$/, '')}${pathOrUrl}` : pathOrUrl;
}

/** The API's base URL from /config.json; null when it cannot be read (loadRuntimeConfig reports that). */
async function readApiBaseUrl(): Promise<string | null> {
  try {
    const response = await readConfigDocument();
    if (!response.ok) return null;
    const { apiBaseUrl } = (await response.json()) as { apiBaseUrl?: unknown };
    return typeof apiBaseUrl === 'string' ? apiBaseUrl : null;
  } catch {
    return null;
  }
}

/** An early GET: the same request the base query would send (@grocer/shared baseQuery.ts), so its answer serves it. */
export const readEarly = (url: string, origin: string, authorization: string | null = null) =>
  fetch(url, {
    headers: { Accept: 'application/json', [CLIENT_DOMAIN_HEADER]: origin, ...(authorization ? { Authorization: authorization } : {}) },
  });

/**
 * A copy of the body for the painter, taken before the base query can read it; a failed read is the
 * page's to meet (the base query then asks again), never an unhandled rejection.
 */
export const bodyOf = (response: Promise<Response>): Promise<unknown> =>
  response.then((r) => (r.ok ? r.clone().json() : null)).catch(() => null);

let started: Promise<FirstData> | undefined;

/**
 * Starts the first screen's reads for `route` (pageState.ts firstScreenRoute), from its remote's first
 * screen as the entry imports it (`screen`), once per page. Resolves,
 * never rejects: to nothing where nothing is read early, the page's first screen cannot be loaded or
 * /config.json cannot be read, and the page then reads and draws for itself.
 */
export function startFirstData(
  route: Pick<ComposedRoute, 'path'>,
  screen: Promise<{ default: FirstScreenModule }>,
  location: Pick<Location, 'pathname' | 'origin'> = window.location,
  doc: Document = document,
): Promise<FirstData> {
  // A first screen that cannot be loaded or throws leaves the page to draw itself.
  started ??= start(route, screen, location, doc).catch(() => NOTHING);
  return started;
}

/** What the entry started (startFirstData), or nothing on a page it started nothing for. */
export function firstDataStarted(): Promise<FirstData> {
  return started ?? Promise.resolve(NOTHING);
}

async function start(
  route: Pick<ComposedRoute, 'path'>,
  screen: Promise<{ default: FirstScreenModule }>,
  location: Pick<Location, 'pathname' | 'origin'>,
  doc: Document,
): Promise<FirstData> {
  const params = patternParams(route.path, location.pathname);
  if (!params) return NOTHING;
  // The API's address is read while the page's first screen loads.
  const [first, apiBaseUrl] = await Promise.all([readsOf(screen, params), readApiBaseUrl()]);
  if (!first) return NOTHING;
  let authorization: string | null = null;
  if (first.reads.session) {
    const token = (readStoredJson(STORAGE_KEYS.user) as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return NOTHING;
    authorization = `Bearer ${token}`;
  }
  // Every early paint needs the API's address, for its reads or its pictures (index.html preloads it).
  if (apiBaseUrl === null) return NOTHING;
  const responses = new Map<string, Promise<Response>>();
  const painting = new Map<string, Promise<unknown>>();
  for (const path of first.reads.paths) {
    const url = apiUrl(apiBaseUrl, path);
    const response = readEarly(url, location.origin, authorization);
    responses.set(url, response);
    painting.set(path, bodyOf(response));
  }
  const paint = paintFirstScreen(first.screen, painting, apiBaseUrl, doc, location).catch(() => undefined);
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  return { responses, authorization, painting, painted: Promise.race([paint, waited]) };
}
