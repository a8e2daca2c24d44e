// Search over HTTP on a seeded catalogue: what shoppers mean first, word forms, typos, "did you mean",
// distinct suggestions, filters with their counts, and bad filter values.
import type { FacetsResponse, Product, SearchResponse, SuggestionsResponse } from '@grocer/shared/contracts';
import type { App } from '../../app.ts';
import { buildSeededApp } from '../../testing/testApp.ts';

let app: App;
const STORE = 'loop-provisions';

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { res, body: res.json() as T };
};
const search = async (query: string, params = '') =>
  (await get<SearchResponse>(`/open/products/search/global/paginated?query=${encodeURIComponent(query)}${params}`)).body;
/** What the product is, without brand or size ("Whole Milk" → "whole milk"). */
const item = (p: Product) => p.item.toLowerCase();

/** Every result of a query in best-match order (pages of 100). */
async function allResults(query: string): Promise<Product[]> {
  const found: Product[] = [];
  for (let page = 1; ; page++) {
    const body = await search(query, `&limit=100&page=${page}`);
    found.push(...body.products);
    if (!body.pagination.hasNext) return found;
  }
}

beforeAll(async () => {
  // The catalogue itself holds the confusables: milk chocolate bar, bread crumbs, chicken broth and soup.
  app = await buildSeededApp(3_000);
}, 120_000);
afterAll(() => app.close());

describe('what they mean first', () => {
  it('"milk": milk itself fills the first page, not milk chocolate', async () => {
    const { products: found } = await search('milk');
    expect(found).toHaveLength(20);
    for (const p of found) expect(item(p)).toMatch(/milk$/);
    const all = (await allResults('milk')).map(item);
    expect(all).toContain('milk chocolate bar');
    expect(all.indexOf('milk chocolate bar')).toBeGreaterThan(all.findLastIndex((i) => i.endsWith('milk')));
  });

  it('"milk": plain milk first, its items and stores taking turns rather than one product from every store', async () => {
    const { products: found } = await search('milk');
    const plain = ['whole milk', '2% milk', 'skim milk', 'organic milk'];
    expect(plain).toContain(item(found[0]!));
    expect(new Set(found.map(item))).toEqual(new Set(plain));
    // No product name (one brand's item in one size) fills the page from store after store.
    const copies = new Map<string, number>();
    for (const p of found) copies.set(p.name, (copies.get(p.name) ?? 0) + 1);
    expect(Math.max(...copies.values())).toBeLessThanOrEqual(3);
    const all = (await allResults('milk')).map(item);
    expect(all.indexOf('chocolate milk')).toBeGreaterThan(all.findLastIndex((i) => plain.includes(i)));
  });

  it('"butter": butter itself before peanut butter', async () => {
    const all = (await allResults('butter')).map(item);
    expect(all[0]).toBe('unsalted butter');
    expect(all.indexOf('creamy peanut butter')).toBeGreaterThan(all.lastIndexOf('unsalted butter'));
  });

  it('"bread": loaves before bread crumbs', async () => {
    const all = (await allResults('bread')).map(item);
    expect(all[0]).toMatch(/bread$/);
    expect(all).toContain('bread crumbs');
    expect(all.indexOf('bread crumbs')).toBeGreaterThan(all.findLastIndex((i) => i.endsWith('bread')));
  });

  it('"chicken": breasts and thighs before broth and soup', async () => {
    const all = await allResults('chicken');
    const firstSoup = all.findIndex((p) => /broth|soup/i.test(p.item));
    const lastChicken = all.findLastIndex((p) => /chicken breasts|chicken thighs|chicken wings|whole chicken/i.test(p.item));
    expect(item(all[0]!)).toMatch(/^(boneless chicken breasts|chicken thighs|chicken wings|whole chicken|rotisserie chicken)$/);
    expect(firstSoup).toBeGreaterThan(lastChicken);
  });
});

describe('word forms', () => {
  it.each([
    ['apple', /apples/],
    ['apples', /apples/],
    ['tomato', /tomatoes/],
    ['berry', /berries/],
    ['yoghurt', /yogh?urt/],
    ['yogurt', /yogh?urt/],
    ['strawberry', /strawberries/],
  ])('"%s" finds %s first', async (query, expected) => {
    const { products: found } = await search(query);
    expect(found.length).toBeGreaterThan(0);
    expect(item(found[0]!)).toMatch(expected);
  });

  it('"yogurt" and "yoghurt" find both spellings', async () => {
    for (const query of ['yogurt', 'yoghurt']) {
      const items = new Set((await search(query, '&limit=100')).products.map(item));
      expect(items).toContain('greek yogurt');
      expect(items).toContain('natural yoghurt');
    }
  });
});

describe('typos', () => {
  it.each([
    ['chiken', /chicken/],
    ['bananna', /banana/],
    ['yougurt', /yogh?urt/],
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

describe('showing results for', () => {
  it('says which query a corrected search answered, on the page and in the suggestions', async () => {
    const body = await search('chiken');
    expect(body.showingResultsFor).toBe('chicken');
    expect(item(body.products[0]!)).toContain('chicken');
    const { body: suggested } = await get<SuggestionsResponse>('/open/products/suggestions?query=chiken');
    expect(suggested.showingResultsFor).toBe('chicken');
  });

  it('is absent when every word was found as typed', async () => {
    expect((await search('chicken')).showingResultsFor).toBeUndefined();
    const { body: suggested } = await get<SuggestionsResponse>('/open/products/suggestions?query=chicken');
    expect(suggested.showingResultsFor).toBeUndefined();
  });

  it('literal=true searches the words as typed: no correction, and the empty answer keeps its "did you mean"', async () => {
    const body = await search('chiken', '&literal=true');
    expect(body.products).toEqual([]);
    expect(body.showingResultsFor).toBeUndefined();
    expect(body.didYouMean).toBe('chicken');
    // Store searches and the facets honour it too, so the page's counts agree with its results.
    const store = await get<SearchResponse>(`/open/products/search/paginated?query=chiken&storeId=${STORE}&literal=true`);
    expect(store.body.products).toEqual([]);
    const { body: facets } = await get<FacetsResponse>('/open/products/facets?query=chiken&literal=true');
    expect(facets.facets.inStock).toBe(0);
    const { body: corrected } = await get<FacetsResponse>('/open/products/facets?query=chiken');
    expect(corrected.facets.categories.length).toBeGreaterThan(0);
  });

  it('rejects a literal flag that is not a boolean', async () => {
    const { res } = await get<{ message: string }>('/open/products/search/global/paginated?query=milk&literal=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
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
    // Never the same item twice, whatever its brand or store.
    expect(new Set(body.products.map(item)).size).toBe(5);
    for (const p of body.products) {
      expect(item(p)).toMatch(/milk$/);
      expect(p.image).toMatch(/^\/images\//);
    }
  });

  it('forgive typos', async () => {
    const { body } = await get<SuggestionsResponse>('/open/products/suggestions?query=chiken');
    expect(body.products.length).toBeGreaterThan(0);
    expect(item(body.products[0]!)).toContain('chicken');
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
    // Only the contract's attributes, lower-case, none empty.
    ['dietary=paleo'],
    ['dietary='],
    ['dietary=vegan,,kosher'],
    ['dietary=Vegan'],
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
