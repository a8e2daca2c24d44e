// Data-first loading of the first screen, the entry's one call. A page whose first paint waits on
// the API used to wait for its code first (main → shared → bootstrap → remote entry → page chunk →
// API → picture); on those pages the entry now starts the page's API reads, its largest picture and
// a paint of the page's top in parallel with the JS (firstReads.ts, loaded only there), and the
// bootstrap hands the answers in flight to the base query (@grocer/shared provideEarlyResponse), so
// the page's own queries take them instead of asking again.
// Only contracts imports: the entry runs this before the shared libraries load.
import { routePatterns } from '@grocer/shared/contracts';

/** The pages whose first paint waits on the API; firstReads.ts says what each reads. */
export const FIRST_DATA_PATTERNS = [routePatterns.product] as const;
export type FirstDataPattern = (typeof FIRST_DATA_PATTERNS)[number];

/** Answers in flight by absolute URL. */
export type InFlight = ReadonlyMap<string, Promise<Response>>;

/**
 * The `:param` values of `pathname` under `pattern` (decoded, as React Router's useParams gives them),
 * or null when it does not match: static segments case-insensitive, one leading and trailing slash
 * optional, an empty segment matching nothing (the rules of routeTable.ts's matchesPattern).
 */
export function patternParams(pattern: string, pathname: string): Record<string, string> | null {
  const split = (path: string) => path.replace(/^\/|\/$/g, '').split('/');
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = have[i]!;
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null; // A malformed escape: the page will say what it says; nothing is read early.
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

let started: Promise<InFlight> | undefined;

/**
 * Starts the first screen's reads, once per page (the bootstrap's call gets the same answers).
 * Resolves, never rejects: to an empty map where nothing is read early or anything fails, and the
 * page then reads for itself.
 */
export function startFirstData(
  location: Pick<Location, 'pathname' | 'search' | 'origin'> = window.location,
  doc: Document = document,
): Promise<InFlight> {
  started ??= FIRST_DATA_PATTERNS.some((pattern) => patternParams(pattern, location.pathname))
    ? import('./firstReads.ts').then(({ startFirstReads }) => startFirstReads(location, doc)).catch(() => new Map())
    : Promise.resolve(new Map());
  return started;
}
