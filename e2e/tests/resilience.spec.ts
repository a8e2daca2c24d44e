// Resilience of the composed stack (issue: Proof of quality, "Resilience"): the API going away and
// coming back mid-session, and the PayPal SDK failing to load. A remote being down is covered by
// release.spec.ts; the database being unreachable by api/src/databaseUnavailable.test.ts (every route).
import type { Page } from '@playwright/test';
import { addFirstInStock, reachPayment, stores } from '../fixtures/checkout.ts';
import { test, expect, storeSession } from '../fixtures/stack.ts';

/** Marks the loaded document; `expectSameDocument` fails if the page was reloaded since. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __resilienceMark?: boolean }).__resilienceMark = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __resilienceMark?: boolean }).__resilienceMark)).toBe(true);
}

test('with the API stopped mid-session the cart and session stay, pages show their errors, and recover without a reload', async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  const user = await storeSession(page, stack);
  const [first, second] = await stores(request, stack);
  const products = [await addFirstInStock(page, request, stack, first!), await addFirstInStock(page, request, stack, second!)];
  await page.goto(stack.shellUrl('/'));
  await expect(page.getByRole('link', { name: `Shop Now at ${first!.name}` })).toBeVisible();
  await markDocument(page);
  const crashes: Error[] = [];
  page.on('pageerror', (error) => crashes.push(error));
  const header = page.getByRole('banner');
  const signedIn = header.getByRole('button', { name: 'Casey Shopper' });
  await expect(signedIn).toBeVisible();

  await stack.api.stop();
  try {
    // The cart lives in the browser: the count and both stores' lines are all there, nothing pruned
    // as "out of stock" because the stock could not be read.
    await header.getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    for (const store of [first!, second!]) await expect(page.getByRole('region', { name: store.name })).toBeVisible();
    for (const product of products) await expect(page.getByRole('main').getByText(product.name, { exact: true })).toBeVisible();

    // A page that needs the API shows the spec's error instead of crashing; the layout stays.
    const search = header.getByRole('combobox', { name: 'Search products' });
    await search.fill('milk');
    await search.press('Enter');
    await expect(page).toHaveURL(stack.shellUrl('/search?q=milk'));
    await expect(page.getByText('Failed to search products. Please try again.')).toBeVisible({ timeout: 20_000 });
    await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    // Still signed in: only the server saying 401 ends a session, not a server that is away.
    await expect(signedIn).toBeVisible();
  } finally {
    await stack.api.start();
  }

  // The API is back: the page on screen recovers by itself, in the same document.
  await expect(page.getByText(/^Available at /).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to search products. Please try again.')).toBeHidden();
  await header.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText('Total', { exact: true })).toBeVisible();
  await expect(signedIn).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null')?.uuid)).toBe(user.uuid);
  await expectSameDocument(page);
  expect(crashes).toEqual([]);
});

test('the PayPal SDK failing to load shows the payment error and the rest of checkout keeps working', async ({ page, request, stack }) => {
  await storeSession(page, stack);
  const [store] = await stores(request, stack);
  await addFirstInStock(page, request, stack, store!);
  // The dev stand-in's SDK is what react-paypal-js loads here (sdkBaseUrl); PayPal's own would fail the same way.
  await page.route(/\/dev\/paypal\/sdk\/js/, (route) => route.abort('failed'));
  const crashes: Error[] = [];
  page.on('pageerror', (error) => crashes.push(error));

  await page.goto(stack.shellUrl('/checkout'));
  // The SDK was really asked for (not, say, the PayPal config failing first, which says the same).
  const sdkRequested = page.waitForRequest(/\/dev\/paypal\/sdk\/js/);
  await reachPayment(page);
  await sdkRequested;
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toHaveText('PayPal payment failed. Please try again.');
  // Nothing crashed: the summary and the header are there, and Back returns to step 1.
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await payment.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
  expect(crashes).toEqual([]);
});
