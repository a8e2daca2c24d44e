// The store side by keyboard alone (WCAG 2.1.1): a store's staff member finds a product in the
// inventory, sets its count on hand to 0 and back, changes its price and puts it back, with Tab,
// typing and Enter only, and every stop on the way shows where focus is. The product ends as it began.
import { stores } from '../fixtures/checkout.ts';
import { tabTo } from '../fixtures/keyboard.ts';
import { test, expect, storeSession, DEMO_PASSWORD } from '../fixtures/stack.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('inventory by keyboard: search, the count on hand and the price, focus always visible', async ({ page, request, stack }) => {
  const [store] = await stores(request, stack);
  const login = await request.post(`${stack.apiUrl}/auth/login`, {
    data: { email: `staff.${store!.publicId}@grocer.test`, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await storeSession(page, stack, { user: ((await login.json()) as { user: unknown }).user });
  const listing = (await (await request.get(`${stack.apiUrl}/open/products/${store!.publicId}/paginated?limit=20`)).json()) as {
    products: { name: string; stockStatus: string; price_cents: number }[];
  };
  const product = listing.products.find((p) => p.stockStatus === 'IN_STOCK')!;

  await page.goto(stack.shellUrl('/admin/inventory'));
  const search = page.getByRole('main').getByLabel('Search products');
  await expect(search).toBeVisible();
  await tabTo(page, search);
  await page.keyboard.type(product.name);
  const row = page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select ${product.name}`, exact: true }) });
  await expect(row).toHaveCount(1);

  // Out of stock and back: the count typed, Enter saves it.
  const count = row.getByRole('textbox', { name: `On hand of ${product.name}`, exact: true });
  const onHand = await count.inputValue();
  for (const value of ['0', onHand]) {
    await tabTo(page, count);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${product.name}: ${value} on hand.` })).toBeVisible();
    await expect(row.getByText('Out of stock')).toHaveCount(value === '0' ? 1 : 0);
  }

  // A new price by typing and Enter, then the old one again (the price is the column before the count).
  const price = row.getByLabel(`Price of ${product.name} (dollars)`);
  for (const cents of [product.price_cents + 10, product.price_cents]) {
    await tabTo(page, price, 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type((cents / 100).toFixed(2));
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${product.name} now costs ${dollars(cents)}.`)).toBeVisible();
  }
});
