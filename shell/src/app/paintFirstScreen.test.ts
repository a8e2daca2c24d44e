import { ON_SCREEN_WAIT_MS, onScreen } from './paintFirstScreen.ts';

type Listener = (list: { getEntries: () => Array<{ startTime: number }> }) => void;

/** A window whose clock, frames and largest-paint reports the test drives. */
function fakeWindow({ reportsLargestPaint }: { reportsLargestPaint: boolean }) {
  let now = 1_000;
  const frames: Array<() => void> = [];
  const observers: Array<{ listener: Listener; disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = reportsLargestPaint ? ['paint', 'largest-contentful-paint'] : ['paint'];
    private readonly entry: { listener: Listener; disconnected: boolean };
    constructor(listener: Listener) {
      this.entry = { listener, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const win = {
    performance: { now: () => now },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (id: number) => clearTimeout(id),
  } as unknown as Window & typeof globalThis;
  return {
    win,
    advance: (ms: number) => void (now += ms),
    report: (startTime: number) => observers.forEach((o) => !o.disconnected && o.listener({ getEntries: () => [{ startTime }] })),
    nextFrame: () => frames.splice(0).forEach((callback) => callback()),
    observers,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('settles when the browser reports a largest paint made after the call, and stops listening', async () => {
  const page = fakeWindow({ reportsLargestPaint: true });
  const shown = onScreen(page.win);
  // An earlier paint (the layout from the HTML), reported late, is not this one.
  page.report(900);
  expect(await settled(shown)).toBe(false);
  page.advance(40);
  page.report(1_030);
  expect(await settled(shown)).toBe(true);
  expect(page.observers.every((o) => o.disconnected)).toBe(true);
});

test('goes on after the wait when no largest paint is reported (what was painted was smaller)', async () => {
  const page = fakeWindow({ reportsLargestPaint: true });
  const shown = onScreen(page.win);
  jest.advanceTimersByTime(ON_SCREEN_WAIT_MS - 1);
  expect(await settled(shown)).toBe(false);
  jest.advanceTimersByTime(1);
  expect(await settled(shown)).toBe(true);
  expect(page.observers.every((o) => o.disconnected)).toBe(true);
});

test('without largest-paint reports, settles at the frame after the one that draws the paint', async () => {
  const page = fakeWindow({ reportsLargestPaint: false });
  const shown = onScreen(page.win);
  page.nextFrame();
  expect(await settled(shown)).toBe(false);
  page.nextFrame();
  expect(await settled(shown)).toBe(true);
  expect(page.observers).toHaveLength(0);
});
