// Phone-first layout: at 390×844 and 1280×800, signed out and in, on every route of the table — the
// header's height (≤ 112 px on a phone, one row on a desktop), the header still in reach after
// scrolling, no sideways scroll, axe clean; the pre-JS paint of the header matching the rendered one,
// no layout shift; and the composed-page defects of the phone walk-through (Stores list, toasts,
// focus after sign-in, sign-out clearing the cart).
import type { APIRequestContext, Page } from '@playwright/test';
import { signIn, signOut } from '../fixtures/auth.ts';
import { audit } from '../fixtures/axe.ts';
import { addFirstInStock, stores } from '../fixtures/checkout.ts';
import { test, expect, storeSession, DEMO_ACCOUNTS, DEMO_PASSWORD, type E2EStack } from '../fixtures/stack.ts';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const PHONE_HEADER_MAX = 112;

async function routes(request: APIRequestContext, stack: E2EStack, signedIn: boolean) {
  const [store] = await stores(request, stack);
  const categories = (await (await request.get(`${stack.apiUrl}/open/categories?storeId=${store!.uuid}`)).json()) as { uuid: string }[];
  const open = [
    '/',
    `/store/${store!.publicId}`,
    `/store/${store!.publicId}/category/${categories[0]!.uuid}`,
    '/search?q=milk',
    '/cart',
    '/verify-email',
    '/reset-password?token=abc',
    '/contact',
  ];
  const unknownOrder = '00000000-0000-4000-8000-000000000000';
  const signedInOnly = ['/account', '/checkout', `/order-confirmation/${unknownOrder}`, `/order-details/${unknownOrder}`, '/order-history'];
  return signedIn ? [...open, ...signedInOnly] : open;
}

/** The page has rendered its route (no placeholder left) and the header's widgets are in. */
async function settled(page: Page) {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('header .cart-icon')).toBeVisible();
  await expect(page.locator('header .user-menu')).toBeVisible();
}

async function headerBox(page: Page) {
  const box = await page.getByRole('banner').boundingBox();
  if (!box) throw new Error('no header');
  return box;
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const signedIn of [false, true]) {
      test(`every route ${signedIn ? 'signed in' : 'signed out'}: header size, sticky header, no sideways scroll, axe`, async ({
        page,
        request,
        stack,
      }) => {
        test.setTimeout(180_000);
        if (signedIn) await storeSession(page, stack, DEMO_ACCOUNTS.shopper);
        for (const pathname of await routes(request, stack, signedIn)) {
          await page.goto(stack.shellUrl(pathname));
          await settled(page);
          const header = await headerBox(page);
          if (viewport.width < 640) {
            expect.soft(header.height, `${pathname}: header height`).toBeLessThanOrEqual(PHONE_HEADER_MAX);
          } else {
            // One row: the brand, the search, the cart and the user menu share a line.
            const tops = await Promise.all(
              ['.brand', '.slot-search', '.slot-cart', '.slot-user'].map(async (selector) => {
                const box = (await page.locator(`header ${selector}`).boundingBox())!;
                return Math.round(box.y + box.height / 2);
              }),
            );
            expect.soft(Math.max(...tops) - Math.min(...tops), `${pathname}: header in one row`).toBeLessThanOrEqual(4);
          }
          const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
          expect.soft(widths[0], `${pathname}: sideways scroll`).toBeLessThanOrEqual(widths[1]!);
          await audit(page, `${pathname} at ${viewport.width}px`);

          // Scrolled down, the search and the cart are still on screen, below nothing.
          await page.mouse.wheel(0, 2000);
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(0);
          await expect
            .soft(page.getByRole('banner').getByRole('combobox', { name: 'Search products' }), `${pathname}: search after scroll`)
            .toBeInViewport();
          await expect.soft(page.getByRole('banner').locator('.cart-icon'), `${pathname}: cart after scroll`).toBeInViewport();
        }
      });
    }

    test('the pre-JS paint of the header has the rendered header’s size and slots', async ({ browser, stack }) => {
      const measure = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(stack.shellUrl('/'));
        if (javaScriptEnabled) await settled(page);
        const boxes = await page.evaluate(() =>
          ['.site-header', '.brand', '.slot-stores', '.slot-search', '.slot-cart'].map((selector) => {
            const rect = document.querySelector(selector)!.getBoundingClientRect();
            return [selector, Math.round(rect.top), Math.round(rect.height)];
          }),
        );
        await context.close();
        return boxes;
      };
      expect(await measure(false)).toEqual(await measure(true));
    });

    test('no layout shift while / and a store page load', async ({ page, request, stack }) => {
      await page.addInitScript(() => {
        (window as unknown as { cls: number }).cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const [store] = await stores(request, stack);
      for (const pathname of ['/', `/store/${store!.publicId}`]) {
        await page.goto(stack.shellUrl(pathname));
        await settled(page);
        await page.waitForTimeout(500);
        expect.soft(await page.evaluate(() => (window as unknown as { cls: number }).cls), `${pathname}: CLS`).toBeLessThanOrEqual(0.05);
      }
    });

    test('a control focused under the sticky header is scrolled clear of it (WCAG 2.4.11)', async ({ page, request, stack }) => {
      const [store] = await stores(request, stack);
      await page.goto(stack.shellUrl(`/store/${store!.publicId}`));
      await settled(page);
      // Scrolled so the control sits at the top of the window, under the sticky header but inside the
      // viewport: without scroll padding the browser sees it as visible and would not scroll to it.
      const control = page.getByRole('button', { name: 'Add to Cart' }).nth(4);
      await control.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 10));
      await control.focus();
      const [header, focused] = [await headerBox(page), (await control.boundingBox())!];
      expect(focused.y).toBeGreaterThanOrEqual(header.y + header.height);
    });

    test('the Stores dropdown shows every store', async ({ page, request, stack }) => {
      const all = await stores(request, stack);
      await page.goto(stack.shellUrl('/'));
      await settled(page);
      await page.getByRole('button', { name: 'Stores' }).click();
      const menu = page.getByRole('navigation', { name: 'Main' });
      for (const store of all) await expect(menu.getByRole('link', { name: store.name })).toBeInViewport({ ratio: 1 });
    });

    test('a store page shows products in its first screen; the filters open on demand', async ({ page, request, stack }) => {
      const [store] = await stores(request, stack);
      await page.goto(stack.shellUrl(`/store/${store!.publicId}`));
      await settled(page);
      await expect(page.locator('.product-card').first()).toBeInViewport();
      const inStock = page.getByRole('checkbox', { name: /In stock only/ });
      const toggle = page.getByRole('button', { name: 'Show filters' });
      if (viewport.width < 800) {
        await expect(inStock).toBeHidden();
        await toggle.click();
        await expect(page.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
      } else {
        await expect(toggle).toBeHidden();
      }
      await expect(inStock).toBeVisible();
    });

    test('after signing in, the header and the verification banner stay in view', async ({ page, stack }) => {
      await page.goto(stack.shellUrl('/'));
      await settled(page);
      await signIn(page, DEMO_ACCOUNTS.unverified, DEMO_PASSWORD);
      const banner = page.getByRole('region', { name: 'Email verification' });
      await expect(banner).toBeVisible();
      await expect(page.getByRole('main')).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(banner).toBeInViewport({ ratio: 1 });
      const box = (await banner.boundingBox())!;
      // One line plus its buttons on a phone.
      if (viewport.width < 640) expect(box.height).toBeLessThanOrEqual(60);
      await banner.getByRole('button', { name: 'Dismiss verification reminder' }).click();
      await expect(banner).toBeHidden();
    });
  });
}

test.describe('phone 390×844 first screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // a shopper sees a whole product card, its Add to Cart button included, without scrolling.
  test('a store, a category and a search show their first card whole, Add to Cart included, in the first screen', async ({
    page,
    request,
    stack,
  }) => {
    const [store] = await stores(request, stack);
    const categories = (await (await request.get(`${stack.apiUrl}/open/categories?storeId=${store!.uuid}`)).json()) as {
      uuid: string;
      productCount: number;
    }[];
    const category = categories.find((c) => c.productCount > 0)!;
    for (const pathname of [`/store/${store!.publicId}`, `/store/${store!.publicId}/category/${category.uuid}`, '/search?q=milk']) {
      await page.goto(stack.shellUrl(pathname));
      await settled(page);
      const card = page.locator('article.product-card').first();
      const button = card.getByRole('button', { name: 'Add to Cart' });
      await expect(button).toBeVisible();
      expect(await page.evaluate(() => window.scrollY), `${pathname}: not scrolled`).toBe(0);
      const [cardBox, buttonBox] = [(await card.boundingBox())!, (await button.boundingBox())!];
      expect.soft(buttonBox.y + buttonBox.height, `${pathname}: Add to Cart in the first screen`).toBeLessThanOrEqual(844);
      expect.soft(cardBox.y + cardBox.height, `${pathname}: first card in the first screen`).toBeLessThanOrEqual(844);
    }
  });
});

test.describe('desktop 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the add-to-cart toast does not cover the button just used', async ({ page, request, stack }) => {
    const [store] = await stores(request, stack);
    await page.goto(stack.shellUrl(`/store/${store!.publicId}`));
    await settled(page);
    // A button in the last column, low on the screen: where the bottom-right stack used to open.
    const buttons = page.getByRole('button', { name: 'Add to Cart' });
    await expect(buttons.nth(3)).toBeVisible();
    const candidates = await buttons.all();
    let target = candidates[0]!;
    let right = 0;
    for (const button of candidates.slice(0, 8)) {
      const box = (await button.boundingBox())!;
      if (box.x > right) [target, right] = [button, box.x];
    }
    await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await target.click();
    const toast = page.locator('.toast').first();
    await expect(toast).toBeVisible();
    const [used, shown] = [(await target.boundingBox())!, (await toast.boundingBox())!];
    const overlaps =
      used.x < shown.x + shown.width && shown.x < used.x + used.width && used.y < shown.y + shown.height && shown.y < used.y + used.height;
    expect(overlaps).toBe(false);
  });

  test('Sign Out clears the previous shopper’s cart from local storage', async ({ page, request, stack }) => {
    const [store] = await stores(request, stack);
    await page.goto(stack.shellUrl('/'));
    await signIn(page, DEMO_ACCOUNTS.shopper, DEMO_PASSWORD);
    await addFirstInStock(page, request, stack, store!);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-cart') ?? '[]').length)).toBe(1);
    await signOut(page);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user-cart') ?? '[]').length)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });
});
