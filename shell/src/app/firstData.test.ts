import { matchPath } from 'react-router';
import { routePatterns, STORAGE_KEYS } from '@grocer/shared';
import type * as FirstDataModule from './firstData.ts';
import type * as FirstPaintModule from './firstPaint.ts';
import type * as PaintFirstScreenModule from './paintFirstScreen.ts';
import { firstReads, patternParams } from './firstData.ts';
import { PAGE_STATE } from './pageState.ts';

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

  it('the cart reads nothing: it is painted from the browser’s storage', () => {
    expect(firstReads('/cart')).toEqual({ pattern: routePatterns.cart, paint: [] });
  });

  it('an order’s details read the order with the stored session, as the page’s own query does, and paint from it', () => {
    expect(firstReads('/order-details/42 a')).toEqual({
      pattern: routePatterns.orderDetails,
      paint: ['/orders/42%20a'],
      session: true,
    });
  });

  it.each([
    '/',
    '/search',
    '/store/andersonville-co-op',
    '/store/andersonville-co-op/category/9b2f',
    `/store/andersonville-co-op/product/${UUID}`,
    '/checkout',
    '/order-details/%E0%A4%A',
  ])('%s reads nothing early: the server renders it, or its page loads its own data', (pathname) => {
    expect(firstReads(pathname)).toBeNull();
  });
});

describe('the first reads, started by the entry', () => {
  const realFetch = global.fetch;
  const origin = 'http://shop.test';
  const location = (pathname: string) => ({ pathname, origin });
  const orderPage = '/order-details/42';
  const orderUrl = 'http://api.test:4000/orders/42';
  let requests: Request[];

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
      // The painter the entry loads, in the same registry.
      (await import('./paintFirstScreen.ts')) satisfies typeof PaintFirstScreenModule;
    });
    return { ...firstData, ...firstPaint };
  }

  /** An order's page opened cold by a signed-in shopper, the API answering with `reply`. */
  async function openOrderPage(reply: () => Response | Promise<Response> = () => Response.json({ orderId: '42' })) {
    answerWith({
      '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000/' }),
      // No remotes: the painter finds no stylesheet for the page, so it paints nothing.
      '/remotes.json': () => Response.json({}),
      '/orders/42': reply,
    });
    const { startFirstData } = await freshModules();
    return { startFirstData, first: await startFirstData(location(orderPage)) };
  }

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ uuid: 'u1', token: 'tok-1' }));
    // index.html's static layout, as React has not taken it over yet.
    document.body.innerHTML = '<div id="root"><main class="site-main"><div class="page-loading"></div></main></div>';
  });

  afterEach(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    global.fetch = realFetch;
  });

  const painted = () => document.querySelector('.page-loading')!;

  it('an order’s details are read at once with the stored session’s token, as the page’s own query asks; once per page', async () => {
    const { startFirstData, first } = await openOrderPage();
    expect([...first.responses.keys()]).toEqual([orderUrl]);
    expect(first.authorization).toBe('Bearer tok-1');
    const read = requests.find((r) => r.url === orderUrl);
    expect(read?.headers.get('accept')).toBe('application/json');
    expect(read?.headers.get('x-client-domain')).toBe(origin);
    expect(read?.headers.get('authorization')).toBe('Bearer tok-1');
    const response = await first.responses.get(orderUrl)!;
    await expect(response.json()).resolves.toEqual({ orderId: '42' });
    // An answer that is no order paints nothing.
    await first.painted;
    expect(painted().innerHTML).toBe('');
    // Once per page: the bootstrap's call gets the same reads, not new ones.
    expect(await startFirstData(location('/elsewhere'))).toBe(first);
    expect(requests.filter((r) => r.url === orderUrl)).toHaveLength(1);
  });

  it('without a stored session an order’s details read nothing', async () => {
    localStorage.removeItem(STORAGE_KEYS.user);
    const { first } = await openOrderPage();
    expect(first.responses.size).toBe(0);
    expect(requests).toHaveLength(0);
  });

  it.each([orderPage, '/cart'])(
    'a page the server rendered (%s, with its page state) reads nothing early, not even /config.json, and paints nothing',
    async (pathname) => {
      document.body.innerHTML =
        '<div id="root"><main class="site-main"><div class="page"><h1>Rendered</h1></div></main></div>' +
        `<script type="application/json" ${PAGE_STATE}="modules">["orders/OrderDetailsPage"]</script>`;
      answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }), '/orders/42': () => Response.json({}) });
      const { startFirstData } = await freshModules();
      const first = await startFirstData(location(pathname));
      await first.painted;
      expect(first.responses.size).toBe(0);
      expect(first.painting.size).toBe(0);
      expect(requests).toHaveLength(0);
      expect(document.querySelector('.site-main')!.innerHTML).toBe('<div class="page"><h1>Rendered</h1></div>');
    },
  );

  it('a page that reads nothing early reads nothing, not even /config.json', async () => {
    answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }) });
    const { startFirstData } = await freshModules();
    expect((await startFirstData(location('/checkout'))).responses.size).toBe(0);
    expect((await (await freshModules()).startFirstData(location(`/store/a/product/${UUID}`))).responses.size).toBe(0);
    expect(requests).toHaveLength(0);
  });

  it('an unreadable /config.json starts nothing: the page reads for itself', async () => {
    answerWith({ '/config.json': () => Response.json({ message: 'gone' }, { status: 500 }) });
    const { startFirstData } = await freshModules();
    expect((await startFirstData(location(orderPage))).responses.size).toBe(0);
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
        '/remotes.json': () => Response.json({}),
        '/orders/42': () => new Promise<Response>(() => undefined),
      });
      const { startFirstData, FIRST_PAINT_WAIT_MS } = await freshModules();
      const first = await startFirstData(location(orderPage));
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
