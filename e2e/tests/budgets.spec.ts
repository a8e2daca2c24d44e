// Speed budget (issue: Proof of quality): the JS a shopper's browser really downloads for the first
// load of the home page, through the composed production stack: shell, remote entries, exposed
// modules and shared chunks, wherever they come from. Sizes are gzip -9 of each body.
import { BUDGETS, gzipSize, kb } from '@grocer/tools/budgets';
import { test, expect, type E2EStack } from '../fixtures/stack.ts';
import type { Page } from '@playwright/test';

/** Every script the first load of / fetched (fresh context: empty cache), largest first, with its gzip size. */
async function firstLoadOfHome(page: Page, stack: E2EStack) {
  // As a shopper gets it: rendered by the page server (whose first page after a start may be left to the browser).
  await expect
    .poll(async () => (await page.request.get(stack.shellUrl('/'))).text(), { timeout: 15_000 })
    .toContain('data-page-state="modules"');
  const scripts: Promise<{ url: string; size: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')) {
      scripts.push(response.body().then((body) => ({ url: response.url(), size: gzipSize(body) })));
    }
  });
  await page.goto(stack.shellUrl('/'), { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Shop Now at / }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(scripts)).sort((a, b) => b.size - a.size);
  const total = loaded.reduce((sum, s) => sum + s.size, 0);
  const short = (url: string) => url.replace(/^http:\/\/localhost:(\d+)/, (_m, port: string) => `:${port}`);
  console.info(
    [`[budget] first-load JS of / : ${kb(total)} gzip -9 in ${loaded.length} files (budget ${kb(BUDGETS.homeFirstLoadJs)})`]
      .concat(loaded.map((s) => `  ${kb(s.size).padStart(9)}  ${short(s.url)}`))
      .join('\n'),
  );
  return { loaded, total };
}

test('the first load of / is measured across the whole composition, each file once', async ({ page, stack }) => {
  const { loaded } = await firstLoadOfHome(page, stack);
  const urls = loaded.map((s) => s.url);
  expect(urls.some((url) => url.startsWith(stack.apps.shell.url) && /\/main\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  expect(urls).toContain(`${stack.apps['mf-catalog'].url}/remoteEntry.js`);
  expect(urls.some((url) => url.includes('__federation_expose_HomePage'))).toBe(true);
  // Preloading must not fetch a script twice.
  expect(urls.length).toBe(new Set(urls).size);
});

test(`the home route's first-load JS is at most ${kb(BUDGETS.homeFirstLoadJs)} gzip`, async ({ page, stack }) => {
  const { total } = await firstLoadOfHome(page, stack);
  expect(total).toBeLessThanOrEqual(BUDGETS.homeFirstLoadJs);
});
