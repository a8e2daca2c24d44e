// Listing reads: a store's or a category's shelf page. An unfiltered page comes from the shelf index
// (shelfIndex.ts) when it is exact, else from one prepared query along the shelf's index; a filtered one
// counts its total. The shelf index also answers the suggestions' picks.
import type { CategoryProductsResponse, PaginatedProducts, ProductFilters, ProductSort, SortOrder } from '@grocer/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { httpError } from '../../db/errors.ts';
import { preparedRead } from '../../db/prepared.ts';
import { categories, products, storeCategoryCounts, stores, type StoreRow } from '../../db/schema.ts';
import { isFiltered, type FilterReads } from './filters.ts';
import {
  CATALOGUE_ERRORS,
  isUuid,
  listingOrder,
  ownColumns,
  pagination,
  productColumns,
  selectProductRows,
  toProduct,
  type Paging,
  type ProductRowJoined,
} from './productRows.ts';
import type { SearchIndex } from './searchIndex.ts';
import { catalogueVersionSql, shelfSlice, type ShelfIndex } from './shelfIndex.ts';

export interface ListingReadDeps {
  db: Database;
  searchIndex: () => Promise<SearchIndex>;
  findStore: (uuidOrPublicId: string) => Promise<StoreRow>;
  filters: FilterReads;
  /** The shelf index while it is exact, else undefined. */
  currentShelfIndex: () => ShelfIndex | undefined;
  /** A read saw a change the shelf index does not hold. */
  markShelfStale: () => void;
}

export function createListingReads({ db, searchIndex, findStore, filters: reads, currentShelfIndex, markShelfStale }: ListingReadDeps) {
  const { filterConditions, countWhere } = reads;

  /** A store's listing page, any filter: the store and the page in their own queries, a filtered total counted. */
  async function storeProductsPageRead(ref: string, paging: Paging, filters: ProductFilters): Promise<PaginatedProducts> {
    const store = await findStore(ref);
    const shelf = and(eq(products.storeId, store.id), eq(products.isActive, true));
    const f = isFiltered(filters) ? filterConditions(filters, await searchIndex()) : undefined;
    const where = f ? and(shelf, f.category, f.inStock, f.price, f.dietary) : shelf;
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
    const f = isFiltered(filters) ? filterConditions(filters, await searchIndex()) : undefined;
    const where = f ? and(shelf, f.inStock, f.price, f.dietary) : shelf;
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

  /**
   * A row read as the catalogue shows it, its store and category from the index. The row is the driver's,
   * read for this page alone, so it is completed in place: copying its 20-odd fields for every row of every
   * listing was 1.4% of the API's CPU under the mixed bench.
   */
  function joined(idx: ShelfIndex, row: ShelfRowRead): ProductRowJoined {
    const store = idx.stores.get(row.storeId);
    const category = idx.categories.get(row.categoryId);
    return Object.assign(row, {
      storeUuid: store?.uuid ?? null,
      storeName: store?.name ?? null,
      storePublicId: store?.publicId ?? null,
      categoryUuid: category?.uuid ?? null,
      categoryName: category?.name ?? null,
    });
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
      markShelfStale();
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
      markShelfStale();
      return undefined;
    }
    const picks = new Map<string, ProductRowJoined>();
    for (const [i, label] of labels.entries()) {
      const read = [...candidates[i]!].map((p) => [p, byId.get(idx.id[p]!)] as const);
      if (!read.every(([p, row]) => unchanged(idx, p, row))) {
        markShelfStale();
        return undefined;
      }
      const all = candidates[i]!.length === idx.labels.get(label)!.byPrice.length;
      const pick = read.find(([, row]) => row!.inStock)?.[1] ?? (all ? read[0]?.[1] : undefined);
      if (!pick) {
        markShelfStale();
        return undefined;
      }
      picks.set(label, joined(idx, pick));
    }
    return picks;
  }

  return { storeProductsPageRead, categoryProductsPageRead, shelfPage, storeParams, indexedShelfPage, indexedPicks };
}
