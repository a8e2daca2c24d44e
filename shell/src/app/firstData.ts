// Data-first loading of the first screen, the entry's one call, on the pages the browser still
// draws (the cart, a signed-in shopper's order): a page the shell's page server rendered comes with
// its data and markup and hydrates instead (hydrate.tsx), so nothing is read or painted early there.
// On the others the entry asks the API as soon as /config.json says where it is, and meanwhile loads
// paintFirstScreen.ts (only there, so / carries none of it), which paints the page's top from the
// answer, in parallel with the JS.
// The bootstrap hands the answers in flight to the base query (@grocer/shared provideEarlyResponse),
// so the page's own queries take them instead of asking again.
// Only contracts imports: the entry runs this before the shared libraries load.
import { apiPaths, CLIENT_DOMAIN_HEADER, routePatterns } from '@grocer/shared/contracts';
import { readConfigDocument } from './config.ts';
import { readPageState } from './pageState.ts';
import { readStored, USER_STORAGE_KEY } from './storedState.ts';
import { rawPatternParams } from './routeTable.ts';

/**
 * A page's early reads: `paint`, what firstScreen.ts draws the page's top from (in that order).
 * null: this URL's first screen is not painted early (the page reads for itself).
 */
export interface PageReads {
  paint: string[];
  /**
   * Asked with the stored session's token, as the page's own authenticated query asks: only that
   * query (same URL, same token) takes the answer, and the paint drawn from it goes into this
   * browser's own page. Nothing is read without a stored session.
   */
  session?: true;
}

type Reads = (params: Readonly<Record<string, string>>) => PageReads | null;

/**
 * The pages the browser draws whose first paint is drawn early, and the open GETs each makes on its
 * first render, with the paths its endpoints build. A page not listed here loads its data itself, as
 * before; firstScreen.ts says what each paints.
 */
const FIRST_READS = {
  // The cart is drawn from the browser's storage: firstScreen.ts reads the stores' rules itself when
  // the stored cart has lines (the storage is read there, so the entry of every page stays smaller).
  [routePatterns.cart]: () => ({ paint: [] }),
  [routePatterns.orderDetails]: ({ orderId }) => ({ paint: [apiPaths.order(orderId!)], session: true }),
} satisfies Record<string, Reads>;

/** The pages read early, each painted early too (firstScreen.ts draws each). */
export type FirstDataPattern = keyof typeof FIRST_READS;

/** What the entry started for the first screen. */
export interface FirstData {
  /** Answers in flight by absolute URL, for the base query. */
  responses: ReadonlyMap<string, Promise<Response>>;
  /** The Authorization header they were asked with (PageReads.session), else null. */
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

/** The first screen's page pattern and the API paths it reads first; null where nothing is read early. */
export function firstReads(pathname: string): ({ pattern: FirstDataPattern } & PageReads) | null {
  for (const [pattern, reads] of Object.entries(FIRST_READS) as Array<[FirstDataPattern, Reads]>) {
    const params = patternParams(pattern, pathname);
    if (!params) continue;
    const paths = reads(params);
    return paths && { pattern, ...paths };
  }
  return null;
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
 * Starts the first screen's reads, once per page (the bootstrap's call gets the same answers).
 * Resolves, never rejects: to nothing where nothing is read early or /config.json cannot be read,
 * and the page then reads for itself.
 */
export function startFirstData(
  location: Pick<Location, 'pathname' | 'origin'> = window.location,
  doc: Document = document,
): Promise<FirstData> {
  started ??= start(location, doc);
  return started;
}

async function start(location: Pick<Location, 'pathname' | 'origin'>, doc: Document): Promise<FirstData> {
  // Rendered by the server: the page came drawn, with its answers (pageState.ts), and hydrates.
  if (readPageState('modules', doc) !== undefined) return NOTHING;
  const reads = firstReads(location.pathname);
  if (!reads) return NOTHING;
  let authorization: string | null = null;
  if (reads.session) {
    const token = (readStored(USER_STORAGE_KEY) as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return NOTHING;
    authorization = `Bearer ${token}`;
  }
  // The painter loads while /config.json and the API answer.
  const painter = import('./paintFirstScreen.ts');
  painter.catch(() => undefined);
  // Every early paint needs the API's address, for its reads or its pictures (index.html preloads it).
  const apiBaseUrl = await readApiBaseUrl();
  if (apiBaseUrl === null) return NOTHING;
  const responses = new Map<string, Promise<Response>>();
  const painting = new Map<string, Promise<unknown>>();
  for (const path of reads.paint) {
    const url = apiUrl(apiBaseUrl, path);
    const response = readEarly(url, location.origin, authorization);
    responses.set(url, response);
    painting.set(path, bodyOf(response));
  }
  const paint = painter
    .then((module) => module.paintFirstScreen(reads.pattern, painting, apiBaseUrl, doc, location))
    .catch(() => undefined);
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  return { responses, authorization, painting, painted: Promise.race([paint, waited]) };
}
