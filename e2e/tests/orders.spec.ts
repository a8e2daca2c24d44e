// What a shopper and the shop see of an order after checkout, through the composed stack: an order
// placed through the UI with the PayPal stand-in → 'Successfully Placed' → the history lists it → an
// admin moves it along through the API and the open details page follows without a reload → another
// customer opening the same order id gets the not-found text → the store's new-order mail is in the
// dev mailbox.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addFirstInStock, openPaypalDialog, reachPayment, stores } from '../fixtures/checkout.ts';
import { waitForMail } from '../fixtures/mailbox.ts';
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
