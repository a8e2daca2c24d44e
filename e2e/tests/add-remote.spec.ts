// A remote joins the shop by configuration alone: its entry in /remotes.json brings its routes (read
// from its routes.json), removing the entry takes them away, and no app is rebuilt or redeployed.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, storeSession, DEMO_ACCOUNTS, type E2EStack } from '../fixtures/stack.ts';

/** Every served file of every app, with its size and modification time: any rebuild or redeploy changes it. */
function deployedFiles(stack: E2EStack): string[] {
  const list = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return list(file);
      const { size, mtimeMs } = statSync(file);
      return [`${file} ${size} ${mtimeMs}`];
    });
  return Object.values(stack.apps).flatMap((app) => list(app.root));
}

/** Loads /admin in a fresh document and says which origins served its scripts and documents. */
async function openAdmin(page: Page, stack: E2EStack) {
  const fromOps: string[] = [];
  const onResponse = (response: { url(): string }) => {
    if (response.url().startsWith(stack.apps['mf-ops'].url)) fromOps.push(new URL(response.url()).pathname);
  };
  page.on('response', onResponse);
  await page.goto(stack.shellUrl('/admin'));
  await expect(page.locator('main h1').first()).toBeVisible();
  page.off('response', onResponse);
  return fromOps;
}

test('adding mf-ops to /remotes.json adds its routes on reload; removing it takes them away; nothing is rebuilt', async ({
  page,
  stack,
}) => {
  const configured = stack.remotes();
  const ops = `${stack.apps['mf-ops'].url}/mf-manifest.json`;
  expect(configured.ops).toBe(ops);
  const withoutOps = Object.fromEntries(Object.entries(configured).filter(([name]) => name !== 'ops'));
  const filesBefore = deployedFiles(stack);
  try {
    // The shop without mf-ops: /admin is nobody's page, and nothing is asked of the ops origin.
    stack.setRemotes(withoutOps);
    await storeSession(page, stack, DEMO_ACCOUNTS.admin);
    expect(await openAdmin(page, stack)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

    // Ops add its entry: one reload and the board is there, rendered by mf-ops from its own origin.
    stack.setRemotes({ ...withoutOps, ops });
    const fetched = await openAdmin(page, stack);
    await expect(page.getByRole('heading', { level: 1, name: 'Order board' })).toBeVisible();
    expect(fetched).toEqual(expect.arrayContaining(['/routes.json', '/mf-manifest.json', '/remoteEntry.js']));
    expect(fetched.some((file) => /^\/__federation_expose_OrderBoardPage\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    // The shoppers' pages are the same as before.
    await page.goto(stack.shellUrl('/cart'));
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();

    // The entry removed again: its routes are gone.
    stack.setRemotes(withoutOps);
    expect(await openAdmin(page, stack)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  } finally {
    stack.setRemotes(configured);
  }
  expect(deployedFiles(stack)).toEqual(filesBefore);
});
