// Listings and suggestions without walking the database's indexes: every active product's place on its
// store's shelves (by name, by price, either way, per category) and each shelf label's candidates for
// a suggestion, kept in memory. A page is then a slice of ids, and the database reads only those rows by
// primary key (fresh stock, price and activity with them), instead of walking the ~1,000 index entries
// and table rows an offset skips.
//
// The order is the database's own: the rows are read `order by name, id`, so names compare by its
// collation, never by JavaScript's; a price order is that order sorted by price; a descending order is
// the ascending one read backwards (the keys end on the unique id, so it is an exact reverse).
//
// Whether the order still holds is checked on every read (catalogueService.ts): this process's own changes
// drop it (the catalogue's invalidation generation, as for the search index), and another process's are
// seen by catalogueVersionSql (read with the rows) and by the rows themselves; then the database answers.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, storeCategoryCounts, stores } from '../../db/schema.ts';
import { labelSql } from './searchIndex.ts';

/**
 * What every change that can move a product on a shelf leaves behind, read with the rows: a product
 * switched on or off updates its store's row (the maintained counts, counts.ts), and so do a store's
 * own edits, so the stores' row versions (xmin) change; a price change is recorded in price_changes
 * (ops inventory). Names, stores and categories of products, and categories themselves, change only by
 * reseeding, which refreshes every count.
 */
export const catalogueVersionSql = sql<string>`((select coalesce(max(id), 0) from price_changes)::text || ':' || coalesce((select string_agg(xmin::text, ',' order by id) from stores), ''))`;

/** Positions (into ShelfIndex's columns) in shelf order, and the shelf's maintained count (its listings' total). */
export interface Shelf {
  byName: Int32Array;
  byPrice: Int32Array;
  count: number;
}

export interface StoreShelves extends Shelf {
  categories: Map<number, Shelf>;
}

export interface ShelfIndex {
  /** catalogueVersionSql before the rows were read. */
  version: string;
  /** Every active product, column by column, in (name, id) order: a position is its rank by name. */
  id: Int32Array;
  store: Int32Array;
  category: Int32Array;
  price: Int32Array;
  inStock: Uint8Array;
  name: string[];
  shelves: Map<number, StoreShelves>;
  stores: Map<number, { uuid: string; publicId: string; name: string }>;
  categories: Map<number, { uuid: string; name: string }>;
  storeByUuid: Map<string, number>;
  storeByPublicId: Map<string, number>;
  categoryByUuid: Map<string, number>;
  /** Each shelf label's products, cheapest first (then id), and which of them decide its suggestion. */
  labels: Map<string, LabelCandidates>;
}

export interface LabelCandidates {
  /** Positions, by price then id. */
  byPrice: Int32Array;
  /** How many of byPrice decide the pick: up to and including the first in stock (all when none is). */
  deciding: number;
}

/** `limit` positions from `offset` of an order, read backwards for a descending page. */
export function shelfSlice(order: Int32Array, offset: number, limit: number, descending: boolean): number[] {
  const n = order.length;
  const out: number[] = [];
  for (let k = offset; k < Math.min(n, offset + limit); k++) out.push(order[descending ? n - 1 - k : k]!);
  return out;
}

/** A shelf's orders from its positions in name order. */
function shelfOf(byName: number[], price: Int32Array, count: number): Shelf {
  // Positions are name ranks, so (price, position) is the listing's (price, name, id).
  const byPrice = Int32Array.from(byName).sort((a, b) => price[a]! - price[b]! || a - b);
  return { byName: Int32Array.from(byName), byPrice, count };
}

export interface ShelfRow {
  id: number;
  storeId: number;
  categoryId: number;
  priceCents: number;
  inStock: boolean;
  name: string;
  label: string;
}

export interface ShelfIndexSource {
  version: string;
  /** The active products in (name, id) order. */
  rows: readonly ShelfRow[];
  stores: readonly { id: number; uuid: string; publicId: string; name: string; activeProductCount: number }[];
  categories: readonly { id: number; uuid: string; name: string }[];
  categoryCounts: readonly { storeId: number; categoryId: number; activeProductCount: number }[];
}

export function buildShelfIndex(source: ShelfIndexSource): ShelfIndex {
  const { rows } = source;
  const n = rows.length;
  const id = new Int32Array(n);
  const store = new Int32Array(n);
  const category = new Int32Array(n);
  const price = new Int32Array(n);
  const inStock = new Uint8Array(n);
  const name: string[] = new Array<string>(n);
  const perStore = new Map<number, { all: number[]; byCategory: Map<number, number[]> }>();
  const perLabel = new Map<string, number[]>();
  rows.forEach((row, p) => {
    id[p] = row.id;
    store[p] = row.storeId;
    category[p] = row.categoryId;
    price[p] = row.priceCents;
    inStock[p] = row.inStock ? 1 : 0;
    name[p] = row.name;
    let shelf = perStore.get(row.storeId);
    if (!shelf) perStore.set(row.storeId, (shelf = { all: [], byCategory: new Map() }));
    shelf.all.push(p);
    const aisle = shelf.byCategory.get(row.categoryId);
    if (aisle) aisle.push(p);
    else shelf.byCategory.set(row.categoryId, [p]);
    const label = perLabel.get(row.label);
    if (label) label.push(p);
    else perLabel.set(row.label, [p]);
  });
  const storeCounts = new Map(source.stores.map((s) => [s.id, s.activeProductCount]));
  const aisleCounts = new Map(source.categoryCounts.map((c) => [`${c.storeId}:${c.categoryId}`, c.activeProductCount]));
  const shelves = new Map<number, StoreShelves>();
  for (const [storeId, shelf] of perStore) {
    const aisles = new Map<number, Shelf>();
    for (const [categoryId, positions] of shelf.byCategory)
      aisles.set(categoryId, shelfOf(positions, price, aisleCounts.get(`${storeId}:${categoryId}`) ?? 0));
    shelves.set(storeId, { ...shelfOf(shelf.all, price, storeCounts.get(storeId) ?? 0), categories: aisles });
  }
  const labels = new Map<string, LabelCandidates>();
  for (const [label, positions] of perLabel) {
    const byPrice = Int32Array.from(positions).sort((a, b) => price[a]! - price[b]! || id[a]! - id[b]!);
    const firstInStock = byPrice.findIndex((p) => inStock[p] === 1);
    labels.set(label, { byPrice, deciding: firstInStock === -1 ? byPrice.length : firstInStock + 1 });
  }
  return {
    version: source.version,
    id,
    store,
    category,
    price,
    inStock,
    name,
    shelves,
    stores: new Map(source.stores.map((s) => [s.id, { uuid: s.uuid, publicId: s.publicId, name: s.name }])),
    categories: new Map(source.categories.map((c) => [c.id, { uuid: c.uuid, name: c.name }])),
    storeByUuid: new Map(source.stores.map((s) => [s.uuid.toLowerCase(), s.id])),
    storeByPublicId: new Map(source.stores.map((s) => [s.publicId, s.id])),
    categoryByUuid: new Map(source.categories.map((c) => [c.uuid.toLowerCase(), c.id])),
    labels,
  };
}

export async function loadShelfIndex(db: Database): Promise<ShelfIndex> {
  // The version first: a change landing between the reads leaves an older version beside newer rows,
  // which the next read sees as a change (one reload too many, never a stale order kept).
  const versionRows = (await db.execute(sql`select ${catalogueVersionSql} as version`)) as unknown as { rows: { version: string }[] };
  const rows = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      categoryId: products.categoryId,
      priceCents: products.priceCents,
      inStock: sql<boolean>`${products.stockQuantity} > 0`,
      name: products.name,
      label: labelSql,
    })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.name, products.id);
  return buildShelfIndex({
    version: versionRows.rows[0]?.version ?? '',
    rows,
    stores: await db
      .select({
        id: stores.id,
        uuid: stores.uuid,
        publicId: stores.publicId,
        name: stores.name,
        activeProductCount: stores.activeProductCount,
      })
      .from(stores),
    categories: await db.select({ id: categories.id, uuid: categories.uuid, name: categories.name }).from(categories),
    categoryCounts: await db.select().from(storeCategoryCounts),
  });
}
