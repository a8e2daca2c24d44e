// The public catalogue over HTTP: shapes, paging, sorting, errors, search and caching headers.
import type {
  Category,
  CategoryProductsResponse,
  PaginatedProducts,
  Product,
  ProductOffersResponse,
  ProductResponse,
  Store,
} from '@grocer/shared/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { seedCatalogue } from '../../seed/seedCatalogue.ts';
import { refreshCatalogueCounts } from '../../services/catalogue/counts.ts';
import { shelfFields } from '../../testing/catalogue.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let loop: { id: number; uuid: string; publicId: string };
let dairy: { id: number; uuid: string; name: string };
const STORE = 'loop-provisions';

async function addProduct(name: string, priceCents: number, extra: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(products)
    .values({
      uuid: crypto.randomUUID(),
      storeId: loop.id,
      categoryId: dairy.id,
      name,
      ...shelfFields(name),
      image: '/images/products/whole-milk.x.svg',
      priceCents,
      stockQuantity: 10,
      searchExtra: `${dairy.name} loop provisions`.toLowerCase(),
      ...extra,
    })
    .returning();
  return row!;
}

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { res, body: res.json() as T };
};

beforeAll(async () => {
  app = await buildTestApp();
  await seedCatalogue(app.db, { products: 300 });
  loop = (await app.db.select().from(stores).where(eq(stores.publicId, STORE)))[0]!;
  dairy = (await app.db.select().from(categories).where(eq(categories.name, 'Dairy & Eggs')))[0]!;
  await addProduct('Organic Chocolate Milk, 64 fl oz', 499, shelfFields('Chocolate Milk', '64 fl oz', 'Organic'));
  await addProduct('Tie Break Beans', 777);
  // The seed never names two products alike in a store, but the listing order must not depend on it.
  await addProduct('Tie Break Beans', 777, { itemKey: 'tie-break-beans|second' });
  await addProduct('Zzyzx Secret Tea', 100, { isActive: false });
  await addProduct('Quokka Crackers', 250, { stockQuantity: 0 });
  await refreshCatalogueCounts(app.db);
  app.services.catalogue.invalidate();
});
afterAll(() => app.close());

describe('stores', () => {
  it('lists every store with the contract fields', async () => {
    const { res, body } = await get<Store[]>('/open/stores');
    expect(res.statusCode).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(body[0]!).sort()).toEqual([
      'address1',
      'address2',
      'createdAt',
      'id',
      'logo',
      'name',
      'publicId',
      'updatedAt',
      'uuid',
    ]);
    const store = body.find((s) => s.publicId === STORE)!;
    expect(store).toMatchObject({ name: 'Loop Provisions', address1: '30 W Washington St', address2: 'Chicago, IL 60602' });
    expect(store.logo).toMatch(/^\/images\/stores\/loop-provisions\.[0-9a-f]{10}\.svg$/);
  });

  it('finds a store by publicId or uuid, and 404s an unknown one', async () => {
    expect((await get<Store>(`/open/store/${STORE}`)).body.uuid).toBe(loop.uuid);
    expect((await get<Store>(`/open/store/${loop.uuid}`)).body.publicId).toBe(STORE);
    const { res, body } = await get<{ error: { code: string; message: string } }>('/open/store/nowhere');
    expect(res.statusCode).toBe(404);
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Failed to fetch store' });
  });
});

describe('categories', () => {
  it('counts active products per store and across stores', async () => {
    const { body: all } = await get<Category[]>('/open/categories');
    expect(all.length).toBeGreaterThanOrEqual(25);
    expect(Object.keys(all[0]!).sort()).toEqual(['createdAt', 'id', 'name', 'productCount', 'updatedAt', 'uuid']);
    const { body: ofStore } = await get<Category[]>(`/open/categories?storeId=${STORE}`);
    const inDairy = await app.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, loop.id), eq(products.categoryId, dairy.id), eq(products.isActive, true)));
    expect(ofStore.find((c) => c.uuid === dairy.uuid)!.productCount).toBe(inDairy.length);
    const total = all.reduce((sum, c) => sum + c.productCount, 0);
    const active = await app.db.select().from(products).where(eq(products.isActive, true));
    expect(total).toBe(active.length);
    const { body: one } = await get<Category>(`/open/categories/${dairy.uuid}`);
    expect(one.productCount).toBe(all.find((c) => c.uuid === dairy.uuid)!.productCount);
  });

  it('404s an unknown category or store', async () => {
    expect((await get('/open/categories/00000000-0000-4000-8000-000000000000')).res.statusCode).toBe(404);
    expect((await get('/open/categories/not-a-uuid')).res.statusCode).toBe(404);
    const { res, body } = await get<{ error: { message: string } }>('/open/categories?storeId=nowhere');
    expect(res.statusCode).toBe(404);
    expect(body.error.message).toBe('Failed to fetch store');
  });
});

describe('store products', () => {
  it('returns all active products of the store, enriched, with how many are on hand', async () => {
    const { body } = await get<Product[]>(`/open/products/${STORE}`);
    const { activeProductCount } = (await app.db.select().from(stores).where(eq(stores.id, loop.id)))[0]!;
    expect(body).toHaveLength(activeProductCount);
    expect(body.every((p) => p.isActive && p.storeUuid === loop.uuid)).toBe(true);
    expect(body.some((p) => p.name === 'Zzyzx Secret Tea')).toBe(false);
    const milk = body.find((p) => p.name === 'Organic Chocolate Milk, 64 fl oz')!;
    expect(Object.keys(milk).sort()).toEqual(
      [
        'brand',
        'category',
        'categoryUuid',
        'createdAt',
        'dietary',
        'id',
        'image',
        'isActive',
        'item',
        'itemKey',
        'name',
        'price_cents',
        'size',
        'stockQuantity',
        'stockStatus',
        'store',
        'storeUuid',
        'unitPrice',
        'updatedAt',
        'uuid',
      ].sort(),
    );
    expect(milk).toMatchObject({
      brand: 'Organic',
      item: 'Chocolate Milk',
      itemKey: 'organic|chocolate-milk|64-fl-oz',
      size: { amount: 64, unit: 'fl oz', label: '64 fl oz' },
      // 499 / 64 = 7.797 cents per fl oz: 78 tenths, shown as 8 cents.
      unitPrice: { tenthCents: 78, unit: 'fl oz', label: '$0.08/fl oz' },
      price_cents: 499,
      stockStatus: 'IN_STOCK',
      categoryUuid: dairy.uuid,
      store: { uuid: loop.uuid, name: 'Loop Provisions', publicId: STORE },
      category: { uuid: dairy.uuid, name: 'Dairy & Eggs' },
    });
    expect(body.find((p) => p.name === 'Quokka Crackers')!).toMatchObject({ stockStatus: 'OUT_OF_STOCK', stockQuantity: 0 });
  });

  it('pages with correct pagination, including past the end', async () => {
    const { body: first } = await get<PaginatedProducts>(`/open/products/${STORE}/paginated`);
    const total = first.pagination.totalItems;
    expect(first.products).toHaveLength(20);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: Math.ceil(total / 20),
      hasNext: true,
      hasPrevious: false,
      totalItems: total,
    });
    const last = Math.ceil(total / 7);
    const { body: end } = await get<PaginatedProducts>(`/open/products/${STORE}/paginated?page=${last}&limit=7`);
    expect(end.products).toHaveLength(total - (last - 1) * 7);
    expect(end.pagination).toMatchObject({ currentPage: last, hasNext: false, hasPrevious: true });
    const { res, body: past } = await get<PaginatedProducts>(`/open/products/${STORE}/paginated?page=${last + 5}&limit=7`);
    expect(res.statusCode).toBe(200);
    expect(past.products).toEqual([]);
    expect(past.pagination).toEqual({ currentPage: last + 5, totalPages: last, hasNext: false, hasPrevious: true, totalItems: total });
    expect((await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=100`)).body.products).toHaveLength(Math.min(100, total));
  });

  it('sorts by name and by price either way, with a stable tie-break', async () => {
    const all = (await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=100`)).body.products;
    const byName = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    expect(all.map((p) => p.id)).toEqual(byName.map((p) => p.id));
    const byPriceDesc = (await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=100&sort=price&order=desc`)).body.products;
    for (let i = 1; i < byPriceDesc.length; i++)
      expect(byPriceDesc[i - 1]!.price_cents).toBeGreaterThanOrEqual(byPriceDesc[i]!.price_cents);
    // Equal price and name: id decides, so the two pages never show the same product twice.
    const byPrice = (await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=100&sort=price`)).body.products;
    const ties = byPrice.filter((p) => p.name === 'Tie Break Beans').map((p) => p.id);
    expect(ties).toHaveLength(2);
    expect(ties[0]).toBeLessThan(ties[1]!);
    const pageWise = [];
    for (let page = 1; page <= 5; page++) {
      pageWise.push(...(await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=7&page=${page}&sort=price`)).body.products);
    }
    expect(pageWise.map((p) => p.id)).toEqual(byPrice.slice(0, 35).map((p) => p.id));
  });

  // Unfiltered pages take a one-query path; minPrice=0 filters nothing but takes the general one, which counts.
  it('answers an unfiltered page exactly as the general path: every sort and order, by public id or uuid, past the end', async () => {
    const { body: first } = await get<PaginatedProducts>(`/open/products/${STORE}/paginated?limit=7`);
    const past = Math.ceil(first.pagination.totalItems / 7) + 1;
    for (const ref of [STORE, loop.uuid.toUpperCase()])
      for (const sort of ['name', 'price'])
        for (const order of ['asc', 'desc'])
          for (const page of [1, 2, past]) {
            const qs = `limit=7&page=${page}&sort=${sort}&order=${order}`;
            const { body: fast } = await get<PaginatedProducts>(`/open/products/${ref}/paginated?${qs}`);
            const { body: general } = await get<PaginatedProducts>(`/open/products/${ref}/paginated?${qs}&minPrice=0`);
            expect(fast).toEqual(general);
            if (page < past) expect(fast.products).toHaveLength(7);
          }
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['sort=rating', 'sort'],
    ['order=up', 'order'],
  ])('rejects %s with 400 naming the field', async (qs, field) => {
    const { res, body } = await get<{ error: { code: string; field: string } }>(`/open/products/${STORE}/paginated?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  // Found by the hostile suite: the offset of page 1e21 or Infinity failed in SQL and the API answered 500.
  it('400s a page number past MAX_PAGE or not finite', async () => {
    for (const url of [
      `/open/products/${loop.publicId}/paginated?page=1e21`,
      '/open/products/search/global/paginated?query=milk&page=1000001',
      '/open/products/search/global/paginated?query=milk&page=Infinity',
      `/open/products/${loop.publicId}/paginated?page=-Infinity`,
    ]) {
      const { res, body } = await get<{ error: { code: string; field: string } }>(url);
      expect(res.statusCode).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'page' });
    }
  });

  // Found by the hostile suite: PostgreSQL refused the NUL and the API answered 500.
  it('400s a NUL character in a path parameter or the query instead of failing in the database', async () => {
    const cases: [string, string][] = [
      ['/open/products/%00', 'storePublicId'],
      ['/open/products/search/global?query=milk%00', 'query'],
    ];
    for (const [url, field] of cases) {
      const { res, body } = await get<{ error: { code: string; field: string } }>(url);
      expect(res.statusCode).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });

  it('404s an unknown store', async () => {
    for (const url of ['/open/products/nowhere', '/open/products/nowhere/paginated', `/open/products/nowhere/${dairy.uuid}/paginated`]) {
      const { res, body } = await get<{ error: { code: string; message: string } }>(url);
      expect(res.statusCode).toBe(404);
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Failed to fetch store' });
    }
  });
});

describe('category products', () => {
  it('pages one category of a store with its name and uuid', async () => {
    const { body } = await get<CategoryProductsResponse>(`/open/products/${STORE}/${dairy.uuid}/paginated?limit=5&sort=price`);
    expect(body).toMatchObject({ categoryUuid: dairy.uuid, categoryName: 'Dairy & Eggs' });
    const active = await app.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, loop.id), eq(products.categoryId, dairy.id), eq(products.isActive, true)));
    expect(body.pagination.totalItems).toBe(active.length);
    expect(body.products.length).toBe(Math.min(5, active.length));
    expect(body.products.every((p) => p.categoryUuid === dairy.uuid && p.storeUuid === loop.uuid)).toBe(true);
    const prices = body.products.map((p) => p.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers an unfiltered page exactly as the general path: every sort and order, any uuid case, past the end', async () => {
    const { body: first } = await get<CategoryProductsResponse>(`/open/products/${STORE}/${dairy.uuid}/paginated?limit=2`);
    expect(first.pagination.totalItems).toBeGreaterThan(2);
    const past = Math.ceil(first.pagination.totalItems / 2) + 1;
    for (const category of [dairy.uuid, dairy.uuid.toUpperCase()])
      for (const sort of ['name', 'price'])
        for (const order of ['asc', 'desc'])
          for (const page of [1, 2, past]) {
            const qs = `limit=2&page=${page}&sort=${sort}&order=${order}`;
            const { body: fast } = await get<CategoryProductsResponse>(`/open/products/${loop.uuid}/${category}/paginated?${qs}`);
            const { body: general } = await get<CategoryProductsResponse>(
              `/open/products/${loop.uuid}/${category}/paginated?${qs}&minPrice=0`,
            );
            expect(fast).toEqual(general);
            expect(fast.categoryUuid).toBe(dairy.uuid);
          }
  });

  it('404s an unknown category with the spec message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const { res, body } = await get<{ error: { code: string; message: string } }>(`/open/products/${STORE}/${id}/paginated`);
      expect(res.statusCode).toBe(404);
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Failed to fetch paginated category products' });
    }
  });
});

describe('search', () => {
  const search = (qs: string) => get<PaginatedProducts>(`/open/products/search/global/paginated?${qs}`);

  it('matches the start of every word: "choc milk" finds Organic Chocolate Milk first', async () => {
    const { body } = await search('query=choc%20milk');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.some((p) => p.name === 'Organic Chocolate Milk, 64 fl oz')).toBe(true);
    expect(body.products.every((p) => /\bchoc/i.test(p.name) && /\bmilk/i.test(p.name))).toBe(true);
    expect((await search('query=CHOC%20MILK')).body.pagination.totalItems).toBe(body.pagination.totalItems);
    expect((await search('query=hoc%20ilk')).body.products.some((p) => p.name.startsWith('Organic Chocolate Milk'))).toBe(false);
  });

  it('matches category and store names, after name matches', async () => {
    const { body } = await search('query=dairy&limit=100');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p) => p.category.name === 'Dairy & Eggs' || /\bdairy/i.test(p.name))).toBe(true);
    const { body: byStore } = await search('query=loop%20provisions%20milk&limit=100');
    expect(byStore.products.map((p) => p.name)).toContain('Organic Chocolate Milk, 64 fl oz');
    expect(byStore.products.every((p) => p.store.name === 'Loop Provisions')).toBe(true);
    // "milk" in the name outranks a product that only matches through its category.
    const { body: milk } = await search('query=milk&limit=100');
    const firstCategoryOnly = milk.products.findIndex((p) => !/\bmilk/i.test(p.name));
    const lastNameMatch = milk.products.map((p) => /\bmilk/i.test(p.name)).lastIndexOf(true);
    if (firstCategoryOnly >= 0) expect(lastNameMatch).toBeLessThan(firstCategoryOnly);
  });

  it('never returns inactive products', async () => {
    expect((await search('query=zzyzx')).body).toEqual({
      products: [],
      pagination: { currentPage: 1, totalPages: 0, hasNext: false, hasPrevious: false, totalItems: 0 },
    });
    expect((await get<Product[]>('/open/products/search/global?query=zzyzx')).body).toEqual([]);
  });

  it('treats injection-looking text as plain words', async () => {
    for (const q of ["milk'; drop table products; --", 'choc:* | !milk', '%_\\', "' or 1=1 --", '(((']) {
      const { res } = await search(`query=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
    expect((await get<Product[]>('/open/products/search/global?query=%25')).res.statusCode).toBe(200);
    expect((await get<Store[]>('/open/stores')).body.length).toBeGreaterThanOrEqual(8);
  });

  it('sorts by relevance by default, or by name/price, and pages', async () => {
    const { body: byPrice } = await search('query=milk&sort=price&order=desc&limit=10');
    const prices = byPrice.products.map((p) => p.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const { body: suggestions } = await search('query=mi&limit=5');
    expect(suggestions.products.length).toBeLessThanOrEqual(5);
    const { body: past } = await search('query=milk&page=999');
    expect(past.products).toEqual([]);
    expect(past.pagination.totalItems).toBe(byPrice.pagination.totalItems);
  });

  it('the global list returns at most 50 by relevance', async () => {
    const { body } = await get<Product[]>('/open/products/search/global?query=organic');
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(50);
  });

  it('searches one store by publicId or uuid', async () => {
    for (const storeId of [STORE, loop.uuid]) {
      const { body } = await get<PaginatedProducts>(`/open/products/search/paginated?query=milk&storeId=${storeId}`);
      expect(body.products.length).toBeGreaterThan(0);
      expect(body.products.every((p) => p.storeUuid === loop.uuid)).toBe(true);
    }
    const { res } = await get('/open/products/search/paginated?query=milk&storeId=nowhere');
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['/open/products/search/global/paginated', 'query'],
    ['/open/products/search/global/paginated?query=', 'query'],
    ['/open/products/search/global/paginated?query=milk&sort=best', 'sort'],
    ['/open/products/search/global/paginated?query=milk&limit=500', 'limit'],
    ['/open/products/search/paginated?query=milk', 'storeId'],
    ['/open/products/search/global', 'query'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const { res, body } = await get<{ error: { field: string } }>(url);
    expect(res.statusCode).toBe(400);
    expect(body.error.field).toBe(field);
  });
});

describe('HTTP caching', () => {
  it('sends an ETag and Cache-Control, and 304 on If-None-Match', async () => {
    const url = `/open/products/${STORE}/paginated?sort=price`;
    const { res } = await get(url);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a repeat from the serialized answer, and a catalogue change invalidates it', async () => {
    const url = `/open/products/${STORE}/paginated?sort=price&order=desc&limit=3`;
    const first = await get<PaginatedProducts>(url);
    const repeat = await get<PaginatedProducts>(url);
    expect(repeat.res.body).toBe(first.res.body);
    expect(repeat.res.headers.etag).toBe(first.res.headers.etag);
    expect(repeat.res.headers['cache-control']).toBe('public, max-age=60');
    expect(repeat.res.headers['content-type']).toMatch(/^application\/json/);
    const notModified = await app.inject({ method: 'GET', url, headers: { 'if-none-match': first.res.headers.etag as string } });
    expect(notModified.statusCode).toBe(304);

    const top = first.body.products[0]!;
    await app.db
      .update(products)
      .set({ name: `${top.name} (renamed)` })
      .where(eq(products.uuid, top.uuid));
    app.services.catalogue.invalidate();
    const after = await get<PaginatedProducts>(url);
    expect(after.body.products[0]!.name).toBe(`${top.name} (renamed)`);
    expect(after.res.headers.etag).not.toBe(first.res.headers.etag);
    await app.db.update(products).set({ name: top.name }).where(eq(products.uuid, top.uuid));
    app.services.catalogue.invalidate();
  });

  it('does not let errors be cached publicly', async () => {
    const { res } = await get('/open/store/nowhere');
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('activity changes', () => {
  it('keeps the maintained counts in step when a product is deactivated', async () => {
    const before = (await get<PaginatedProducts>(`/open/products/${STORE}/paginated`)).body.pagination.totalItems;
    const milk = (await get<Product[]>(`/open/products/${STORE}`)).body.find((p) => p.name === 'Organic Chocolate Milk, 64 fl oz')!;
    await app.services.catalogue.setProductActive(milk.uuid, false);
    expect((await get<PaginatedProducts>(`/open/products/${STORE}/paginated`)).body.pagination.totalItems).toBe(before - 1);
    expect(
      (await get<PaginatedProducts>('/open/products/search/global/paginated?query=organic%20chocolate%20milk%2064')).body.products.map(
        (p) => p.uuid,
      ),
    ).not.toContain(milk.uuid);
    await app.services.catalogue.setProductActive(milk.uuid, true);
    expect((await get<PaginatedProducts>(`/open/products/${STORE}/paginated`)).body.pagination.totalItems).toBe(before);
  });
});

describe('product page', () => {
  /** A seeded product whose item (brand, item, size) at least three stores sell, all active. */
  async function widelySoldProduct() {
    const [widely] = await app.db
      .select({ itemKey: products.itemKey })
      .from(products)
      .groupBy(products.itemKey)
      .having(sql`count(*) >= 3 and bool_and(${products.isActive})`)
      .orderBy(asc(products.itemKey))
      .limit(1);
    const [row] = await app.db.select().from(products).where(eq(products.itemKey, widely!.itemKey)).orderBy(asc(products.id)).limit(1);
    return row!;
  }

  it('returns one active product enriched like the listings, with ETag and Cache-Control', async () => {
    const row = await widelySoldProduct();
    const { res, body } = await get<ProductResponse>(`/open/product/${row.uuid}`);
    expect(res.statusCode).toBe(200);
    const store = (await app.db.select().from(stores).where(eq(stores.id, row.storeId)))[0]!;
    const listed = (await get<Product[]>(`/open/products/${store.publicId}`)).body.find((p) => p.uuid === row.uuid);
    expect(body).toEqual({ product: listed });
    expect(body.product).toMatchObject({
      name: row.name,
      brand: row.brand,
      item: row.item,
      itemKey: row.itemKey,
      price_cents: row.priceCents,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await app.inject({
      method: 'GET',
      url: `/open/product/${row.uuid}`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 JSON for an unknown or inactive product and 400 for a malformed id, on both endpoints', async () => {
    const inactive = (await app.db.select().from(products).where(eq(products.name, 'Zzyzx Secret Tea')))[0]!;
    for (const id of ['00000000-0000-4000-8000-000000000000', inactive.uuid]) {
      for (const url of [`/open/product/${id}`, `/open/product/${id}/also-at`]) {
        const { res, body } = await get<{ success: boolean; error: { code: string; message: string } }>(url);
        expect(res.statusCode).toBe(404);
        expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: 'Product not found' } });
      }
    }
    for (const url of ['/open/product/not-a-uuid', '/open/product/not-a-uuid/also-at']) {
      const { res, body } = await get<{ success: boolean; message: string }>(url);
      expect(res.statusCode).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toEqual(expect.any(String));
    }
  });

  it('lists the same item at the other stores, active ones only, cheapest first', async () => {
    const row = await widelySoldProduct();
    const others = await app.db
      .select({ uuid: products.uuid, price: products.priceCents, id: products.id })
      .from(products)
      .where(and(eq(products.itemKey, row.itemKey), ne(products.id, row.id)))
      .orderBy(asc(products.priceCents), asc(products.id));
    expect(others.length).toBeGreaterThanOrEqual(2);
    const { res, body } = await get<ProductOffersResponse>(`/open/product/${row.uuid}/also-at`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(body.offers.map((o) => o.uuid)).toEqual(others.map((o) => o.uuid));
    for (const offer of body.offers) expect(offer).toMatchObject({ name: row.name, itemKey: row.itemKey, isActive: true });
    // One offer per other store.
    const { product } = (await get<ProductResponse>(`/open/product/${row.uuid}`)).body;
    const storeUuids = body.offers.map((o) => o.storeUuid);
    expect(new Set(storeUuids).size).toBe(storeUuids.length);
    expect(storeUuids).not.toContain(product.storeUuid);
    const prices = body.offers.map((o) => o.price_cents);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));

    // A store that stops selling it drops out of the offers.
    await app.services.catalogue.setProductActive(others[0]!.uuid, false);
    const after = (await get<ProductOffersResponse>(`/open/product/${row.uuid}/also-at`)).body;
    expect(after.offers.map((o) => o.uuid)).toEqual(others.slice(1).map((o) => o.uuid));
    await app.services.catalogue.setProductActive(others[0]!.uuid, true);
  });

  it('gives an item no other store sells no offers', async () => {
    const row = (await app.db.select().from(products).where(eq(products.name, 'Quokka Crackers')))[0]!;
    expect((await get<ProductOffersResponse>(`/open/product/${row.uuid}/also-at`)).body).toEqual({ offers: [] });
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/open/stores',
        '/open/products/{storePublicId}/paginated',
        '/open/products/search/global/paginated',
        '/open/product/{productUuid}',
        '/open/product/{productUuid}/also-at',
      ]),
    );
  });
});
