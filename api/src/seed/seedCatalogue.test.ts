// The demo catalogue: its shape (stores with real ZIPs, ≥25 categories, ~6,000 products, ~5% out of
// stock, a few inactive), shelf identities (one per item per store, the same across stores), sizes and
// unit prices, determinism, the scale rule, maintained counts and the start-up seed and rebuild.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbConnection } from '../db/client.ts';
import { categories, favourites, products, storeCategoryCounts, stores, users } from '../db/schema.ts';
import { createCatalogueService } from '../services/catalogue/catalogueService.ts';
import { createTestDatabase } from '../testing/testApp.ts';
import { CATEGORY_SEEDS, CHOICE_BRANDS } from './catalogueData.ts';
import { catalogueUniverse, createRng, resetCatalogue, seedCatalogue, seedCatalogueIfNeeded } from './seedCatalogue.ts';

// One database (PGlite start-up dominates this file's time): determinism is checked by rebuilding it.
let a: DbConnection;

beforeAll(async () => {
  a = await createTestDatabase();
  expect(await seedCatalogueIfNeeded(a.db)).toBe('seeded');
});
afterAll(() => a?.close());

const firstProducts = (conn: DbConnection) =>
  conn.db
    .select({
      uuid: products.uuid,
      name: products.name,
      itemKey: products.itemKey,
      price: products.priceCents,
      stock: products.stockQuantity,
      storeId: products.storeId,
    })
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

it('seeds 27 categories and 6,000 products with ~5% out of stock, a few inactive, each with a picture', async () => {
  expect((await a.db.select().from(categories)).length).toBe(27);
  const [stats] = (
    await a.db.execute<{ total: number; out: number; inactive: number; noimage: number }>(sql`
      select count(*)::int as total, count(*) filter (where stock_quantity = 0)::int as out,
             count(*) filter (where not is_active)::int as inactive,
             count(*) filter (where image not like '/images/products/%.svg')::int as noimage
      from products`)
  ).rows;
  expect(stats!.total).toBe(6000);
  expect(stats!.out / stats!.total).toBeGreaterThan(0.03);
  expect(stats!.out / stats!.total).toBeLessThan(0.07);
  expect(stats!.inactive).toBeGreaterThan(0);
  expect(stats!.inactive).toBeLessThan(stats!.total * 0.02);
  expect(stats!.noimage).toBe(0);
});

it('names products like shelf labels: brand, item, size', async () => {
  const rows = await a.db.select().from(products).limit(500);
  for (const p of rows) {
    expect(p.name).toBe(`${p.brand} ${p.item}, ${p.sizeMilli / 1000} ${p.sizeUnit}`);
    expect(p.brand).toMatch(/^[A-Z]/);
    expect(p.item).toMatch(/^[A-Z0-9]/);
  }
  // The item words the search needs are there, modifiers and items alike.
  const items = new Set(CATEGORY_SEEDS.flatMap((c) => c.items.map(([item]) => item)));
  for (const item of [
    'Whole Milk',
    'Milk Chocolate Bar',
    'Bread Crumbs',
    'Chicken Broth',
    'Apple Juice',
    'Sourdough Bread',
    'Boneless Chicken Breasts',
    'Honeycrisp Apples',
    'Bananas',
    'Broccoli',
    'Flour Tortillas',
  ]) {
    expect(items).toContain(item);
  }
  expect(items.size).toBe(CATEGORY_SEEDS.reduce((n, c) => n + c.items.length, 0));
});

it('gives each store one product per item and size: no name twice, one price', async () => {
  const { rows } = await a.db.execute<{ names: number; keys: number; total: number }>(sql`
    select count(distinct name)::int as names, count(distinct item_key)::int as keys, count(*)::int as total
    from products group by store_id`);
  expect(rows).toHaveLength(10);
  for (const r of rows) {
    expect(r.names).toBe(r.total);
    expect(r.keys).toBe(r.total);
  }
  // Case and spacing aside too, as a shopper reads them.
  const [{ dupes }] = (
    await a.db.execute<{ dupes: number }>(sql`
      select count(*)::int as dupes from (select 1 from products group by store_id, lower(name) having count(*) > 1) d`)
  ).rows as [{ dupes: number }];
  expect(dupes).toBe(0);
});

it('gives the same brand, item and size the same name and key in every store, and each store its own assortment', async () => {
  const { rows } = await a.db.execute<{ item_key: string; names: number; stores: number; sizes: number }>(sql`
    select item_key, count(distinct name)::int as names, count(distinct store_id)::int as stores,
           count(distinct (brand, item, size_milli, size_unit))::int as sizes
    from products group by item_key`);
  for (const r of rows) {
    expect(r.names).toBe(1);
    expect(r.sizes).toBe(1);
  }
  const shared = rows.filter((r) => r.stores >= 2).length;
  expect(shared / rows.length).toBeGreaterThan(0.8);
  // Not every store sells everything.
  expect(rows.filter((r) => r.stores === 10).length / rows.length).toBeLessThan(0.2);
  const perStore = await a.db.execute<{ store_id: number; keys: string }>(sql`
    select store_id, string_agg(item_key, ',' order by item_key) as keys from products group by store_id`);
  expect(new Set(perStore.rows.map((r) => r.keys)).size).toBe(10);
});

it('prices 100 random products per US shelf unit: price / size in that unit, half-up to a tenth of a cent', async () => {
  // The conversion table of the README, independent of the code under test.
  const flOz: Record<string, number> = { 'fl oz': 1, gal: 128, qt: 32, pt: 16, l: 33.814, ml: 0.033814 };
  const oz: Record<string, number> = { oz: 1, lb: 16, g: 0.035274, kg: 35.274 };
  const byWeight = new Set(['Produce', 'Meat & Poultry', 'Seafood', 'Deli']);
  const rng = createRng(42);
  const all = await a.db.select({ uuid: products.uuid }).from(products).orderBy(asc(products.id));
  const sample = Array.from({ length: 100 }, () => all[Math.floor(rng() * all.length)]!.uuid);
  const found = await createCatalogueService(a.db, { cacheTtlMs: 0 }).productsByUuids(sample);
  expect(found.size).toBeGreaterThan(90);
  for (const p of found.values()) {
    const { amount, unit } = p.size;
    expect(p.size.label).toBe(`${amount} ${unit}`);
    expect(p.name.endsWith(`, ${p.size.label}`)).toBe(true);
    const [shelfUnit, quantity] =
      unit in flOz
        ? ['fl oz', amount * flOz[unit]!]
        : unit === 'ct'
          ? ['ct', amount]
          : byWeight.has(p.category.name)
            ? ['lb', (amount * oz[unit]!) / 16]
            : ['oz', amount * oz[unit]!];
    expect(p.unitPrice.unit).toBe(shelfUnit);
    const exact = (p.price_cents * 10) / quantity;
    const halfway = Math.abs((exact % 1) - 0.5) < 1e-6;
    if (!halfway) expect(p.unitPrice.tenthCents).toBe(Math.floor(exact + 0.5));
    else expect([Math.floor(exact), Math.ceil(exact)]).toContain(p.unitPrice.tenthCents);
    const cents = Math.floor((p.unitPrice.tenthCents + 5) / 10);
    const shown = p.unitPrice.tenthCents < 10 ? `$0.00${p.unitPrice.tenthCents}` : `$${(cents / 100).toFixed(2)}`;
    expect(p.unitPrice.label).toBe(`${shown}/${p.unitPrice.unit}`);
  }
});

it('keeps the rules at scale: 100,000 products draw on ~15,400 distinct names and keys', () => {
  // seedCatalogue gives each store a subset of this universe without repeats, so uniqueness per store
  // follows from uniqueness here (and the (store_id, item_key) unique index would refuse anything else).
  const universe = catalogueUniverse(Math.ceil(100_000 / 10 / 0.65));
  expect(universe).toHaveLength(15_385);
  expect(new Set(universe.map((i) => i.itemKey)).size).toBe(universe.length);
  expect(new Set(universe.map((i) => i.name.toLowerCase())).size).toBe(universe.length);
  expect(new Set(universe.map((i) => i.category.name)).size).toBe(27);
  for (const i of universe) {
    expect(i.name).toBe(`${i.brand} ${i.item}, ${i.sizeLabel}`);
    expect(i.sizeMilli).toBeGreaterThan(0);
    expect(i.basePriceCents).toBeGreaterThanOrEqual(49);
  }
});

// The aisles where shoppers pick a brand and a pack size, and the one item real shelves sell in one size.
const CHOICE_CATEGORIES = ['Baby', 'Pet Supplies', 'Household', 'Personal Care'];
const ONE_SIZE_ITEMS = ['Broom'];

/** Per item of the choice aisles: its distinct brands and sizes. */
function shelfChoice(rows: { category: string; item: string; brand: string; size: string }[]) {
  const byItem = new Map<string, { brands: Set<string>; sizes: Set<string> }>();
  for (const r of rows) {
    if (!CHOICE_CATEGORIES.includes(r.category)) continue;
    const entry = byItem.get(r.item) ?? { brands: new Set(), sizes: new Set() };
    entry.brands.add(r.brand);
    entry.sizes.add(r.size);
    byItem.set(r.item, entry);
  }
  return [...byItem].map(([item, { brands, sizes }]) => ({ item, brands: brands.size, sizes: sizes.size }));
}

const choiceItems = CATEGORY_SEEDS.filter((c) => CHOICE_CATEGORIES.includes(c.name)).flatMap((c) => c.items.map(([item]) => item));

it('marks the household, personal-care, baby and pet aisles as choice aisles, with diapers in every fit', () => {
  expect(CATEGORY_SEEDS.filter((c) => c.choice).map((c) => c.name)).toEqual(CHOICE_CATEGORIES);
  for (const fit of [1, 2, 3, 4, 5, 6]) expect(choiceItems).toContain(`Size ${fit} Diapers`);
  for (const category of CATEGORY_SEEDS.filter((c) => c.choice)) {
    for (const [item, , sizes, , brands] of category.items) {
      expect({ item, brands: (brands ?? category.brands).length >= CHOICE_BRANDS }).toEqual({ item, brands: true });
      expect({ item, sizes: sizes.length >= 2 }).toEqual({ item, sizes: !ONE_SIZE_ITEMS.includes(item) });
    }
  }
});

it.each([6_000, 100_000])('gives every choice-aisle item at least 3 brands and 2 sizes at %i products, one identity each', (total) => {
  const universe = catalogueUniverse(Math.ceil(total / 10 / 0.65));
  expect(new Set(universe.map((i) => i.itemKey)).size).toBe(universe.length);
  expect(new Set(universe.map((i) => i.name.toLowerCase())).size).toBe(universe.length);
  const choice = shelfChoice(universe.map((i) => ({ category: i.category.name, item: i.item, brand: i.brand, size: i.sizeLabel })));
  expect(choice.map((c) => c.item).sort()).toEqual([...choiceItems].sort());
  for (const c of choice) {
    expect(c.brands).toBeGreaterThanOrEqual(3);
    if (!ONE_SIZE_ITEMS.includes(c.item)) expect({ item: c.item, twoSizes: c.sizes >= 2 }).toEqual({ item: c.item, twoSizes: true });
  }
});

it('seeds the choice aisles with that choice: 3+ brands and 2+ sizes per item across the stores', async () => {
  const { rows } = await a.db.execute<{ category: string; item: string; brand: string; size: string }>(sql`
    select distinct c.name as category, p.item, p.brand, p.size_milli || ' ' || p.size_unit as size
    from products p join categories c on c.id = p.category_id`);
  const choice = shelfChoice(rows);
  expect(choice).toHaveLength(choiceItems.length);
  const thin = choice.filter((c) => c.brands < 3 || (c.sizes < 2 && !ONE_SIZE_ITEMS.includes(c.item)));
  expect(thin).toEqual([]);
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
  const [{ counted }] = (
    await a.db.execute<{ counted: number }>(sql`select coalesce(sum(active_product_count), 0)::int as counted from ${storeCategoryCounts}`)
  ).rows as [{ counted: number }];
  const [{ active }] = (await a.db.execute<{ active: number }>(sql`select count(*)::int as active from products where is_active`)).rows as [
    { active: number },
  ];
  expect(counted).toBe(active);
});

it('seeds at start only when there are no stores', async () => {
  expect(await seedCatalogueIfNeeded(a.db)).toBe(false);
  const [{ n }] = (await a.db.execute<{ n: number }>(sql`select count(*)::int as n from stores`)).rows as [{ n: number }];
  expect(n).toBeGreaterThanOrEqual(8);
});

it('rebuilds a catalogue from before shelf identities at start, keeping favourites on the same item in the same store', async () => {
  const [user] = await a.db.insert(users).values({ email: 'fav@example.com', emailKey: 'fav@example.com' }).returning();
  const [milk] = await a.db
    .select({ uuid: products.uuid, storeId: products.storeId, size: products.sizeMilli })
    .from(products)
    .where(eq(products.item, 'Whole Milk'))
    .orderBy(asc(products.id))
    .limit(1);
  const [store] = await a.db.select({ publicId: stores.publicId }).from(stores).where(eq(stores.id, milk!.storeId));
  // What migration 0007 leaves of an old catalogue: old-style names, placeholder keys.
  await a.db.execute(sql`update products set item_key = 'legacy:' || uuid::text, brand = ''`);
  await a.db.update(products).set({ name: 'Farm Fresh Whole Milk, 1 gal' }).where(eq(products.uuid, milk!.uuid));
  await a.db.insert(favourites).values({ userUuid: user!.uuid, productUuid: milk!.uuid });

  expect(await seedCatalogueIfNeeded(a.db)).toBe('rebuilt');
  const kept = await a.db
    .select({ item: products.item, store: stores.publicId, legacy: products.itemKey })
    .from(favourites)
    .innerJoin(products, eq(products.uuid, favourites.productUuid))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(favourites.userUuid, user!.uuid));
  expect(kept).toEqual([{ item: 'Whole Milk', store: store!.publicId, legacy: expect.not.stringMatching(/^legacy:/) }]);
  expect(await seedCatalogueIfNeeded(a.db)).toBe(false);
});
