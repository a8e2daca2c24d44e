// The demo catalogue: its shape (stores with real ZIPs, ≥25 categories, ≥4,000 products, ~5% out of
// stock, a few inactive), determinism, maintained counts and the start-up seed's idempotence.
import { asc, sql } from 'drizzle-orm';
import type { DbConnection } from '../db/client.ts';
import { categories, products, storeCategoryCounts, stores } from '../db/schema.ts';
import { createTestDatabase } from '../testing/testApp.ts';
import { resetCatalogue, seedCatalogue, seedCatalogueIfEmpty } from './seedCatalogue.ts';

// One database (PGlite start-up dominates this file's time): determinism is checked by rebuilding it.
let a: DbConnection;

beforeAll(async () => {
  a = await createTestDatabase();
  expect(await seedCatalogueIfEmpty(a.db)).toBe(true);
});
afterAll(() => a?.close());

const firstProducts = (conn: DbConnection) =>
  conn.db
    .select({ uuid: products.uuid, name: products.name, price: products.priceCents, stock: products.stockQuantity, storeId: products.storeId })
    .from(products)
    .orderBy(asc(products.id))
    .limit(50);

it('seeds partner stores in Chicagoland with ZIPs, logos, addresses and an order mailbox', async () => {
  const rows = await a.db.select().from(stores);
  expect(rows.length).toBeGreaterThanOrEqual(8);
  for (const s of rows) {
    expect(s.zip).toMatch(/^60\d{3}$/);
    expect(s.state).toBe('IL');
    expect(s.address2).toBe(`${s.city}, ${s.state} ${s.zip}`);
    expect(s.logo).toMatch(/^\/images\/stores\/[a-z-]+\.[0-9a-f]{10}\.svg$/);
    expect(s.contactEmail).toBe(`orders+${s.publicId}@grocer.test`);
  }
});

it('seeds ≥25 categories and ≥4,000 products with ~5% out of stock and a few inactive', async () => {
  expect((await a.db.select().from(categories)).length).toBeGreaterThanOrEqual(25);
  const [stats] = (
    await a.db.execute<{ total: number; out: number; inactive: number; noimage: number }>(sql`
      select count(*)::int as total, count(*) filter (where stock_quantity = 0)::int as out,
             count(*) filter (where not is_active)::int as inactive, count(*) filter (where image = '')::int as noimage
      from products`)
  ).rows;
  expect(stats!.total).toBeGreaterThanOrEqual(4000);
  expect(stats!.out / stats!.total).toBeGreaterThan(0.03);
  expect(stats!.out / stats!.total).toBeLessThan(0.07);
  expect(stats!.inactive).toBeGreaterThan(0);
  expect(stats!.inactive).toBeLessThan(stats!.total * 0.02);
  expect(stats!.noimage).toBe(0);
  const [sample] = await a.db.select({ name: products.name }).from(products).limit(1);
  expect(sample!.name).toMatch(/^[A-Z][\w%&' -]+ [\w%&' .-]+, \d/);
});

it('is deterministic: the same seed gives the same catalogue, uuids included', async () => {
  const storeUuids = (conn: DbConnection) => conn.db.select({ uuid: stores.uuid }).from(stores).orderBy(asc(stores.id));
  const before = { products: await firstProducts(a), stores: await storeUuids(a) };
  await resetCatalogue(a.db);
  await seedCatalogue(a.db);
  expect({ products: await firstProducts(a), stores: await storeUuids(a) }).toEqual(before);
  await resetCatalogue(a.db);
  await seedCatalogue(a.db, { seed: 7 });
  expect((await firstProducts(a))[0]!.uuid).not.toBe(before.products[0]!.uuid);
  await resetCatalogue(a.db);
  await seedCatalogue(a.db);
});

it('keeps the maintained counts equal to the real active counts', async () => {
  const { rows } = await a.db.execute<{ mismatches: number }>(sql`
    select count(*)::int as mismatches from stores s
    where s.active_product_count <> (select count(*) from products p where p.store_id = s.id and p.is_active)`);
  expect(rows[0]!.mismatches).toBe(0);
  const [{ counted }] = (await a.db.execute<{ counted: number }>(sql`select coalesce(sum(active_product_count), 0)::int as counted from ${storeCategoryCounts}`))
    .rows as [{ counted: number }];
  const [{ active }] = (await a.db.execute<{ active: number }>(sql`select count(*)::int as active from products where is_active`)).rows as [{ active: number }];
  expect(counted).toBe(active);
});

it('seeds at start only when there are no stores', async () => {
  expect(await seedCatalogueIfEmpty(a.db)).toBe(false);
  const [{ n }] = (await a.db.execute<{ n: number }>(sql`select count(*)::int as n from stores`)).rows as [{ n: number }];
  expect(n).toBeGreaterThanOrEqual(8);
});
