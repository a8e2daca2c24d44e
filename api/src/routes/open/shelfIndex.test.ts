// Listings and suggestions answered from the in-memory shelf index (services/catalogue/shelfIndex.ts),
// through the real API: the same answers as the database's own order, and every change made after the
// index was built (ops edits, an order taking the last unit, another process's writes) shown at once.
import type { CategoryProductsResponse, PaginatedProducts, SuggestionsResponse } from '@grocer/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { categories, priceChanges, products } from '../../db/schema.ts';
import { createCatalogueService } from '../../services/catalogue/catalogueService.ts';
import { refreshCatalogueCounts } from '../../services/catalogue/counts.ts';
import { labelSql } from '../../services/catalogue/searchIndex.ts';
import { FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, placePaidOrder, registerShopper, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { opsCall, registerStaff } from '../../testing/ops.ts';
import { shelfFields } from '../../testing/catalogue.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let staff: Registered;
let categoryUuid: string;
const shelf: ShopProduct[] = [];
/** Which path answered each listing and suggestion since the last clear. */
let answered: string[] = [];

// Names that sort and price in different orders, two with equal price and name (the id decides), and a
// label ("quokkaberry jam") sold at both stores at several prices, for suggestions.
const LOOP_PRODUCTS: [name: string, priceCents: number, stock: number][] = [
  ['Quokkaberry Jam, 12 oz', 349, 1],
  ['Quokkaberry Jam, 18 oz', 399, 10],
  ['Apricot Preserves, 10 oz', 529, 10],
  ['Blackcurrant Spread, 9 oz', 289, 10],
  ['Cloudberry Jelly, 8 oz', 999, 10],
  ['Damson Butter, 11 oz', 289, 10],
  ['Elderflower Curd, 7 oz', 649, 0],
  ['Fig Compote, 12 oz', 449, 10],
  ['Gooseberry Jam, 12 oz', 379, 10],
  ['Gooseberry Jam, 12 oz', 379, 10],
  ['Huckleberry Syrup, 12 fl oz', 729, 10],
];

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};

/** Asks until the shelf index answers (it loads in the background after the first read). */
async function untilIndexed(url: string) {
  // Seconds, not milliseconds, on a loaded 2-core CI machine.
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    answered = [];
    await get(url);
    if (answered.includes('index')) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the shelf index never answered ${url}`);
}

const storeUrl = (qs: string) => `/open/products/${shop.loop.publicId}/paginated?${qs}`;
const categoryUrl = (qs: string) => `/open/products/${shop.loop.uuid}/${categoryUuid}/paginated?${qs}`;

/** A listing page, and the same page through the general path (minPrice=0 filters nothing but takes it). */
async function bothPaths<T>(url: string): Promise<{ fast: T; general: T; by: string[] }> {
  answered = [];
  const fast = await get<T>(url);
  const by = answered;
  return { fast, general: await get<T>(`${url}&minPrice=0`), by };
}

/** The database's own pick for a label: active, in stock first, then the cheapest, then the lowest id. */
async function expectedPick(label: string) {
  const [row] = await app.db
    .select({ uuid: products.uuid })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${labelSql} = ${label}`))
    .orderBy(desc(sql`${products.stockQuantity} > 0`), asc(products.priceCents), asc(products.id))
    .limit(1);
  return row!.uuid;
}

/** A name's item and size as the seed sets them ("Quokkaberry Jam" and "12 oz"), so one item's sizes are one item. */
const fields = (name: string) => {
  const [item, size] = name.split(', ');
  return shelfFields(item!, size);
};

const suggestJam = async () => (await get<SuggestionsResponse>('/open/products/suggestions?query=quokkaberry')).products.map((p) => p.uuid);

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  // The seed never names two products alike in a store; the item key (unique per store) tells these apart.
  for (const [i, [name, price, stock]] of LOOP_PRODUCTS.entries())
    shelf.push(await shop.addProduct(name, price, stock, 'loop', { ...fields(name), itemKey: `shelf-test|${i}` }));
  shelf.push(await shop.addProduct('Quokkaberry Jam, 12 oz', 359, 10, 'evanston', fields('Quokkaberry Jam, 12 oz')));
  shelf.push(await shop.addProduct('Quokkaberry Jam, 24 oz', 329, 0, 'evanston', fields('Quokkaberry Jam, 24 oz')));
  await shop.addProduct('Retired Relish, 8 oz', 199, 10, 'loop', { isActive: false });
  await refreshCatalogueCounts(app.db);
  categoryUuid = (await app.db.select().from(categories).where(eq(categories.id, shop.categoryId)))[0]!.uuid;
  staff = await registerStaff(app, shop.loop.id);
  // Answers are not cached here, so every request shows which path answered it.
  app.services.catalogue = createCatalogueService(app.db, {
    cacheTtlMs: 0,
    observe: (_read, by) => answered.push(by),
  });
  await untilIndexed(storeUrl('limit=5'));
});
afterAll(() => app.close());

describe('listings from the shelf index', () => {
  it('answers every sort, order and page of a store and a category exactly as the database orders them', async () => {
    for (const [url, total] of [
      [storeUrl, 11],
      [categoryUrl, 11],
    ] as const)
      for (const sort of ['name', 'price'])
        for (const order of ['asc', 'desc'])
          for (const page of [1, 2, 3]) {
            const { fast, general, by } = await bothPaths<PaginatedProducts>(url(`limit=5&page=${page}&sort=${sort}&order=${order}`));
            expect(fast).toEqual(general);
            expect(by).toEqual(['index']);
            expect(fast.pagination.totalItems).toBe(total);
            expect(fast.products).toHaveLength(page < 3 ? 5 : 1);
          }
    // The two equal names and prices come id first, either way round reversed.
    const { fast } = await bothPaths<PaginatedProducts>(storeUrl('limit=100&sort=price'));
    const ties = fast.products.filter((p) => p.name === 'Gooseberry Jam, 12 oz').map((p) => p.id);
    expect(ties[0]).toBeLessThan(ties[1]!);
    // A page past the end and an unknown store or category are the database's to answer.
    expect((await bothPaths<PaginatedProducts>(storeUrl('limit=5&page=4'))).by).toEqual(['database']);
    expect((await app.inject({ method: 'GET', url: '/open/products/nowhere/paginated' })).statusCode).toBe(404);
    const unknown = await app.inject({ method: 'GET', url: `/open/products/${shop.loop.publicId}/${crypto.randomUUID()}/paginated` });
    expect(unknown.statusCode).toBe(404);
    const category = await get<CategoryProductsResponse>(categoryUrl('limit=1'));
    expect(category).toMatchObject({ categoryUuid, categoryName: expect.stringMatching(/^Pantry /) as string });
  });

  it('shows an ops price, stock or activity change at once, and answers from a reloaded index after it', async () => {
    const cloudberry = shelf[4]!;
    const patch = (body: object) => opsCall(app, staff, 'PATCH', `/ops/stores/${shop.loop.uuid}/products/${cloudberry.uuid}`, body);
    expect((await patch({ priceCents: 99 })).statusCode).toBe(200);
    const cheapest = await bothPaths<PaginatedProducts>(storeUrl('limit=5&sort=price'));
    expect(cheapest.fast).toEqual(cheapest.general);
    expect(cheapest.fast.products[0]).toMatchObject({ uuid: cloudberry.uuid, price_cents: 99 });

    expect((await patch({ stockQuantity: 0 })).statusCode).toBe(200);
    const out = await bothPaths<PaginatedProducts>(storeUrl('limit=5&sort=price'));
    expect(out.fast).toEqual(out.general);
    expect(out.fast.products[0]).toMatchObject({ uuid: cloudberry.uuid, stockStatus: 'OUT_OF_STOCK' });

    expect((await patch({ isActive: false })).statusCode).toBe(200);
    const gone = await bothPaths<PaginatedProducts>(storeUrl('limit=5&sort=price'));
    expect(gone.fast).toEqual(gone.general);
    expect(gone.fast.products.map((p) => p.uuid)).not.toContain(cloudberry.uuid);
    expect(gone.fast.pagination.totalItems).toBe(10);

    // Once reloaded, the index answers again, with every change in.
    await untilIndexed(storeUrl('limit=5&sort=price&order=desc'));
    for (const qs of ['limit=5&sort=price', 'limit=5&sort=price&order=desc&page=2', 'limit=4&sort=name&page=3']) {
      const again = await bothPaths<CategoryProductsResponse>(categoryUrl(qs));
      expect(again.fast).toEqual(again.general);
      expect(again.by).toEqual(['index']);
    }
    expect((await patch({ isActive: true, stockQuantity: 50, priceCents: 999 })).statusCode).toBe(200);
    await untilIndexed(storeUrl('limit=5'));
  });

  it('shows an order taking the last unit at once, in listings and suggestions', async () => {
    const lastJar = shelf[0]!; // Quokkaberry Jam, 12 oz at the loop: the label's cheapest in stock, one left.
    await untilIndexed('/open/products/suggestions?query=quokkaberry');
    expect(await suggestJam()).toEqual([await expectedPick('quokkaberry jam')]);
    expect(await expectedPick('quokkaberry jam')).toBe(lastJar.uuid);

    const shopper = await registerShopper(app);
    await placePaidOrder(app, paypal, shopper, [{ product: lastJar, quantity: 1 }]);
    answered = [];
    const listed = await bothPaths<PaginatedProducts>(storeUrl('limit=100'));
    expect(listed.fast).toEqual(listed.general);
    expect(listed.fast.products.find((p) => p.uuid === lastJar.uuid)!.stockStatus).toBe('OUT_OF_STOCK');
    // The next in stock, cheapest first: the Evanston 12 oz at 3.59.
    expect(await suggestJam()).toEqual([await expectedPick('quokkaberry jam')]);
    expect(await expectedPick('quokkaberry jam')).toBe(shelf[11]!.uuid);
    await untilIndexed('/open/products/suggestions?query=quokkaberry');
    expect(await suggestJam()).toEqual([shelf[11]!.uuid]);
  });

  it("sees another process's changes at once: activity, price and stock written behind this process's back", async () => {
    await untilIndexed(storeUrl('limit=5'));
    // Another API process over the same database: its invalidations never reach this one.
    const other = createCatalogueService(app.db, { cacheTtlMs: 0 });
    const fig = shelf[7]!;
    await other.setProductActive(fig.uuid, false);
    const inactive = await bothPaths<PaginatedProducts>(storeUrl('limit=5&page=2'));
    expect(inactive.by).toEqual(['database']);
    expect(inactive.fast).toEqual(inactive.general);
    expect(inactive.fast.pagination.totalItems).toBe(10);
    await other.setProductActive(fig.uuid, true);

    // A price change as ops inventory writes it, audited, with no invalidation here.
    await untilIndexed(storeUrl('limit=5'));
    const huckleberry = shelf[10]!;
    const [row] = await app.db.select().from(products).where(eq(products.uuid, huckleberry.uuid));
    await app.db.transaction(async (tx) => {
      await tx.update(products).set({ priceCents: 100 }).where(eq(products.id, row!.id));
      await tx
        .insert(priceChanges)
        .values({ productId: row!.id, oldPriceCents: row!.priceCents, newPriceCents: 100, changedByEmail: 'x@example.com' });
    });
    // Page 1 by price does not hold the product the index knew there: only the version can tell.
    const repriced = await bothPaths<PaginatedProducts>(storeUrl('limit=3&sort=price'));
    expect(repriced.by).toEqual(['database']);
    expect(repriced.fast).toEqual(repriced.general);
    expect(repriced.fast.products[0]!.uuid).toBe(huckleberry.uuid);

    // Stock: the label's pick sold out elsewhere; the next in stock is suggested.
    await untilIndexed('/open/products/suggestions?query=quokkaberry');
    await app.db.update(products).set({ stockQuantity: 0 }).where(eq(products.uuid, shelf[11]!.uuid));
    expect(await suggestJam()).toEqual([await expectedPick('quokkaberry jam')]);
    expect(await expectedPick('quokkaberry jam')).toBe(shelf[1]!.uuid);
    const listed = await bothPaths<PaginatedProducts>(`/open/products/${shop.evanston.publicId}/paginated?limit=5`);
    expect(listed.fast).toEqual(listed.general);
    expect(listed.fast.products.every((p) => p.stockStatus === 'OUT_OF_STOCK')).toBe(true);
  });
});
