// Measures this page load's Core Web Vitals with web-vitals (Google's implementation of the metrics, so
// ours read as Chrome's field data does) and sends them to POST /vitals. A chunk of its own, fetched
// only once the page has settled: vitals.ts says when, and what loading it late means for each metric.
//
// Only the route pattern and the numbers leave the browser: no URL, no user, no cookies. CLS and INP
// are final when the page is hidden (LCP at the first input), so figures are queued and sent together
// then, in one keepalive request that outlives a closing tab. Not sendBeacon: it always sends the
// cookies of the API's origin. The body is JSON as text/plain: a "simple" CORS request, which needs no
// preflight while the page goes away.
import { matchRoutes } from 'react-router';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { vitalsApiPaths, type VitalName, type VitalsReport } from '@grocer/shared/contracts';

export interface ReporterOptions {
  /** The API's base URL, without a trailing slash. */
  apiBaseUrl: string;
  /** The route pattern the page loaded on, e.g. "/store/:pathName". */
  route: string;
  win?: Window;
  send?: (url: string, init: RequestInit) => Promise<unknown>;
}

export function reportWebVitals({ apiBaseUrl, route, win = window, send = (url, init) => win.fetch(url, init) }: ReporterOptions): void {
  const queue = new Map<VitalName, number>();
  const flush = () => {
    if (queue.size === 0) return;
    const report: VitalsReport = { route, metrics: [...queue].map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 })) };
    queue.clear();
    send(`${apiBaseUrl}${vitalsApiPaths.report()}`, {
      method: 'POST',
      body: JSON.stringify(report),
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
    }).catch(() => undefined);
  };
  // A later figure of the same metric (CLS or INP after the page is shown again) replaces the queued one.
  const add = (metric: Metric) => queue.set(metric.name, metric.value);
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(add);
  // web-vitals listens in the capture phase; this listens as the event bubbles, so the last figures it
  // reports on hiding are queued before they are sent. pagehide covers browsers that skip visibilitychange.
  win.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') flush();
  });
  win.addEventListener('pagehide', flush);
}

/** The pattern React Router renders `pathname` with ("/store/:pathName"), by its own ranking; null for none. */
export function routePatternOf(patterns: readonly string[], pathname: string): string | null {
  const matches = matchRoutes(
    patterns.map((path) => ({ path })),
    pathname,
  );
  return matches?.at(-1)?.route.path ?? null;
}
