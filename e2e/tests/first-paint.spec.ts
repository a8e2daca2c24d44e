// The data pages' first paint. A store, one of its categories and a search come rendered into the HTML
// by the shell's page server with the catalogue's own code (docs/decisions/013-server-composition.md),
// and the browser hydrates that markup: same nodes, same boxes, no read asked again, nothing in the
// console. The cart and a signed-in order are painted early by their remote's own first screen, which
// the shell's entry loads and whose first answers it reads in parallel with the JS (the cart: the
// browser's storage); the page then takes the same answers (one read each) and replaces the paint
// without moving anything. Either way under the CSP.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Product } from '@grocer/shared';
import { apiClient, placeDemoOrder } from '@grocer/tools/demoOrder';
import { boxOf, storeSession, test, expect, type E2EStack } from '../fixtures/stack.ts';

interface Store {
  publicId: string;
  name: string;
}

async function firstStore(request: APIRequestContext, stack: E2EStack) {
  const [store] = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as Store[];
  if (!store) throw new Error('the seeded catalogue has no store');
  const categories = (await (await request.get(`${stack.apiUrl}/open/categories?storeId=${store.publicId}`)).json()) as Array<{
    uuid: string;
    name: string;
    productCount: number;
  }>;
  const category = categories.find((c) => c.productCount > 0);
  if (!category) throw new Error(`${store.name} has no category with products`);
  return { store, category };
}

/**
 * Layout shifts without recent input, summed as CLS sums them (one session is enough on a page this
 * short). Left out: the filter choices of a wide screen, which the page itself grows when its facet
 * counts arrive after its results (the early paint shows the panel folded, as a phone does).
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> };
    const inFilters = (node?: Node | null) => node instanceof Element && node.closest('.filter-choices') !== null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (!entry.hadRecentInput && !entry.sources.every((source) => inFilters(source.node))) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

async function watchCsp(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return violations;
}

/** The API reads of the page (path and query), in order. */
function watchReads(page: Page, stack: E2EStack) {
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.method() === 'GET' && url.origin === new URL(stack.apiUrl).origin && url.pathname.startsWith('/open/'))
      reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

/**
 * Holds the page's module and the shell's shared libraries back until `release` is called, so what the
 * HTML or the entry painted is seen before the page's code runs.
 */
async function holdModule(page: Page, expose: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const script of [new RegExp(`__federation_expose_${expose}\\.[0-9a-f]+\\.js$`), /\/libraries\.[0-9a-f]+\.js$/]) {
    await page.route(script, async (route) => {
      await held;
      await route.continue();
    });
  }
  return release;
}

/** The page's HTML once the page server renders it (its first request after a start may be left to the browser). */
async function serverRendered(request: APIRequestContext, stack: E2EStack, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => (html = await (await request.get(stack.shellUrl(path))).text()).includes('data-page-state="modules"'), {
      timeout: 15_000,
    })
    .toBe(true);
  return html;
}

/** What the console said as errors, and pages' uncaught errors (a hydration mismatch is reported there). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const cases = [
  {
    name: 'a store page',
    expose: 'StorePage',
    at: async (request: APIRequestContext, stack: E2EStack) => {
      const { store } = await firstStore(request, stack);
      return { path: `/store/${store.publicId}`, heading: store.name, results: 'All Products' };
    },
  },
  {
    name: 'a category page',
    expose: 'StorePage',
    at: async (request: APIRequestContext, stack: E2EStack) => {
      const { store, category } = await firstStore(request, stack);
      return { path: `/store/${store.publicId}/category/${category.uuid}`, heading: store.name, results: category.name };
    },
  },
  {
    name: 'a sorted listing',
    expose: 'StorePage',
    at: async (request: APIRequestContext, stack: E2EStack) => {
      const { store } = await firstStore(request, stack);
      return { path: `/store/${store.publicId}?sort=price&order=desc`, heading: store.name, results: 'All Products' };
    },
  },
  {
    name: 'a search',
    expose: 'SearchPage',
    at: async () => ({ path: '/search?q=milk', heading: 'Search Results', results: null }),
  },
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const { name, expose, at } of cases) {
    test(`${name} at ${viewport.width} px: rendered by the catalogue on the server, then hydrated on the same nodes and boxes, with no read asked again`, async ({
      page,
      request,
      stack,
    }) => {
      await page.setViewportSize(viewport);
      const { path, heading, results } = await at(request, stack);
      const violations = await watchCsp(page);
      const layoutShift = await watchLayoutShifts(page);
      const errors = watchErrors(page);
      const reads = watchReads(page, stack);
      const manifests: string[] = [];
      page.on('request', (r) => void (r.url().endsWith('/mf-manifest.json') && manifests.push(r.url())));

      // The page is in its HTML, drawn by the catalogue's own code: its heading and its cards.
      const html = await serverRendered(request, stack, path);
      expect(html).toContain(`<h1>${heading.replace(/&/g, '&amp;')}</h1>`);
      expect(html).toMatch(/<article class="product-card[^"]*"/);
      expect(html).not.toContain('<div class="page-loading"');

      const release = await holdModule(page, expose);
      // Not waiting for 'load': the held module may be one of the scripts the load event waits for.
      await page.goto(stack.shellUrl(path), { waitUntil: 'commit' });
      const card = page.locator('article.product-card').first();
      const picture = card.locator('img');
      await expect(picture).toHaveAttribute('src', new RegExp(`^${stack.apiUrl}/images/products/`));
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(page.locator('main h1')).toHaveText(heading);
      // Marked before the page's code runs: a node React drew anew would not carry the mark.
      await card.evaluate((node) => ((node as unknown as { serverNode: boolean }).serverNode = true));
      const boxesBefore = await card.evaluate((node) =>
        [node, ...node.querySelectorAll('*')].map((el) => JSON.stringify(el.getBoundingClientRect())),
      );
      const readsBefore = reads.length;

      release();
      if (results) await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${results}`) })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Hydrated: the page answers to its own code (its sort control is live), on the server's nodes.
      await expect(page.locator('main select').first()).toBeEnabled();
      expect(await card.evaluate((node) => (node as unknown as { serverNode?: boolean }).serverNode)).toBe(true);
      expect(
        await card.evaluate((node) => [node, ...node.querySelectorAll('*')].map((el) => JSON.stringify(el.getBoundingClientRect()))),
      ).toEqual(boxesBefore);
      expect(await layoutShift()).toBeLessThanOrEqual(0.02);
      // The page's answers came with it: the browser asked none of its first reads (the server did).
      expect(reads.slice(0, readsBefore)).toEqual([]);
      const repeated = reads.filter((read, i) => reads.indexOf(read) !== i);
      expect(repeated).toEqual([]);
      // Each manifest was read once.
      expect(manifests.filter((url, i) => manifests.indexOf(url) !== i)).toEqual([]);
      expect(errors).toEqual([]);
      expect(violations).toEqual([]);
    });
  }
}

test('an empty cart paints its heading and empty state before its code, where the page then shows them', async ({ page, stack }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const violations = await watchCsp(page);
  const layoutShift = await watchLayoutShifts(page);
  const release = await holdModule(page, 'CartPage');
  await page.goto(stack.shellUrl('/cart'), { waitUntil: 'commit' });
  const early = page.locator('.page-loading .cart-empty h2');
  await expect(early).toHaveText('Your cart is empty');
  await expect(page.locator('.page-loading h1')).toHaveText('Cart');
  const earlyBox = await boxOf(early);

  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.locator('.page-loading')).toHaveCount(0);
  expect(await page.locator('.cart-empty h2').boundingBox()).toEqual(earlyBox);
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toBeVisible();
  expect(await layoutShift()).toBeLessThanOrEqual(0.02);
  expect(violations).toEqual([]);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a cart with lines at ${viewport.width} px paints every line and minimum note before its code, where the page then shows them`, async ({
    page,
    request,
    stack,
  }) => {
    await page.setViewportSize(viewport);
    const stores = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as Store[];
    const inStock = async (store: Store, count: number) => {
      const { products } = (await (
        await request.get(`${stack.apiUrl}/open/products/${store.publicId}/paginated?page=1&limit=20`)
      ).json()) as {
        products: Array<{ name: string; stockStatus: string }>;
      };
      return products.filter((p) => p.stockStatus === 'IN_STOCK').slice(0, count);
    };
    // Two lines from one store (the second with a quantity the minus button allows), one from another:
    // a product of another name, since stores sell the same brand and size under the same name.
    const [first, second] = await inStock(stores[0]!, 2);
    const [other] = (await inStock(stores[1]!, 20)).filter((p) => p.name !== first!.name && p.name !== second!.name);
    await page.goto(stack.shellUrl('/contact'));
    await page.evaluate(
      (cart) => window.localStorage.setItem('user-cart', JSON.stringify(cart)),
      [
        { ...first!, quantity: 1 },
        { ...second!, quantity: 3 },
        { ...other!, quantity: 1 },
      ],
    );
    const violations = await watchCsp(page);
    const layoutShift = await watchLayoutShifts(page);
    const release = await holdModule(page, 'CartPage');
    await page.goto(stack.shellUrl('/cart'), { waitUntil: 'commit' });
    const earlyNames = page.locator('.page-loading .cart-line-name');
    await expect(earlyNames).toHaveText([first!.name, second!.name, other!.name]);
    await expect(page.locator('.page-loading .page-header-sub')).toHaveText('5 items from 2 stores');
    await expect(page.locator('.page-loading > [aria-hidden="true"][inert]')).toHaveCount(1);
    const earlyBoxes = [await boxOf(earlyNames.nth(0)), await boxOf(earlyNames.nth(1)), await boxOf(earlyNames.nth(2))];
    const earlyNotes = await page.locator('.page-loading .store-rule-minimum').allTextContents();
    const chosen = (select: Locator) =>
      select.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => `${o.selected ? '*' : ''}${o.text}`));
    const earlyChoice = await chosen(page.locator('.page-loading .cart-line-substitution select').first());
    const earlyMinus = await boxOf(page.locator('.page-loading .quantity-button').nth(2));

    release();
    await expect(page.getByRole('heading', { level: 3, name: first!.name })).toBeVisible();
    await expect(page.locator('.page-loading')).toHaveCount(0);
    // The same boxes: nothing the early paint drew moves when the page replaces it.
    const names = page.locator('.cart-line-name');
    expect([await names.nth(0).boundingBox(), await names.nth(1).boundingBox(), await names.nth(2).boundingBox()]).toEqual(earlyBoxes);
    // The visitor's minimum notes, painted from the stores' rules, are the page's own.
    await expect(page.locator('.store-rule-minimum')).toHaveText(earlyNotes);
    // The substitution choice's options and the one chosen, as the cart draws them.
    expect(await chosen(page.getByRole('combobox', { name: `If ${first!.name} is out of stock` }))).toEqual(earlyChoice);
    expect(earlyNotes.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: `Decrease quantity of ${second!.name}` }).boundingBox()).toEqual(earlyMinus);
    await expect(
      page.getByRole('region', { name: stores[1]!.name, exact: true }).getByRole('heading', { name: other!.name }),
    ).toBeVisible();
    expect(await layoutShift()).toBeLessThanOrEqual(0.02);
    expect(violations).toEqual([]);
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`an order's details at ${viewport.width} px paint its facts, progress and lines before its code, where the page then shows them, from one read`, async ({
    page,
    stack,
  }) => {
    await page.setViewportSize(viewport);
    const call = apiClient(stack.apiUrl, new URL(stack.shellUrl()).origin);
    const [store] = await call<Store[]>('GET', '/open/stores');
    const { products } = await call<{ products: Product[] }>(
      'GET',
      `/open/products/${store!.publicId}/paginated?page=1&limit=20&sort=price&order=desc`,
    );
    const { orderId, user } = await placeDemoOrder(
      call,
      products.find((p) => p.stockStatus === 'IN_STOCK')!,
    );
    await storeSession(page, stack, { user });
    const orderReads: string[] = [];
    page.on(
      'request',
      (r) => void (r.method() === 'GET' && new URL(r.url()).pathname === `/orders/${orderId}` && orderReads.push(r.url())),
    );
    const violations = await watchCsp(page);
    const layoutShift = await watchLayoutShifts(page);
    const release = await holdModule(page, 'OrderDetailsPage');

    await page.goto(stack.shellUrl(`/order-details/${orderId}`), { waitUntil: 'commit' });
    const earlyLine = page.locator('.page-loading .order-item-name').first();
    await expect(earlyLine).toContainText(`${products.find((p) => p.stockStatus === 'IN_STOCK')!.name}`);
    await expect(page.locator('.page-loading h1')).toHaveText('Order Details');
    await expect(page.locator('.page-loading > [aria-hidden="true"][inert]')).toHaveCount(1);
    const earlyFacts = await page.locator('.page-loading .order-facts').innerText();
    const earlyBoxes = [await boxOf(earlyLine), await boxOf(page.locator('.page-loading .order-progress-step').last())];

    release();
    await expect(page.getByRole('heading', { level: 2, name: 'Order Items' })).toBeVisible();
    await expect(page.locator('.page-loading')).toHaveCount(0);
    // The same facts in the same places: nothing the early paint drew moves when the page replaces it.
    expect(await page.locator('.order-facts').innerText()).toBe(earlyFacts);
    expect([
      await page.locator('.order-item-name').first().boundingBox(),
      await page.locator('.order-progress-step').last().boundingBox(),
    ]).toEqual(earlyBoxes);
    expect(await layoutShift()).toBeLessThanOrEqual(0.02);
    // The page's own query took the entry's answer.
    expect(orderReads).toHaveLength(1);
    expect(violations).toEqual([]);
  });
}

test('pages that wait on no data do not load the early painter', async ({ browser, stack }) => {
  /** The shell's own scripts a page loads (its origin only; the remotes' are their own). */
  const shellScripts = async (path: string, heading: RegExp) => {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script' && url.origin === new URL(stack.shellUrl()).origin) scripts.add(url.pathname);
    });
    await page.goto(stack.shellUrl(path));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.close();
    return scripts;
  };
  const cart = await shellScripts('/cart', /^Cart$/);
  const home = await shellScripts('/', /./);
  const contact = await shellScripts('/contact', /./);
  // A page the server rendered loads no painter either.
  const search = await shellScripts('/search?q=milk', /^Search Results$/);
  // The painter: the one shell chunk a page the entry paints loads beyond what / and another page the
  // browser draws (/contact: the code that draws a page in the browser) load.
  const painter = [...cart].filter((script) => !home.has(script) && !contact.has(script));
  expect(painter).toHaveLength(1);
  expect(search.has(painter[0]!)).toBe(false);
});

test('a tap on Add to Cart while the page’s scripts load is answered once they run, not lost', async ({ page, request, stack }) => {
  const { store } = await firstStore(request, stack);
  await serverRendered(request, stack, `/store/${store.publicId}`);
  const release = await holdModule(page, 'StorePage');
  await page.goto(stack.shellUrl(`/store/${store.publicId}`), { waitUntil: 'commit' });
  // The server's card, before any of the page's code has run.
  const add = page.locator('article.product-card').first().getByRole('button', { name: 'Add to Cart' });
  await add.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  release();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-cart') ?? '[]').length)).toBe(1);
});

test("a store page's first fetches go to its first products' pictures: its logo, never the largest paint, is fetched at low priority and not preloaded", async ({
  request,
  stack,
}) => {
  const { store } = await firstStore(request, stack);
  const html = await serverRendered(request, stack, `/store/${store.publicId}`);
  const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
  expect(preloads[0]).toContain(`href="${stack.apiUrl}/images/products/`);
  expect(preloads[0]).toContain('fetchPriority="high"');
  expect(preloads.filter((link) => link.includes('/images/stores/'))).toEqual([]);
  const logo = html.match(/<img [^>]*\/images\/stores\/[^>]*>/)?.[0];
  expect(logo).toContain('fetchPriority="low"');
  expect(logo).not.toContain('loading="lazy"');
});

test('a phone lays out the first cards of a store at once, and the others only as they near the screen', async ({
  page,
  request,
  stack,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { store } = await firstStore(request, stack);
  await page.goto(stack.shellUrl(`/store/${store.publicId}`));
  const cards = page.locator('article.product-card');
  await expect(cards.nth(8)).toBeAttached();
  // False while the card's content is skipped (content-visibility: auto), true once it is drawn.
  const drawn = (card: Locator) => card.locator('h3').evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
  expect(await drawn(cards.first())).toBe(true);
  expect(await drawn(cards.last())).toBe(false);
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(cards.last())).toBe(true);
});
