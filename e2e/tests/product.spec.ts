// The product page (issue: a catalogue that looks real): card → product page → Also at → the same item
// at another store → add to cart → the cart shows its picture and unit price; a product URL opened
// cold; an unknown id; an order's lines leading back to the product. Data comes from the seeded catalogue through the real API.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { liftMinimums, openPaypalDialog, reachPayment } from '../fixtures/checkout.ts';
import { boxOf, test, expect, storeSession, untilLive, DEMO_ACCOUNTS, type E2EStack } from '../fixtures/stack.ts';

interface Product {
  uuid: string;
  name: string;
  image: string;
  stockStatus: 'IN_STOCK' | 'OUT_OF_STOCK';
  unitPrice: { label: string };
  store: { uuid: string; name: string; publicId?: string };
}

/** axe (WCAG 2.0/2.1 A and AA), as e2e/tests/a11y.spec.ts runs it: no serious or critical violation. */
async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A product on a store's first page, in stock, whose item another store also has in stock. */
async function productSoldElsewhere(request: APIRequestContext, stack: E2EStack) {
  const stores = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as { publicId: string; name: string }[];
  for (const store of stores) {
    const { products } = (await (
      await request.get(`${stack.apiUrl}/open/products/${store.publicId}/paginated?page=1&limit=20`)
    ).json()) as {
      products: Product[];
    };
    for (const product of products.filter((p) => p.stockStatus === 'IN_STOCK')) {
      const { offers } = (await (await request.get(`${stack.apiUrl}/open/product/${product.uuid}/also-at`)).json()) as {
        offers: Product[];
      };
      const other = offers.find((offer) => offer.stockStatus === 'IN_STOCK' && offer.store.publicId);
      if (other) return { store, product, other };
    }
  }
  throw new Error('the seeded catalogue has no in-stock item sold by two stores on a first page');
}

test('card → product page → Also at → another store’s product → add to cart → cart shows picture and unit price', async ({
  page,
  request,
  stack,
}) => {
  const { store, product, other } = await productSoldElsewhere(request, stack);

  await page.goto(stack.shellUrl(`/store/${store.publicId}`));
  const card = page.getByRole('article', { name: product.name });
  await expect(card).toBeVisible();
  await expect(card.getByText(product.unitPrice.label)).toBeVisible();
  await card.getByRole('link', { name: product.name }).click();

  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} | Grocer`);
  const picture = page.locator('.product-media img');
  await expect(picture).toHaveAttribute('width', '400');
  // The real picture loaded (not a broken image).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumbs.getByRole('link', { name: store.name })).toHaveAttribute('href', `/store/${store.publicId}`);

  const alsoAt = page.getByRole('region', { name: 'Also at' });
  await alsoAt.getByRole('link', { name: other.store.name }).click();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${other.store.publicId}/product/${other.uuid}`));
  await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: other.store.name })).toBeVisible();

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: /^(Added!|In Cart)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: other.name }) });
  await expect(line.getByText(other.unitPrice.label)).toBeVisible();
  const thumbnail = line.locator('img');
  expect(await thumbnail.getAttribute('src')).toContain(other.image);
  await expect(thumbnail).toHaveAttribute('width', '48');
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(line.getByRole('link', { name: other.name })).toHaveAttribute(
    'href',
    `/store/${other.store.publicId}/product/${other.uuid}`,
  );
});

test('a product URL opened cold renders the page; an unknown id shows the not-found state with a way back', async ({
  page,
  request,
  stack,
}) => {
  const { store, product } = await productSoldElsewhere(request, stack);
  // The page comes rendered by the catalogue on the server, with its answer: the browser reads none of it.
  // (The page server's first page after a start may be left to the browser: warmed up first.)
  const path = `/store/${store.publicId}/product/${product.uuid}`;
  await expect
    .poll(async () => (await request.get(stack.shellUrl(path))).text(), { timeout: 15_000 })
    .toContain('data-page-state="modules"');
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/open\/product\/[^/]+$/.test(new URL(r.url()).pathname)) reads.push(new URL(r.url()).pathname);
  });
  await page.goto(stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Also at' }).getByRole('listitem').first()).toBeVisible();
  // Its picture is asked for in the page's head, before anything else of the page.
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute('href', `${stack.apiUrl}${product.image}`);
  expect(reads).toEqual([]);
  // Its head, rendered by the page itself (React hoists it): the canonical URL and a schema.org Product.
  const productUrl = stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', productUrl);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '') as unknown;
  expect(data).toMatchObject({ '@type': 'Product', name: product.name, offers: { priceCurrency: 'USD', seller: { name: store.name } } });
  // The shop's origin answers what search engines ask for with the API's robots.txt and sitemap, which lists it.
  expect(await (await request.get(stack.shellUrl('/robots.txt'))).text()).toContain(`Sitemap: ${stack.shellUrl('/sitemap.xml')}`);
  const sitemap = await request.get(stack.shellUrl('/sitemap.xml'));
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  expect(await sitemap.text()).toContain(`<loc>${productUrl}</loc>`);

  await page.goto(stack.shellUrl(`/store/${store.publicId}/product/00000000-0000-4000-8000-000000000000`));
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  // Drawn by the server from the API's 404 too; a failed read is asked once more by the page itself
  // (RTK Query does not keep an error for a new subscriber), which says the same.
  expect(reads).toEqual(['/open/product/00000000-0000-4000-8000-000000000000']);
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}`));
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the picture and the banner come rendered before the page's code, where the page then shows them`, async ({
    page,
    request,
    stack,
  }) => {
    await page.setViewportSize(viewport);
    // The early read, preload and paint stay inside the shop's CSP.
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const { store, product } = await productSoldElsewhere(request, stack);
    const path = `/store/${store.publicId}/product/${product.uuid}`;
    // Rendered by the catalogue on the server (the page server's first page after a start may be left to the browser).
    await expect
      .poll(async () => (await request.get(stack.shellUrl(path))).text(), { timeout: 15_000 })
      .toContain('data-page-state="modules"');
    // The product page's module is held back until the server's page has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/__federation_expose_ProductPage\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for 'load': the held module may be one of the scripts the load event waits for.
    await page.goto(stack.shellUrl(path), { waitUntil: 'commit' });
    const picture = page.locator('.product-page .product-media img');
    await expect(picture).toHaveAttribute('src', `${stack.apiUrl}${product.image}`);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('main h1')).toHaveText(product.name);
    const earlyBox = await boxOf(picture);

    release();
    await untilLive(page);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The same box once the page's code has taken it over: nothing moves, and its picture is no larger.
    expect(await picture.boundingBox()).toEqual(earlyBox);
    expect(violations).toEqual([]);
  });
}

test('signed in with a complete address: each store’s distance and delivery fee; axe-clean', async ({ page, request, stack }) => {
  const { store, product, other } = await productSoldElsewhere(request, stack);
  await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
  await page.goto(stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Also at' }).getByRole('listitem').filter({ hasText: other.store.name });
  await expect(offer.getByText(/^\d+\.\d mi · Delivery \$\d+\.\d\d$/)).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expectAxeClean(page);

  await page.goto(stack.shellUrl(`/store/${store.publicId}/product/00000000-0000-4000-8000-000000000000`));
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expectAxeClean(page);
});

test.describe('after an order', () => {
  // A one-item order is this test's point; minimum orders have their own spec (delivery.spec.ts).
  let restoreMinimums: (() => Promise<void>) | undefined;
  test.beforeEach(async ({ request, stack }) => {
    restoreMinimums = await liftMinimums(request, stack);
  });
  test.afterEach(async () => {
    await restoreMinimums?.();
  });

  test('an ordered line shows its picture and unit price and leads back to the product page', async ({ page, request, stack }) => {
    test.setTimeout(120_000);
    const { store, product } = await productSoldElsewhere(request, stack);
    await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
    await page.goto(stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.goto(stack.shellUrl('/checkout'));
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('link', { name: product.name })).toHaveAttribute(
      'href',
      `/store/${store.publicId}/product/${product.uuid}`,
    );
    await expect(summary.getByText(product.unitPrice.label)).toBeVisible();
    await reachPayment(page);
    const paypal = await openPaypalDialog(page);
    await paypal.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });

    const line = page.getByRole('region', { name: 'Order Items' }).getByRole('listitem').first();
    await expect(line.getByText(product.unitPrice.label, { exact: false })).toBeVisible();
    const picture = line.locator('img');
    expect(await picture.getAttribute('src')).toContain(product.image);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto(stack.shellUrl('/order-history'));
    const preview = page
      .getByRole('article', { name: /^Order #/ })
      .first()
      .getByRole('list', { name: 'Items' });
    await preview.getByRole('link', { name: product.name }).click();
    await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}/product/${product.uuid}`));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });
});
