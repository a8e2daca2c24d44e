// The public catalogue (spec §7 "Public catalogue"): stores, categories, product listings and search.
// Listings take totalItems from the maintained counts (counts.ts), never from COUNT(*): an unfiltered
// page is a slice of the in-memory shelf index (shelfIndex.ts) read by primary key, or, when that index
// cannot be exact, one prepared query walking the (store, is_active, name|price, id) indexes; searches
// use the GIN-indexed search_vector and count their matches.
import {
  UNKNOWN_CATEGORY_NAME,
  UNKNOWN_STORE_NAME,
  PRICE_RANGES,
  type Category,
  type CategoryProductsResponse,
  type ProductFacets,
  type ProductFilters,
  type SearchResponse,
  type PaginatedProducts,
  type Pagination,
  type Product,
  type ProductOffersResponse,
  type ProductSubstitutesResponse,
  type ProductResponse,
  type ProductSort,
  type SortOrder,
  type Store,
} from '@grocer/shared/contracts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, storeCategoryCounts, stores, type StoreRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { preparedRead } from '../../db/prepared.ts';
import { createTtlCache } from './cache.ts';
import { adjustCatalogueCounts } from './counts.ts';
import { labelSql, loadSearchIndex, type SearchIndex } from './searchIndex.ts';
import { catalogueVersionSql, loadShelfIndex, shelfSlice, type ShelfIndex } from './shelfIndex.ts';
import { matchQuery, matchWords, rankLabels, searchTokens, spreadLabels, type MatchedWord, type RankedLabel } from './search.ts';
import { planGroupPage } from './searchGroups.ts';

import { productSize, unitPrice } from './unitPrice.ts';

/** How many distinct items GET /open/products/suggestions returns (spec: at most 5). */
export const MAX_SUGGESTIONS = 5;

/** How many products GET /open/products/search/global returns. */
export const GLOBAL_SEARCH_LIMIT = 50;
/** A category shelf of one store can be long; the replacement picker lists this many. */
export const MAX_SUBSTITUTES = 100;

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
  ): Promise<SearchResponse>;
  /** Distinct items (one per item, whatever the brand) for the header suggestions, ranked like the search. */
  suggestions(query: string, limit: number): Promise<Product[]>;
  /** Filter counts of a search (query given) or of a store's listing (query absent, store given). */
  facets(query: string | undefined, storeUuidOrPublicId: string | undefined, filters: ProductFilters): Promise<ProductFacets>;
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
  /** Told which answered each unfiltered listing and suggestion: the shelf index or the database's own order (tests). */
  observe?: (read: 'listing' | 'suggestions', answeredBy: 'index' | 'database') => void;
}

/** How long the search's in-memory index serves before it is read again (see searchIndex()). */
export const SEARCH_INDEX_MAX_AGE_MS = 5 * 60_000;

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

/** A product's own columns, as every catalogue answer shows them. */
const ownColumns = {
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
  stockQuantity: products.stockQuantity,
  isActive: products.isActive,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** With its store and category (left joins). */
const productColumns = {
  ...ownColumns,
  storeUuid: stores.uuid,
  storeName: stores.name,
  storePublicId: stores.publicId,
  categoryUuid: categories.uuid,
  categoryName: categories.name,
};

/** Products with their store and category, as every catalogue answer shows them. */
const selectProductRows = (db: Database) =>
  db
    .select(productColumns)
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categories, eq(categories.id, products.categoryId));

/** One row of selectProductRows: the left joins make the store and category columns nullable. */
type ProductRowJoined = Awaited<ReturnType<typeof selectProductRows>>[number];

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
    stockQuantity: Math.max(0, row.stockQuantity),
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

/** A category with its active products, summed over the store_category_counts rows the query joins. */
const categoryColumns = {
  id: categories.id,
  uuid: categories.uuid,
  name: categories.name,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
  productCount: sql<number>`coalesce(sum(${storeCategoryCounts.activeProductCount}), 0)::int`,
};

function toCategory(row: Omit<Category, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): Category {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
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

interface Loaded<T> {
  value: T;
  /** The cache generation when the load started: an invalidation after that makes it out of date. */
  generation: number;
  loadedAt: number;
}

/**
 * An in-memory index read from the database: loaded on first use, then reloaded in the background (one
 * load at a time, the last one serving meanwhile) after an invalidation, once it is
 * SEARCH_INDEX_MAX_AGE_MS old (for what other processes changed), or when a reader found it stale.
 */
function backgroundIndex<T>(load: () => Promise<T>, generation: () => number) {
  let ready: Loaded<T> | undefined;
  let loading: Promise<Loaded<T>> | undefined;
  let stale = false;
  function reload(): Promise<Loaded<T>> {
    if (loading) return loading;
    const started = { generation: generation(), loadedAt: Date.now() };
    stale = false;
    const value = load().then((v) => (ready = { value: v, ...started }));
    loading = value;
    const done = () => {
      if (loading === value) loading = undefined;
    };
    value.then(done, done);
    return value;
  }
  /** The last index loaded, a reload started if it is out of date; undefined until the first load is in. */
  function peek(): Loaded<T> | undefined {
    if (!ready || stale || ready.generation !== generation() || Date.now() - ready.loadedAt > SEARCH_INDEX_MAX_AGE_MS)
      reload().catch(() => undefined);
    return ready;
  }
  return {
    peek,
    /** The last index loaded, or the first load waited for. */
    async get(): Promise<T> {
      return (peek() ?? (await reload())).value;
    },
    /** A reader saw a change the index does not hold: load it again. */
    markStale() {
      stale = true;
    },
  };
}

export function createCatalogueService(db: Database, options: CatalogueServiceOptions = {}): CatalogueService {
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULT_CATALOGUE_CACHE_TTL_MS;
  const cache = createTtlCache({ ttlMs: cacheTtlMs, maxEntries: 2_000 });

  async function findStore(uuidOrPublicId: string): Promise<StoreRow> {
    const where = isUuid(uuidOrPublicId) ? eq(stores.uuid, uuidOrPublicId.toLowerCase()) : eq(stores.publicId, uuidOrPublicId);
    const [row] = await db.select().from(stores).where(where).limit(1);
    if (!row) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.store);
    return row;
  }

  /** An active product's row, or 404. */
  async function findActiveProduct(uuid: string): Promise<ProductRowJoined> {
    if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
    const [row] = await selectProductRows(db)
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
  const searchIndexes = backgroundIndex(() => loadSearchIndex(db), cache.generation);
  const searchIndex = () => searchIndexes.get();

  /**
   * The shelves' orders and the labels' suggestion candidates (shelfIndex.ts), refreshed the same way.
   * Unlike the search index it is only used while exact: not before its first load, not after this
   * process changed the catalogue until it is reloaded, and not once a read shows another process did.
   */
  const shelfIndexes = backgroundIndex(() => loadShelfIndex(db), cache.generation);
  function currentShelfIndex(): ShelfIndex | undefined {
    const loaded = shelfIndexes.peek();
    return loaded && loaded.generation === cache.generation() ? loaded.value : undefined;
  }

  const inStockSql = sql`${products.stockQuantity} > 0`;

  function filterConditions(filters: ProductFilters, index: SearchIndex, skip?: keyof ProductFilters) {
    const category =
      filters.categoryId === undefined
        ? undefined
        : [...index.categoriesById].find(([, c]) => c.uuid === filters.categoryId!.toLowerCase());
    const storeRef = filters.storeId;
    const store =
      storeRef === undefined
        ? undefined
        : [...index.storesById].find(([, s]) => s.uuid === storeRef.toLowerCase() || s.publicId === storeRef);
    // An unknown category or store is a filter nothing passes, not an error: a shared link outlives a category.
    return {
      category:
        skip === 'categoryId' || filters.categoryId === undefined
          ? undefined
          : category
            ? eq(products.categoryId, category[0])
            : sql`false`,
      store: skip === 'storeId' || storeRef === undefined ? undefined : store ? eq(products.storeId, store[0]) : sql`false`,
      inStock: skip === 'inStock' || !filters.inStock ? undefined : inStockSql,
      price: and(
        filters.minPrice === undefined ? undefined : sql`${products.priceCents} >= ${filters.minPrice}`,
        filters.maxPrice === undefined ? undefined : sql`${products.priceCents} <= ${filters.maxPrice}`,
      ),
    };
  }

  async function countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where);
    return row?.n ?? 0;
  }

  const allOf = (conditions: (SQL | undefined)[]) => and(...conditions) ?? sql`true`;

  /** The matches of a query (or a store's shelf when words is undefined), unfiltered. */
  function matchCondition(words: MatchedWord[] | undefined, storeId: number | undefined): SQL {
    return allOf([
      eq(products.isActive, true),
      words ? sql`${products.searchVector} @@ to_tsquery('simple', ${matchQuery(words)})` : undefined,
      storeId === undefined ? undefined : eq(products.storeId, storeId),
    ]);
  }

  /** One scan of the matches answers every count: each facet counts the rows passing the other filters (grouping sets, one per facet). */
  async function facetCounts(match: SQL, filters: ProductFilters, idx: SearchIndex): Promise<ProductFacets> {
    const f = filterConditions(filters, idx);
    const passing = (...parts: (SQL | undefined)[]) => sql<number>`count(*) filter (where ${allOf(parts)})::int`;
    const bucket = sql.join(
      [
        sql`case`,
        ...PRICE_RANGES.map((r, i) =>
          r.max === undefined
            ? sql`when true then ${sql.raw(String(i))}`
            : sql`when ${products.priceCents} <= ${sql.raw(String(r.max))} then ${sql.raw(String(i))}`,
        ),
        sql`end`,
      ],
      sql` `,
    );
    const rows = await db
      .select({
        categoryId: products.categoryId,
        storeId: products.storeId,
        inStock: sql<boolean | null>`${inStockSql}`,
        bucket: sql<number | null>`${bucket}`,
        set: sql<number>`grouping(${products.categoryId}, ${products.storeId}, ${inStockSql}, ${bucket})::int`,
        byCategory: passing(f.store, f.inStock, f.price),
        byStore: passing(f.category, f.inStock, f.price),
        byStock: passing(f.category, f.store, f.price),
        byPrice: passing(f.category, f.store, f.inStock),
      })
      .from(products)
      .where(match)
      .groupBy(sql`grouping sets ((${products.categoryId}), (${products.storeId}), (${inStockSql}), (${bucket}))`);
    // grouping() sets a bit per column left out, first column highest: 0b0111 = by category only, and so on.
    const facets: ProductFacets = { categories: [], stores: [], inStock: 0, prices: PRICE_RANGES.map((r) => ({ ...r, count: 0 })) };
    for (const row of rows) {
      if (row.set === 0b0111) {
        const category = idx.categoriesById.get(row.categoryId);
        if (category && row.byCategory > 0) facets.categories.push({ ...category, count: row.byCategory });
      } else if (row.set === 0b1011) {
        const store = idx.storesById.get(row.storeId);
        if (store && row.byStore > 0) facets.stores.push({ ...store, count: row.byStore });
      } else if (row.set === 0b1101) {
        if (row.inStock) facets.inStock = row.byStock;
      } else if (row.set === 0b1110) {
        facets.prices[Number(row.bucket)]!.count = row.byPrice;
      }
    }
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    facets.categories.sort(byName);
    facets.stores.sort(byName);
    return facets;
  }

  /**
   * One page of matches and their total in one scan (count(*) over (): no second pass to count). Best
   * match orders by the label's score (rankLabels), then spreads each score's products over its items,
   * brands and stores, so one item sold by N stores never fills a page while other items of the same
   * score wait ("milk" → whole, 2%, skim milk by several brands, not one chocolate milk four times):
   * the labels of a score take turns item by item (spreadLabels), and a label's products come one store
   * per turn, each label starting at another store. Keys are computed here and looked up per row in one
   * JSON object, so the database sorts nothing but the page (a window function would sort every match).
   */
  async function rankedPage(
    where: SQL,
    paging: SearchPaging,
    ranked: RankedLabel[],
    stores: number,
  ): Promise<{ ids: number[]; total: number }> {
    const offset = (paging.page - 1) * paging.limit;
    const total = sql<number>`(count(*) over ())::int`;
    let rows: { id: number; total: number }[];
    if (paging.sort === 'relevance') {
      const keys = JSON.stringify(Object.fromEntries(spreadLabels(ranked).map((r) => [r.label, [r.score, r.turn]])));
      const key = sql`(${keys}::jsonb -> ${labelSql})`;
      const matched = db
        .select({
          id: products.id,
          name: products.name,
          total: total.as('total'),
          score: sql<number>`coalesce((${key} ->> 0)::int, 0)`.as('score'),
          turn: sql<number>`coalesce((${key} ->> 1)::int, 0)`.as('turn'),
          storeTurn: sql<number>`((${products.storeId} + coalesce((${key} ->> 1)::int, 0)) % ${sql.raw(String(Math.max(1, stores)))})`.as(
            'store_turn',
          ),
        })
        .from(products)
        .where(where)
        .as('matched');
      rows = await db
        .select({ id: matched.id, total: matched.total })
        .from(matched)
        .orderBy(desc(matched.score), asc(matched.storeTurn), asc(matched.turn), asc(matched.name), asc(matched.id))
        .limit(paging.limit)
        .offset(offset);
    } else {
      rows = await db
        .select({ id: products.id, total })
        .from(products)
        .where(where)
        .orderBy(...listingOrder(paging.sort, paging.order))
        .limit(paging.limit)
        .offset(offset);
    }
    // A page past the end holds no row to carry the total.
    const count = rows[0] ? Number(rows[0].total) : offset > 0 ? await countWhere(where) : 0;
    return { ids: rows.map((r) => Number(r.id)), total: count };
  }

  // The rows of some (label, store) pairs, given as JSON: one bound parameter, read alike by both drivers.
  // Prepared once: these run on every search, and PostgreSQL then parses and plans them once per connection.
  const groupWhere = and(
    eq(products.isActive, true),
    sql`(${labelSql}, ${products.storeId}) in (select p ->> 0, (p ->> 1)::int from json_array_elements(${sql.placeholder('pairs')}::json) as p)`,
  );
  const groupColumns = { label: labelSql, storeId: products.storeId, categoryId: products.categoryId, extra: products.searchExtra };
  const groupRows = db
    .select({ id: products.id, name: products.name, ...groupColumns })
    .from(products)
    .where(groupWhere)
    .prepare('search_group_rows');
  // A new builder each time: Drizzle's builders change in place, and the two statements differ past the where.
  const groupRowsJoined = () =>
    db
      .select({ ...productColumns, ...groupColumns })
      .from(products)
      .leftJoin(stores, eq(stores.id, products.storeId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(groupWhere);
  const groupRowsWhole = groupRowsJoined().prepare('search_group_rows_whole');
  const groupRowsFirst = groupRowsJoined()
    .orderBy(asc(products.name), asc(products.id))
    .limit(sql.placeholder('n'))
    .prepare('search_group_rows_first');

  /**
   * A best-match page read group by group (searchGroups.ts): the total comes from the groups' product
   * counts and the database reads only the rows of the groups the page falls in, not every match.
   * Undefined when this cannot answer exactly (a filter only the rows can tell, a size word, or counts
   * that changed since the index was loaded): the caller then asks the database for every match.
   */
  async function groupPage(
    words: MatchedWord[],
    ranked: RankedLabel[],
    idx: SearchIndex,
    storeId: number | undefined,
    filters: ProductFilters,
    paging: SearchPaging,
  ): Promise<{ ids: number[]; total: number; rows?: ProductRowJoined[] } | undefined> {
    if (paging.sort !== 'relevance' || filters.inStock || filters.minPrice !== undefined || filters.maxPrice !== undefined)
      return undefined;
    let narrowStore = storeId;
    if (filters.storeId !== undefined) {
      const ref = filters.storeId;
      const found = [...idx.storesById].find(([, s]) => s.uuid === ref.toLowerCase() || s.publicId === ref);
      if (!found || (storeId !== undefined && storeId !== found[0])) return undefined;
      narrowStore = found[0];
    }
    let narrowCategory: number | undefined;
    if (filters.categoryId !== undefined) {
      const ref = filters.categoryId.toLowerCase();
      const found = [...idx.categoriesById].find(([, c]) => c.uuid === ref);
      if (!found) return undefined;
      narrowCategory = found[0];
    }
    const offset = (paging.page - 1) * paging.limit;
    // The labels' rank keys as rankedPage gives them (a label listed twice keeps its last key).
    const keys = new Map(spreadLabels(ranked).map((r) => [r.label, { score: r.score, turn: r.turn }]));
    const plan = planGroupPage(
      idx.groups,
      words,
      keys,
      idx.storesById.size,
      { storeId: narrowStore, categoryId: narrowCategory },
      offset,
      paging.limit,
    );
    if (!plan) return undefined;
    if (plan.blocks.length === 0) return { ids: [], total: plan.total };
    const g = idx.groups;
    const groupKey = (label: string, store: number, category: number, extra: string) =>
      `${label}\u0000${store}\u0000${category}\u0000${extra}`;
    const wanted = new Map<string, { block: number; expected: number; found: number }>();
    plan.blocks.forEach((block, b) => {
      for (const i of block)
        wanted.set(groupKey(g.labels[g.label[i]!]!, g.store[i]!, g.category[i]!, g.extraTexts[g.extra[i]!]!), {
          block: b,
          expected: g.products[i]!,
          found: 0,
        });
    });
    // Each (label, store) once.
    const pairsOf = (block: readonly number[]) => {
      const pairs = new Map<string, [string, number]>();
      for (const i of block) pairs.set(`${g.label[i]}:${g.store[i]}`, [g.labels[g.label[i]!]!, g.store[i]!]);
      return JSON.stringify([...pairs.values()]);
    };
    const expected = [...wanted.values()].reduce((n, group) => n + group.expected, 0);
    // A block much larger than the page (a category or store word: one store's whole aisle ranks alike)
    // is read in its order and only as far as the page goes, block after block.
    if (expected > 4 * paging.limit && plan.blocks.length <= 4) {
      const taken: ProductRowJoined[] = [];
      let need = plan.skip + paging.limit;
      for (const [b, block] of plan.blocks.entries()) {
        if (need === 0) break;
        const n = Math.min(
          need,
          block.reduce((sum, i) => sum + g.products[i]!, 0),
        );
        const rows = (await groupRowsFirst.execute({ pairs: pairsOf(block), n })).filter(
          (row) => wanted.get(groupKey(row.label, row.storeId, row.categoryId, row.extra))?.block === b,
        );
        if (rows.length !== n) return undefined;
        taken.push(...rows);
        need -= n;
      }
      const page = taken.slice(plan.skip, plan.skip + paging.limit);
      return { ids: page.map((p) => p.id), total: plan.total, rows: page };
    }
    // A page's groups usually hold little more than the page: then the rows come whole in this one query.
    const whole = expected <= 4 * paging.limit;
    const params = { pairs: pairsOf(plan.blocks.flat()) };
    const rows: {
      id: number;
      name: string;
      label: string;
      storeId: number;
      categoryId: number;
      extra: string;
      whole?: ProductRowJoined;
    }[] = whole ? (await groupRowsWhole.execute(params)).map((row) => ({ ...row, whole: row })) : await groupRows.execute(params);
    const placed: { block: number; name: string; id: number; whole?: ProductRowJoined }[] = [];
    for (const row of rows) {
      const group = wanted.get(groupKey(row.label, row.storeId, row.categoryId, row.extra));
      if (!group) continue;
      group.found += 1;
      placed.push({ block: group.block, name: row.name, id: row.id, whole: row.whole });
    }
    // A product switched on or off elsewhere since the index was loaded: the counts no longer place the page.
    for (const group of wanted.values()) if (group.found !== group.expected) return undefined;
    placed.sort((a, b) => a.block - b.block || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const page = placed.slice(plan.skip, plan.skip + paging.limit);
    return { ids: page.map((p) => p.id), total: plan.total, rows: whole ? page.map((p) => p.whole!) : undefined };
  }

  /**
   * "Did you mean": each word swapped for its nearest catalogue word (two edits at most, the most
   * common first), the whole query if it then finds something, else the single corrected word that
   * finds the most. Undefined when nothing close exists.
   */
  async function didYouMean(tokens: string[], idx: SearchIndex, storeId: number | undefined): Promise<string | undefined> {
    const nearest = tokens.map((t) =>
      idx.vocabulary.count(t) > 0 ? t : (idx.vocabulary.near(t, Math.min(2, Math.floor(t.length / 3))).at(0) ?? t),
    );
    const candidates = [nearest.join(' '), ...nearest.filter((w, i) => w !== tokens[i] || tokens.length > 1)];
    for (const candidate of [...new Set(candidates)]) {
      if (candidate === tokens.join(' ')) continue;
      const words = matchWords(searchTokens(candidate), idx.vocabulary);
      const [found] = await db.select({ id: products.id }).from(products).where(matchCondition(words, storeId)).limit(1);
      if (found) return candidate;
    }
    return undefined;
  }

  async function searchPage(
    query: string,
    storeRef: string | undefined,
    paging: SearchPaging,
    filters: ProductFilters = {},
  ): Promise<SearchResponse> {
    const store = storeRef === undefined ? undefined : await findStore(storeRef);
    const tokens = searchTokens(query);
    if (tokens.length === 0) return { products: [], pagination: pagination(paging.page, paging.limit, 0) };
    const idx = await searchIndex();
    const words = matchWords(tokens, idx.vocabulary);
    const match = matchCondition(words, store?.id);
    const f = filterConditions(filters, idx);
    const where = allOf([match, f.category, f.store, f.inStock, f.price]);
    // The filter counts are their own call (facets), which the page asks for beside this one.
    const ranked = paging.sort === 'relevance' ? rankLabels(words, idx.labels, idx.categoriesById) : [];
    const found: { ids: number[]; total: number; rows?: ProductRowJoined[] } =
      (await groupPage(words, ranked, idx, store?.id, filters, paging)) ?? (await rankedPage(where, paging, ranked, idx.storesById.size));
    const { ids, total } = found;
    if (total === 0) {
      const unfiltered = Object.values(filters).every((v) => v === undefined);
      const suggestion = unfiltered ? await didYouMean(tokens, idx, store?.id) : undefined;
      return { products: [], pagination: pagination(paging.page, paging.limit, 0), ...(suggestion ? { didYouMean: suggestion } : {}) };
    }
    const rows = found.rows ?? (ids.length === 0 ? [] : await selectProductRows(db).where(inArray(products.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const page = ids.flatMap((id) => byId.get(id) ?? []);
    return { products: page.map(toProduct), pagination: pagination(paging.page, paging.limit, total) };
  }

  // One product per label, in stock first, then the cheapest: each label's few rows through
  // products_label_idx, and only the picked products joined to their store and category.
  const suggestionPick = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${labelSql} = l.label`))
    .orderBy(desc(inStockSql), asc(products.priceCents), asc(products.id))
    .limit(1);
  const suggestionPicks = db
    .select({ ...productColumns, label: labelSql })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      sql`${products.id} in (select (${suggestionPick}) from json_array_elements_text(${sql.placeholder('labels')}::json) as l(label))`,
    )
    .prepare('suggestion_picks');

  async function suggestions(query: string, limit: number): Promise<Product[]> {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return [];
    const idx = await searchIndex();
    // The best label of each item (brands of one item are the same thing to a shopper typing), best items first.
    const seen = new Set<string>();
    const best: string[] = [];
    for (const ranked of rankLabels(matchWords(tokens, idx.vocabulary), idx.labels, idx.categoriesById)) {
      if (best.length === limit) break;
      if (seen.has(ranked.item)) continue;
      seen.add(ranked.item);
      best.push(ranked.label);
    }
    if (best.length === 0) return [];
    const indexed = await indexedPicks(best);
    options.observe?.('suggestions', indexed ? 'index' : 'database');
    const byLabel: ReadonlyMap<string, ProductRowJoined> =
      indexed ?? new Map((await suggestionPicks.execute({ labels: JSON.stringify(best) })).map((p) => [p.label, p]));
    return best.flatMap((label) => {
      const row = byLabel.get(label);
      return row ? [toProduct(row)] : [];
    });
  }

  async function facets(query: string | undefined, storeRef: string | undefined, filters: ProductFilters): Promise<ProductFacets> {
    const store = storeRef === undefined ? undefined : await findStore(storeRef);
    const idx = await searchIndex();
    const tokens = query === undefined ? undefined : searchTokens(query);
    if (tokens?.length === 0) return facetCounts(sql`false`, filters, idx);
    const words = tokens && matchWords(tokens, idx.vocabulary);
    return facetCounts(matchCondition(words, store?.id), filters, idx);
  }

  /** A store's listing page, any filter: the store and the page in their own queries, a filtered total counted. */
  async function storeProductsPageRead(ref: string, paging: Paging, filters: ProductFilters): Promise<PaginatedProducts> {
    const store = await findStore(ref);
    const shelf = and(eq(products.storeId, store.id), eq(products.isActive, true));
    const filtered = Object.values(filters).some((v) => v !== undefined);
    const f = filtered ? filterConditions(filters, await searchIndex()) : undefined;
    const where = f ? and(shelf, f.category, f.inStock, f.price) : shelf;
    const rows = await selectProductRows(db)
      .where(where)
      .orderBy(...listingOrder(paging.sort, paging.order))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit);
    // The unfiltered shelf reads its maintained count; a filtered one has to count.
    const total = f ? await countWhere(where) : store.activeProductCount;
    return { products: rows.map(toProduct), pagination: pagination(paging.page, paging.limit, total) };
  }

  /** A category listing page, any filter, as storeProductsPageRead (404 for an unknown store or category). */
  async function categoryProductsPageRead(
    ref: string,
    categoryUuid: string,
    paging: Paging,
    filters: ProductFilters,
  ): Promise<CategoryProductsResponse> {
    const store = await findStore(ref);
    if (!isUuid(categoryUuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.categoryProducts);
    const [category] = await db
      .select({ id: categories.id, uuid: categories.uuid, name: categories.name, count: storeCategoryCounts.activeProductCount })
      .from(categories)
      .leftJoin(storeCategoryCounts, and(eq(storeCategoryCounts.categoryId, categories.id), eq(storeCategoryCounts.storeId, store.id)))
      .where(eq(categories.uuid, categoryUuid.toLowerCase()));
    if (!category) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.categoryProducts);
    const shelf = and(eq(products.storeId, store.id), eq(products.categoryId, category.id), eq(products.isActive, true));
    const f = Object.values(filters).some((v) => v !== undefined) ? filterConditions(filters, await searchIndex()) : undefined;
    const where = f ? and(shelf, f.inStock, f.price) : shelf;
    const rows = await selectProductRows(db)
      .where(where)
      .orderBy(...listingOrder(paging.sort, paging.order))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit);
    return {
      categoryUuid: category.uuid,
      categoryName: category.name,
      pagination: pagination(paging.page, paging.limit, f ? await countWhere(where) : (category.count ?? 0)),
      products: rows.map(toProduct),
    };
  }

  // An unfiltered listing page in one round trip, prepared once per shelf and order (PostgreSQL then
  // plans it once per connection): the store (and category) looked up by reference, the page's ids
  // walked in order along the shelf's (store[, category], is_active, sort key, name, id) index, so the
  // rows skipped by the offset are never fetched whole or joined, and the maintained count read in
  // the same snapshot as the rows.
  const storeByRef = sql`(select ${stores.id} from ${stores} where ${stores.publicId} = ${sql.placeholder('publicId')} or ${stores.uuid} = ${sql.placeholder('storeUuid')})`;
  const categoryByUuid = sql`(select ${categories.id} from ${categories} where ${categories.uuid} = ${sql.placeholder('categoryUuid')})`;
  function prepareShelfPage(shelf: 'store' | 'category', sort: ProductSort, order: SortOrder) {
    const page = db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          sql`${products.storeId} = ${storeByRef}`,
          shelf === 'category' ? sql`${products.categoryId} = ${categoryByUuid}` : undefined,
          eq(products.isActive, true),
        ),
      )
      .orderBy(...listingOrder(sort, order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    const total =
      shelf === 'store' ? sql<number>`${stores.activeProductCount}` : sql<number>`coalesce(${storeCategoryCounts.activeProductCount}, 0)`;
    const query = db
      .select({ ...productColumns, total })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .leftJoin(stores, eq(stores.id, products.storeId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .$dynamic();
    // PGlite plans every execution, so the store's shelf leaves out the join only categories need.
    const counted =
      shelf === 'category'
        ? query.leftJoin(
            storeCategoryCounts,
            and(eq(storeCategoryCounts.storeId, products.storeId), eq(storeCategoryCounts.categoryId, products.categoryId)),
          )
        : query;
    return counted.orderBy(...listingOrder(sort, order)).prepare(`${shelf}_listing_${sort}_${order}`);
  }
  type ShelfPageQuery = ReturnType<typeof prepareShelfPage>;
  const shelfPages = new Map<string, ShelfPageQuery>();
  for (const shelf of ['store', 'category'] as const)
    for (const sort of ['name', 'price'] as const)
      for (const order of ['asc', 'desc'] as const) shelfPages.set(`${shelf}:${sort}:${order}`, prepareShelfPage(shelf, sort, order));

  const storeParams = (ref: string) =>
    isUuid(ref) ? { publicId: null, storeUuid: ref.toLowerCase() } : { publicId: ref, storeUuid: null };

  function shelfPage(
    shelf: 'store' | 'category',
    paging: Paging,
    params: { publicId: string | null; storeUuid: string | null; categoryUuid: string | null },
  ) {
    return shelfPages
      .get(`${shelf}:${paging.sort}:${paging.order}`)!
      .execute({ ...params, limit: paging.limit, offset: (paging.page - 1) * paging.limit });
  }

  // Rows by primary key for what the shelf index placed, with the catalogue's version (shelfIndex.ts) in
  // the same snapshot. No join: a store's and a category's names come from the index. Prepared by the
  // database itself (db/prepared.ts): this read runs on every listing, and PGlite would plan it each time.
  const shelfRowFields = { ...ownColumns, storeId: products.storeId, categoryId: products.categoryId, version: catalogueVersionSql };
  type ShelfRowRead = Omit<ProductRowJoined, 'storeUuid' | 'storeName' | 'storePublicId' | 'categoryUuid' | 'categoryName'> & {
    storeId: number;
    categoryId: number;
    version: string;
  };
  const shelfRows = preparedRead<ShelfRowRead>(
    db,
    'shelf_rows',
    sql`select ${sql.join(
      Object.entries(shelfRowFields).map(([alias, value]) => sql`${value} as ${sql.identifier(alias)}`),
      sql`, `,
    )} from ${products} where ${products.id} = any(${sql.placeholder('ids')}::int[])`,
  );
  // The ids as array text: one parameter, read alike by both drivers.
  const readShelfRows = (ids: number[]) => shelfRows.execute([`{${ids.join(',')}}`]);

  /** A row read as the catalogue shows it, its store and category from the index. */
  function joined(idx: ShelfIndex, row: ShelfRowRead): ProductRowJoined {
    const store = idx.stores.get(row.storeId);
    const category = idx.categories.get(row.categoryId);
    return {
      ...row,
      storeUuid: store?.uuid ?? null,
      storeName: store?.name ?? null,
      storePublicId: store?.publicId ?? null,
      categoryUuid: category?.uuid ?? null,
      categoryName: category?.name ?? null,
    };
  }

  /** Whether a row read is still the product the index placed: active, on the same shelf, same name and price. */
  const unchanged = (idx: ShelfIndex, p: number, row: ShelfRowRead | undefined) =>
    row !== undefined &&
    row.isActive &&
    row.storeId === idx.store[p] &&
    row.categoryId === idx.category[p] &&
    row.priceCents === idx.price[p] &&
    row.name === idx.name[p];

  /**
   * An unfiltered listing page from the shelf index: its ids sliced from the shelf's order, their rows
   * read by primary key. Undefined when that cannot be exact (no current index, an unknown store or
   * category, a page past the end, a version or row that says the catalogue changed): the database's own
   * order then answers.
   */
  async function indexedShelfPage(
    ref: string,
    categoryUuid: string | undefined,
    paging: Paging,
  ): Promise<{ rows: ProductRowJoined[]; total: number } | undefined> {
    const idx = currentShelfIndex();
    if (!idx) return undefined;
    const storeId = isUuid(ref) ? idx.storeByUuid.get(ref.toLowerCase()) : idx.storeByPublicId.get(ref);
    const categoryId = categoryUuid === undefined ? undefined : idx.categoryByUuid.get(categoryUuid.toLowerCase());
    if (storeId === undefined || (categoryUuid !== undefined && categoryId === undefined)) return undefined;
    const storeShelves = idx.shelves.get(storeId);
    const shelf = categoryId === undefined ? storeShelves : storeShelves?.categories.get(categoryId);
    if (!shelf) return undefined;
    const order = paging.sort === 'price' ? shelf.byPrice : shelf.byName;
    const positions = shelfSlice(order, (paging.page - 1) * paging.limit, paging.limit, paging.order === 'desc');
    if (positions.length === 0) return undefined;
    const rows = await readShelfRows(positions.map((p) => idx.id[p]!));
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (rows[0]?.version !== idx.version || !positions.every((p) => unchanged(idx, p, byId.get(idx.id[p]!)))) {
      shelfIndexes.markStale();
      return undefined;
    }
    // The total is the maintained count, as the database's path gives it (the version says it has not moved).
    return { rows: positions.map((p) => joined(idx, byId.get(idx.id[p]!)!)), total: shelf.count };
  }

  /**
   * Each label's suggestion from the shelf index, as suggestionPicks chooses it (in stock first, then the
   * cheapest, then the lowest id): only the label's candidates up to its first one in stock are read, by
   * primary key. Undefined when that cannot be exact (see indexedShelfPage; or that one sold out).
   */
  async function indexedPicks(labels: string[]): Promise<Map<string, ProductRowJoined> | undefined> {
    const idx = currentShelfIndex();
    if (!idx) return undefined;
    const candidates: Int32Array[] = [];
    for (const label of labels) {
      const found = idx.labels.get(label);
      // A label the search index holds and this one not (they load apart): the database decides.
      if (!found) return undefined;
      candidates.push(found.byPrice.subarray(0, found.deciding));
    }
    const rows = await readShelfRows(candidates.flatMap((c) => [...c].map((p) => idx.id[p]!)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (rows[0]?.version !== idx.version) {
      shelfIndexes.markStale();
      return undefined;
    }
    const picks = new Map<string, ProductRowJoined>();
    for (const [i, label] of labels.entries()) {
      const read = [...candidates[i]!].map((p) => [p, byId.get(idx.id[p]!)] as const);
      if (!read.every(([p, row]) => unchanged(idx, p, row))) {
        shelfIndexes.markStale();
        return undefined;
      }
      const all = candidates[i]!.length === idx.labels.get(label)!.byPrice.length;
      const pick = read.find(([, row]) => row!.inStock)?.[1] ?? (all ? read[0]?.[1] : undefined);
      if (!pick) {
        shelfIndexes.markStale();
        return undefined;
      }
      picks.set(label, joined(idx, pick));
    }
    return picks;
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
        const rows = await db
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
        const [row] = await db
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
        const rows = await selectProductRows(db)
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
        const rows = await selectProductRows(db)
          .where(and(eq(products.itemKey, product.itemKey), eq(products.isActive, true), ne(products.id, product.id)))
          .orderBy(asc(products.priceCents), asc(products.id));
        return { offers: rows.map(toProduct) };
      }),

    productSubstitutes: (uuid) =>
      cache.get(`product-substitutes:${uuid}`, async () => {
        if (!isUuid(uuid)) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
        const [product] = await db
          .select({ id: products.id, storeId: products.storeId, categoryId: products.categoryId })
          .from(products)
          .where(and(eq(products.uuid, uuid.toLowerCase()), eq(products.isActive, true)));
        if (!product) throw httpError(404, 'NOT_FOUND', CATALOGUE_ERRORS.product);
        // The (store, category, active, name) index walks these already in order.
        const rows = await selectProductRows(db)
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

    searchPage: (query, storeRef, paging, filters = {}) =>
      cache.get(
        `search:${storeRef ?? ''}:${paging.page}:${paging.limit}:${paging.sort}:${paging.order}:${JSON.stringify(filters)}:${query}`,
        () => searchPage(query, storeRef, paging, filters),
      ),

    suggestions: (query, limit) => cache.get(`suggest:${limit}:${query}`, () => suggestions(query, limit)),

    facets: (query, storeRef, filters) =>
      cache.get(`facets:${storeRef ?? ''}:${JSON.stringify(filters)}:${query ?? ''}`, () => facets(query, storeRef, filters)),

    async productsByUuids(uuids) {
      const valid = [...new Set(uuids.filter(isUuid).map((u) => u.toLowerCase()))];
      if (valid.length === 0) return new Map();
      const rows = await selectProductRows(db).where(inArray(products.uuid, valid));
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
