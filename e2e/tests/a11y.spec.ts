// Accessibility (issue: Proof of quality): axe (WCAG 2.0/2.1 A and AA) on every route of the table
// in its main states — signed out and in, empty and full cart, the auth modal, the Stores dropdown,
// the header suggestions, both checkout steps and a placed order's pages — with zero serious or
// critical violations; plus reflow on a narrow phone, and focus on route changes and in the auth modal.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dialog } from '../fixtures/auth.ts';
import { audit } from '../fixtures/axe.ts';
import { addFirstInStock, openPaypalDialog, reachPayment, stores } from '../fixtures/checkout.ts';
import { expectFocusTrapped } from '../fixtures/keyboard.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, type E2EStack } from '../fixtures/stack.ts';

/** Opens a path and waits until what it should show is on screen (no placeholders left to audit). */
async function visit(page: Page, stack: E2EStack, pathname: string, ready: (page: Page) => Locator) {
  await page.goto(stack.shellUrl(pathname));
  await expect(ready(page)).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

async function storeAndCategory(request: APIRequestContext, stack: E2EStack) {
  const [store] = await stores(request, stack);
  const categories = (await (await request.get(`${stack.apiUrl}/open/categories?storeId=${store!.uuid}`)).json()) as {
    uuid: string;
    productCount: number;
  }[];
  return { store: store!, category: categories.find((c) => c.productCount > 0)! };
}

test.describe('accessibility', () => {
  test('signed out: every open route, the header menus, the auth modal and a full cart', async ({ page, request, stack }) => {
    // Twenty pages and states, each audited by axe: on a loaded CI machine it ran past the default 60 s
    // on its last steps (twice in a row), so it gets Playwright's tripled timeout for slow tests.
    test.slow();
    const { store, category } = await storeAndCategory(request, stack);

    await visit(page, stack, '/', (p) => p.getByRole('link', { name: `Shop Now at ${store.name}` }));
    await audit(page, 'home, signed out');

    await page.getByRole('button', { name: 'Stores' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: store.name })).toBeVisible();
    await audit(page, 'Stores dropdown open');
    await page.keyboard.press('Escape');

    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('milk');
    await expect(page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option').first()).toBeVisible();
    await audit(page, 'header suggestions open');
    await search.press('Escape');
    await search.press('Escape');

    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await audit(page, 'auth modal, Sign In');
    await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog(page).locator('[aria-invalid="true"]').first()).toBeVisible();
    await audit(page, 'auth modal, Sign In with field errors');
    await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    await audit(page, 'auth modal, reset');
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'Sign Up' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Create Account' })).toBeVisible();
    await audit(page, 'auth modal, Sign Up');
    await page.keyboard.press('Escape');

    await visit(page, stack, `/store/${store.publicId}`, () => page.getByRole('article').first());
    await audit(page, 'store listing');
    await visit(page, stack, `/store/${store.publicId}/category/${category.uuid}`, () => page.getByRole('article').first());
    await audit(page, 'store category listing');
    await visit(page, stack, '/search?q=milk', () => page.getByRole('article').first());
    await audit(page, 'search results');
    await visit(page, stack, '/search?q=zzqqxxnothing', (p) => p.getByText('No products found.'));
    await audit(page, 'search without results');
    await visit(page, stack, '/search', (p) => p.getByText('No search query provided'));
    await audit(page, 'search without a query');
    await visit(page, stack, '/cart', h1('Cart'));
    await audit(page, 'empty cart, signed out');
    await visit(page, stack, '/verify-email?token=bad', (p) => p.getByText('Verification Failed'));
    await audit(page, 'verify-email with a bad token');
    await visit(page, stack, '/reset-password?token=x', (p) => p.getByLabel('New Password', { exact: true }));
    await audit(page, 'reset-password form');
    await visit(page, stack, '/reset-password', (p) => p.getByText('Invalid Reset Link'));
    await audit(page, 'reset-password without a token');
    await visit(page, stack, '/contact', h1('Contact us'));
    await audit(page, 'contact');
    await visit(page, stack, '/no-such-page', h1('Page not found'));
    await audit(page, 'not found');

    await addFirstInStock(page, request, stack, store);
    await visit(page, stack, '/cart', (p) => p.getByRole('region', { name: store.name }));
    await audit(page, 'full cart, signed out');
  });

  test('signed in: account, user menu, cart, both checkout steps and a placed order', async ({ page, request, stack }) => {
    // A whole checkout with an axe audit at each step: 46 s alone on a quiet machine, 50 s in CI, near the 60 s default.
    test.slow();
    const { store } = await storeAndCategory(request, stack);
    const user = await storeSession(page, stack, DEMO_ACCOUNTS.shopper);

    await visit(page, stack, '/', (p) => p.getByRole('link', { name: `Shop Now at ${store.name}` }));
    await audit(page, 'home, signed in');
    await page.locator('.user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await audit(page, 'user menu open');
    await page.keyboard.press('Escape');

    await visit(page, stack, '/account', h1(/./));
    await expect(page.getByRole('button', { name: /Save|Update/ }).first()).toBeVisible();
    await audit(page, 'account');
    await visit(page, stack, '/cart', h1('Cart'));
    await audit(page, 'empty cart, signed in');

    const product = await addFirstInStock(page, request, stack, store);
    await audit(page, 'store listing, signed in');
    // A favourite (the API answers 409 when it already is one), for the account's favourites grid.
    await request.post(`${stack.apiUrl}/favorites`, {
      headers: { authorization: `Bearer ${user.token}` },
      data: { productUuid: product.uuid },
    });
    await visit(page, stack, '/account', (p) => p.getByRole('button', { name: 'Show Favorites' }));
    await page.getByRole('button', { name: 'Show Favorites' }).click();
    await expect(page.getByRole('article', { name: product.name })).toBeVisible();
    await audit(page, 'account with favourites shown');

    await visit(page, stack, '/cart', (p) => p.getByText(/^Delivery fee \(\d+\.\d mi\)$/));
    await audit(page, 'full cart, signed in');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeVisible();
    await audit(page, 'checkout step 1');
    // Continue without the required phone: the field error is audited too.
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await audit(page, 'checkout step 1 with a field error');
    await reachPayment(page);
    const paypalButton = page.getByRole('group', { name: 'Pay with PayPal' }).getByRole('button', { name: 'PayPal' });
    await expect(paypalButton).toBeVisible();
    await audit(page, 'checkout step 2 with the PayPal button');

    await (await openPaypalDialog(page)).getByRole('button', { name: 'Approve' }).click();
    await expect(h1('Successfully Placed')(page)).toBeVisible({ timeout: 20_000 });
    await audit(page, 'order details of a new order');
    const orderId = /\/order-details\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    expect(orderId).toBeDefined();

    await visit(page, stack, `/order-confirmation/${orderId}`, h1('Order Confirmed!'));
    await audit(page, 'order confirmation');
    await visit(page, stack, '/order-history', (p) => p.getByRole('link', { name: /View Details/ }).first());
    await audit(page, 'order history');
    // Arriving from the history (not from checkout) shows the plain 'Order Details' variant.
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click();
    await expect(h1('Order Details')(page)).toBeVisible();
    await audit(page, 'order details');
  });

  test('an unverified account: the verification banner and the checkout guard', async ({ page, request, stack }) => {
    const { store } = await storeAndCategory(request, stack);
    await storeSession(page, stack, DEMO_ACCOUNTS.unverified);
    await addFirstInStock(page, request, stack, store);
    await visit(page, stack, '/checkout', (p) => p.getByRole('heading', { name: 'Email Verification Required' }));
    await expect(page.getByRole('region', { name: 'Email verification', exact: true })).toBeVisible();
    await audit(page, 'checkout guard and verification banner');
  });

  test('reflow: no sideways scrolling at 320 CSS px (WCAG 1.4.10)', async ({ page, request, stack }) => {
    const { store, category } = await storeAndCategory(request, stack);
    await page.setViewportSize({ width: 320, height: 720 });
    const pages: [string, (page: Page) => Locator][] = [
      ['/', (p) => p.getByRole('link', { name: `Shop Now at ${store.name}` })],
      [`/store/${store.publicId}`, (p) => p.getByRole('article').first()],
      [`/store/${store.publicId}/category/${category.uuid}`, (p) => p.getByRole('article').first()],
      ['/search?q=milk', (p) => p.getByRole('article').first()],
      ['/cart', h1('Cart')],
    ];
    for (const [pathname, ready] of pages) {
      await visit(page, stack, pathname, ready);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect.soft(scrollWidth, `${pathname} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
    }
  });

  test('focus: the skip link, route changes and the auth modal', async ({ page, request, stack }) => {
    const { store } = await storeAndCategory(request, stack);
    await visit(page, stack, '/', (p) => p.getByRole('link', { name: `Shop Now at ${store.name}` }));

    // The first Tab lands on the skip link, which takes focus to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // A route change moves focus to the new page's main content, not the old link's position.
    await page.getByRole('link', { name: `Shop Now at ${store.name}` }).click();
    await expect(h1(store.name)(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Facebook' }).click();
    await expect(h1('Contact us')(page)).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();

    // The auth modal: focus moves in, Tab stays inside, Escape closes and focus returns to the opener.
    const opener = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByLabel('Email')).toBeFocused();
    await expectFocusTrapped(page, dialog(page));
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
