// Through the composed stack at 390 and 1280 px: a refusal payment would make is
// said in the cart and in checkout step 1, where the shopper can act on it. A cart under a store's
// minimum cannot reach payment until an item is added; the fix is a link to that store. An address
// whose ZIP is another city's is never "verified", and the account form names the field.
import { addCheapest, addFirstInStock, minimumOf, reachPayment, stores, usd } from '../fixtures/checkout.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures/stack.ts';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a cart under a store minimum cannot reach payment until an item is added from that store', async ({ page, request, stack }) => {
      test.setTimeout(120_000);
      await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
      const loop = (await stores(request, stack)).find((s) => s.publicId === 'loop-provisions')!;
      const cheap = await addCheapest(page, request, stack, loop);
      const minimum = await minimumOf(request, stack, loop);
      expect(cheap.price_cents).toBeLessThan(minimum);
      const fix = `Add ${usd(minimum - cheap.price_cents)} more from ${loop.name}`;

      // The cart: the fix on the store's part, Proceed disabled and saying why.
      await page.goto(stack.shellUrl('/cart'));
      const part = page.getByRole('region', { name: loop.name, exact: true });
      await expect(part.getByRole('link', { name: fix })).toHaveAttribute('href', `/store/${loop.publicId}`);
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      const proceed = summary.getByRole('button', { name: 'Proceed to Checkout' });
      await expect(proceed).toBeDisabled();
      await expect(proceed).toHaveAccessibleDescription(new RegExp(`${fix.replace(/[$.]/g, '\\$&')} to check out\\.`));
      await expect(summary.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
      // The summary keeps its total while the cart is refused.
      await expect(summary.getByText('Total', { exact: true })).toBeVisible();

      // Checkout opened anyway (a bookmark, the address bar): step 1 says the same, and no payment is offered.
      await page.goto(stack.shellUrl('/checkout'));
      const before = page.getByRole('region', { name: 'Before payment' });
      await expect(before.getByRole('link', { name: fix })).toBeVisible({ timeout: 25_000 });
      await page.getByLabel('Phone Number').fill('(312) 555-0199');
      await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'PayPal' })).toHaveCount(0);

      // The fix leads to the store; one more item (its dearest in stock) lifts the part over its minimum.
      await page.goto(stack.shellUrl('/cart'));
      await part.getByRole('link', { name: fix }).click();
      await expect(page).toHaveURL(new RegExp(`/store/${loop.publicId}$`));
      await addFirstInStock(page, request, stack, loop);
      await page.goto(stack.shellUrl('/cart'));
      await expect(part.getByText(/more from/)).toHaveCount(0);
      await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout/);
      await expect(page.getByRole('region', { name: 'Before payment' })).toHaveCount(0);
      await reachPayment(page);
      await expect(page.getByRole('group', { name: 'Pay with PayPal' }).getByRole('button', { name: 'PayPal' })).toBeVisible();
    });
  });
}

test('a ZIP of another city is never verified: the account names the field and the cart asks to fix it', async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(90_000);
  const email = `walls-zip-${Date.now()}@example.com`;
  const registered = await request.post(`${stack.apiUrl}/auth/register`, {
    data: { email, password: 'Walls-Zip-2026', firstName: 'Zed', lastName: 'Zipper' },
  });
  expect(registered.status()).toBe(201);
  await storeSession(page, stack, { user: ((await registered.json()) as { user: unknown }).user });
  const [store] = await stores(request, stack);
  await addFirstInStock(page, request, stack, store!);

  await page.goto(stack.shellUrl('/account'));
  const street = page.getByLabel('Street Name');
  await expect(street).toBeVisible({ timeout: 25_000 });
  if (await page.getByLabel('First Name').isVisible()) {
    await page.getByLabel('First Name').fill('Zed');
    await page.getByLabel('Last Name').fill('Zipper');
  }
  await street.fill('233 S Wacker Dr');
  await page.getByLabel('City').fill('Chicago');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByRole('button', { name: 'Save Address' }).click();

  await expect(page.getByRole('heading', { name: 'Address Validation Required' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveAccessibleDescription('62701 is in Springfield, IL');
  await expect(page.getByText('Address verified')).toHaveCount(0);
  // Saved (the spec's text), as a warning that says what to fix.
  const saved = page.getByRole('status').filter({ hasText: 'Delivery address updated successfully!' });
  await expect(saved).toContainText('It could not be validated: 62701 is in Springfield, IL. Please correct it and save again.');
  await expect(saved).toHaveClass(/notice-warning/);

  await page.goto(stack.shellUrl('/cart'));
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByRole('heading', { name: 'Address Validation Required' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
  // No fee for a delivery from Springfield's distance: nothing is priced until the address is fixed.
  await expect(page.getByText(/^Delivery fee/)).toHaveCount(0);
});

test("a guest's stored line whose stock fell below its quantity is set down on the next visit, with a toast, and keeps its subtotal", async ({
  page,
  request,
  stack,
}) => {
  test.setTimeout(90_000);
  const [store] = await stores(request, stack);
  const product = await addFirstInStock(page, request, stack, store!);
  const { stockQuantity: seeded, price_cents: price } = (
    (await (await request.get(`${stack.apiUrl}/open/product/${product.uuid}`)).json()) as {
      product: { stockQuantity: number; price_cents: number };
    }
  ).product;
  expect(seeded).toBeGreaterThanOrEqual(4);

  // Four of it, through the cart's own stepper.
  await page.goto(stack.shellUrl('/cart'));
  const quantity = page.getByRole('group', { name: `Quantity of ${product.name}` });
  for (let n = 2; n <= 4; n++) {
    await quantity.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await expect(quantity.locator('output')).toHaveText(String(n));
  }

  // The store's staff count two on the shelf while the guest is away.
  const login = await request.post(`${stack.apiUrl}/auth/login`, {
    data: { email: `staff.${store!.publicId}@grocer.test`, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const counted = (stockQuantity: number) =>
    request.patch(`${stack.apiUrl}/ops/stores/${store!.uuid}/products/${product.uuid}`, { headers, data: { stockQuantity } });
  expect((await counted(2)).ok()).toBe(true);
  try {
    await page.reload();
    await expect(quantity.locator('output')).toHaveText('2', { timeout: 15_000 });
    await expect(page.getByRole('status').getByText(`Only 2 left of ${product.name}: your cart now has 2.`)).toBeVisible();
    await expect(quantity.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeDisabled();
    await expect(quantity.getByText('Only 2 left')).toBeVisible();
    // A visitor's summary is the subtotal, for the quantity now in the cart.
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await expect(summary.getByRole('definition')).toHaveText(usd(price * 2));
  } finally {
    // Other specs read this product's count as seeded.
    expect((await counted(seeded)).ok()).toBe(true);
  }
});
