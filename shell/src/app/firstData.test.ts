import { matchPath } from 'react-router';
import { routePatterns, STORAGE_KEYS } from '@grocer/shared';
import type { FirstScreenModule } from '@grocer/shared/contracts';
import type * as FirstDataModule from './firstData.ts';
import type * as FirstPaintModule from './firstPaint.ts';
import { patternParams } from './firstData.ts';
import { PAGE_STYLESHEET } from './pageState.ts';

const UUID = '2cb28267-1c9b-421c-b7d4-18174cef2f18';

const PATHS = [
  '/',
  '/cart',
  '/search',
  '/store/andersonville-co-op',
  '/store/andersonville-co-op/',
  '/store/andersonville-co-op/category/9b2f',
  `/store/andersonville-co-op/product/${UUID}`,
  `/STORE/andersonville-co-op/Product/${UUID}/`,
  '/store/andersonville-co-op/product',
  `/store/andersonville-co-op/product/${UUID}/also-at`,
  `/store//product/${UUID}`,
  '/store/a/product/',
  '/order-details/42',
  '/nowhere',
];

describe('the first route, recognised before React Router loads', () => {
  it.each(Object.values(routePatterns))('patternParams answers as React Router’s matchPath for %s', (pattern) => {
    for (const pathname of PATHS) {
      expect({ pathname, params: patternParams(pattern, pathname) }).toEqual({
        pathname,
        params: matchPath(pattern, pathname)?.params ?? null,
      });
    }
  });
});

describe('the first reads, started by the entry from the page’s own first screen', () => {
  const realFetch = global.fetch;
  const origin = 'http://shop.test';
  const location = (pathname: string) => ({ pathname, origin });
  const orderPage = '/order-details/42';
  const orderUrl = 'http://api.test:4000/orders/42';
  const screenUrl = 'http://orders.test/first-screen/OrderDetailsPage.0123abcd.js';
  const route = { path: routePatterns.orderDetails, firstScreen: screenUrl };
  let requests: Request[];

  /** The orders remote's first screen, as its build publishes it: it reads the order with the session and draws its number. */
  const orderScreen: FirstScreenModule = {
    reads: ({ orderId }) => ({ paths: [`/orders/${encodeURIComponent(orderId!)}`], session: true }),
    draw: ([order], doc) => {
      const id = (order as { orderId?: unknown } | null)?.orderId;
      if (typeof id !== 'string') return null;
      const heading = doc.createElement('h1');
      heading.textContent = `Order ${id}`;
      return heading;
    },
  };
  const loaded = async () => ({ default: orderScreen });

  function answerWith(routes: Record<string, () => Response | Promise<Response>>) {
    requests = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(String(input), origin), init);
      requests.push(request);
      const route = routes[new URL(request.url).pathname];
      return route ? route() : Response.json({ message: 'Not found' }, { status: 404 });
    }) as typeof fetch;
  }

  /** Fresh copies of the modules (each reads /config.json once per page and paints once). */
  async function freshModules() {
    let firstData!: typeof FirstDataModule;
    let firstPaint!: typeof FirstPaintModule;
    await jest.isolateModulesAsync(async () => {
      firstData = await import('./firstData.ts');
      firstPaint = await import('./firstPaint.ts');
    });
    return { ...firstData, ...firstPaint };
  }

  /** An order's page opened cold by a signed-in shopper, the API answering with `reply`. */
  async function openOrderPage(reply: () => Response | Promise<Response> = () => Response.json({ orderId: '42' })) {
    answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000/' }), '/orders/42': reply });
    const modules = await freshModules();
    return { ...modules, first: await modules.startFirstData(route, loaded(), location(orderPage), document) };
  }

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ uuid: 'u1', token: 'tok-1' }));
    // index.html's static layout, as React has not taken it over yet, with the page's stylesheet written in.
    document.head.innerHTML = `<style ${PAGE_STYLESHEET}="http://orders.test/OrderDetailsPage.css"></style>`;
    document.body.innerHTML = '<div id="root"><main class="site-main"><div class="page-loading"></div></main></div>';
  });

  afterEach(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    global.fetch = realFetch;
  });

  const painted = () => document.querySelector('.page-loading')!;

  it('reads what the page’s first screen asks for, with the stored session’s token as the page’s own query asks, and paints what it draws; once per page', async () => {
    const { startFirstData, firstDataStarted, first } = await openOrderPage();
    expect([...first.responses.keys()]).toEqual([orderUrl]);
    expect(first.authorization).toBe('Bearer tok-1');
    const read = requests.find((r) => r.url === orderUrl);
    expect(read?.headers.get('accept')).toBe('application/json');
    expect(read?.headers.get('x-client-domain')).toBe(origin);
    expect(read?.headers.get('authorization')).toBe('Bearer tok-1');
    const response = await first.responses.get(orderUrl)!;
    await expect(response.json()).resolves.toEqual({ orderId: '42' });
    await first.painted;
    expect(painted().innerHTML).toBe('<h1>Order 42</h1>');
    // Once per page: the bootstrap gets the same reads, not new ones.
    expect(await firstDataStarted()).toBe(first);
    expect(await startFirstData(route, loaded(), location('/elsewhere'))).toBe(first);
    expect(requests.filter((r) => r.url === orderUrl)).toHaveLength(1);
  });

  it('without a stored session an order’s details read nothing', async () => {
    localStorage.removeItem(STORAGE_KEYS.user);
    const { first } = await openOrderPage();
    expect(first.responses.size).toBe(0);
    expect(requests.filter((r) => r.url === orderUrl)).toHaveLength(0);
  });

  it('a page the entry started nothing for hands the bootstrap nothing, and reads nothing', async () => {
    answerWith({});
    const { firstDataStarted } = await freshModules();
    const first = await firstDataStarted();
    await first.painted;
    expect(first.responses.size).toBe(0);
    expect(requests).toHaveLength(0);
  });

  it('a first screen that cannot be loaded, or is no first screen, reads nothing: the page draws itself', async () => {
    for (const broken of [
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      async () => ({ default: {} as FirstScreenModule }),
    ]) {
      answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }) });
      const { startFirstData } = await freshModules();
      const first = await startFirstData(route, broken(), location(orderPage), document);
      expect(first.responses.size).toBe(0);
      expect(requests.filter((r) => r.url === orderUrl)).toHaveLength(0);
      expect(painted().innerHTML).toBe('');
    }
  });

  it('an unreadable /config.json starts nothing: the page reads for itself', async () => {
    answerWith({ '/config.json': () => Response.json({ message: 'gone' }, { status: 500 }) });
    const { startFirstData } = await freshModules();
    expect((await startFirstData(route, loaded(), location(orderPage), document)).responses.size).toBe(0);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/config.json']);
  });

  it('an unknown order or an API that cannot be reached paints nothing and rejects nothing unhandled', async () => {
    for (const reply of [
      () => Response.json({ message: 'Order not found' }, { status: 404 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const { first } = await openOrderPage(reply);
      await first.responses.get(orderUrl)!.then(
        (response) => expect(response.status).toBe(404),
        (error: unknown) => expect(error).toBeInstanceOf(TypeError),
      );
      await first.painted;
      expect(painted().innerHTML).toBe('');
    }
  });

  it('a slow API holds React back by FIRST_PAINT_WAIT_MS at most', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      answerWith({
        '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }),
        '/orders/42': () => new Promise<Response>(() => undefined),
      });
      const { startFirstData, FIRST_PAINT_WAIT_MS } = await freshModules();
      const first = await startFirstData(route, loaded(), location(orderPage), document);
      let settled = false;
      void first.painted.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(painted().innerHTML).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });
});
