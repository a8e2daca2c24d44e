// The public catalogue (spec §7 "Public catalogue"): stores, categories, product listings and search.
// Listings take totalItems from the maintained counts (counts.ts), never from COUNT(*): an unfiltered
// page is a slice of the in-memory shelf index (shelfIndex.ts) read by primary key, or, when that index
// cannot be exact, one prepared query walking the (store, is_active, name|price, id) indexes; searches
// use the GIN-indexed search_vector and count their matches.
import {
  UNKNOWN_CATEGORY_NAME,
  UNKNOWN_STORE_NAME,
  type Category,
  type CategoryProductsResponse,
  type ProductFacets,
  type ProductFilters,
  type SearchResponse,
  type PaginatedProducts,
  type Product,
  type ProductOffersResponse,
  type ProductSubstitutesResponse,
  type ProductResponse,
  type Store,
  type SuggestionsResponse,
} from '@grocer/shared/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, storeCategoryCounts, stores, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { backgroundIndex } from './backgroundIndex.ts';
import { createTtlCache } from './cache.ts';
import { adjustCatalogueCounts } from './counts.ts';
import { createFilterReads } from './filters.ts';
import { createListingReads } from './listings.ts';
import type { MatchOptions } from './search.ts';
import {
  CATALOGUE_ERRORS,
  categoryColumns,
  isUuid,
  listingOrder,
  pagination,
  selectProductRows,
  toCategory,
  toProduct,
  toStore,
  type Paging,
  type ProductRowJoined,
  type SearchPaging,
} from './productRows.ts';
import { loadSearchIndex } from './searchIndex.ts';
import { createSearchReads } from './searchReads.ts';
import { loadShelfIndex, type ShelfIndex } from './shelfIndex.ts';

// Other services import these from here: the catalogue's public face.
export { CATALOGUE_ERRORS, isUuid, pagination, type Paging, type SearchPaging };
export { SEARCH_INDEX_MAX_AGE_MS } from './backgroundIndex.ts';

/** How many distinct items GET /open/products/suggestions returns (spec: at most 5). */
export const MAX_SUGGESTIONS = 5;

/** How many products GET /open/products/search/global returns. */
export const GLOBAL_SEARCH_LIMIT = 50;
/** A category shelf of one store can be long; the replacement picker lists this many. */
export const MAX_SUBSTITUTES = 100;

// Other services (favourites) enrich products the same way.
export { UNKNOWN_CATEGORY_NAME, UNKNOWN_STORE_NAME };

export interface CatalogueService {
  listStores(): Promise<Store[]>;
  getStore(uuidOrPublicId: string): Promise<Store>;
  listCategories(storeUuidOrPublicId?: string): Promise<Category[]>;
  getCategory(uuid: string): Promise<Category>;
  storeProducts(storeUuidOrPublicId: string): Promise<Product[]>;
  storeProductsPage(storeUuidOrPublicId: string, paging: Paging, filters?: ProductFilters): Promise<PaginatedProducts>;
  categoryProductsPage(
    storeUuidOrPublicId: string,
    categoryUuid: string,
    paging: Paging,
    filters?: ProductFilters,
  ): Promise<CategoryProductsResponse>;
  searchGlobal(query: string): Promise<Product[]>;
  /** One active product (404 for an unknown or inactive uuid). */
  product(uuid: string): Promise<ProductResponse>;
  /** The same item (itemKey) at the other stores: active ones, cheapest first (404 like product()). */
  productOffers(uuid: string): Promise<ProductOffersResponse>;
  /** What may replace a product when it is out of stock: in-stock, active products of its store and category, by name (404 like product()). */
  productSubstitutes(uuid: string): Promise<ProductSubstitutesResponse>;
  /** A ranked page; `filters.storeId` narrows the global search, `storeUuidOrPublicId` scopes a store's search. */
  searchPage(
    query: string,
    storeUuidOrPublicId: string | undefined,
    paging: SearchPaging,
    filters?: ProductFilters,
    options?: MatchOptions,
  ): Promise<SearchResponse>;
  /** Distinct items (one per item, whatever the brand) for the header suggestions, ranked like the search, and the query answered when a typo was corrected. */
  suggestions(query: string, limit: number): Promise<SuggestionsResponse>;
  /** Filter counts of a search (query given) or of a store's listing (query absent, store given). */
  facets(
    query: string | undefined,
    storeUuidOrPublicId: string | undefined,
    filters: ProductFilters,
    options?: MatchOptions,
  ): Promise<ProductFacets>;
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
  /** Where shoppers' reads go (db/client.ts READ_POOL_MAX); `db` when not given. Changes always go to `db`. */
  reads?: Database;
  /** Where the in-memory indexes load from (no request waits on its timeouts); `reads` when not given. */
  background?: Database;
  /** How long an answer is reused in this process; 0 turns the cache off. */
  cacheTtlMs?: number;
  /** Told which answered each unfiltered listing and suggestion: the shelf index or the database's own order (tests). */
  observe?: (read: 'listing' | 'suggestions', answeredBy: 'index' | 'database') => void;
}

/** A few seconds: well inside the 60 s clients may keep an answer anyway. */
export const DEFAULT_CATALOGUE_CACHE_TTL_MS = 5_000;

export function createCatalogueService(db: Database, options: CatalogueServiceOptions = {}): CatalogueService {
  const reads = options.reads ?? db;
  const background = options.background ?? reads;
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CATALOGUE_CACHE_TTL_MS;
  const cache = createTtlCache({ ttlMs: cacheTtlMs, maxEntries: 2_000 });

  async function findStore(uuidOrPublicId: string): Promise<StoreRow> {
    const where = isUuid(uuidOrPublicId) ? eq(stores.uuid, uuidOrPublicId.toLowerCase()) : eq(stores.publicId, uuidOrPublicId);
    const [row] = await reads.select().from(stores).where(where).limit(1);
    if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.store);
    return row;
  }

  /** An active product's row, or 404. */
  async function findActiveProduct(uuid: string): Promise<ProductRowJoined> {
    if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
    const [row] = await selectProductRows(reads)
      .where(and(eq(products.uuid, uuid.toLowerCase()), eq(products.isActive, true)))
      .limit(1);
    if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
    return row;
  }

  /**
   * The search's in-memory index: loaded by the first search; after an invalidation (a sale, a product
   * switched off) reloaded in the background while the last one keeps serving: a word or label more or
   * less for a moment is harmless. Also reloaded once it is SEARCH_INDEX_MAX_AGE_MS old, for what other
   * processes changed: the groups' product counts give search totals (a page whose counts no longer hold
   * is read from the rows).
   */
  const searchIndexes = backgroundIndex(() => loadSearchIndex(background), cache.generation);
  const searchIndex = () => searchIndexes.get();

  /**
   * The shelves' orders and the labels' suggestion candidates (shelfIndex.ts), refreshed the same way.
   * Unlike the search index it is only used while exact: not before its first load, not after this
   * process changed the catalogue until it is reloaded, and not once a read shows another process did.
   */
  const shelfIndexes = backgroundIndex(() => loadShelfIndex(background), cache.generation);
  function currentShelfIndex(): ShelfIndex | undefined {
    const loaded = shelfIndexes.peek();
    return loaded && loaded.generation === cache.generation() ? loaded.value : undefined;
  }

  const filters = createFilterReads(reads);
  const listings = createListingReads({
    db: reads,
    searchIndex,
    findStore,
    filters,
    currentShelfIndex,
    markShelfStale: () => shelfIndexes.markStale(),
  });
  const { storeProductsPageRead, categoryProductsPageRead, shelfPage, storeParams, indexedShelfPage } = listings;
  const { searchPage, suggestions, facets } = createSearchReads({
    db: reads,
    searchIndex,
    findStore,
    filters,
    indexedPicks: listings.indexedPicks,
    observe: options.observe,
  });

  return {
    listStores: () =>
      cache.get('stores', async () => {
        const rows = await reads.select().from(stores).orderBy(asc(stores.name), asc(stores.id));
        return rows.map(toStore);
      }),

    getStore: (ref) => cache.get(`store:${ref}`, async () => toStore(await findStore(ref))),

    listCategories: (storeRef) =>
      cache.get(`categories:${storeRef ?? ''}`, async () => {
        const store = storeRef === undefined ? undefined : await findStore(storeRef);
        const rows = await reads
          .select(categoryColumns)
          .from(categories)
          .leftJoin(
            storeCategoryCounts,
            and(eq(storeCategoryCounts.categoryId, categories.id), store ? eq(storeCategoryCounts.storeId, store.id) : undefined),
          )
          .groupBy(categories.id)
          .orderBy(asc(categories.name), asc(categories.id));
        return rows.map(toCategory);
      }),

    getCategory: (uuid) =>
      cache.get(`category:${uuid}`, async () => {
        if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.category);
        const [row] = await reads
          .select(categoryColumns)
          .from(categories)
          .leftJoin(storeCategoryCounts, eq(storeCategoryCounts.categoryId, categories.id))
          .where(eq(categories.uuid, uuid.toLowerCase()))
          .groupBy(categories.id);
        if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.category);
        return toCategory(row);
      }),

    storeProducts: (ref) =>
      cache.get(`products:${ref}`, async () => {
        const store = await findStore(ref);
        const rows = await selectProductRows(reads)
          .where(and(eq(products.storeId, store.id), eq(products.isActive, true)))
          .orderBy(...listingOrder('name', 'asc'));
        return rows.map(toProduct);
      }),

    storeProductsPage: (ref, paging, filters = {}) =>
      cache.get(`page:${ref}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}:${JSON.stringify(filters)}`, async () => {
        if (!Object.values(filters).some((v) => v !== undefined)) {
          const indexed = await indexedShelfPage(ref, undefined, paging);
          options.observe?.('listing', indexed ? 'index' : 'database');
          if (indexed) return { products: indexed.rows.map(toProduct), pagination: pagination(paging.page, paging.limit, indexed.total) };
          const rows = await shelfPage('store', paging, { ...storeParams(ref), categoryUuid: null });
          // No row (a page past the end, an unknown store) carries no total: the general path answers those.
          if (rows[0]) return { products: rows.map(toProduct), pagination: pagination(paging.page, paging.limit, rows[0].total) };
        }
        return storeProductsPageRead(ref, paging, filters);
      }),

    categoryProductsPage: (ref, categoryUuid, paging, filters = {}) =>
      cache.get(
        `category-page:${ref}:${categoryUuid}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}:${JSON.stringify(filters)}`,
        async () => {
          if (isUuid(categoryUuid) && !Object.values(filters).some((v) => v !== undefined)) {
            const indexed = await indexedShelfPage(ref, categoryUuid, paging);
            options.observe?.('listing', indexed ? 'index' : 'database');
            const page = indexed
              ? { rows: indexed.rows, total: indexed.total }
              : await shelfPage('category', paging, { ...storeParams(ref), categoryUuid: categoryUuid.toLowerCase() }).then((rows) => ({
                  rows,
                  total: rows[0]?.total ?? 0,
                }));
            const [first] = page.rows;
            if (first)
              return {
                categoryUuid: first.categoryUuid ?? categoryUuid.toLowerCase(),
                categoryName: first.categoryName ?? UNKNOWN_CATEGORY_NAME,
                pagination: pagination(paging.page, paging.limit, page.total),
                products: page.rows.map(toProduct),
              };
          }
          return categoryProductsPageRead(ref, categoryUuid, paging, filters);
        },
      ),

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
        const rows = await selectProductRows(reads)
          .where(and(eq(products.itemKey, product.itemKey), eq(products.isActive, true), ne(products.id, product.id)))
          .orderBy(asc(products.priceCents), asc(products.id));
        return { offers: rows.map(toProduct) };
      }),

    productSubstitutes: (uuid) =>
      cache.get(`product-substitutes:${uuid}`, async () => {
        if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
        const [product] = await reads
          .select({ id: products.id, storeId: products.storeId, categoryId: products.categoryId })
          .from(products)
          .where(and(eq(products.uuid, uuid.toLowerCase()), eq(products.isActive, true)));
        if (!product) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
        // The (store, category, active, name) index walks these already in order.
        const rows = await selectProductRows(reads)
          .where(
            and(
              eq(products.storeId, product.storeId),
              eq(products.categoryId, product.categoryId),
              eq(products.isActive, true),
              ne(products.id, product.id),
              sql`${products.stockQuantity} > 0`,
            ),
          )
          .orderBy(asc(products.name), asc(products.id))
          .limit(MAX_SUBSTITUTES);
        return { products: rows.map(toProduct) };
      }),

    searchPage: (query, storeRef, paging, filters = {}, options = {}) =>
      cache.get(
        `search:${storeRef ?? ''}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}:${JSON.stringify(filters)}:${options.correct ?? true}:${query}`,
        () => searchPage(query, storeRef, paging, filters, options),
      ),

    suggestions: (query, limit) => cache.get(`suggest:${limit}:${query}`, () => suggestions(query, limit)),

    facets: (query, storeRef, filters, options = {}) =>
      cache.get(`facets:${storeRef ?? ''}:${JSON.stringify(filters)}:${options.correct ?? true}:${query ?? ''}`, () =>
        facets(query, storeRef, filters, options),
      ),

    async productsByUuids(uuids) {
      const valid = [...new Set(uuids.filter(isUuid).map((u) => u.toLowerCase()))];
      if (valid.length === 0) return new Map();
      const rows = await selectProductRows(reads).where(inArray(products.uuid, valid));
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
