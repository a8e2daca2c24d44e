// Stock as staff correct it: a store's staff member signs in, opens Inventory, exports the
// store's CSV, imports a file that changes two prices and one count, reads the preview (what changes,
// nothing yet changed), applies it and finds the new values in the table. Before that, a bulk price
// change by a percentage is previewed and cancelled. On a phone (390 px) and a desktop (1280 px); axe
// on the inventory screen and on both previews, whose "Becomes" column is on screen without
// scrolling sideways, and no sideways scroll of the page.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import type { OpsInventoryPage } from '@grocer/shared/contracts';
import { signIn } from '../fixtures/auth.ts';
import { audit } from '../fixtures/axe.ts';
import { stores } from '../fixtures/checkout.ts';
import { test, expect, DEMO_PASSWORD } from '../fixtures/stack.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The element lies within the viewport's width: readable without scrolling anything sideways. */
async function expectOnScreen(page: Page, locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x, 'starts on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on screen').toBeLessThanOrEqual(width);
}

for (const [width, storeIndex] of [
  [390, 0],
  [1280, 1],
] as const) {
  test(`at ${width} px: staff import a CSV of two prices and one count, preview it, apply it, see the new values`, async ({
    page,
    request,
    stack,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const store = (await stores(request, stack))[storeIndex]!;
    const email = `staff.${store.publicId}@grocer.test`;

    // The three products the file changes, as the API has them now (and put back at the end).
    const login = await request.post(`${stack.apiUrl}/auth/login`, { data: { email, password: DEMO_PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const listed = await request.get(`${stack.apiUrl}/ops/stores/${store.uuid}/products`, { headers, params: { limit: 3, sort: 'name' } });
    const [first, second, third] = ((await listed.json()) as OpsInventoryPage).products;
    const changes = [
      { product: first!, priceCents: first!.priceCents + 25, stockQuantity: first!.stockQuantity },
      { product: second!, priceCents: second!.priceCents + 50, stockQuantity: second!.stockQuantity },
      { product: third!, priceCents: third!.priceCents, stockQuantity: third!.stockQuantity + 7 },
    ];

    try {
      await page.goto(stack.shellUrl('/'));
      await signIn(page, email, DEMO_PASSWORD);
      await page.goto(stack.shellUrl('/admin/inventory'));
      await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Products' });
      await expect(table).toBeVisible();
      await audit(page, `inventory at ${width} px`);

      // Bulk: two products selected, prices up 10 %: a preview of what each becomes, then cancelled.
      await table.getByRole('checkbox', { name: `Select ${first!.name}`, exact: true }).check();
      await table.getByRole('checkbox', { name: `Select ${second!.name}`, exact: true }).check();
      const bulk = page.getByRole('region', { name: 'Change the selected products' });
      await expect(bulk).toContainText('2 products selected');
      await bulk.getByLabel('Action').selectOption({ label: 'Change price by a percentage' });
      await bulk.getByLabel(/^Percent/).fill('10');
      await bulk.getByRole('button', { name: 'Preview' }).click();
      const bulkPreview = bulk.getByRole('table', { name: 'Preview: nothing has changed yet' });
      const raised = Math.round(first!.priceCents * 1.1);
      await expect(bulkPreview.getByRole('row').filter({ hasText: first!.name })).toContainText(`$${dollars(raised)}`);
      await expectOnScreen(page, bulkPreview.getByRole('columnheader', { name: 'Becomes' }), width);
      await audit(page, `inventory bulk preview at ${width} px`);
      await bulk.getByRole('button', { name: 'Cancel' }).click();
      await bulk.getByRole('button', { name: 'Clear selection' }).click();
      await expect(bulk).toBeHidden();

      // Export: the store's file, with the columns an import reads.
      const csv = page.getByRole('region', { name: 'CSV export and import' });
      const download = page.waitForEvent('download');
      await csv.getByRole('button', { name: 'Export CSV' }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe(`${store.publicId}-inventory.csv`);
      const exported = await readFile((await saved.path())!, 'utf8');
      expect(exported.split('\r\n')[0]).toBe('uuid,item_key,name,size,price,stock,active');
      expect(exported).toContain(`${first!.productUuid},`);

      // Import: a preview first, in which nothing has changed yet.
      const file = ['uuid,price,stock', ...changes.map((c) => `${c.product.productUuid},${dollars(c.priceCents)},${c.stockQuantity}`)].join(
        '\n',
      );
      await csv.getByLabel('Import a CSV file').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await expect(csv.getByText('3 products change, 0 unchanged, 0 row errors.')).toBeVisible();
      const preview = csv.getByRole('table', { name: 'What changes' });
      for (const c of changes) {
        await expect(preview.getByRole('row').filter({ hasText: c.product.name })).toContainText(
          `$${dollars(c.priceCents)} · ${c.stockQuantity} on hand`,
        );
      }
      const firstRow = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${first!.name}`, exact: true }) });
      await expect(firstRow.getByLabel(`Price of ${first!.name} (dollars)`)).toHaveValue(dollars(first!.priceCents));
      await expectOnScreen(page, preview.getByRole('columnheader', { name: 'Becomes' }), width);
      await audit(page, `inventory import preview at ${width} px`);
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(width);

      // Applied: the table shows the new prices and the new count.
      await csv.getByRole('button', { name: 'Apply import' }).click();
      await expect(csv.getByText('Import applied: 3 products changed.')).toBeVisible();
      for (const c of changes) {
        const row = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${c.product.name}`, exact: true }) });
        await expect(row.getByLabel(`Price of ${c.product.name} (dollars)`)).toHaveValue(dollars(c.priceCents));
        await expect(row.getByRole('textbox', { name: `On hand of ${c.product.name}`, exact: true })).toHaveValue(String(c.stockQuantity));
      }
      // The audit says it was this import, by this staff member.
      const history = await request.get(`${stack.apiUrl}/ops/stores/${store.uuid}/products/${third!.productUuid}/stock-changes`, {
        headers,
      });
      expect(((await history.json()) as { changes: { reason: string; changedBy: { email: string } }[] }).changes[0]).toMatchObject({
        reason: 'IMPORT',
        changedBy: { email },
      });
    } finally {
      // Other specs read these products' prices and counts as seeded.
      for (const { product } of changes) {
        await request.patch(`${stack.apiUrl}/ops/stores/${store.uuid}/products/${product.productUuid}`, {
          headers,
          data: { priceCents: product.priceCents, stockQuantity: product.stockQuantity },
        });
      }
    }
  });
}
