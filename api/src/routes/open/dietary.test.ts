// Dietary attributes over HTTP on a seeded catalogue: products carry them (listings, product page,
// search), they filter searches and store and category listings with their counts, and the words of
// a query ("gluten free bread", "organic milk") become that filter.
import type {
  CategoryProductsResponse,
  DietaryAttribute,
  FacetsResponse,
  Product,
  ProductResponse,
  SearchResponse,
} from '@grocer/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { buildSeededApp } from '../../testing/testApp.ts';

let app: App;
const STORE = 'loop-provisions';

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { res, body: res.json() as T };
};
const search = async (query: string, params = '') =>
  (await get<SearchResponse>(`/open/products/search/global/paginated?query=${encodeURIComponent(query)}&limit=100${params}`)).body;
const facets = async (params: string) => (await get<FacetsResponse>(`/open/products/facets?${params}`)).body.facets;
/** Rows of a query (the app's database is typed for either driver). */
const rowsOf = async <T>(query: SQL) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
const countOf = (f: FacetsResponse['facets'], attribute: DietaryAttribute) => f.dietary.find((d) => d.attribute === attribute)!.count;

/** Active products of the store carrying every attribute given (the database's own count). */
async function shelfCount(attributes: string[], extra = sql`true`): Promise<number> {
  const rows = await rowsOf<{ n: number }>(sql`
    select count(*)::int as n from products p join stores s on s.id = p.store_id
    where s.public_id = ${STORE} and p.is_active and p.dietary @> ${`{${attributes.join(',')}}`}::text[] and ${extra}`);
  return rows[0]!.n;
}

beforeAll(async () => {
  app = await buildSeededApp(3_000);
}, 120_000);
afterAll(() => app.close());

describe('products carry their attributes', () => {
  it('by item, by brand and none where none is true, on listings, searches and the product page', async () => {
    const quinoa = (await search('quinoa')).products;
    expect(quinoa.length).toBeGreaterThan(0);
    for (const p of quinoa) expect(p.dietary).toEqual(expect.arrayContaining(['gluten-free', 'vegan']));
    const plantBased = await rowsOf<{ uuid: string }>(
      sql`select uuid from products where is_active and item in ('Oat Milk', 'Tempeh', 'Plant-Based Burgers') limit 1`,
    );
    const { body: plant } = await get<ProductResponse>(`/open/product/${plantBased[0]!.uuid}`);
    expect(plant.product.dietary).toEqual(expect.arrayContaining(['vegan', 'dairy-free']));
    // A certified creamery's milk is kosher; another brand's plain milk claims nothing.
    const milk = (await search('whole milk')).products.filter((p) => p.item === 'Whole Milk');
    expect(milk.filter((p) => p.brand === 'Hillside Creamery').every((p) => p.dietary?.includes('kosher'))).toBe(true);
    const plain = milk.find((p) => p.brand !== 'Hillside Creamery')!;
    expect(plain.dietary).toEqual([]);

    const { body } = await get<ProductResponse>(`/open/product/${quinoa[0]!.uuid}`);
    expect(body.product.dietary).toEqual(quinoa[0]!.dietary);
    // The unfiltered shelf (answered by the shelf index) carries them too.
    const { body: shelf } = await get<SearchResponse>(`/open/products/${STORE}/paginated?limit=100`);
    expect(shelf.products.every((p) => Array.isArray(p.dietary))).toBe(true);
  });
});

describe('the filter and its counts', () => {
  it('narrows a store listing to what carries every chosen attribute, counted from its shelf', async () => {
    const { body: listing } = await get<SearchResponse>(`/open/products/${STORE}/paginated?dietary=gluten-free&limit=100`);
    expect(listing.pagination.totalItems).toBe(await shelfCount(['gluten-free']));
    expect(listing.products.length).toBeGreaterThan(0);
    for (const p of listing.products) expect(p.dietary).toContain('gluten-free');

    const both = await get<SearchResponse>(`/open/products/${STORE}/paginated?dietary=vegan,gluten-free&limit=100`);
    expect(both.body.pagination.totalItems).toBe(await shelfCount(['gluten-free', 'vegan']));
    expect(both.body.pagination.totalItems).toBeLessThan(listing.pagination.totalItems);

    const counts = await facets(`storeId=${STORE}&dietary=gluten-free`);
    // The chosen one counts what the page shows; another counts what choosing it too would leave.
    expect(countOf(counts, 'gluten-free')).toBe(listing.pagination.totalItems);
    expect(countOf(counts, 'vegan')).toBe(both.body.pagination.totalItems);
    expect(counts.dietary.map((d) => d.attribute)).toEqual([
      'gluten-free',
      'organic',
      'vegan',
      'dairy-free',
      'low-sodium',
      'sugar-free',
      'kosher',
    ]);
    // The other facets count with the attribute applied.
    expect(counts.categories.reduce((n, c) => n + c.count, 0)).toBe(listing.pagination.totalItems);
    // Unfiltered, each attribute counts the shelf's products carrying it.
    const all = await facets(`storeId=${STORE}`);
    for (const attribute of ['kosher', 'organic', 'dairy-free'] as const)
      expect(countOf(all, attribute)).toBe(await shelfCount([attribute]));
  });

  it('narrows a category listing', async () => {
    const { body: pasta } = await get<{ uuid: string; name: string }[]>(`/open/categories?storeId=${STORE}`);
    const category = pasta.find((c) => c.name === 'Pasta & Grains')!;
    const { body } = await get<CategoryProductsResponse>(
      `/open/products/${STORE}/${category.uuid}/paginated?dietary=gluten-free&limit=100`,
    );
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p) => p.dietary?.includes('gluten-free') && p.category.name === 'Pasta & Grains')).toBe(true);
    const [{ id }] = (await rowsOf<{ id: number }>(sql`select id from categories where uuid = ${category.uuid}`)) as [{ id: number }];
    expect(body.pagination.totalItems).toBe(await shelfCount(['gluten-free'], sql`p.category_id = ${id}`));
  });

  it('narrows a search, with the counts of each attribute among its matches', async () => {
    const bread = await search('bread', '&dietary=gluten-free');
    expect(bread.products.length).toBeGreaterThan(0);
    for (const p of bread.products) expect(p.dietary).toContain('gluten-free');
    expect(bread.products.some((p) => p.item === 'Gluten-Free Sandwich Bread')).toBe(true);
    const counts = await facets('query=bread');
    expect(countOf(counts, 'gluten-free')).toBe(bread.pagination.totalItems);
    expect(countOf(counts, 'gluten-free')).toBeLessThan((await search('bread')).pagination.totalItems);
  });
});

describe('dietary words in a query', () => {
  const everyCarries = (products: Product[], attribute: DietaryAttribute) => products.every((p) => p.dietary?.includes(attribute));

  it('"gluten free bread" gives gluten-free breads, with no "did you mean"', async () => {
    const found = await search('gluten free bread');
    expect(found.didYouMean).toBeUndefined();
    expect(found.products.length).toBeGreaterThan(0);
    expect(everyCarries(found.products, 'gluten-free')).toBe(true);
    expect(found.products.every((p) => /bread/i.test(p.name))).toBe(true);
    // Written as a label writes it, or as one word, it is the same search.
    expect((await search('Gluten-Free bread')).pagination).toEqual(found.pagination);
    expect((await search('glutenfree bread')).pagination).toEqual(found.pagination);
  });

  it('"organic milk" gives organic milk, and the words need not be in the name', async () => {
    const found = await search('organic milk');
    expect(found.products.length).toBeGreaterThan(0);
    expect(everyCarries(found.products, 'organic')).toBe(true);
    expect(found.products.some((p) => p.item === 'Organic Milk')).toBe(true);
    // Quinoa never says "gluten-free" in its name.
    const quinoa = await search('gluten free quinoa');
    expect(quinoa.products.length).toBeGreaterThan(0);
    expect(quinoa.products.every((p) => p.item === 'Quinoa')).toBe(true);
  });

  it('a query of attribute words alone lists what carries them all, and its facets count them as chosen', async () => {
    const found = await search('vegan dairy free');
    const rows = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from products where is_active and dietary @> '{vegan,dairy-free}'::text[]`,
    );
    expect(found.pagination.totalItems).toBe(rows[0]!.n);
    const counts = await facets(`query=${encodeURIComponent('vegan dairy free')}`);
    expect(countOf(counts, 'vegan')).toBe(rows[0]!.n);
    expect(counts.categories.reduce((n, c) => n + c.count, 0)).toBe(rows[0]!.n);
  });

  it('still finds a product whose name says the attribute though it carries none (as staff may create one)', async () => {
    const [row] = await rowsOf<{ uuid: string }>(sql`
      update products set dietary = '{}' where id = (select min(id) from products where item = 'Organic Milk' and is_active) returning uuid`);
    app.services.catalogue.invalidate();
    const found = await search('organic milk');
    expect(found.products.map((p) => p.uuid)).toContain(row!.uuid);
    await app.db.execute(sql`update products set dietary = '{organic,gluten-free}' where uuid = ${row!.uuid}`);
    app.services.catalogue.invalidate();
  });

  it("never offers the attribute's own words as a correction", async () => {
    // Nothing gluten-free is a broom: no result, and not "Did you mean free?".
    const found = await search('gluten free broom');
    expect(found.products).toEqual([]);
    expect(found.didYouMean).toBeUndefined();
  });
});
