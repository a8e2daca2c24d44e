// Cart, checkout and PayPal through the real API and the dev PayPal stand-in (issue: Cart, delivery
// fees, checkout and PayPal payment): a cart spanning two stores with a fee per store, the gate,
// sign-in, step 1 validation, Approve → 'Successfully Placed', Cancel → cart kept and no order,
// and the checkout guard reached with the seeded demo accounts.
import type { APIRequestContext } from '@playwright/test';
import { dialog, signIn } from '../fixtures/auth.ts';
import { addFirstInStock, openPaypalDialog, reachPayment, stores } from '../fixtures/checkout.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, DEMO_PASSWORD, type E2EStack } from '../fixtures/stack.ts';

async function orderHistoryCount(request: APIRequestContext, stack: E2EStack, token: string): Promise<number> {
  const response = await request.get(`${stack.apiUrl}/orders/user/history?limit=50`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as unknown[]).length;
}

test('a cart from two stores, a fee per store, sign in, checkout and pay with PayPal', async ({ page, request, stack }) => {
  test.setTimeout(90_000);
  const [first, second] = await stores(request, stack);
  await page.goto(stack.shellUrl('/'));
  const products = [await addFirstInStock(page, request, stack, first!), await addFirstInStock(page, request, stack, second!)];
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Signed out: both stores' lines and the sign-in gate.
  await page.goto(stack.shellUrl('/cart'));
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  for (const store of [first!, second!]) await expect(page.getByRole('region', { name: store.name })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();

  // The verified demo customer: a delivery fee for each store, the full pricing and the way on.
  await signIn(page, DEMO_ACCOUNTS.shopper, DEMO_PASSWORD);
  await expect(page.getByText(/^Delivery fee \(\d+\.\d mi\)$/)).toHaveCount(2);
  await expect(summary.getByText('Total', { exact: true })).toBeVisible();
  await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(stack.shellUrl('/checkout'));

  // Step 1: the phone is required, and editing it clears the error.
  await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
  await expect(page.getByLabel('Street Address')).not.toBeEditable();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.getByLabel('Phone Number').fill('(312) 555-0199');
  await expect(page.getByText('Phone number is required')).toBeHidden();
  // Each store's default window is held once the server answers; Continue asks for one until then.
  await expect(page.getByRole('region', { name: 'Delivery time' }).getByRole('radio', { checked: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Step 2: PayPal (the dev stand-in, driven by the same SDK calls as the real one) → Approve.
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/order-details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Order Items' });
  for (const product of products) await expect(items.getByText(product.name)).toBeVisible();
});

test('Cancel in the PayPal dialog keeps the cart and places no order', async ({ page, request, stack }) => {
  const user = await storeSession(page, stack);
  const before = await orderHistoryCount(request, stack, user.token);
  const [store] = await stores(request, stack);
  await addFirstInStock(page, request, stack, store!);

  await page.goto(stack.shellUrl('/checkout'));
  await reachPayment(page);
  const paypal = await openPaypalDialog(page);
  await paypal.getByRole('button', { name: 'Cancel' }).click();
  await expect(paypal).toBeHidden();

  // Spec §4: a cancel only clears the processing overlay; the shopper stays on Payment, whose step is in the URL.
  await expect(page).toHaveURL(stack.shellUrl('/checkout?step=payment'));
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Processing your order...')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await orderHistoryCount(request, stack, user.token)).toBe(before);
});

test('the checkout guard stops each demo account that may not check out, in the spec order', async ({ page, request, stack }) => {
  const [store] = await stores(request, stack);

  // A new account has no address yet (and is unverified): the address comes first.
  const email = `guard-${Date.now()}@example.com`;
  const registered = await request.post(`${stack.apiUrl}/auth/register`, { data: { email, password: 'Guard-Case-2026' } });
  expect(registered.status()).toBe(201);
  await storeSession(page, stack, { user: ((await registered.json()) as { user: unknown }).user });
  await addFirstInStock(page, request, stack, store!);
  await page.goto(stack.shellUrl('/checkout'));
  await expect(page.getByRole('heading', { name: 'Delivery Address Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Delivery Address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Cart' })).toBeVisible();

  await storeSession(page, stack, DEMO_ACCOUNTS.badAddress);
  await page.goto(stack.shellUrl('/checkout'));
  await expect(page.getByRole('heading', { name: 'Address Validation Required' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Address' })).toBeVisible();

  await storeSession(page, stack, DEMO_ACCOUNTS.unverified);
  await page.goto(stack.shellUrl('/checkout'));
  const verification = page.getByRole('region', { name: 'Email Verification Required' });
  await expect(verification.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();
  await expect(verification.getByText(DEMO_ACCOUNTS.unverified, { exact: true })).toBeVisible();
  await verification.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(verification.getByText('Email sent!')).toBeVisible();

  // The same accounts see the matching gate on the cart page.
  await page.goto(stack.shellUrl('/cart'));
  await expect(
    page.getByRole('complementary', { name: 'Order Summary' }).getByRole('heading', { name: 'Email Verification Required' }),
  ).toBeVisible();
});

// no walls on the way to the till, on a phone and on a desktop.
for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 640 ? 844 : 900 } });

    test('a guest opening /checkout is asked to sign in, and lands on /checkout once signed in', async ({ page, request, stack }) => {
      const [store] = await stores(request, stack);
      await addFirstInStock(page, request, stack, store!);
      await page.goto(stack.shellUrl('/checkout'));

      // Spec §2: still sent to /, but the Sign In dialog says why.
      await expect(page).toHaveURL(stack.shellUrl('/'));
      const signIn = dialog(page);
      await expect(signIn).toHaveAccessibleName('Sign In');
      await expect(signIn).toHaveAccessibleDescription("That page needs an account. Sign in and we'll take you there.");
      await expect(signIn.getByText("That page needs an account. Sign in and we'll take you there.")).toBeInViewport();
      await signIn.getByLabel('Email').fill(DEMO_ACCOUNTS.shopper);
      await signIn.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();

      await expect(signIn).toBeHidden();
      await expect(page).toHaveURL(stack.shellUrl('/checkout'));
      await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible({ timeout: 25_000 });
    });

    test('checkout keeps its place: a reload stays on Payment with the same holds, Back and Forward move between the steps', async ({
      page,
      request,
      stack,
    }) => {
      await storeSession(page, stack);
      const [store] = await stores(request, stack);
      await addFirstInStock(page, request, stack, store!);
      await page.goto(stack.shellUrl('/checkout'));
      await reachPayment(page);
      await expect(page).toHaveURL(stack.shellUrl('/checkout?step=payment'));

      // Back: Delivery Info, with the phone typed and the window held; note which one.
      await page.goBack();
      await expect(page).toHaveURL(stack.shellUrl('/checkout'));
      await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
      await expect(page.getByLabel('Phone Number')).toHaveValue('(312) 555-0199');
      const chosen = page.getByRole('region', { name: 'Delivery time' }).getByRole('radio', { checked: true });
      await expect(chosen).toHaveCount(1);
      const window = await chosen.getAttribute('value');

      // Forward, then a reload: still Payment, with its PayPal button.
      await page.goForward();
      await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(stack.shellUrl('/checkout?step=payment'));
      await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible({ timeout: 25_000 });
      await expect(page.getByRole('group', { name: 'Pay with PayPal' }).getByRole('button', { name: 'PayPal' })).toBeVisible();

      // Payment's own Back button: one step back, to the same hold (the server kept it through the reload).
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page).toHaveURL(stack.shellUrl('/checkout'));
      await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Delivery time' }).getByRole('radio', { checked: true })).toHaveAttribute(
        'value',
        window!,
      );
    });

    test('adds in a row say so in one toast, which keeps off the cart and its Proceed button', async ({ page, request, stack }) => {
      const [store] = await stores(request, stack);
      await page.goto(stack.shellUrl(`/store/${store!.publicId}`));
      const buttons = page.getByRole('button', { name: 'Add to Cart' });
      await buttons.nth(0).click();
      await expect(page.getByRole('status').getByText(/ added to cart!$/)).toBeVisible();
      await buttons.nth(1).click();
      const toast = page.getByRole('status').locator('.toast');
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText('2 items added to your cart');

      // Still showing on the cart: on the header's band, not over the lines or Proceed/sign-in gate.
      await page.getByRole('link', { name: /^Cart, 2 items$/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
      await expect(toast).toBeVisible();
      const header = (await page.getByRole('banner').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    });
  });
}
