// Runtime composition (issue: foundation): every route is rendered by the remote that owns it,
// loaded from that remote's own origin; protected routes keep visitors out.
import { test, expect, storeSession } from '../fixtures/stack.ts';
import type { AppDir } from '@grocer/tools/ports';

// Each route, the remote that owns it and the module it exposes for it (DESIGN.md table).
const ROUTES: { path: string; owner: AppDir; module: string; protected?: boolean }[] = [
  { path: '/', owner: 'mf-catalog', module: 'HomePage' },
  { path: '/store/fresh-market', owner: 'mf-catalog', module: 'StorePage' },
  { path: '/store/fresh-market/category/123e4567-e89b-12d3-a456-426614174000', owner: 'mf-catalog', module: 'StorePage' },
  { path: '/search?q=milk', owner: 'mf-catalog', module: 'SearchPage' },
  { path: '/store/fresh-market/product/123e4567-e89b-12d3-a456-426614174000', owner: 'mf-catalog', module: 'ProductPage' },
  { path: '/cart', owner: 'mf-cart-checkout', module: 'CartPage' },
  { path: '/verify-email?token=abc', owner: 'mf-account', module: 'VerifyEmailPage' },
  { path: '/reset-password?token=abc', owner: 'mf-account', module: 'ResetPasswordPage' },
  { path: '/account', owner: 'mf-account', module: 'AccountPage', protected: true },
  { path: '/checkout', owner: 'mf-cart-checkout', module: 'CheckoutPage', protected: true },
  { path: '/order-confirmation/ord-1', owner: 'mf-orders', module: 'OrderConfirmationPage', protected: true },
  { path: '/order-details/ord-1', owner: 'mf-orders', module: 'OrderDetailsPage', protected: true },
  { path: '/order-history', owner: 'mf-orders', module: 'OrderHistoryPage', protected: true },
];

test.describe('composed storefront', () => {
  test('every route is rendered by the remote that owns it, from its own origin', async ({ page, stack }) => {
    await storeSession(page, stack);
    for (const route of ROUTES) {
      const origin = stack.apps[route.owner].url;
      const fromOwner: string[] = [];
      const onResponse = (response: { url(): string; ok(): boolean }) => {
        if (response.url().startsWith(origin) && response.ok()) fromOwner.push(response.url());
      };
      page.on('response', onResponse);
      // A fresh document each time, so the owner's files are fetched again and can be observed.
      await page.goto(stack.shellUrl(route.path));
      // The shell's HTML (and the entry's early paint) show a heading before any remote has run: wait
      // for the page's own render, which replaces that placeholder.
      await expect(page.locator('main .page-loading')).toHaveCount(0);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'unavailable' })).toHaveCount(0);
      page.off('response', onResponse);
      expect(
        fromOwner.some((url) => url.endsWith('/mf-manifest.json')),
        `${route.path} manifest from ${origin}`,
      ).toBe(true);
      const exposed = new RegExp(`/__federation_expose_${route.module}\\.[0-9a-f]+\\.js$`);
      expect(
        fromOwner.some((url) => exposed.test(url)),
        `${route.path} rendered by ${route.owner}/${route.module}`,
      ).toBe(true);
    }
  });

  test('the layout frames every page: header, footer, contact page and a real not-found page', async ({ page, stack }) => {
    await page.goto(stack.shellUrl('/no-such-page'));
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Grocer home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Facebook' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  });

  test('protected routes send a visitor to /, with the Sign In dialog saying the page needs an account', async ({ page, stack }) => {
    for (const route of ROUTES.filter((r) => r.protected)) {
      await page.goto(stack.shellUrl(route.path));
      await expect(page).toHaveURL(stack.shellUrl('/'));
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Sign In' })).toHaveAccessibleDescription(
        "That page needs an account. Sign in and we'll take you there.",
      );
    }
  });

  test('the shell serves runtime documents and the cache headers of the design', async ({ request, stack }) => {
    const remotes = await request.get(stack.shellUrl('/remotes.json'));
    expect(remotes.headers()['cache-control']).toBe('no-cache');
    expect(await remotes.json()).toEqual({
      catalog: `http://localhost:${stack.ports.apps['mf-catalog']}/mf-manifest.json`,
      cartCheckout: `http://localhost:${stack.ports.apps['mf-cart-checkout']}/mf-manifest.json`,
      account: `http://localhost:${stack.ports.apps['mf-account']}/mf-manifest.json`,
      orders: `http://localhost:${stack.ports.apps['mf-orders']}/mf-manifest.json`,
      ops: `http://localhost:${stack.ports.apps['mf-ops']}/mf-manifest.json`,
    });
    // Each remote's pages, read by the shell at start: revalidated on every load, like the manifest.
    const routes = await request.get(`${stack.apps['mf-orders'].url}/routes.json`);
    expect(routes.headers()['cache-control']).toBe('no-cache');
    expect(routes.headers()['access-control-allow-origin']).toBe('*');
    expect((await routes.json()) as unknown).toMatchObject({
      routes: expect.arrayContaining([expect.objectContaining({ path: '/order-history' })]),
    });
    const entry = await request.get(`${stack.apps['mf-catalog'].url}/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
    expect(entry.headers()['cache-control']).toBe('no-cache');
    expect(entry.headers()['content-encoding']).toBe('br');
  });
});
