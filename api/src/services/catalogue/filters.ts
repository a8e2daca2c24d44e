// The filters of a search or a listing (category, store, in stock, price, dietary attributes) as SQL
// conditions, and their counts (the facets) in one scan.
import { DIETARY_ATTRIBUTES, PRICE_RANGES, type DietaryAttribute, type ProductFacets, type ProductFilters } from '@grocer/shared/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { matchQuery, type MatchedWord } from './search.ts';
import type { SearchIndex } from './searchIndex.ts';

export const inStockSql = sql`${products.stockQuantity} > 0`;

/** Products carrying every one of these attributes (one bound array: the values are the enum's, checked before). */
export const dietarySql = (attributes: readonly DietaryAttribute[]) => sql`${products.dietary} @> ${`{${attributes.join(',')}}`}::text[]`;

/**
 * What a query's dietary words ask for: each attribute carried, or said in the name ("Organic …" made by
 * staff, who set no attributes), so the words never find less than they did as plain words.
 */
export const attributesAskedSql = (attributes: readonly DietaryAttribute[]) =>
  allOf(attributes.map((a) => sql`(${dietarySql([a])} or ${products.searchVector} @@ to_tsquery('simple', ${a.split('-').join(' & ')}))`));

/** Whether any filter is given (an empty attribute list is none). */
export const isFiltered = (filters: ProductFilters) =>
  Object.entries(filters).some(([key, v]) => v !== undefined && !(key === 'dietary' && (v as unknown[]).length === 0));

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
      dietary: skip === 'dietary' || !filters.dietary?.length ? undefined : dietarySql(filters.dietary),
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

  /**
   * One scan of the matches answers every count: each facet counts the rows passing the other filters
   * (grouping sets, one per facet). The attributes are grouped by the product's whole set of them (a few
   * dozen distinct sets), and each attribute's count is summed here from the sets that hold it and every
   * attribute already chosen: choosing one more narrows (they combine with "and").
   */
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
        dietary: products.dietary,
        set: sql<number>`grouping(${products.categoryId}, ${products.storeId}, ${inStockSql}, ${bucket}, ${products.dietary})::int`,
        byCategory: passing(f.store, f.inStock, f.price, f.dietary),
        byStore: passing(f.category, f.inStock, f.price, f.dietary),
        byStock: passing(f.category, f.store, f.price, f.dietary),
        byPrice: passing(f.category, f.store, f.inStock, f.dietary),
        byDietary: passing(f.category, f.store, f.inStock, f.price),
      })
      .from(products)
      .where(match)
      .groupBy(sql`grouping sets ((${products.categoryId}), (${products.storeId}), (${inStockSql}), (${bucket}), (${products.dietary}))`);
    // grouping() sets a bit per column left out, first column highest: 0b01111 = by category only, and so on.
    const chosen = filters.dietary ?? [];
    const dietary = new Map<DietaryAttribute, number>(DIETARY_ATTRIBUTES.map((a) => [a, 0]));
    const facets: ProductFacets = {
      categories: [],
      stores: [],
      inStock: 0,
      prices: PRICE_RANGES.map((r) => ({ ...r, count: 0 })),
      dietary: [],
    };
    for (const row of rows) {
      if (row.set === 0b11110) {
        const held = row.dietary;
        if (!chosen.every((a) => held.includes(a))) continue;
        for (const a of held) dietary.set(a, dietary.get(a)! + row.byDietary);
      } else if (row.set === 0b01111) {
        const category = idx.categoriesById.get(row.categoryId);
        if (category && row.byCategory > 0) facets.categories.push({ ...category, count: row.byCategory });
      } else if (row.set === 0b10111) {
        const store = idx.storesById.get(row.storeId);
        if (store && row.byStore > 0) facets.stores.push({ ...store, count: row.byStore });
      } else if (row.set === 0b11011) {
        if (row.inStock) facets.inStock = row.byStock;
      } else if (row.set === 0b11101) {
        facets.prices[Number(row.bucket)]!.count = row.byPrice;
      }
    }
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    facets.categories.sort(byName);
    facets.stores.sort(byName);
    facets.dietary = [...dietary].map(([attribute, count]) => ({ attribute, count }));
    return facets;
  }

  return { filterConditions, countWhere, matchCondition, facetCounts };
}
