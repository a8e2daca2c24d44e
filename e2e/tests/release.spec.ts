// Independent release and fault isolation: a remote redeployed on its own is picked up by a
// reload with the shell untouched; a remote that is down only blanks its own routes.
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@grocer/tools/stack';
import { test, expect, storeSession } from '../fixtures/stack.ts';

const FALLBACK = 'This part of the shop is unavailable right now.';

test.describe('independent release', () => {
  test('a remote rebuilt with a changed text and redeployed is picked up by a reload', async ({ page, stack }) => {
    test.setTimeout(180_000);
    await page.goto(stack.shellUrl('/cart'));
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    const shellFilesBefore = readFileSync(path.join(stack.apps.shell.root, 'index.html'), 'utf8');

    // The cart team's next release: a copy of their workspace with a changed heading, built on its own.
    const release = path.join(REPO_ROOT, '.tmp', `release-${Date.now()}`, 'mf-cart-checkout');
    cpSync(path.join(REPO_ROOT, 'mf-cart-checkout'), release, {
      recursive: true,
      filter: (src) => !['dist', 'node_modules'].includes(path.basename(src)),
    });
    const pageFile = path.join(release, 'src/features/cart/CartPage.tsx');
    writeFileSync(pageFile, readFileSync(pageFile, 'utf8').replace('heading="Cart"', 'heading="Your Cart"'));
    const build = spawnSync('npx', ['rspack', 'build', '--mode', 'production', '-c', path.join(release, 'rspack.config.ts')], {
      cwd: release,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    // Deploy: swap the folder the cart remote's server serves.
    const deployed = stack.apps['mf-cart-checkout'].root;
    renameSync(deployed, `${deployed}.previous`);
    cpSync(path.join(release, 'dist'), deployed, { recursive: true });
    rmSync(path.dirname(release), { recursive: true, force: true });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
    expect(readFileSync(path.join(stack.apps.shell.root, 'index.html'), 'utf8')).toBe(shellFilesBefore);

    // Roll back by serving the previous folder again.
    rmSync(deployed, { recursive: true, force: true });
    renameSync(`${deployed}.previous`, deployed);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  });

  test('with one remote down its routes show the fallback, others work, and Retry recovers', async ({ page, stack }) => {
    await storeSession(page, stack);
    const orders = stack.apps['mf-orders'];
    await orders.stop();
    try {
      await page.goto(stack.shellUrl('/order-history'));
      await expect(page.getByRole('alert')).toContainText(FALLBACK);
      // The header and footer are still there, and other remotes' routes still work without a reload.
      await expect(page.getByRole('link', { name: 'Grocer home' })).toBeVisible();
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page).toHaveURL(stack.shellUrl('/'));
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('alert')).toContainText(FALLBACK);
    } finally {
      await orders.start();
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  });

  test('the shell still starts when a remote is down at page load', async ({ page, stack }) => {
    const catalog = stack.apps['mf-catalog'];
    await catalog.stop();
    try {
      await page.goto(stack.shellUrl('/'));
      await expect(page.getByRole('alert')).toContainText(FALLBACK);
      await page.goto(stack.shellUrl('/cart'));
      await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    } finally {
      await catalog.start();
    }
  });
});
