import { getRuntimeConfig, routePatterns, setRuntimeConfig } from '@grocer/shared';
import { startVitals, whenSettled } from './vitals.ts';
import { routePatternOf } from './vitalsReporter.ts';

// web-vitals needs a real browser's performance entries (jsdom has none): its callbacks are driven by
// hand here; e2e/tests/vitals.spec.ts runs the real library in Chromium.
type Handler = (metric: { name: string; value: number }) => void;
const handlers: Record<string, Handler[]> = {};
jest.mock('web-vitals', () => {
  const on = (name: string) => (cb: Handler) => (handlers[name] ??= []).push(cb);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const API = 'http://api.test';
const PATTERNS = Object.values(routePatterns);
const emit = (name: string, value: number) => handlers[name]!.forEach((handler) => handler({ name, value }));
const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  // As browsers fire it: at the document, bubbling to the window.
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
};

let fetchMock: jest.SpyInstance;
beforeEach(() => {
  for (const key of Object.keys(handlers)) delete handlers[key];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  fetchMock = jest.spyOn(window, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});
afterEach(() => fetchMock.mockRestore());

/** Starts the reporter for `pathname` and waits until it has loaded web-vitals. */
async function started(
  pathname: string,
  { sampleRate = 1, random = (): number => 0 }: { sampleRate?: number; random?: () => number } = {},
) {
  const settled = jest.fn(() => Promise.resolve());
  const inSample = startVitals({ apiBaseUrl: API, sampleRate, pathname, remotePatterns: async () => PATTERNS, random, settled });
  // The import of the reporter's chunk and the patterns resolve in a few microtask turns.
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return { inSample, settled };
}

const sentReports = () =>
  fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => ({ url, init, body: JSON.parse(init.body as string) as unknown }));

describe('startVitals', () => {
  it("sends the page's figures once it is hidden, under the route's pattern, as one keepalive request without credentials", async () => {
    const { inSample, settled } = await started('/store/andersonville-co-op/product/9B2F', { sampleRate: 0.5, random: () => 0.2 });
    expect(inSample).toBe(true);
    expect(settled).toHaveBeenCalledWith(window);
    emit('TTFB', 88);
    emit('FCP', 812.3);
    emit('LCP', 1234.5678);
    expect(fetchMock).not.toHaveBeenCalled();

    emit('CLS', 0.0412); // web-vitals reports CLS and INP as the page hides, before the report goes
    emit('INP', 56);
    setVisibility('hidden');
    expect(sentReports()).toEqual([
      {
        url: `${API}/vitals`,
        init: expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } }),
        body: {
          route: routePatterns.product,
          metrics: [
            { name: 'TTFB', value: 88 },
            { name: 'FCP', value: 812.3 },
            { name: 'LCP', value: 1234.568 },
            { name: 'CLS', value: 0.041 },
            { name: 'INP', value: 56 },
          ],
        },
      },
    ]);
    expect(JSON.stringify(sentReports())).not.toContain('andersonville');
  });

  it('sends only what is new when the page is hidden again; pagehide sends too, but never the same figures twice', async () => {
    await started('/cart');
    emit('LCP', 900);
    setVisibility('hidden');
    setVisibility('visible');
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    emit('INP', 320);
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    expect(sentReports().map((r) => r.body)).toEqual([
      { route: '/cart', metrics: [{ name: 'LCP', value: 900 }] },
      { route: '/cart', metrics: [{ name: 'INP', value: 320 }] },
    ]);
  });

  it('leaves a page load outside the sample alone: web-vitals is not even fetched', async () => {
    for (const [sampleRate, random] of [
      [0.1, 0.1],
      [0.1, 0.75],
      [0, 0],
      [Number.NaN, 0],
    ] as const) {
      const { inSample, settled } = await started('/', { sampleRate, random: () => random });
      expect(inSample).toBe(false);
      expect(settled).not.toHaveBeenCalled();
    }
    expect(handlers).toEqual({});
    setVisibility('hidden');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('samples by the configured share', async () => {
    expect((await started('/', { sampleRate: 0.25, random: () => 0.249 })).inSample).toBe(true);
    expect((await started('/', { sampleRate: 0.25, random: () => 0.25 })).inSample).toBe(false);
    expect((await started('/', { sampleRate: 1, random: () => 0.999 })).inSample).toBe(true);
  });

  it('reads the API and the share from /config.json, and reports every page load when it names no share', async () => {
    const before = getRuntimeConfig();
    const settled = () => Promise.resolve();
    try {
      setRuntimeConfig({ apiBaseUrl: 'http://config.test/', vitalsSampleRate: 0 });
      expect(startVitals({ pathname: '/contact', remotePatterns: async () => [], random: () => 0, settled })).toBe(false);
      setRuntimeConfig({ vitalsSampleRate: undefined });
      expect(startVitals({ pathname: '/contact', remotePatterns: async () => [], random: () => 0.999, settled })).toBe(true);
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      emit('TTFB', 120);
      setVisibility('hidden');
      // The shell's own page is known without any remote's routes.
      expect(sentReports().map(({ url, body }) => ({ url, body }))).toEqual([
        { url: 'http://config.test/vitals', body: { route: '/contact', metrics: [{ name: 'TTFB', value: 120 }] } },
      ]);
    } finally {
      setRuntimeConfig(before);
    }
  });

  it('measures nothing on a page no route renders', async () => {
    await started('/no-such-page');
    expect(handlers).toEqual({});
  });

  it('waits for the page to settle before it fetches the reporter', async () => {
    let settle!: () => void;
    const settled = () => new Promise<void>((resolve) => (settle = resolve));
    startVitals({ apiBaseUrl: API, sampleRate: 1, pathname: '/', remotePatterns: async () => PATTERNS, random: () => 0, settled });
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(handlers).toEqual({});
    settle();
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(Object.keys(handlers).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });
});

describe('routePatternOf', () => {
  it('names the pattern React Router renders, never the URL', () => {
    expect(routePatternOf(PATTERNS, '/')).toBe('/');
    expect(routePatternOf(PATTERNS, '/store/andersonville-co-op')).toBe('/store/:pathName');
    expect(routePatternOf(PATTERNS, '/store/andersonville-co-op/category/9b2f/')).toBe('/store/:pathName/category/:categoryUuid');
    expect(routePatternOf(PATTERNS, '/ORDER-DETAILS/42')).toBe('/order-details/:orderId');
    expect(routePatternOf(PATTERNS, '/store')).toBeNull();
    // A static segment outranks a parameter whatever the order the remotes declared them in.
    expect(routePatternOf(['/admin/:orderId', '/admin/staff'], '/admin/staff')).toBe('/admin/staff');
  });
});

describe('whenSettled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits for load, then until no resource has finished for the quiet time, then for an idle moment', async () => {
    const events = new EventTarget();
    let finished = 3;
    let readyState: DocumentReadyState = 'interactive';
    const idle: (() => void)[] = [];
    const win = {
      document: {
        get readyState() {
          return readyState;
        },
      },
      addEventListener: events.addEventListener.bind(events),
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      performance: { getEntriesByType: (type: string) => (type === 'resource' ? Array.from({ length: finished }) : []) },
      requestIdleCallback: (fn: () => void) => idle.push(fn),
    } as unknown as Window;
    let done = false;
    void whenSettled(win, 1000).then(() => (done = true));

    await jest.advanceTimersByTimeAsync(5000);
    expect(done).toBe(false); // not loaded yet
    readyState = 'complete';
    events.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(900);
    finished = 5; // a chunk and an image came in: the quiet time starts again
    await jest.advanceTimersByTimeAsync(100);
    await jest.advanceTimersByTimeAsync(999);
    expect(idle).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(idle).toHaveLength(1);
    expect(done).toBe(false);
    idle[0]!();
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
