import { reportWebVitals } from './vitals.ts';

const handlers: Record<string, ((metric: { name: string; value: number }) => void)[]> = {};
jest.mock('web-vitals', () => {
  const on = (name: string) => (cb: (metric: { name: string; value: number }) => void) => (handlers[name] ??= []).push(cb);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const ENDPOINT = 'http://api.test/vitals';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  for (const key of Object.keys(handlers)) delete handlers[key];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

test('a sampled page load sends its figures once, when the page is hidden, with the route pattern and no credentials', async () => {
  const send = jest.fn();
  expect(reportWebVitals({ endpoint: ENDPOINT, sampleRate: 0.5, route: '/store/:pathName', random: () => 0.2, send })).toBe(true);
  await settle();
  handlers.LCP![0]!({ name: 'LCP', value: 1234.5678 });
  handlers.TTFB![0]!({ name: 'TTFB', value: 88 });
  expect(send).not.toHaveBeenCalled();

  hide();
  expect(send).toHaveBeenCalledTimes(1);
  const [url, init] = send.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(ENDPOINT);
  expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } });
  expect(JSON.parse(init.body as string)).toEqual({
    route: '/store/:pathName',
    metrics: [
      { name: 'LCP', value: 1234.568 },
      { name: 'TTFB', value: 88 },
    ],
  });

  // Hidden again with nothing new: nothing sent; a later figure (INP after more input) goes in a second report.
  hide();
  expect(send).toHaveBeenCalledTimes(1);
  handlers.INP![0]!({ name: 'INP', value: 56 });
  window.dispatchEvent(new Event('pagehide'));
  expect(send).toHaveBeenCalledTimes(2);
  expect(JSON.parse((send.mock.calls[1] as [string, RequestInit])[1].body as string).metrics).toEqual([{ name: 'INP', value: 56 }]);
});

test('a page load outside the sample, or on no known route, measures nothing', async () => {
  const send = jest.fn();
  expect(reportWebVitals({ endpoint: ENDPOINT, sampleRate: 0.1, route: '/', random: () => 0.1, send })).toBe(false);
  expect(reportWebVitals({ endpoint: ENDPOINT, sampleRate: 1, route: null, random: () => 0, send })).toBe(false);
  expect(reportWebVitals({ endpoint: ENDPOINT, sampleRate: 0, route: '/', random: () => 0, send })).toBe(false);
  await settle();
  expect(Object.keys(handlers)).toEqual([]);
});
