import { matchPath } from 'react-router';
import { CONSTANTS, routePatterns, STORAGE_KEYS } from '@grocer/shared';
import type * as FirstDataModule from './firstData.ts';
import type * as FirstPaintModule from './firstPaint.ts';
import type * as PaintFirstScreenModule from './paintFirstScreen.ts';
import { FIRST_PAGE, firstReads, patternParams } from './firstData.ts';
import { productFirstScreen } from './firstScreen.ts';

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

  it('the product page reads its product first, with the path its endpoint builds', () => {
    expect(firstReads(`/store/andersonville-co-op/product/${UUID}`)).toEqual({
      pattern: routePatterns.product,
      paint: [`/open/product/${UUID}`],
      also: [],
    });
    // useParams decodes the segment and the endpoint encodes it again.
    expect(firstReads('/store/a/product/x%20y%2Fz')?.paint).toEqual(['/open/product/x%20y%2Fz']);
  });

  it('the listings’ first page is the catalogue’s default one', () => {
    expect(FIRST_PAGE).toEqual({
      page: '1',
      limit: String(CONSTANTS.PAGE_SIZE),
      sort: CONSTANTS.DEFAULT_SORT,
      order: CONSTANTS.DEFAULT_ORDER,
    });
  });

  it('a store page reads its store, categories and first page to paint, and its hours and filter counts with them', () => {
    expect(firstReads('/store/andersonville-co-op')).toEqual({
      pattern: routePatterns.store,
      paint: [
        '/open/store/andersonville-co-op',
        '/open/categories?storeId=andersonville-co-op',
        '/open/products/andersonville-co-op/paginated?page=1&limit=20&sort=name&order=asc',
      ],
      also: ['/open/store-rules', '/open/products/facets?storeId=andersonville-co-op'],
    });
    expect(firstReads('/store/andersonville-co-op/category/9b2f')).toEqual({
      pattern: routePatterns.storeCategory,
      paint: [
        '/open/store/andersonville-co-op',
        '/open/categories?storeId=andersonville-co-op',
        '/open/products/andersonville-co-op/9b2f/paginated?page=1&limit=20&sort=name&order=asc',
      ],
      also: ['/open/store-rules', '/open/products/facets?categoryId=9b2f&storeId=andersonville-co-op'],
    });
  });

  it('the cart reads nothing: it is painted from the browser’s storage', () => {
    expect(firstReads('/cart')).toEqual({ pattern: routePatterns.cart, paint: [], also: [] });
  });

  it('an order’s details read the order with the stored session, as the page’s own query does, and paint from it', () => {
    expect(firstReads('/order-details/42 a')).toEqual({
      pattern: routePatterns.orderDetails,
      paint: ['/orders/42%20a'],
      also: [],
      session: true,
    });
  });

  it('a search reads its first page of results and its filter counts, for the text as the page trims it', () => {
    expect(firstReads('/search', '?q=%20whole%20milk%20')).toEqual({
      pattern: routePatterns.search,
      paint: ['/open/products/search/global/paginated?query=whole+milk&page=1&limit=20'],
      also: ['/open/products/facets?query=whole+milk'],
    });
  });

  it.each([
    ['/', ''],
    ['/search', ''],
    ['/search', '?q=%20'],
    ['/search', '?q=milk&sort=price&order=asc'],
    ['/search', '?q=milk&page=2'],
    ['/store/a', '?page=2'],
    ['/store/a', '?q=milk'],
    ['/store/a/category/c1', '?inStock=1'],
    ['/checkout', ''],
    ['/store/a/product/%E0%A4%A', ''],
  ])('%s%s reads nothing early: its page loads its own data', (pathname, search) => {
    expect(firstReads(pathname, search)).toBeNull();
  });

  it('the product’s answer gives its picture and the top of its page, with the answer’s text as text; an answer without a product gives nothing', () => {
    const url = (path: string) => `http://api.test${path}`;
    const name = 'Prairie Farms Whole Milk, 1 gal <img src=x onerror=alert(1)>';
    const screen = productFirstScreen(
      {
        product: {
          name,
          brand: 'Prairie Farms',
          image: '/images/products/milk.1a2b3c.svg',
          store: { name: 'Andersonville Co-op' },
          category: { name: 'Dairy & Eggs' },
        },
      },
      document,
      url,
    );
    expect(screen?.images).toEqual(['/images/products/milk.1a2b3c.svg']);
    const content = screen?.content as HTMLElement;
    expect(content.querySelector('h1')?.textContent).toBe(name);
    expect(content.querySelectorAll('img')).toHaveLength(1);
    expect([...content.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Home', 'Andersonville Co-op', 'Dairy & Eggs', name]);
    const image = content.querySelector('.product-media img')!;
    expect(Object.fromEntries(['src', 'alt', 'width', 'height', 'fetchpriority'].map((attr) => [attr, image.getAttribute(attr)]))).toEqual({
      src: 'http://api.test/images/products/milk.1a2b3c.svg',
      alt: '',
      width: '400',
      height: '400',
      fetchpriority: 'high',
    });
    expect(content.getAttribute('aria-hidden')).toBe('true');

    expect(productFirstScreen({ message: 'Product not found' }, document, url)).toBeNull();
    expect(productFirstScreen(null, document, url)).toBeNull();
  });
});

describe('the first reads, started by the entry', () => {
  const realFetch = global.fetch;
  const origin = 'http://shop.test';
  const location = (pathname: string, search = '') => ({ pathname, search, origin });
  const productPage = `/store/andersonville-co-op/product/${UUID}`;
  const productUrl = `http://api.test:4000/open/product/${UUID}`;
  const product = {
    uuid: UUID,
    name: 'Barilla Egg Noodles, 12 oz',
    brand: 'Barilla',
    image: '/images/products/egg-noodles.6719c8c8dc.svg',
    store: { name: 'Andersonville Co-op' },
    category: { name: 'Pasta' },
  };
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

  /** A product page opened cold, the API answering with the product. */
  async function openProductPage() {
    answerWith({
      '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000/' }),
      [`/open/product/${UUID}`]: () => Response.json({ product }),
    });
    const { startFirstData } = await freshModules();
    return { startFirstData, first: await startFirstData(location(productPage)) };
  }

  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
      href: link.href,
      as: link.getAttribute('as'),
      fetchPriority: link.getAttribute('fetchpriority'),
    }));

  beforeEach(() => {
    // index.html's static layout, as React has not taken it over yet.
    document.body.innerHTML =
      '<div id="root"><main class="site-main"><div class="page-loading"><div class="page">banner</div></div></main></div>';
  });

  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    global.fetch = realFetch;
  });

  const painted = () => document.querySelector('.page-loading')!;

  it('on a product page, asks the API for the product at once, preloads its picture and paints the page’s top; the page still reads the whole answer', async () => {
    const { startFirstData, first } = await openProductPage();

    expect([...first.responses.keys()]).toEqual([productUrl]);
    const read = requests.find((r) => r.url === productUrl);
    expect(read?.headers.get('accept')).toBe('application/json');
    expect(read?.headers.get('x-client-domain')).toBe(origin);
    // The bootstrap waits for this before React takes the page over.
    await first.painted;
    expect(preloads()).toEqual([{ href: `http://api.test:4000${product.image}`, as: 'image', fetchPriority: 'high' }]);
    expect(painted().querySelector('h1')?.textContent).toBe(product.name);
    expect(painted().querySelector('img')?.getAttribute('src')).toBe(`http://api.test:4000${product.image}`);
    const response = await first.responses.get(productUrl)!;
    await expect(response.json()).resolves.toEqual({ product });
    // Once per page: the bootstrap's call gets the same reads, not new ones.
    expect(await startFirstData(location('/elsewhere'))).toBe(first);
    expect(requests.filter((r) => r.url === productUrl)).toHaveLength(1);
  });

  it('a page the shell’s page step drew into the HTML keeps that drawing; its reads still go out for the page', async () => {
    document.body.innerHTML =
      '<div id="root"><main class="site-main"><div class="page-loading" data-server-painted><div class="page"><h1>Drawn</h1></div></div></main></div>';
    const { first } = await openProductPage();
    expect([...first.responses.keys()]).toEqual([productUrl]);
    await first.painted;
    expect(painted().innerHTML).toBe('<div class="page"><h1>Drawn</h1></div>');
    expect(preloads()).toEqual([]);
  });

  it('a page that reads nothing early reads nothing, not even /config.json', async () => {
    answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }) });
    const { startFirstData } = await freshModules();
    expect((await startFirstData(location('/checkout'))).responses.size).toBe(0);
    expect(requests).toHaveLength(0);
  });

  it('an order’s details are read with the stored session’s token (an answer that is no order paints nothing); no session, nothing is read', async () => {
    answerWith({
      '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }),
      '/orders/42': () => Response.json({ uuid: '42' }),
    });
    const orderUrl = 'http://api.test:4000/orders/42';
    const { startFirstData } = await freshModules();
    expect((await startFirstData(location('/order-details/42'))).responses.size).toBe(0);
    expect(requests).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ uuid: 'u1', token: 'tok-1' }));
    try {
      const { startFirstData: again } = await freshModules();
      const first = await again(location('/order-details/42'));
      expect([...first.responses.keys()]).toEqual([orderUrl]);
      expect(first.authorization).toBe('Bearer tok-1');
      expect(requests.find((r) => r.url === orderUrl)?.headers.get('authorization')).toBe('Bearer tok-1');
      await first.painted;
      expect(painted().innerHTML).toBe('<div class="page">banner</div>');
    } finally {
      localStorage.removeItem(STORAGE_KEYS.user);
    }
  });

  it('an unreadable /config.json starts nothing: the page reads for itself', async () => {
    answerWith({ '/config.json': () => Response.json({ message: 'gone' }, { status: 500 }) });
    const { startFirstData } = await freshModules();
    expect((await startFirstData(location(productPage))).responses.size).toBe(0);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/config.json']);
  });

  it('an unknown product or an API that cannot be reached preloads no picture and rejects nothing unhandled', async () => {
    for (const reply of [
      () => Response.json({ message: 'Product not found' }, { status: 404 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      answerWith({ '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }), [`/open/product/${UUID}`]: reply });
      const { startFirstData } = await freshModules();
      const first = await startFirstData(location(productPage));
      await first.responses.get(productUrl)!.then(
        (response) => expect(response.status).toBe(404),
        (error: unknown) => expect(error).toBeInstanceOf(TypeError),
      );
      await first.painted;
      expect(preloads()).toEqual([]);
      expect(painted().innerHTML).toBe('<div class="page">banner</div>');
    }
  });

  it('an answer that arrives once React has the page paints nothing over it (the page renders it itself)', async () => {
    let answer!: () => void;
    answerWith({
      '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }),
      [`/open/product/${UUID}`]: () => new Promise<Response>((resolve) => (answer = () => resolve(Response.json({ product })))),
    });
    const { startFirstData } = await freshModules();
    // The painter the entry loads (a dynamic import) shares the test file's registry, so its firstPaint is this one.
    const { keepFirstPaint, takeFirstPagePlaceholder } = await import('./firstPaint.ts');
    const first = await startFirstData(location(productPage));
    keepFirstPaint(document.getElementById('root')!);
    answer();
    await (await first.responses.get(productUrl)!).json();
    await first.painted;
    expect(painted().innerHTML).toBe('<div class="page">banner</div>');
    expect(takeFirstPagePlaceholder()).toBe('<div class="page">banner</div>');
    // The picture is still asked for early.
    expect(preloads()).toHaveLength(1);
  });

  it('a slow API holds React back by FIRST_PAINT_WAIT_MS at most', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      answerWith({
        '/config.json': () => Response.json({ apiBaseUrl: 'http://api.test:4000' }),
        [`/open/product/${UUID}`]: () => new Promise<Response>(() => undefined),
      });
      const { startFirstData, FIRST_PAINT_WAIT_MS } = await freshModules();
      const first = await startFirstData(location(productPage));
      let settled = false;
      void first.painted.then(() => (settled = true));
      await jest.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(painted().innerHTML).toBe('<div class="page">banner</div>');
    } finally {
      jest.useRealTimers();
    }
  });
});
