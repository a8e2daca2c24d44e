// Real-user speed end to end: the pages a shopper opens measure their Core Web Vitals (the shell's
// reporter, fetched once each page has settled, with web-vitals), send them under the route's pattern
// when the page is left (POST /vitals), and an admin reads the 75th percentile per route back, from
// GET /admin/vitals and on the operations remote's Page speed screen. The stack reports every page
// load (VITALS_SAMPLE_RATE defaults to 1).
import type { Page } from '@playwright/test';
import type { AdminVitals } from '@grocer/shared/contracts';
import { stores, type Product } from '../fixtures/checkout.ts';
import { audit } from '../fixtures/axe.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, DEMO_PASSWORD, type E2EStack } from '../fixtures/stack.ts';

const REPORTER_CHUNK = /\/web-vitals\.[0-9a-f]+\.js$/;

/**
 * Opens `path` as a fresh page load, waits until the reporter has arrived (only once the page has
 * loaded and settled), and gives the page an input (a click on `heading`), which makes LCP final and
 * INP measurable.
 */
async function visit(page: Page, stack: E2EStack, path: string, heading: string) {
  const reporter = page.waitForResponse((response) => REPORTER_CHUNK.test(new URL(response.url()).pathname), { timeout: 20_000 });
  await page.goto(stack.shellUrl(path));
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await reporter;
  // The chunk is in; an idle moment later it has run and is listening.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.getByRole('heading', { name: heading, exact: true }).click();
}

test('the pages a shopper opens report their vitals by route pattern; an admin reads the p75 back, in the API and on Page speed', async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(90_000);
  const [store] = await stores(request, stack);
  const listing = await request.get(`${stack.apiUrl}/open/products/${store!.publicId}/paginated`, { params: { limit: 1 } });
  const [product] = ((await listing.json()) as { products: Product[] }).products;
  // Routing a request through Playwright turns the page's HTTP cache off: each visit fetches the
  // reporter afresh, so its arrival can be seen.
  await page.route(REPORTER_CHUNK, (route) => route.continue());

  const visits = [
    { path: '/', route: '/', heading: 'Our Stores' },
    { path: `/store/${store!.publicId}`, route: '/store/:pathName', heading: store!.name },
    { path: `/store/${store!.publicId}/product/${product!.uuid}`, route: '/store/:pathName/product/:productUuid', heading: product!.name },
  ];
  for (const { path, heading } of visits) await visit(page, stack, path, heading);
  // Leaving the last page hides it, and its report goes too. (The reports of pages being left do not
  // show among Playwright's requests: the API is where they are seen.)
  await page.goto('about:blank');

  // An admin reads the 75th percentile back per route pattern: every page reported, none by its URL.
  const login = await request.post(`${stack.apiUrl}/auth/login`, { data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const read = async () => {
    const answer = await request.get(`${stack.apiUrl}/admin/vitals`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as AdminVitals;
  };
  const metricsOf = (vitals: AdminVitals['vitals'], route: string) =>
    vitals
      .filter((v) => v.route === route)
      .map((v) => v.name)
      .sort();
  await expect
    .poll(async () => {
      const { vitals } = await read();
      return visits.map(({ route }) => metricsOf(vitals, route).filter((name) => name !== 'INP'));
    })
    .toEqual(visits.map(() => ['CLS', 'FCP', 'LCP', 'TTFB']));
  const { hours, vitals } = await read();
  expect(hours).toBe(24);
  for (const figure of vitals.filter((v) => visits.some(({ route }) => route === v.route))) {
    expect(figure.count, `${figure.route} ${figure.name}`).toBeGreaterThanOrEqual(1);
    expect(figure.p75, `${figure.route} ${figure.name}`).toBeGreaterThanOrEqual(0);
  }
  expect(vitals.filter((v) => v.route.includes(store!.publicId))).toEqual([]);

  // The Page speed screen shows the same routes, on a phone.
  await page.unroute(REPORTER_CHUNK);
  await page.setViewportSize({ width: 390, height: 844 });
  await storeSession(page, stack, DEMO_ACCOUNTS.admin);
  await page.goto(stack.shellUrl('/admin'));
  await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Page speed' }).click();
  const table = page.getByRole('table', { name: 'Core Web Vitals per page, 75th percentile, last 24 hours' });
  await expect(table).toBeVisible();
  for (const { route } of visits) await expect(table.getByRole('rowheader', { name: route, exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /^LCP / }).first()).toContainText(/\d+\.\d{2} s/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll at 390 px').toBeLessThanOrEqual(390);
  await audit(page, 'page speed');
});
