// The whole journey (issue: Proof of quality), through the real UI of the composed stack: a new
// shopper from the home page to an order in the history, and the same way by keyboard only.
// Prices, fees and totals are never computed here: the page must show what the API priced.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { signUp } from '../fixtures/auth.ts';
import { openPaypalDialog, stores, type Product, type Store } from '../fixtures/checkout.ts';
import { waitForMailLink } from '../fixtures/mailbox.ts';
import { test, expect, type E2EStack, type SessionUser } from '../fixtures/stack.ts';

const PASSWORD = 'Journey-Shopper-2026';
const QUERY = 'milk';
const usd = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

interface SearchHit extends Product {
  price_cents: number;
  store: Pick<Store, 'uuid' | 'name' | 'publicId'>;
}
interface Pricing {
  subtotal: number;
  tax: number;
  displayServiceFee: number;
  deliveryFee: number;
  total: number;
}
interface Priced {
  pricing: Pricing;
  deliveryFees: { totalDeliveryFee: number; deliveryFees: Record<string, { deliveryFee: number; distance: number }> };
}

/** The first page of the global search, as the header's suggestions and the search page ask for it. */
async function globalSearch(request: APIRequestContext, stack: E2EStack, query: string, limit: number): Promise<SearchHit[]> {
  const response = await request.get(`${stack.apiUrl}/open/products/search/global/paginated`, { params: { query, page: 1, limit } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { products: SearchHit[] }).products;
}

/** The value next to a term in a summary's description list ('Subtotal' → '$12.34'). */
const amount = (list: Locator, term: string) => list.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/** The stored session (the shell keeps it under `user`), for asking the API what it priced. */
const sessionUser = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as SessionUser);

test('a new shopper: search, two stores, sign up, verify, address, checkout with PayPal, order history', async ({
  page,
  request,
  stack,
}) => {
  // Sign-up, the mailbox, the address check and the PayPal round trip all happen in one test, on two
  // cores shared with other suites: more than the default minute.
  test.setTimeout(120_000);
  const email = `journey-${Date.now()}@example.com`;

  // Home.
  await page.goto(stack.shellUrl('/'));
  await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible();

  // The header's suggestions: at most 5, each with its store and price; pick the first in stock.
  const suggested = await globalSearch(request, stack, QUERY, 5);
  const first = suggested.find((p) => p.stockStatus === 'IN_STOCK');
  expect(first, `an in-stock suggestion for '${QUERY}'`).toBeDefined();
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill(QUERY);
  const options = page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option');
  await expect(options).toHaveCount(suggested.length);
  const option = options.nth(suggested.indexOf(first!));
  await expect(option).toContainText(first!.name);
  await expect(option).toContainText(`${first!.store.name} · ${usd(first!.price_cents / 100)}`);
  await option.click();

  // A suggestion opens its store's listing searched for the product: add it there.
  await expect(page).toHaveURL(new RegExp(`/store/${first!.store.publicId}\\?q=`));
  await expect(page.getByRole('heading', { level: 1, name: first!.store.name })).toBeVisible();
  const firstCard = page.getByRole('article', { name: first!.name }).first();
  await firstCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(firstCard.getByRole('button', { name: /^(Added!|In Cart)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The global search page from the header box, then a product of another store.
  await search.fill(QUERY);
  await search.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl(`/search?q=${QUERY}`));
  const results = page.getByRole('article');
  await expect(results.first()).toBeVisible();
  const secondCard = results
    .filter({ hasNot: page.getByText(`Available at ${first!.store.name}`, { exact: true }) })
    // Stores sell products of the same name; a different one keeps the lines below unambiguous.
    .filter({ hasNot: page.getByRole('heading', { name: first!.name, exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
    .first();
  const secondName = (await secondCard.getByRole('heading').innerText()).trim();
  const secondStore = (await secondCard.getByText(/^Available at /).innerText()).replace(/^Available at /, '').trim();
  const secondPrice = (await secondCard.locator('.product-card-price').innerText()).trim();
  await secondCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart, signed out: both stores' lines, the subtotal alone, and the sign-in gate.
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByText('2 items from 2 stores')).toBeVisible();
  await expect(page.getByRole('region', { name: first!.store.name, exact: true }).getByText(first!.name)).toBeVisible();
  await expect(page.getByRole('region', { name: secondStore, exact: true }).getByText(secondName)).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await expect(summary.getByText('Delivery fees, tax and the total are shown once you sign in.')).toBeVisible();
  await expect(page.getByText(/^Delivery fee \(/)).toHaveCount(0);

  // Sign up in the auth modal; the cart stays on this device.
  await signUp(page, email, PASSWORD);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The verification link from the dev mailbox.
  const link = await waitForMailLink(request, stack.apiUrl, email, /\/verify-email\?token=/);
  await page.goto(link);
  await expect(page.getByText('Email Verified Successfully!')).toBeVisible();
  await expect(banner).toBeHidden();

  // The account: a valid Chicago delivery address (60601 is downtown Chicago, IL).
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(stack.shellUrl('/account'));
  await page.getByLabel('First Name').fill('Grace');
  await page.getByLabel('Last Name').fill('Hopper');
  await page.getByLabel('Street Name').fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP Code').fill('60601');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Profile information and delivery address updated successfully!')).toBeVisible();
  await expect(page.getByText('Address verified')).toBeVisible();

  // Back in the cart: a delivery fee per store and the server's pricing, to the cent.
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page.getByText(/^Delivery fee \(\d+\.\d mi\)$/)).toHaveCount(2);
  const user = await sessionUser(page);
  const items = (
    await page.evaluate(() => JSON.parse(window.localStorage.getItem('user-cart') ?? '[]') as { uuid: string; quantity: number }[])
  ).map((item) => ({ productId: item.uuid, quantity: item.quantity }));
  expect(items).toHaveLength(2);
  const pricedResponse = await request.post(`${stack.apiUrl}/pricing/calculate`, {
    headers: { authorization: `Bearer ${user.token}` },
    data: { items },
  });
  expect(pricedResponse.ok(), await pricedResponse.text()).toBe(true);
  const priced = (await pricedResponse.json()) as Priced;
  const { pricing } = priced;
  expect(Object.keys(priced.deliveryFees.deliveryFees)).toHaveLength(2);
  const second = (await stores(request, stack)).find((store) => store.name === secondStore);
  expect(second, `the store '${secondStore}'`).toBeDefined();
  for (const store of [first!.store, second!]) {
    const fee = priced.deliveryFees.deliveryFees[store.uuid];
    expect(fee?.deliveryFee, `a delivery fee for ${store.name}`).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: store.name, exact: true })).toContainText(
      `Delivery fee (${fee!.distance.toFixed(1)} mi)${usd(fee!.deliveryFee)}`,
    );
  }
  // What the shopper reads adds up: subtotal + tax + service fee + delivery = total.
  expect(Math.round((pricing.subtotal + pricing.tax + pricing.displayServiceFee + pricing.deliveryFee) * 100)).toBe(
    Math.round(pricing.total * 100),
  );
  expect(pricing.deliveryFee).toBeCloseTo(priced.deliveryFees.totalDeliveryFee, 2);
  await expect(amount(summary, 'Subtotal')).toHaveText(usd(pricing.subtotal));
  await expect(amount(summary, 'Tax')).toHaveText(usd(pricing.tax));
  await expect(amount(summary, 'Service Fee')).toHaveText(usd(pricing.displayServiceFee));
  await expect(amount(summary, 'Delivery Fee')).toHaveText(usd(pricing.deliveryFee));
  await expect(amount(summary, 'Total')).toHaveText(usd(pricing.total));
  await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();

  // Checkout step 1: the account's address read-only; the phone is required.
  await expect(page).toHaveURL(stack.shellUrl('/checkout'));
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
  await expect(page.getByLabel('Street Address')).toHaveValue('233 S Wacker Dr');
  await expect(page.getByLabel('Street Address')).not.toBeEditable();
  await expect(page.getByLabel('Apartment')).toHaveValue('Not specified');
  await expect(page.getByLabel('City')).toHaveValue('Chicago');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByLabel('Phone Number')).toBeFocused();
  await page.getByLabel('Phone Number').fill('(312) 555-0199');
  await expect(page.getByText('Phone number is required')).toBeHidden();
  const checkoutSummary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(amount(checkoutSummary, 'Total')).toHaveText(usd(pricing.total));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Step 2: the PayPal stand-in asks for exactly the total the cart showed → Approve.
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  const paypal = await openPaypalDialog(page);
  await expect(paypal).toContainText(`Pay ${usd(pricing.total)} USD to Grocer`);
  await paypal.getByRole('button', { name: 'Approve' }).click();

  // The order's details: new-order heading, 'Confirmed', both lines and the same money.
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const orderResponse = await request.get(`${stack.apiUrl}/orders/${orderId}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(orderResponse.ok()).toBe(true);
  const order = (await orderResponse.json()) as { orderNumber: string; totalAmount: number };
  expect(order.totalAmount).toBe(pricing.total);
  const info = page.getByRole('region', { name: 'Order Information' });
  await expect(info.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(info.getByText(order.orderNumber, { exact: true })).toBeVisible();
  await expect(amount(info, 'Total')).toHaveText(usd(pricing.total));
  await expect(amount(info, 'Items')).toHaveText('2 items');
  const orderItems = page.getByRole('region', { name: 'Order Items' });
  for (const [name, store, price] of [
    [first!.name, first!.store.name, usd(first!.price_cents / 100)],
    [secondName, secondStore, secondPrice],
  ]) {
    const line = orderItems.getByRole('listitem').filter({ hasText: `${store} · ` });
    await expect(line).toContainText(`1x ${name}`);
    await expect(line).toContainText(`${store} · ${price} × 1`);
  }
  const orderSummary = page.getByRole('region', { name: 'Order Summary', exact: true });
  await expect(amount(orderSummary, 'Subtotal')).toHaveText(usd(pricing.subtotal));
  await expect(amount(orderSummary, 'Delivery Fee')).toHaveText(usd(pricing.deliveryFee));
  await expect(amount(orderSummary, 'Total')).toHaveText(usd(pricing.total));

  // The history lists it, with the same total.
  await page.getByRole('link', { name: 'View Order History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  const card = page.getByRole('article', { name: `Order #${order.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(amount(card, 'Total')).toHaveText(usd(pricing.total));
  await expect(amount(card, 'Deliver to')).toContainText('Chicago');
  for (const name of [first!.name, secondName]) await expect(card.getByText(name)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
});
