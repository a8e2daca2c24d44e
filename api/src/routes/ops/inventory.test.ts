// Stock as a count through the API (decision 010): a paid order takes it, a line marked
// unavailable or replaced and a cancelled order give back exactly what the order still holds, staff set
// counts one by one, in bulk or from a CSV, and every move is in stock_changes. The inventory table's
// sorts, cursor paging and low-stock filter; CSV export (formula cells neutralised) and import (preview,
// row errors by line, all or nothing, the caller's own store only). Runs on PGlite, and on PostgreSQL
// with DATABASE_URL.
import type {
  OpsInventoryBulkResult,
  OpsInventoryImportResult,
  OpsInventoryPage,
  OpsInventoryProduct,
  OpsStockChangeList,
  OpsStoreSettings,
  OpsStorePart,
} from '@grocer/shared/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { priceChanges, products, stockChanges } from '../../db/schema.ts';
import { bearer, type Registered } from '../../testing/accounts.ts';
import { createShop, placePaidOrder, stockOf, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import type { FakePaypal } from '../../testing/fakePaypal.ts';
import { createOpsWorld, opsCall, readPart, registerStaff } from '../../testing/ops.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let admin: Registered;
let loopStaff: Registered;
let evanstonStaff: Registered;

beforeAll(async () => {
  ({ app, paypal, shop, shopper, admin, loopStaff, evanstonStaff } = await createOpsWorld());
});
afterAll(() => app.close());

const audit = async (product: ShopProduct) => {
  const [row] = await app.db.select({ id: products.id }).from(products).where(eq(products.uuid, product.uuid));
  return app.db.select().from(stockChanges).where(eq(stockChanges.productId, row!.id)).orderBy(desc(stockChanges.id));
};

const productUrl = (product: ShopProduct) => `/ops/stores/${product.storeUuid}/products/${product.uuid}`;

describe('stock is a count', () => {
  it('a paid order takes it; an unavailable line and a replaced line give the shopper’s product back; a cancel releases only what is held', async () => {
    const cream = await shop.addProduct('Heavy Whipping Cream, 1 pt', 399, 10);
    const butter = await shop.addProduct('Salted Butter, 1 lb', 599, 10);
    const cheaperButter = await shop.addProduct('Store Salted Butter, 1 lb', 499, 10);
    const eggs = await shop.addProduct('Large Eggs, 12 ct', 449, 10);
    const orderId = await placePaidOrder(app, paypal, shopper, [
      { product: cream, quantity: 2 },
      { product: butter, quantity: 3 },
      { product: eggs, quantity: 1 },
    ]);
    expect([await stockOf(app, cream.uuid), await stockOf(app, butter.uuid), await stockOf(app, eggs.uuid)]).toEqual([8, 7, 9]);
    expect((await audit(cream))[0]).toMatchObject({ oldQuantity: 10, newQuantity: 8, reason: 'SALE', orderId, changedBy: shopper.uuid });

    const part = await readPart(app, loopStaff, orderId, shop.loop.uuid);
    const line = (p: ShopProduct) => part.lines.find((l) => l.productUuid === p.uuid)!.lineId;
    const mark = (lineId: number, payload: object) => opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${lineId}`, payload);

    expect((await mark(line(cream), { state: 'UNAVAILABLE' })).statusCode).toBe(200);
    expect(await stockOf(app, cream.uuid)).toBe(10);
    expect((await audit(cream))[0]).toMatchObject({ oldQuantity: 8, newQuantity: 10, reason: 'LINE_NOT_SOLD', changedBy: loopStaff.uuid });
    // A retry of the same mark gives nothing back twice.
    expect((await mark(line(cream), { state: 'UNAVAILABLE' })).statusCode).toBe(200);
    expect(await stockOf(app, cream.uuid)).toBe(10);

    expect((await mark(line(butter), { state: 'REPLACED', replacementProductUuid: cheaperButter.uuid })).statusCode).toBe(200);
    expect([await stockOf(app, butter.uuid), await stockOf(app, cheaperButter.uuid)]).toEqual([10, 7]);
    expect((await audit(cheaperButter))[0]).toMatchObject({ oldQuantity: 10, newQuantity: 7, reason: 'REPLACEMENT', orderId });

    expect((await opsCall(app, admin, 'POST', `/ops/orders/${orderId}/cancel`, { reason: 'Shopper moved' })).statusCode).toBe(200);
    // The unavailable cream stays at 10, the butter at 10; the replacement and the eggs come back.
    expect([
      await stockOf(app, cream.uuid),
      await stockOf(app, butter.uuid),
      await stockOf(app, cheaperButter.uuid),
      await stockOf(app, eggs.uuid),
    ]).toEqual([10, 10, 10, 10]);
    expect((await audit(eggs))[0]).toMatchObject({ oldQuantity: 9, newQuantity: 10, reason: 'ORDER_RELEASED', changedBy: admin.uuid });

    // The audit reads newest first through the API, for the store's own staff only.
    const history = await opsCall(app, loopStaff, 'GET', `${productUrl(cheaperButter)}/stock-changes`);
    expect(history.json<OpsStockChangeList>().changes.map((c) => c.reason)).toEqual(['ORDER_RELEASED', 'REPLACEMENT']);
    expect((await opsCall(app, evanstonStaff, 'GET', `${productUrl(cheaperButter)}/stock-changes`)).statusCode).toBe(404);
  });

  it('staff set the count; 0 is out of stock (derived), audited as EDIT, bounded', async () => {
    const jam = await shop.addProduct('Strawberry Jam, 12 oz', 349, 4);
    const url = productUrl(jam);
    for (const stockQuantity of [-1, 100_001, 2.5, 'many'])
      expect((await opsCall(app, loopStaff, 'PATCH', url, { stockQuantity })).statusCode).toBe(400);
    // The old in/out toggle is gone: the API names the fields it takes.
    expect((await opsCall(app, loopStaff, 'PATCH', url, { inStock: false })).statusCode).toBe(400);
    const zero = await opsCall(app, loopStaff, 'PATCH', url, { stockQuantity: 0 });
    expect(zero.json<OpsInventoryProduct>()).toMatchObject({ stockQuantity: 0, stockStatus: 'OUT_OF_STOCK', lowStock: true });
    const open = await app.inject({ method: 'GET', url: `/open/product/${jam.uuid}` });
    expect(open.json<{ product: { stockStatus: string } }>().product.stockStatus).toBe('OUT_OF_STOCK');
    const set = await opsCall(app, loopStaff, 'PATCH', url, { stockQuantity: 37 });
    expect(set.json<OpsInventoryProduct>()).toMatchObject({ stockQuantity: 37, stockStatus: 'IN_STOCK', lowStock: false });
    expect((await audit(jam)).map((c) => [c.oldQuantity, c.newQuantity, c.reason, c.changedByEmail])).toEqual([
      [0, 37, 'EDIT', loopStaff.email],
      [4, 0, 'EDIT', loopStaff.email],
    ]);
    expect((await opsCall(app, evanstonStaff, 'PATCH', url, { stockQuantity: 1 })).statusCode).toBe(404);
  });
});

describe('the inventory table', () => {
  let table: TestShop;
  let staff: Registered;
  const list = async (query: string) => {
    const res = await opsCall(app, staff, 'GET', `/ops/stores/${table.loop.uuid}/products?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<OpsInventoryPage>();
  };
  /** Every page of a query, following nextCursor. */
  const walk = async (query: string) => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: OpsInventoryPage = await list(`${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      names.push(...page.products.map((p) => p.name));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  };

  beforeAll(async () => {
    table = await createShop(app);
    staff = await registerStaff(app, table.loop.id);
    await table.addProduct('Apples, 3 lb', 499, 40);
    await table.addProduct('Bananas, 2 lb', 129, 3);
    await table.addProduct('Cherries, 1 lb', 799, 0);
    await table.addProduct('Dates, 8 oz', 399, 12);
    await table.addProduct('Elderberries, 6 oz', 129, 5);
  });

  it('sorts by name, price and stock both ways, pages by cursor, and filters low stock by the store threshold', async () => {
    expect(await walk('sort=name')).toEqual(['Apples, 3 lb', 'Bananas, 2 lb', 'Cherries, 1 lb', 'Dates, 8 oz', 'Elderberries, 6 oz']);
    expect(await walk('sort=name&order=desc')).toEqual([
      'Elderberries, 6 oz',
      'Dates, 8 oz',
      'Cherries, 1 lb',
      'Bananas, 2 lb',
      'Apples, 3 lb',
    ]);
    // Equal prices keep a stable order across the page boundary.
    expect(await walk('sort=price')).toEqual(['Bananas, 2 lb', 'Elderberries, 6 oz', 'Dates, 8 oz', 'Apples, 3 lb', 'Cherries, 1 lb']);
    expect(await walk('sort=stock&order=desc')).toEqual([
      'Apples, 3 lb',
      'Dates, 8 oz',
      'Elderberries, 6 oz',
      'Bananas, 2 lb',
      'Cherries, 1 lb',
    ]);
    // The default threshold is 5; the store's settings change it.
    expect((await list('lowStock=true&sort=stock')).products.map((p) => p.name)).toEqual([
      'Cherries, 1 lb',
      'Bananas, 2 lb',
      'Elderberries, 6 oz',
    ]);
    const settingsUrl = `/ops/stores/${table.loop.uuid}/settings`;
    const settings = (await opsCall(app, staff, 'GET', settingsUrl)).json<{ lowStockThreshold: number }>();
    expect(settings.lowStockThreshold).toBe(5);
    const { timeZone: _tz, ...current } = (await opsCall(app, staff, 'GET', settingsUrl)).json<OpsStoreSettings>();
    const body = { ...current, lowStockThreshold: 12 };
    expect((await opsCall(app, staff, 'PUT', settingsUrl, body)).json()).toMatchObject({ lowStockThreshold: 12 });
    expect((await opsCall(app, staff, 'PUT', settingsUrl, { ...body, lowStockThreshold: -1 })).statusCode).toBe(400);
    const low = await list('lowStock=true&sort=name&q=e');
    expect(low.lowStockThreshold).toBe(12);
    expect(low.products.map((p) => [p.name, p.lowStock])).toEqual([
      ['Cherries, 1 lb', true],
      ['Dates, 8 oz', true],
      ['Elderberries, 6 oz', true],
    ]);
    // A cursor of one sort is refused for another.
    const first = await list('sort=price&limit=1');
    expect(
      (await opsCall(app, staff, 'GET', `/ops/stores/${table.loop.uuid}/products?sort=name&cursor=${first.nextCursor}`)).statusCode,
    ).toBe(400);
  });

  it('bulk: previews a price change by a percentage, applies it audited, refuses out-of-bounds prices and other stores’ products', async () => {
    const all = (await list('sort=name')).products;
    const [apples, bananas] = all;
    const url = `/ops/stores/${table.loop.uuid}/products/bulk`;
    const ids = [apples!.productUuid, bananas!.productUuid];
    const preview = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'PRICE_PERCENT', percent: 10, preview: true });
    expect(preview.json<OpsInventoryBulkResult>()).toMatchObject({
      applied: false,
      changes: [
        { name: 'Apples, 3 lb', before: { priceCents: 499 }, after: { priceCents: 549 } },
        { name: 'Bananas, 2 lb', before: { priceCents: 129 }, after: { priceCents: 142 } },
      ],
    });
    expect((await list('sort=name')).products[0]!.priceCents).toBe(499);
    const applied = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'PRICE_PERCENT', percent: 10 });
    expect(applied.json<OpsInventoryBulkResult>().applied).toBe(true);
    expect((await list('sort=name')).products.slice(0, 2).map((p) => p.priceCents)).toEqual([549, 142]);
    const [appleRow] = await app.db.select().from(products).where(eq(products.uuid, apples!.productUuid));
    const [change] = await app.db.select().from(priceChanges).where(eq(priceChanges.productId, appleRow!.id));
    expect(change).toMatchObject({ oldPriceCents: 499, newPriceCents: 549, changedBy: staff.uuid });

    // -90 % of 129¢ rounds to 13¢; +500 % of 549¢ is fine; a price past $1,000 refuses the whole action.
    await opsCall(app, admin, 'PATCH', `/ops/stores/${table.loop.uuid}/products/${bananas!.productUuid}`, { priceCents: 90_000 });
    const tooDear = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'PRICE_PERCENT', percent: 50 });
    expect(tooDear.statusCode).toBe(400);
    expect((await list('sort=name')).products[0]!.priceCents).toBe(549);
    const previewed = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'PRICE_PERCENT', percent: 50, preview: true });
    expect(previewed.json<OpsInventoryBulkResult>().changes[1]!.error).toMatch(/outside/);

    const counted = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'SET_STOCK', stockQuantity: 0 });
    expect(counted.json<OpsInventoryBulkResult>().changes.map((c) => c.after.stockQuantity)).toEqual([0, 0]);
    expect(
      (
        await app.db
          .select()
          .from(stockChanges)
          .where(inArray(stockChanges.productId, [appleRow!.id]))
      ).map((c) => [c.newQuantity, c.reason]),
    ).toEqual([[0, 'BULK']]);
    const hidden = await opsCall(app, staff, 'POST', url, { productUuids: ids, action: 'DEACTIVATE' });
    expect(hidden.json<OpsInventoryBulkResult>().changes.every((c) => !c.after.isActive)).toBe(true);
    expect((await app.inject({ method: 'GET', url: `/open/product/${apples!.productUuid}` })).statusCode).toBe(404);

    // Another store's staff, or a product of another store in the selection: not found, nothing changed.
    expect((await opsCall(app, evanstonStaff, 'POST', url, { productUuids: ids, action: 'SET_STOCK', stockQuantity: 9 })).statusCode).toBe(
      404,
    );
    const foreign = await shop.addProduct('Foreign Figs, 8 oz', 599, 3, 'evanston');
    const mixed = await opsCall(app, staff, 'POST', url, { productUuids: [...ids, foreign.uuid], action: 'SET_STOCK', stockQuantity: 9 });
    expect(mixed.statusCode).toBe(404);
    expect(await stockOf(app, foreign.uuid)).toBe(3);
    expect((await list('sort=name')).products[0]!.stockQuantity).toBe(0);
  });
});

describe('CSV', () => {
  let csvShop: TestShop;
  let staff: Registered;
  let milk: ShopProduct;
  let bread: ShopProduct;
  let formula: ShopProduct;
  const importCsv = (user: Registered, body: string | Buffer, preview: boolean, storeUuid = csvShop.loop.uuid) =>
    app.inject({
      method: 'POST',
      url: `/ops/stores/${storeUuid}/inventory/import${preview ? '/preview' : ''}`,
      headers: { ...bearer(user.token), 'content-type': 'text/csv' },
      payload: body,
    });

  beforeAll(async () => {
    csvShop = await createShop(app);
    staff = await registerStaff(app, csvShop.loop.id);
    milk = await csvShop.addProduct('Whole Milk, 1 gal', 429, 20);
    bread = await csvShop.addProduct('Rye Bread, 24 oz', 549, 8);
    formula = await csvShop.addProduct('=HYPERLINK("http://evil.test","Click"), 1 ct', 100, 1);
  });

  it('exports the store’s inventory with formula cells neutralised, to the store’s own staff only', async () => {
    const res = await opsCall(app, staff, 'GET', `/ops/stores/${csvShop.loop.uuid}/inventory.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${csvShop.loop.publicId}-inventory.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('uuid,item_key,name,size,price,stock,active');
    expect(lines).toContain(`${milk.uuid},test-brand|whole-milk-1-gal|1-ct,"Whole Milk, 1 gal",1 ct,4.29,20,true`);
    const evil = lines.find((l) => l.startsWith(formula.uuid))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.test"",""Click""), 1 ct"`);
    expect((await opsCall(app, evanstonStaff, 'GET', `/ops/stores/${csvShop.loop.uuid}/inventory.csv`)).statusCode).toBe(404);
  });

  it('previews changed and unchanged rows and row errors by line, applies all or nothing, audited as an import', async () => {
    const foreign = await csvShop.addProduct('Evanston Eggs, 12 ct', 449, 6, 'evanston');
    const bad = [
      'uuid,price,stock',
      `${milk.uuid},4.49,20`,
      `${bread.uuid},5.49,8`,
      `${foreign.uuid},1.00,1`,
      `${formula.uuid},1.00,-2`,
      `${milk.uuid},4.49,20`,
      `not-an-id,1,1`,
      `${bread.uuid},1000.01,1`,
      `${bread.uuid},4.2.1,1`,
      `${bread.uuid},4,1e3`,
    ].join('\n');
    const preview = await importCsv(staff, bad, true);
    expect(preview.statusCode).toBe(200);
    const result = preview.json<OpsInventoryImportResult>();
    expect(result.changed).toEqual([
      expect.objectContaining({
        line: 2,
        productUuid: milk.uuid,
        before: expect.objectContaining({ priceCents: 429 }),
        after: expect.objectContaining({ priceCents: 449, stockQuantity: 20 }),
      }),
    ]);
    expect(result.unchanged).toBe(1);
    expect(result.errors.map((e) => e.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(result.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/Unknown product id/),
      expect.stringMatching(/negative/),
      expect.stringMatching(/already on line 2/),
      expect.stringMatching(/Unknown product id/),
      expect.stringMatching(/out of bounds/),
      expect.stringMatching(/not a number of dollars/),
      expect.stringMatching(/not a whole number/),
    ]);
    // With any row at fault, applying changes nothing.
    const refused = await importCsv(staff, bad, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/7 row errors; nothing was changed/) },
    });
    expect([await stockOf(app, milk.uuid), await stockOf(app, foreign.uuid)]).toEqual([20, 6]);

    // The export itself, edited: two prices and one count, and the rest unchanged.
    const exported = (await opsCall(app, staff, 'GET', `/ops/stores/${csvShop.loop.uuid}/inventory.csv`)).body
      .replace(`,4.29,20,`, ',3.99,20,')
      .replace(`,5.49,8,`, ',5.79,12,')
      .replace(`,1.00,1,`, ',1.50,1,');
    const good = await importCsv(staff, exported, false);
    expect(good.statusCode).toBe(200);
    expect(good.json<OpsInventoryImportResult>()).toMatchObject({ applied: true, unchanged: 0, errors: [] });
    expect(
      good
        .json<OpsInventoryImportResult>()
        .changed.map((c) => c.name)
        .sort(),
    ).toEqual([formula.name, bread.name, milk.name].sort());
    const rows = await app.db
      .select()
      .from(products)
      .where(inArray(products.uuid, [milk.uuid, bread.uuid]));
    expect(rows.map((r) => [r.name, r.priceCents, r.stockQuantity]).sort()).toEqual([
      ['Rye Bread, 24 oz', 579, 12],
      ['Whole Milk, 1 gal', 399, 20],
    ]);
    expect((await audit(bread))[0]).toMatchObject({ oldQuantity: 8, newQuantity: 12, reason: 'IMPORT', changedBy: staff.uuid });
    // Applying the same file again changes nothing and says so.
    expect((await importCsv(staff, exported, false)).json<OpsInventoryImportResult>()).toMatchObject({ changed: [], unchanged: 3 });
  });

  it('refuses a wrong header, another store, and hostile files with a clear JSON error, changing nothing', async () => {
    const expectRefused = async (res: Awaited<ReturnType<typeof importCsv>>, status: number, message: RegExp) => {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await expectRefused(await importCsv(staff, 'id,cost,count\nx,1,1', true), 400, /header row has unknown columns/);
    await expectRefused(await importCsv(staff, 'uuid,price\nx,1', true), 400, /header row lacks stock/);
    await expectRefused(await importCsv(staff, '', true), 400, /./);
    await expectRefused(await importCsv(staff, `uuid,price,stock\n"${milk.uuid},1,1`, true), 400, /not valid CSV/);
    // Another store's staff cannot import into this store, nor read it through a preview.
    await expectRefused(await importCsv(evanstonStaff, `uuid,price,stock\n${milk.uuid},1.00,1`, false), 404, /Store not found/);

    const before = await stockOf(app, milk.uuid);
    // 10 MB: refused by the body limit before it is read whole.
    await expectRefused(await importCsv(staff, Buffer.alloc(10 * 1024 * 1024, 'a'), false), 413, /./);
    // 100k rows that fit the byte limit.
    await expectRefused(await importCsv(staff, `uuid,price,stock\n${'x,1,1\n'.repeat(100_000)}`, false), 400, /more than 20,000 rows/);
    // UTF-16 (what Excel's "Unicode text" saves), with and without its BOM.
    const utf16 = Buffer.from(`\ufeffuuid,price,stock\n${milk.uuid},0.01,0\n`, 'utf16le');
    await expectRefused(await importCsv(staff, utf16, false), 400, /UTF-16/);
    await expectRefused(await importCsv(staff, utf16.subarray(2), false), 400, /UTF-16/);
    // Latin-1 bytes are not UTF-8.
    const latin1 = Buffer.from(`uuid,name,price,stock\n${milk.uuid},Crème,0.01,0\n`, 'latin1');
    await expectRefused(await importCsv(staff, latin1, false), 400, /not UTF-8/);
    expect(await stockOf(app, milk.uuid)).toBe(before);
    // A UTF-8 file with its BOM (Excel's "CSV UTF-8") is fine.
    const bom = await importCsv(staff, Buffer.from(`\ufeffuuid,price,stock\n${milk.uuid},,${before}\n`, 'utf8'), true);
    expect(bom.json<OpsInventoryImportResult>()).toMatchObject({ unchanged: 1, errors: [] });
  });
});

describe('a line on the pick list and the count', () => {
  it('the count shown to staff is the count the shop sells from', async () => {
    const tea = await shop.addProduct('Black Tea, 20 ct', 299, 3);
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: tea, quantity: 3 }]);
    const page = await opsCall(app, loopStaff, 'GET', `/ops/stores/${shop.loop.uuid}/products?q=black%20tea`);
    expect(page.json<OpsInventoryPage>().products[0]).toMatchObject({ stockQuantity: 0, stockStatus: 'OUT_OF_STOCK' });
    const part: OpsStorePart = await readPart(app, loopStaff, orderId, shop.loop.uuid);
    await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${part.lines[0]!.lineId}`, { state: 'UNAVAILABLE' });
    const open = await app.inject({ method: 'GET', url: `/open/product/${tea.uuid}` });
    expect(open.json<{ product: { stockStatus: string } }>().product.stockStatus).toBe('IN_STOCK');
  });
});
