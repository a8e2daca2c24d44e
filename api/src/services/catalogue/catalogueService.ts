// The public catalogue (spec §7 "Public catalogue"): stores, categories, product listings and search.
// Listings walk the (store, is_active, name|price, id) indexes and take totalItems from the maintained
// counts (counts.ts), never from COUNT(*); searches use the GIN-indexed search_vector and count their matches.
import {
  UNKNOWN_CATEGORY_NAME,
  UNKNOWN_STORE_NAME,
  type Category,
  type CategoryProductsResponse,
  type PaginatedProducts,
  type Pagination,
  type Product,
  type ProductOffersResponse,
  type ProductResponse,
  type ProductSort,
  type SizeUnit,
  type SortOrder,
  type Store,
} from '@grocer/shared/contracts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, storeCategoryCounts, stores, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../lib/errors.ts';
import { createTtlCache } from './cache.ts';
import { adjustCatalogueCounts } from './counts.ts';
import { searchQueries, searchTokens } from './search.ts';
import { productSize, unitPrice, type ShelfUnit } from './unitPrice.ts';

/** How many products GET /open/products/search/global returns. */
export const GLOBAL_SEARCH_LIMIT = 50;

// Other services (favourites) enrich products the same way.
export { UNKNOWN_CATEGORY_NAME, UNKNOWN_STORE_NAME };

/** Spec §8 texts. */
export const CATALOGUE_ERRORS = {
  store: 'Failed to fetch store',
  category: 'Failed to fetch categories',
  categoryProducts: 'Failed to fetch paginated category products',
  product: 'Product not found',
} as const;

export interface Paging {
  page: number;
  limit: number;
  sort: ProductSort;
  order: SortOrder;
}

export interface SearchPaging extends Omit<Paging, 'sort'> {
  sort: ProductSort | 'relevance';
}

export interface CatalogueService {
  listStores(): Promise<Store[]>;
  getStore(uuidOrPublicId: string): Promise<Store>;
  listCategories(storeUuidOrPublicId?: string): Promise<Category[]>;
  getCategory(uuid: string): Promise<Category>;
  storeProducts(storeUuidOrPublicId: string): Promise<Product[]>;
  storeProductsPage(storeUuidOrPublicId: string, paging: Paging): Promise<PaginatedProducts>;
  categoryProductsPage(storeUuidOrPublicId: string, categoryUuid: string, paging: Paging): Promise<CategoryProductsResponse>;
  searchGlobal(query: string): Promise<Product[]>;
  /** One active product (404 for an unknown or inactive uuid). */
  product(uuid: string): Promise<ProductResponse>;
  /** The same item (itemKey) at the other stores: active ones, cheapest first (404 like product()). */
  productOffers(uuid: string): Promise<ProductOffersResponse>;
  searchPage(query: string, storeUuidOrPublicId: string | undefined, paging: SearchPaging): Promise<PaginatedProducts>;
  /**
   * Products by uuid, enriched, uncached, inactive ones included (with isActive false): for favourites,
   * cart and checkout, which decide what an inactive product means for them. Unknown uuids are absent.
   */
  productsByUuids(uuids: string[]): Promise<Map<string, Product>>;
  /** Activates or deactivates a product, keeping the maintained counts in step. */
  setProductActive(productUuid: string, active: boolean): Promise<void>;
  /** Forget cached answers (after changing the catalogue outside this service). */
  invalidate(): void;
  /** Changes whenever cached answers are dropped; see routes/open/answerCache.ts. */
  cacheGeneration(): number;
  /** How long an answer may be reused in this process (0: not at all). */
  readonly cacheTtlMs: number;
}

export interface CatalogueServiceOptions {
  /** How long an answer is reused in this process; 0 turns the cache off. */
  cacheTtlMs?: number;
}

/** A few seconds: well inside the 60 s clients may keep an answer anyway. */
export const DEFAULT_CATALOGUE_CACHE_TTL_MS = 5_000;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    uuid: row.uuid,
    publicId: row.publicId,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    logo: row.logo,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const productColumns = {
  id: products.id,
  uuid: products.uuid,
  name: products.name,
  brand: products.brand,
  item: products.item,
  itemKey: products.itemKey,
  sizeMilli: products.sizeMilli,
  sizeUnit: products.sizeUnit,
  unitPriceUnit: products.unitPriceUnit,
  image: products.image,
  priceCents: products.priceCents,
  inStock: sql<boolean>`${products.stockQuantity} > 0`,
  isActive: products.isActive,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  storeUuid: stores.uuid,
  storeName: stores.name,
  storePublicId: stores.publicId,
  categoryUuid: categories.uuid,
  categoryName: categories.name,
};

interface ProductRowJoined {
  id: number;
  uuid: string;
  name: string;
  brand: string;
  item: string;
  itemKey: string;
  sizeMilli: number;
  sizeUnit: SizeUnit;
  unitPriceUnit: ShelfUnit;
  image: string;
  priceCents: number;
  inStock: boolean;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
  storeUuid: string | null;
  storeName: string | null;
  storePublicId: string | null;
  categoryUuid: string | null;
  categoryName: string | null;
}

/** Spec §3: a product enriched with its store and category, with the 'Unknown …' fallbacks, its size and unit price. */
function toProduct(row: ProductRowJoined): Product {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    brand: row.brand,
    item: row.item,
    itemKey: row.itemKey,
    size: productSize(row.sizeMilli, row.sizeUnit),
    unitPrice: unitPrice(row.priceCents, row.sizeMilli, row.sizeUnit, row.unitPriceUnit),
    image: row.image,
    price_cents: row.priceCents,
    stockStatus: row.inStock ? 'IN_STOCK' : 'OUT_OF_STOCK',
    isActive: row.isActive,
    storeUuid: row.storeUuid ?? '',
    categoryUuid: row.categoryUuid ?? '',
    store:
      row.storeName === null
        ? { uuid: row.storeUuid ?? '', name: UNKNOWN_STORE_NAME }
        : { uuid: row.storeUuid ?? '', name: row.storeName, publicId: row.storePublicId ?? undefined },
    category: { uuid: row.categoryUuid ?? '', name: row.categoryName ?? UNKNOWN_CATEGORY_NAME },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function pagination(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / limit);
  return { currentPage: page, totalPages, hasNext: page < totalPages, hasPrevious: page > 1, totalItems };
}

/** ORDER BY for a listing: the sort key, then name, then id, so equal keys never swap between pages. */
function listingOrder(sort: ProductSort, order: SortOrder): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  return sort === 'price' ? [dir(products.priceCents), dir(products.name), dir(products.id)] : [dir(products.name), dir(products.id)];
}

export function createCatalogueService(db: Database, options: CatalogueServiceOptions = {}): CatalogueService {
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CATALOGUE_CACHE_TTL_MS;
  const cache = createTtlCache({ ttlMs: cacheTtlMs, maxEntries: 2_000 });

  const selectProducts = () =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(stores, eq(stores.id, products.storeId))
      .leftJoin(categories, eq(categories.id, products.categoryId));

  async function findStore(uuidOrPublicId: string): Promise<StoreRow> {
    const where = isUuid(uuidOrPublicId) ? eq(stores.uuid, uuidOrPublicId.toLowerCase()) : eq(stores.publicId, uuidOrPublicId);
    const [row] = await db.select().from(stores).where(where).limit(1);
    if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.store);
    return row;
  }

  /** An active product's row, or 404. */
  async function findActiveProduct(uuid: string): Promise<ProductRowJoined> {
    if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
    const [row] = await selectProducts()
      .where(and(eq(products.uuid, uuid.toLowerCase()), eq(products.isActive, true)))
      .limit(1);
    if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
    return row;
  }

  async function searchPage(query: string, storeRef: string | undefined, paging: SearchPaging): Promise<PaginatedProducts> {
    const store = storeRef === undefined ? undefined : await findStore(storeRef);
    const tokens = searchTokens(query);
    if (tokens.length === 0) return { products: [], pagination: pagination(paging.page, paging.limit, 0) };
    const q = searchQueries(tokens);
    const where = and(
      eq(products.isActive, true),
      sql`${products.searchVector} @@ to_tsquery('simple', ${q.any})`,
      store ? eq(products.storeId, store.id) : undefined,
    );
    let order: SQL[];
    if (paging.sort === 'relevance') {
      // Name matches outrank category/store matches: every word in the name (8), the name starting
      // with the first word (4), every word whole in the name (2), then one point per word found in the name.
      const perWord = q.eachInName.map((w) => sql`(${products.searchVector} @@ to_tsquery('simple', ${w}))::int`);
      const score = sql`(case when ${products.searchVector} @@ to_tsquery('simple', ${q.allInName}) then 8 else 0 end)
        + (case when lower(${products.name}) like ${`${q.first}%`} then 4 else 0 end)
        + (case when ${products.searchVector} @@ to_tsquery('simple', ${q.wholeInName}) then 2 else 0 end)
        + ${sql.join(perWord, sql` + `)}`;
      order = [sql`${score} desc`, asc(products.name), asc(products.id)];
    } else {
      order = listingOrder(paging.sort, paging.order);
    }
    const rows = await selectProducts()
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit);
    // Searches count their matches (the GIN index answers the filter); listings never do.
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
    return { products: rows.map(toProduct), pagination: pagination(paging.page, paging.limit, counted?.n ?? 0) };
  }

  return {
    listStores: () =>
      cache.get('stores', async () => {
        const rows = await db.select().from(stores).orderBy(asc(stores.name), asc(stores.id));
        return rows.map(toStore);
      }),

    getStore: (ref) => cache.get(`store:${ref}`, async () => toStore(await findStore(ref))),

    listCategories: (storeRef) =>
      cache.get(`categories:${storeRef ?? ''}`, async () => {
        const store = storeRef === undefined ? undefined : await findStore(storeRef);
        const count = sql<number>`coalesce(sum(${storeCategoryCounts.activeProductCount}), 0)::int`;
        const rows = await db
          .select({
            id: categories.id,
            uuid: categories.uuid,
            name: categories.name,
            createdAt: categories.createdAt,
            updatedAt: categories.updatedAt,
            productCount: count,
          })
          .from(categories)
          .leftJoin(
            storeCategoryCounts,
            and(eq(storeCategoryCounts.categoryId, categories.id), store ? eq(storeCategoryCounts.storeId, store.id) : undefined),
          )
          .groupBy(categories.id)
          .orderBy(asc(categories.name), asc(categories.id));
        return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }));
      }),

    getCategory: (uuid) =>
      cache.get(`category:${uuid}`, async () => {
        if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.category);
        const [row] = await db
          .select({
            id: categories.id,
            uuid: categories.uuid,
            name: categories.name,
            createdAt: categories.createdAt,
            updatedAt: categories.updatedAt,
            productCount: sql<number>`coalesce(sum(${storeCategoryCounts.activeProductCount}), 0)::int`,
          })
          .from(categories)
          .leftJoin(storeCategoryCounts, eq(storeCategoryCounts.categoryId, categories.id))
          .where(eq(categories.uuid, uuid.toLowerCase()))
          .groupBy(categories.id);
        if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.category);
        return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
      }),

    storeProducts: (ref) =>
      cache.get(`products:${ref}`, async () => {
        const store = await findStore(ref);
        const rows = await selectProducts()
          .where(and(eq(products.storeId, store.id), eq(products.isActive, true)))
          .orderBy(...listingOrder('name', 'asc'));
        return rows.map(toProduct);
      }),

    storeProductsPage: (ref, paging) =>
      cache.get(`page:${ref}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}`, async () => {
        const store = await findStore(ref);
        const rows = await selectProducts()
          .where(and(eq(products.storeId, store.id), eq(products.isActive, true)))
          .orderBy(...listingOrder(paging.sort, paging.order))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit);
        return { products: rows.map(toProduct), pagination: pagination(paging.page, paging.limit, store.activeProductCount) };
      }),

    categoryProductsPage: (ref, categoryUuid, paging) =>
      cache.get(`category-page:${ref}:${categoryUuid}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}`, async () => {
        const store = await findStore(ref);
        if (!isUuid(categoryUuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.categoryProducts);
        const [category] = await db
          .select({ id: categories.id, uuid: categories.uuid, name: categories.name, count: storeCategoryCounts.activeProductCount })
          .from(categories)
          .leftJoin(storeCategoryCounts, and(eq(storeCategoryCounts.categoryId, categories.id), eq(storeCategoryCounts.storeId, store.id)))
          .where(eq(categories.uuid, categoryUuid.toLowerCase()));
        if (!category) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.categoryProducts);
        const rows = await selectProducts()
          .where(and(eq(products.storeId, store.id), eq(products.categoryId, category.id), eq(products.isActive, true)))
          .orderBy(...listingOrder(paging.sort, paging.order))
          .limit(paging.limit)
          .offset((paging.page - 1) * paging.limit);
        return {
          categoryUuid: category.uuid,
          categoryName: category.name,
          pagination: pagination(paging.page, paging.limit, category.count ?? 0),
          products: rows.map(toProduct),
        };
      }),

    searchGlobal: (query) =>
      cache.get(`search-global:${query}`, async () => {
        const page = await searchPage(query, undefined, { page: 1, limit: GLOBAL_SEARCH_LIMIT, sort: 'relevance', order: 'asc' });
        return page.products;
      }),

    product: (uuid) => cache.get(`product:${uuid}`, async () => ({ product: toProduct(await findActiveProduct(uuid)) })),

    productOffers: (uuid) =>
      cache.get(`product-offers:${uuid}`, async () => {
        const product = await findActiveProduct(uuid);
        // The (item_key, is_active, price_cents, id) index hands these over already in order.
        const rows = await selectProducts()
          .where(and(eq(products.itemKey, product.itemKey), eq(products.isActive, true), ne(products.id, product.id)))
          .orderBy(asc(products.priceCents), asc(products.id));
        return { offers: rows.map(toProduct) };
      }),

    searchPage: (query, storeRef, paging) =>
      cache.get(`search:${storeRef ?? ''}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}:${query}`, () =>
        searchPage(query, storeRef, paging),
      ),

    async productsByUuids(uuids) {
      const valid = [...new Set(uuids.filter(isUuid).map((u) => u.toLowerCase()))];
      if (valid.length === 0) return new Map();
      const rows = await selectProducts().where(inArray(products.uuid, valid));
      return new Map(rows.map((row) => [row.uuid, toProduct(row)]));
    },

    async setProductActive(productUuid, active) {
      if (!isUuid(productUuid)) throw httpError(404, 'NOT_FOUND', 'Product not found');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: products.id, storeId: products.storeId, categoryId: products.categoryId, isActive: products.isActive })
          .from(products)
          .where(eq(products.uuid, productUuid.toLowerCase()))
          .for('update');
        if (!row) throw httpError(404, 'NOT_FOUND', 'Product not found');
        if (row.isActive === active) return;
        await tx.update(products).set({ isActive: active, updatedAt: new Date() }).where(eq(products.id, row.id));
        await adjustCatalogueCounts(tx as unknown as Database, row.storeId, row.categoryId, active ? 1 : -1);
      });
      cache.clear();
    },

    invalidate: () => cache.clear(),
    cacheGeneration: () => cache.generation(),
    cacheTtlMs,
  };
}
