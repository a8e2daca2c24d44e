// Real-user speed: the page's Core Web Vitals, measured by the browser (web-vitals), sent to the API's
// POST /vitals for a sampled share of page loads. Only the route pattern and the numbers leave the
// browser: no URL, no user, no cookies (credentials: 'omit').
//
// Each metric is final when the page is hidden (LCP earlier, on the first input), so the figures are
// queued and sent together then, in one keepalive request that outlives the closing tab. The body is
// JSON sent as text/plain: a "simple" CORS request needs no preflight while the page goes away.
import type { Metric } from 'web-vitals';

export interface VitalsOptions {
  /** The API's POST /vitals URL. */
  endpoint: string;
  /** Share of page loads reported, 0..1 (/config.json vitalsSampleRate). */
  sampleRate: number;
  /** The route pattern of the page that loaded, e.g. "/store/:pathName"; null for none (not-found). */
  route: string | null;
  random?: () => number;
  send?: (url: string, init: RequestInit) => unknown;
  win?: Window;
}

/** Starts measuring; returns whether this page load is in the sample. */
export function reportWebVitals({ endpoint, sampleRate, route, random = Math.random, send = fetch, win = window }: VitalsOptions): boolean {
  if (route === null || !(random() < sampleRate)) return false;
  const queue = new Map<Metric['name'], number>();
  const flush = () => {
    if (queue.size === 0) return;
    const metrics = [...queue].map(([name, value]) => ({ name, value: Math.round(value * 1000) / 1000 }));
    queue.clear();
    void Promise.resolve(
      send(endpoint, {
        method: 'POST',
        body: JSON.stringify({ route, metrics }),
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'text/plain' },
      }),
    ).catch(() => undefined);
  };
  // The library is loaded after the page's own work; its observers read the buffered entries since
  // navigation start, so nothing measured before it arrives is lost.
  void import('web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    const add = (metric: Metric) => queue.set(metric.name, metric.value);
    for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(add);
    // Registered after the library's own listeners, so their last figures are queued before this sends.
    win.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'hidden') flush();
    });
    win.addEventListener('pagehide', flush);
  });
  return true;
}
