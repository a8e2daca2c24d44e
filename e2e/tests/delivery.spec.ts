// The delivery promise through the composed stack: a two-store cart where one store is under its
// minimum until the shopper adds an item, the store banner's hours at a set time, a delivery window
// held per store in checkout step 1, payment, and the booked windows on the details and history pages.
import { addCheapest, addFirstInStock, minimumOf, openPaypalDialog, reachPayment, stores, usd } from '../fixtures/checkout.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS } from '../fixtures/stack.ts';

test('a two-store cart meets each minimum, holds a window per store, pays, and shows the booked windows', async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(120_000);
  // Around noon in Chicago today (18:00 UTC is noon CST, 1 PM CDT), whenever CI runs, for the banner's
  // "open now"; close to the real time, so the session stays valid. Windows come from the server's clock.
  const chicagoToday = new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);
  await page.clock.setFixedTime(new Date(`${chicagoToday}T18:00:00Z`));
  await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
  const all = await stores(request, stack);
  const loop = all.find((s) => s.publicId === 'loop-provisions')!;
  const lincoln = all.find((s) => s.publicId === 'lincoln-park-market')!;

  // The store banner: today's hours and open now, instead of the fixed placeholder.
  await page.goto(stack.shellUrl(`/store/${loop.publicId}`));
  await expect(page.getByText('7:00 AM - 11:00 PM · Open now')).toBeVisible();

  const cheap = await addCheapest(page, request, stack, loop);
  await addFirstInStock(page, request, stack, lincoln);
  const loopMinimum = await minimumOf(request, stack, loop);
  expect(cheap.price_cents).toBeLessThan(loopMinimum);

  await page.goto(stack.shellUrl('/cart'));
  const loopPart = page.getByRole('region', { name: loop.name, exact: true });
  await expect(loopPart.getByText(`Add ${usd(loopMinimum - cheap.price_cents)} more from ${loop.name} to check out`)).toBeVisible();
  await expect(page.getByRole('region', { name: lincoln.name, exact: true }).getByText(/more from/)).toHaveCount(0);

  // One more (the dearest) item from Loop lifts it over its minimum.
  await addFirstInStock(page, request, stack, loop);
  await page.goto(stack.shellUrl('/cart'));
  await expect(page.getByRole('region', { name: loop.name, exact: true }).getByText(/more from/)).toHaveCount(0);

  // Step 1: 'Delivery time' holds each store's earliest open window; the shopper picks Loop's second.
  await page.goto(stack.shellUrl('/checkout'));
  const deliveryTime = page.getByRole('region', { name: 'Delivery time' });
  const loopWindows = deliveryTime.getByRole('group', { name: loop.name, exact: true });
  await expect(loopWindows.getByRole('radio', { checked: true })).toHaveCount(1);
  const second = loopWindows.getByRole('radio', { disabled: false }).nth(1);
  const secondLabel = ((await second.locator('xpath=..').textContent()) ?? '').trim();
  await second.click();
  await expect(second).toBeChecked();
  const lincolnLabel = (
    (await deliveryTime
      .getByRole('group', { name: lincoln.name, exact: true })
      .getByRole('radio', { checked: true })
      .locator('xpath=..')
      .textContent()) ?? ''
  ).trim();
  await reachPayment(page);
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Approve' }).click();

  // The details page shows each store's booked window, with that store's part.
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  const windowOf = (store: { name: string }) =>
    page
      .getByRole('region', { name: 'Stores' })
      .getByRole('listitem')
      .filter({ hasText: store.name })
      .getByText(/^Delivery /);
  await expect(windowOf(loop)).toContainText(secondLabel);
  await expect(windowOf(lincoln)).toContainText(lincolnLabel);

  // Opened cold (a shared link, a reload), the page takes the order the shell's entry read with the
  // stored session in parallel with the JS: one read of the order, with the shopper's token.
  const orderReads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /^\/orders\/[^/]+$/.test(new URL(r.url()).pathname)) orderReads.push(r.headers().authorization ?? '');
  });
  // The page's own code is held back, so a read seen meanwhile can only be the entry's.
  let releasePage!: () => void;
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(/__federation_expose_OrderDetailsPage\.[0-9a-f]+\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(() => orderReads).toEqual([expect.stringMatching(/^Bearer \S+$/)]);
  releasePage();
  await expect(windowOf(loop)).toContainText(secondLabel);
  expect(orderReads).toHaveLength(1);

  // And the history card.
  await page.goto(stack.shellUrl('/order-history'));
  const card = page.getByRole('article', { name: /^Order #/ }).first();
  // Each store's part with its window.
  await expect(card.getByRole('list', { name: 'Stores' }).getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('list', { name: 'Stores' }).getByRole('listitem').filter({ hasText: loop.name })).toContainText(secondLabel);
});
