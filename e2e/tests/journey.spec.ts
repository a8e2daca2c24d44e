// The whole journey (issue: Proof of quality), through the real UI of the composed stack: a new
// shopper from the home page to an order in the history, and the same way by keyboard only.
// Prices, fees and totals are never computed here: the page must show what the API priced.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dialog, signUp } from '../fixtures/auth.ts';
import { liftMinimums, openPaypalDialog, stores, type Product, type Store } from '../fixtures/checkout.ts';
import { expectFocusTrapped, expectVisibleFocus, tabTo } from '../fixtures/keyboard.ts';
import { waitForMailLink } from '../fixtures/mailbox.ts';
import { test, expect, DEMO_ACCOUNTS, DEMO_PASSWORD, type E2EStack, type SessionUser } from '../fixtures/stack.ts';
import { CHICAGO_ADDRESS, saveAddress } from '../fixtures/account.ts';

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

/** The header's suggestions for a text, as the search box asks for them. */
async function suggestions(request: APIRequestContext, stack: E2EStack, query: string): Promise<SearchHit[]> {
  const response = await request.get(`${stack.apiUrl}/open/products/suggestions`, { params: { query, limit: 5 } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { products: SearchHit[] }).products;
}

/** The value next to a term in a summary's description list ('Subtotal' → '$12.34'). */
const amount = (list: Locator, term: string) => list.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);

/** The stored session (the shell keeps it under `user`), for asking the API what it priced. */
const sessionUser = (page: Page) => page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as SessionUser);

// One item from each of two stores is the point of the journey; minimum orders have their own spec (delivery.spec.ts).
let restoreMinimums: (() => Promise<void>) | undefined;
test.beforeEach(async ({ request, stack }) => {
  restoreMinimums = await liftMinimums(request, stack);
});
test.afterEach(async () => {
  await restoreMinimums?.();
});

test('a new shopper: search, two stores, sign up, verify, address, checkout with PayPal, order history', async ({
  page,
  request,
  stack,
}) => {
  const email = `journey-${Date.now()}@example.com`;

  // Home.
  await page.goto(stack.shellUrl('/'));
  await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible();

  // The header's suggestions: at most 5, each with its store and price; pick the first in stock.
  const suggested = await suggestions(request, stack, QUERY);
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

  // A suggestion opens its product's page: add it there.
  await expect(page).toHaveURL(stack.shellUrl(`/store/${first!.store.publicId}/product/${first!.uuid}`));
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  const productMain = page.getByRole('main');
  await productMain.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(productMain.getByRole('button', { name: /^(Added!|In Cart)$/ }).first()).toBeVisible();
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

  // The account: a valid Chicago delivery address.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(stack.shellUrl('/account'));
  await saveAddress(page, { firstName: 'Grace', lastName: 'Hopper', ...CHICAGO_ADDRESS });
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
  // The order's badge and each store's own: both stores have only confirmed it so far.
  await expect(card.getByText('Confirmed', { exact: true })).toHaveCount(3);
  await expect(card.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(amount(card, 'Total')).toHaveText(usd(pricing.total));
  await expect(amount(card, 'Deliver to')).toContainText('Chicago');
  for (const name of [first!.name, secondName]) await expect(card.getByText(name)).toBeVisible();
  await expect(page.getByRole('article', { name: /^Order #/ })).toHaveCount(1);
});

// No click() here: Tab / Shift+Tab / Enter / Space / arrows / Escape only, with focus asserted at
// every step. The demo shopper signs in (the sign-up path is the test above).
test('the same journey by keyboard only: header, suggestions, auth modal, cart, checkout and PayPal', async ({ page, request, stack }) => {
  const allStores = await stores(request, stack);
  const suggested = await suggestions(request, stack, QUERY);
  const pick = suggested.find((p) => p.stockStatus === 'IN_STOCK')!;
  const main = page.getByRole('main');

  await page.goto(stack.shellUrl('/'));
  await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible();

  // The first Tab is the skip link; Enter takes focus to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();

  // The Stores menu, back up the header: Enter opens it, Escape closes it onto its button.
  const storesButton = page.getByRole('button', { name: 'Stores' });
  await tabTo(page, storesButton, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(storesButton).toHaveAttribute('aria-expanded', 'true');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const other = allStores.find((s) => s.publicId !== pick.store.publicId)!;
  await tabTo(page, nav.getByRole('link', { name: allStores[0]!.name, exact: true }));
  await page.keyboard.press('Escape');
  await expect(storesButton).toBeFocused();
  await expect(storesButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Space');
  await tabTo(page, nav.getByRole('link', { name: other.name, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl(`/store/${other.publicId}`));
  await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
  await expect(main).toBeFocused();

  // The header search box: suggestions by arrow keys, wrapping at both ends; Escape closes them;
  // Enter opens the highlighted one. Focus stays in the box throughout (aria-activedescendant).
  const search = page.getByRole('combobox', { name: 'Search products' });
  await tabTo(page, search, 'Shift+Tab');
  await page.keyboard.type(QUERY);
  const listbox = page.getByRole('listbox', { name: 'Product suggestions' });
  const options = listbox.getByRole('option');
  await expect(options).toHaveCount(suggested.length);
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  const highlighted = async (index: number) => {
    await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await options.nth(index).getAttribute('id'))!);
  };
  await page.keyboard.press('ArrowUp');
  await highlighted(suggested.length - 1);
  await page.keyboard.press('ArrowDown');
  await highlighted(0);
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(search).toHaveValue(QUERY);
  const index = suggested.indexOf(pick);
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await highlighted(index);
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl(`/store/${pick.store.publicId}/product/${pick.uuid}`));
  await expect(listbox).toBeHidden();
  await expect(main).toBeFocused();

  // Add to Cart on the product page, by Enter.
  await expect(page.getByRole('heading', { level: 1, name: pick.name })).toBeVisible();
  await tabTo(page, main.getByRole('button', { name: 'Add to Cart' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(main.getByRole('button', { name: /^(Added!|In Cart)$/ }).first()).toBeFocused();

  // The global search from the header box: Enter with no highlighted suggestion searches the text.
  await tabTo(page, search, 'Shift+Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(QUERY);
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl(`/search?q=${QUERY}`));
  await expect(main).toBeFocused();
  const secondCard = page
    .getByRole('article')
    .filter({ hasNot: page.getByText(`Available at ${pick.store.name}`, { exact: true }) })
    .filter({ hasNot: page.getByRole('heading', { name: pick.name, exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
    .first();
  await expect(secondCard).toBeVisible();
  await tabTo(page, secondCard.getByRole('button', { name: 'Add to Cart' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The auth modal: Enter opens it on the first field, Escape closes it back onto its opener.
  const signInButton = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
  await tabTo(page, signInButton, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const modal = dialog(page);
  await expect(modal.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(signInButton).toBeFocused();

  // Open again: focus stays inside past both ends, then fill and submit from the keyboard.
  await page.keyboard.press('Space');
  await expect(modal.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(DEMO_ACCOUNTS.shopper);
  await page.keyboard.press('Tab');
  await expect(modal.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await expectFocusTrapped(page, modal);
  await tabTo(page, modal.getByRole('button', { name: 'Sign In', exact: true }));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.locator('.user-menu-button')).toBeVisible();
  // The Sign In button is gone once signed in: focus goes on to the page, not lost on the body.
  await expect(main).toBeFocused();

  // The cart from the header: a fee per store; a quantity up by Space; on to checkout.
  const cartLink = page.getByRole('link', { name: 'Cart, 2 items' });
  await tabTo(page, cartLink, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl('/cart'));
  await expect(main).toBeFocused();
  await expect(page.getByText(/^Delivery fee \(\d+\.\d mi\)$/)).toHaveCount(2);
  const increase = page.getByRole('button', { name: `Increase quantity of ${pick.name}` });
  await tabTo(page, increase);
  await page.keyboard.press('Space');
  await expect(page.getByRole('group', { name: `Quantity of ${pick.name}` }).locator('output')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expect(increase).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl('/checkout'));
  await expect(main).toBeFocused();

  // Step 1: Continue without a phone shows the error and puts focus on the field.
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
  const continueButton = page.getByRole('button', { name: 'Continue to Payment' });
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Phone number is required')).toBeVisible();
  const phone = page.getByLabel('Phone Number');
  await expect(phone).toBeFocused();
  await page.keyboard.type('(312) 555-0199');
  await expect(page.getByText('Phone number is required')).toBeHidden();
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');
  const paymentHeading = page.getByRole('heading', { level: 2, name: 'Payment' });
  await expect(paymentHeading).toBeFocused();

  // Step 2, Back and forth: each step takes focus on its heading.
  await tabTo(page, page.getByRole('button', { name: 'Back', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeFocused();
  await expect(phone).toHaveValue('(312) 555-0199');
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');
  await expect(paymentHeading).toBeFocused();

  // The PayPal stand-in's dialog: Approve first, Tab wraps inside, Escape cancels back onto the button.
  const paypalButton = page.getByRole('group', { name: 'Pay with PayPal' }).getByRole('button', { name: 'PayPal' });
  await tabTo(page, paypalButton);
  await page.keyboard.press('Enter');
  const paypal = page.getByRole('dialog', { name: 'PayPal checkout (test)' });
  const approve = paypal.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(paypal.getByRole('button', { name: 'Decline card' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(paypal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(approve).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(paypal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(paypal).toBeHidden();
  await expect(paypalButton).toBeFocused();
  await expect(page.getByText('Processing your order...')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // Pay: Enter on the button, Enter on Approve.
  await page.keyboard.press('Enter');
  await expect(approve).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
  await expect(main).toBeFocused();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const orderItems = page.getByRole('region', { name: 'Order Items' });
  await expect(orderItems.getByRole('listitem').filter({ hasText: `${pick.store.name} · ` })).toContainText(`2x ${pick.name}`);

  // The history by keyboard, and back into the order's details from its card.
  await tabTo(page, page.getByRole('link', { name: 'View Order History' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  await expect(main).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'View Details' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
  await expect(main).toBeFocused();
});
