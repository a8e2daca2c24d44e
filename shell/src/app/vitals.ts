// Real-user speed: a sampled share of page loads reports its Core Web Vitals to the API (POST /vitals,
// read back by admins from GET /admin/vitals). This part is in the shell's first load, so it only
// decides whether this page load is in the sample and waits; the measuring and sending code, with
// web-vitals, is a chunk of its own (vitalsReporter.ts) fetched once the page has loaded and settled,
// so it never competes with the page for the network or the main thread, nor counts in the first load.
//
// Loading web-vitals late loses nothing for LCP, CLS, FCP and TTFB: its observers read the buffered
// performance entries since navigation start. INP is the exception (web-vitals README, onINP): before
// the library starts observing, the browser buffers only interactions of 104 ms or more, so the faster
// interactions of a page's first seconds are missed. INP is (close to) a page's slowest interaction, and
// slow ones are still seen, as is the first input, which is always buffered: a poor INP is not hidden,
// a good one may read a little worse. A page left before it settles reports nothing at all: bounces
// are not in the sample.
import { getRuntimeConfig, routePatterns } from '@grocer/shared';

/** The network must have been quiet this long after `load` before the reporter is fetched. */
export const SETTLE_QUIET_MS = 2000;

export interface VitalsStart {
  /** The path the page loaded on; only its route pattern leaves the browser. */
  pathname: string;
  /**
   * The route patterns of the remotes' pages (the shell adds its own). Asked once the page has settled:
   * the table is composed from the remotes' routes.json, and one may still have been on its way at start.
   */
  remotePatterns: () => Promise<readonly string[]>;
  /** The API's base URL; /config.json apiBaseUrl by default. */
  apiBaseUrl?: string;
  /** Share of page loads reported, 0..1; /config.json vitalsSampleRate by default, every one without it. */
  sampleRate?: number;
  random?: () => number;
  win?: Window;
  settled?: (win: Window) => Promise<void>;
}

/** The shell's own pages, beside the remotes'. */
const SHELL_PATTERNS = [routePatterns.contact];

/** Starts reporting this page load's Core Web Vitals once it has settled; returns whether it is in the sample. */
export function startVitals({
  pathname,
  remotePatterns,
  apiBaseUrl = getRuntimeConfig().apiBaseUrl,
  sampleRate = getRuntimeConfig().vitalsSampleRate ?? 1,
  random = Math.random,
  win = window,
  settled = whenSettled,
}: VitalsStart): boolean {
  // Also false for NaN or a negative rate: a broken setting measures nothing rather than everything.
  if (!(random() < sampleRate)) return false;
  void settled(win)
    .then(async () => {
      // Named, so the network panel and e2e/tests/vitals.spec.ts can tell when it arrives.
      const [patterns, { reportWebVitals, routePatternOf }] = await Promise.all([
        remotePatterns(),
        import(/* webpackChunkName: "web-vitals" */ './vitalsReporter.ts'),
      ]);
      const route = routePatternOf([...patterns, ...SHELL_PATTERNS], pathname);
      // A page no route renders (not found) is nobody's to improve.
      if (route !== null) reportWebVitals({ apiBaseUrl, route, win });
    })
    // A chunk that cannot be fetched costs this page's report, nothing more.
    .catch((error: unknown) => console.warn('[vitals] the reporter could not start', error));
  return true;
}

/**
 * Resolves once the page has loaded, no resource has finished loading for `quietMs` (the remotes'
 * chunks, the first API answers, the images above the fold are in), and the browser is idle.
 */
export async function whenSettled(win: Window, quietMs = SETTLE_QUIET_MS): Promise<void> {
  if (win.document.readyState !== 'complete') {
    await new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
  }
  const wait = (ms: number) => new Promise<void>((resolve) => win.setTimeout(resolve, ms));
  const finished = () => win.performance.getEntriesByType('resource').length;
  let before: number;
  do {
    before = finished();
    await wait(quietMs);
  } while (finished() !== before);
  // Safari has no requestIdleCallback: a task of its own is the next best thing.
  if (typeof win.requestIdleCallback === 'function') {
    await new Promise<void>((resolve) => win.requestIdleCallback(() => resolve(), { timeout: quietMs }));
  } else await wait(0);
}
