// Search over HTTP on a seeded catalogue: what shoppers mean first, word forms, typos, "did you mean",
// distinct suggestions, filters with their counts, and bad filter values.
import type { FacetsResponse, Product, SearchResponse, SuggestionsResponse } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { seedCatalogue } from '../../seed/seedCatalogue.ts';
import { refreshCatalogueCounts } from '../../services/catalogue/counts.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
const STORE = 'loop-provisions';

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { res, body: res.json() as T };
};
const search = async (query: string, params = '') =>
  (await get<SearchResponse>(`/open/products/search/global/paginated?query=${encodeURIComponent(query)}${params}`)).body;
/** The label without its size: "Organic Whole Milk, 1 gal" → "organic whole milk". */
const label = (p: Product) => p.name.split(',')[0]!.toLowerCase();

async function addProduct(name: string, category: string, priceCents: number) {
  const [store] = await app.db.select().from(stores).where(eq(stores.publicId, STORE));
  const [cat] = await app.db.select().from(categories).where(eq(categories.name, category));
  await app.db.insert(products).values({
    uuid: crypto.randomUUID(),
    storeId: store!.id,
    categoryId: cat!.id,
    name,
    image: '/images/products/pantry-0.x.svg',
    priceCents,
    stockQuantity: 10,
    searchExtra: `${cat!.name} ${store!.name}`.toLowerCase(),
  });
}

beforeAll(async () => {
  app = await buildTestApp();
  await seedCatalogue(app.db, { products: 2_000 });
  // Words that only modify another item, next to the items themselves.
  await addProduct('Classic Milk Chocolate Bar, 3.5 oz', 'Candy & Chocolate', 199);
  await addProduct('Italian Bread Crumbs, 15 oz', 'Pantry Staples', 249);
  await addProduct('Frozen Mixed Berries, 16 oz', 'Frozen Foods', 449);
  await refreshCatalogueCounts(app.db);
  app.services.catalogue.invalidate();
}, 120_000);
afterAll(() => app.close());

describe('what they mean first', () => {
  it('"milk": milk itself fills the first page, not milk chocolate or milk caramels', async () => {
    const { products: found } = await search('milk');
    expect(found).toHaveLength(20);
    for (const p of found) expect(label(p)).toMatch(/milk$/);
    const all = (await search('milk', '&limit=100')).products.map(label);
    expect(all.indexOf('classic milk chocolate bar')).toBeGreaterThan(all.findLastIndex((l) => l.endsWith('milk')));
  });

  it('"bread": loaves before bread crumbs', async () => {
    const all = (await search('bread', '&limit=100')).products.map(label);
    expect(all[0]).toMatch(/bread$/);
    expect(all.indexOf('italian bread crumbs')).toBeGreaterThan(all.findLastIndex((l) => l.endsWith('bread')));
  });

  it('"chicken": breasts and thighs before broth and soup', async () => {
    const all = (await search('chicken', '&limit=100')).products;
    const firstPantry = all.findIndex((p) => /broth|soup/i.test(p.name));
    const lastMeat = all.findLastIndex((p) => p.category.name === 'Meat & Poultry' || label(p).endsWith('chicken'));
    // A rotisserie chicken is a chicken: the item word decides, the aisle only breaks ties.
    expect(label(all[0]!)).toMatch(/chicken$|chicken breast|chicken thighs/);
    expect(firstPantry).toBeGreaterThan(lastMeat);
  });
});

describe('word forms', () => {
  it.each([
    ['apple', /apples/],
    ['apples', /apples/],
    ['tomato', /tomatoes/],
    ['berry', /berries/],
    ['yoghurt', /yogurt/],
    ['strawberry', /strawberries/],
  ])('"%s" finds %s first', async (query, expected) => {
    const { products: found } = await search(query);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.name.toLowerCase()).toMatch(expected);
  });
});

describe('typos', () => {
  it.each([
    ['chiken', /chicken/],
    ['bananna', /banana/],
    ['yougurt', /yogurt/],
    ['brocoli', /broccoli/],
    ['tortila', /tortilla/],
    ['bagles', /bagels/],
  ])('"%s" still finds %s', async (query, expected) => {
    const { products: found } = await search(query);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]!.name.toLowerCase()).toMatch(expected);
  });

  it('short words are not fuzzed: one edit in three letters is another word', async () => {
    expect((await search('tez')).products).toEqual([]);
  });
});

describe('did you mean', () => {
  it('offers the closest query that finds something when nothing matches', async () => {
    const body = await search('bnanaz');
    expect(body.products).toEqual([]);
    expect(body.pagination.totalItems).toBe(0);
    expect(body.didYouMean).toBe('bananas');
    expect((await search(body.didYouMean!)).products.length).toBeGreaterThan(0);
  });

  it('drops to one word when the words exist but never together', async () => {
    const body = await search('salmon bagels');
    expect(body.products).toEqual([]);
    expect(['salmon', 'bagels']).toContain(body.didYouMean);
  });

  it('is absent when something matches, and when nothing is close', async () => {
    expect((await search('milk')).didYouMean).toBeUndefined();
    expect((await search('qqqqxxxx')).didYouMean).toBeUndefined();
  });
});

describe('suggestions', () => {
  it('are distinct items, at most 5, ranked like the search, each with a picture', async () => {
    const { res, body } = await get<SuggestionsResponse>('/open/products/suggestions?query=milk');
    expect(res.statusCode).toBe(200);
    expect(body.products).toHaveLength(5);
    const items = body.products.map((p) =>
      label(p).replace(
        /^(organic|grassfed|lactose free|farmhouse|prairie farms|horizon|store brand|classic|premium|family size|natural|simply) /,
        '',
      ),
    );
    expect(new Set(body.products.map(label)).size).toBe(5);
    for (const p of body.products) {
      expect(label(p)).toMatch(/milk$/);
      expect(p.image).toMatch(/^\/images\//);
    }
    expect(items.length).toBe(5);
  });

  it('forgive typos', async () => {
    const { body } = await get<SuggestionsResponse>('/open/products/suggestions?query=chiken');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0]!.name.toLowerCase()).toContain('chicken');
  });

  it('reject a limit over 5', async () => {
    const { res, body } = await get<{ message: string }>('/open/products/suggestions?query=milk&limit=6');
    expect(res.statusCode).toBe(400);
    expect(body.message).toEqual(expect.any(String));
  });
});

describe('filters and their counts', () => {
  it('narrow a search to one store in stock, and count each value with the other filters applied', async () => {
    const all = await search('milk', '&limit=100');
    const filtered = await search('milk', `&limit=100&storeId=${STORE}&inStock=true`);
    expect(filtered.products.length).toBeGreaterThan(0);
    for (const p of filtered.products) {
      expect(p.store.publicId).toBe(STORE);
      expect(p.stockStatus).toBe('IN_STOCK');
    }
    expect(filtered.pagination.totalItems).toBeLessThan(all.pagination.totalItems);

    const { body } = await get<FacetsResponse>(`/open/products/facets?query=milk&storeId=${STORE}&inStock=true`);
    const store = body.facets.stores.find((s) => s.publicId === STORE)!;
    expect(store.count).toBe(filtered.pagination.totalItems);
    // The store facet ignores its own filter: every store with milk in stock is offered.
    expect(body.facets.stores.length).toBeGreaterThan(1);
    expect(body.facets.inStock).toBe(filtered.pagination.totalItems);
    const categorySum = body.facets.categories.reduce((n, c) => n + c.count, 0);
    expect(categorySum).toBe(filtered.pagination.totalItems);
    const priceSum = body.facets.prices.reduce((n, c) => n + c.count, 0);
    expect(priceSum).toBe(filtered.pagination.totalItems);
  });

  it('narrow by category and price range', async () => {
    const { body } = await get<FacetsResponse>('/open/products/facets?query=milk');
    const dairy = body.facets.categories.find((c) => c.name === 'Dairy & Eggs')!;
    const byCategory = await search('milk', `&limit=100&categoryId=${dairy.uuid}`);
    expect(byCategory.pagination.totalItems).toBe(dairy.count);
    expect(byCategory.products.every((p) => p.category.name === 'Dairy & Eggs')).toBe(true);
    const range = body.facets.prices.find((p) => p.count > 0 && p.max !== undefined)!;
    const byPrice = await search('milk', `&limit=100&minPrice=${range.min}&maxPrice=${range.max}`);
    expect(byPrice.pagination.totalItems).toBe(range.count);
    expect(byPrice.products.every((p) => p.price_cents >= range.min && p.price_cents <= range.max!)).toBe(true);
  });

  it('narrow a store listing, whose facets count its shelf', async () => {
    const { body: listing } = await get<SearchResponse>(`/open/products/${STORE}/paginated?inStock=true&limit=100`);
    expect(listing.products.every((p) => p.stockStatus === 'IN_STOCK')).toBe(true);
    const { body } = await get<FacetsResponse>(`/open/products/facets?storeId=${STORE}&inStock=true`);
    expect(body.facets.inStock).toBe(listing.pagination.totalItems);
    expect(body.facets.stores.map((s) => s.publicId)).toEqual([STORE]);
  });

  it.each([
    ['inStock=maybe'],
    ['minPrice=-1'],
    ['maxPrice=1.5'],
    ['minPrice=500&maxPrice=100'],
    ['categoryId=dairy'],
    ['minPrice=99999999999'],
  ])('reject %s with a 400 JSON message', async (params) => {
    for (const url of [
      `/open/products/search/global/paginated?query=milk&${params}`,
      `/open/products/facets?query=milk&${params}`,
      `/open/products/${STORE}/paginated?${params}`,
    ]) {
      const { res, body } = await get<{ success: boolean; message: string }>(url);
      expect(res.statusCode).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message.length).toBeGreaterThan(0);
    }
  });
});
