// What the search keeps in memory between queries: the catalogue's vocabulary (for typos and "did you
// mean"), its shelf labels (for best match and suggestions), and the stores and categories by id (for
// facet labels). Small next to the catalogue: a few thousand words and labels whatever the product
// count; the words are read by ts_stat from the same search_vector the GIN index serves.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { labelWords, Vocabulary, type Label } from './search.ts';

/** A product's label in SQL, as labelOf() computes it; products_label_idx indexes it. */
export const labelSql = sql<string>`lower(split_part(${products.name}, ',', 1))`;

export interface SearchIndex {
  vocabulary: Vocabulary;
  labels: Label[];
  categoriesById: Map<number, { uuid: string; name: string }>;
  storesById: Map<number, { uuid: string; publicId: string; name: string }>;
}

export async function loadSearchIndex(db: Database): Promise<SearchIndex> {
  // Both drivers answer raw SQL with { rows }; the generic Database type cannot say so.
  const words = (await db.execute(
    sql`select word, ndoc::int as ndoc from ts_stat('select search_vector from products where is_active')`,
  )) as unknown as { rows: { word: string; ndoc: number }[] };
  const labelRows = await db
    .select({
      label: labelSql,
      item: sql<string>`lower(${products.item})`,
      categoryId: products.categoryId,
      products: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(labelSql, sql`lower(${products.item})`, products.categoryId);
  const categoryRows = await db.select({ id: categories.id, uuid: categories.uuid, name: categories.name }).from(categories);
  const storeRows = await db.select({ id: stores.id, uuid: stores.uuid, publicId: stores.publicId, name: stores.name }).from(stores);
  return {
    // Numbers and one-letter words are sizes and initials, never a word to correct a typo towards.
    vocabulary: new Vocabulary(words.rows.filter((w) => /^[a-z]{2,}$/.test(w.word)).map((w) => [w.word, Number(w.ndoc)] as const)),
    labels: labelRows.map((r) => ({
      label: r.label,
      item: r.item,
      words: labelWords(r.label),
      itemWords: labelWords(r.item),
      categoryId: r.categoryId,
      products: r.products,
    })),
    categoriesById: new Map(categoryRows.map((c) => [c.id, { uuid: c.uuid, name: c.name }])),
    storesById: new Map(storeRows.map((s) => [s.id, { uuid: s.uuid, publicId: s.publicId, name: s.name }])),
  };
}
