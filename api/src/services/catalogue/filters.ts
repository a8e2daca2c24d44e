// The filters of a search or a listing (category, store, in stock, price) as SQL conditions, and their
// counts (the facets) in one scan.
import { PRICE_RANGES, type ProductFacets, type ProductFilters } from '@grocer/shared/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { matchQuery, type MatchedWord } from './search.ts';
import type { SearchIndex } from './searchIndex.ts';

export const inStockSql = sql`${products.stockQuantity} > 0`;

/** Every condition given (undefined ones left out); true when there is none. */
export const allOf = (conditions: (SQL | undefined)[]) => and(...conditions) ?? sql`true`;

export type FilterReads = ReturnType<typeof createFilterReads>;

export function createFilterReads(db: Database) {
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

  return { filterConditions, countWhere, matchCondition, facetCounts };
}
