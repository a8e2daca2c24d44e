// What a shopper and the shop see of an order after checkout, through the composed stack: an order
// placed through the UI with the PayPal stand-in → 'Successfully Placed' → the history lists it → an
// admin moves it along through the API and the open details page follows without a reload → another
// customer opening the same order id gets the not-found text → the store's new-order mail is in the
// dev mailbox. And an order from two stores told per store: one store's part delivered and
// the other only confirmed reads 'Confirmed' with '1 of 2 stores delivered', each store's own badge and
// window, at 1280 and 390 px, on the details page (live) and in the history, with the shopper mailed.
import type { OpsStorePart } from '@grocer/shared/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addFirstInStock, openPaypalDialog, reachPayment, stores } from '../fixtures/checkout.ts';
import { waitForMail, type Mail } from '../fixtures/mailbox.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, DEMO_PASSWORD, type E2EStack } from '../fixtures/stack.ts';

const NOT_FOUND =
  'This order could not be found. It may have been from a previous session. Please check your order history or contact support if you need assistance.';

async function adminToken(request: APIRequestContext, stack: E2EStack): Promise<string> {
  const response = await request.post(`${stack.apiUrl}/auth/login`, { data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** What an admin tool does: POST /orders/tracking with the admin's token. */
async function advance(request: APIRequestContext, stack: E2EStack, token: string, orderId: string, status: string) {
  const response = await request.post(`${stack.apiUrl}/orders/tracking`, {
    headers: { authorization: `Bearer ${token}` },
    data: { orderId, status, timestamp: new Date().toISOString(), notes: 'e2e admin' },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { orderStatus: string }).orderStatus).toBe(status);
}

/** Staff picking (here the admin): every line of the store's part still PENDING marked found, as Ready requires. */
async function pickPart(request: APIRequestContext, stack: E2EStack, token: string, orderId: string, storeUuid: string) {
  const headers = { authorization: `Bearer ${token}` };
  const part = (await (await request.get(`${stack.apiUrl}/ops/orders/${orderId}/stores/${storeUuid}`, { headers })).json()) as OpsStorePart;
  for (const line of part.lines.filter((l) => l.state === 'PENDING')) {
    const response = await request.post(`${stack.apiUrl}/ops/orders/${orderId}/lines/${line.lineId}`, {
      headers,
      data: { state: 'FOUND' },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The shopper coming back to the tab: the details page refetches on focus (as well as polling every 15 s). */
const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** A step of the 'Order Progress' timeline; its hidden text says whether it is reached. */
const step = (progress: Locator, title: string) => progress.getByRole('listitem').filter({ hasText: title });

test('an order from checkout to out for delivery, seen by its shopper only, with the store told by mail', async ({
  page,
  browser,
  request,
  stack,
}) => {
  test.setTimeout(150_000);

  // Checkout as the demo shopper, paying with the PayPal stand-in.
  const shopper = await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
  const [store] = await stores(request, stack);
  const product = await addFirstInStock(page, request, stack, store!);
  await page.goto(stack.shellUrl('/checkout'));
  await reachPayment(page);
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const info = page.getByRole('region', { name: 'Order Information' });
  const progress = page.getByRole('region', { name: 'Order Progress' });
  await expect(info.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order Items' }).getByText(product.name)).toBeVisible();
  const own = await request.get(`${stack.apiUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${shopper.token}` } });
  const { orderNumber } = (await own.json()) as { orderNumber: string };
  await expect(info.getByText(orderNumber, { exact: true })).toBeVisible();

  // The history (another tab of the same session) lists it.
  const historyPage = await page.context().newPage();
  await historyPage.goto(stack.shellUrl('/order-history'));
  await expect(historyPage.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  const card = historyPage.getByRole('article', { name: `Order #${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(card.getByText(product.name)).toBeVisible();
  await historyPage.close();
  await page.bringToFront();

  // An admin moves it along; the open details page follows without a reload.
  const admin = await adminToken(request, stack);
  const asAdmin = await request.get(`${stack.apiUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(((await asAdmin.json()) as { orderStatus: string }).orderStatus).toBe('CONFIRMED');

  await advance(request, stack, admin, orderId, 'PREPARING');
  // Left to the page: its 15 s poll (or the tab coming back to the front) picks it up.
  await expect(info.getByText('Preparing', { exact: true })).toBeVisible({ timeout: 25_000 });
  await expect(step(progress, 'Store Preparation')).toContainText('In Progress');
  await expect(step(progress, 'Store Preparation')).toContainText('(reached)');
  await expect(step(progress, 'Out for Delivery')).toContainText('(not reached yet)');

  await pickPart(request, stack, admin, orderId, store!.uuid);
  await advance(request, stack, admin, orderId, 'READY_FOR_PICKUP');
  await refocus(page);
  await expect(info.getByText('Ready For Pickup', { exact: true })).toBeVisible();
  await expect(step(progress, 'Store Preparation')).toContainText('Completed');
  await expect(step(progress, 'Out for Delivery')).toContainText('(not reached yet)');

  await advance(request, stack, admin, orderId, 'OUT_FOR_DELIVERY');
  await refocus(page);
  await expect(info.getByText('Out For Delivery', { exact: true })).toBeVisible();
  await expect(step(progress, 'Out for Delivery')).toContainText('(reached)');
  await expect(step(progress, 'Out for Delivery')).toHaveAttribute('aria-current', 'step');
  await expect(step(progress, 'Delivered to You')).toContainText('(not reached yet)');
  // Still the same page view: the new-order heading is there, nothing was reloaded.
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible();

  // Another customer, in their own browser, gets the not-found text for that id.
  const registered = await request.post(`${stack.apiUrl}/auth/register`, {
    data: { email: `stranger-${Date.now()}@example.com`, password: 'Stranger-Case-2026' },
  });
  expect(registered.status()).toBe(201);
  const strangerContext = await browser.newContext();
  try {
    const stranger = await strangerContext.newPage();
    await storeSession(stranger, stack, { user: ((await registered.json()) as { user: unknown }).user });
    await stranger.goto(stack.shellUrl(`/order-details/${orderId}`));
    await expect(stranger.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
    await expect(stranger.getByRole('alert')).toContainText(NOT_FOUND);
    await expect(stranger.getByRole('region', { name: 'Order Information' })).toHaveCount(0);
  } finally {
    await strangerContext.close();
  }

  // The store was told by mail, once, with the item and where it goes.
  const storeMailbox = `orders+${store!.publicId}@grocer.test`;
  const mail = await waitForMail(request, stack.apiUrl, storeMailbox, (m) => m.subject.startsWith(`New order ${orderNumber} `));
  expect(mail.text).toContain(product.name);
  // The API stores the phone normalised, whatever format the shopper typed.
  expect(mail.text).toContain('Phone: 312-555-0199');
  const all = (await (await request.get(`${stack.apiUrl}/dev/mailbox`, { params: { to: storeMailbox } })).json()) as { subject: string }[];
  expect(all.filter((m) => m.subject.startsWith(`New order ${orderNumber} `))).toHaveLength(1);
});

/** A store's part moved by its staff (here the admin, who may act for any store): POST /ops/orders/{id}/stores/{uuid}/status. */
async function movePart(request: APIRequestContext, stack: E2EStack, token: string, orderId: string, storeUuid: string, status: string) {
  const response = await request.post(`${stack.apiUrl}/ops/orders/${orderId}/stores/${storeUuid}/status`, {
    headers: { authorization: `Bearer ${token}` },
    // The booked window is hours away: delivering now is early, and said so.
    data: status === 'DELIVERED' ? { status, deliverEarly: true } : { status },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an order from two stores is told per store: one delivered, the other confirmed, at 1280 and 390 px', async ({
  page,
  request,
  stack,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
  const [first, second] = await stores(request, stack);
  await addFirstInStock(page, request, stack, first!);
  await addFirstInStock(page, request, stack, second!);
  await page.goto(stack.shellUrl('/checkout'));
  await reachPayment(page);
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  const orderId = new URL(page.url()).pathname.split('/').pop()!;

  const info = page.getByRole('region', { name: 'Order Information' });
  const progress = page.getByRole('region', { name: 'Order Progress' });
  const partOf = (store: { name: string }) =>
    page.getByRole('region', { name: 'Stores' }).getByRole('listitem').filter({ hasText: store.name });
  // Paid, and no store has started: preparation is not lit at payment.
  await expect(info.getByText('Confirmed', { exact: true })).toBeVisible();
  // Both stores stand where the badge says: no summary yet.
  await expect(info.getByText(/ of 2 stores /)).toHaveCount(0);
  await expect(step(progress, 'Store Preparation')).toContainText('(not reached yet)');
  for (const store of [first!, second!]) {
    await expect(partOf(store).getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(partOf(store).getByText(/^Delivery \w{3}, \w{3} \d+, /)).toBeVisible();
  }

  // The first store prepares and delivers its part; the open page follows its stream without a reload.
  const admin = await adminToken(request, stack);
  await pickPart(request, stack, admin, orderId, first!.uuid);
  for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED'])
    await movePart(request, stack, admin, orderId, first!.uuid, status);
  const told = async (width: number) => {
    await expect(info.getByText('1 of 2 stores delivered')).toBeVisible({ timeout: 20_000 });
    // The overall badge keeps the spec's text: the order stands where its least advanced store stands.
    await expect(info.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(partOf(first!).getByText('Delivered', { exact: true })).toBeVisible();
    await expect(partOf(second!).getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(step(progress, 'Store Preparation')).toContainText('(reached)');
    await expect(step(progress, 'Store Preparation')).toContainText('1 of 2 stores');
    await expect(step(progress, 'Out for Delivery')).toContainText('(reached)');
    await expect(step(progress, 'Delivered to You')).toContainText('(not reached yet)');
    // Nothing runs off the side of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const shot = testInfo.outputPath(`order-details-${width}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`order-details-${width}`, { path: shot, contentType: 'image/png' });
  };
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible();
  await told(1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await told(390);

  // The history says the same, at both widths.
  const own = await request.get(`${stack.apiUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${admin}` } });
  const { orderNumber } = (await own.json()) as { orderNumber: string };
  await page.goto(stack.shellUrl('/order-history'));
  const card = page.getByRole('article', { name: `Order #${orderNumber}` });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(card.getByText('1 of 2 stores delivered')).toBeVisible();
    const storesList = card.getByRole('list', { name: 'Stores' });
    await expect(storesList.getByRole('listitem').filter({ hasText: first!.name }).getByText('Delivered', { exact: true })).toBeVisible();
    await expect(storesList.getByRole('listitem').filter({ hasText: second!.name }).getByText('Confirmed', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const shot = testInfo.outputPath(`order-history-${width}.png`);
    await card.screenshot({ path: shot });
    await testInfo.attach(`order-history-${width}`, { path: shot, contentType: 'image/png' });
  }

  // The shopper was mailed once as the first store's part went out and once as it was delivered.
  const subject = (what: string) => `Your Grocer order ${orderNumber}: ${first!.name} ${what}`;
  await waitForMail(request, stack.apiUrl, DEMO_ACCOUNTS.shopper, (m) => m.subject === subject('delivered'));
  const mails = (await (await request.get(`${stack.apiUrl}/dev/mailbox`, { params: { to: DEMO_ACCOUNTS.shopper } })).json()) as Mail[];
  expect(mails.filter((m) => m.subject === subject('is on its way'))).toHaveLength(1);
  expect(mails.filter((m) => m.subject === subject('delivered'))).toHaveLength(1);
});
