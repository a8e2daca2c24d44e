// What the search keeps in memory between queries: the catalogue's vocabulary (for typos and "did you
// mean") and the stores and categories by id (for facet labels). Small next to the catalogue: a few
// thousand words whatever the product count, read by ts_stat from the same search_vector the GIN index serves.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, stores } from '../../db/schema.ts';
import { Vocabulary } from './search.ts';

export interface SearchIndex {
  vocabulary: Vocabulary;
  categoriesById: Map<number, { uuid: string; name: string }>;
  storesById: Map<number, { uuid: string; publicId: string; name: string }>;
}

export async function loadSearchIndex(db: Database): Promise<SearchIndex> {
  // Both drivers answer raw SQL with { rows }; the generic Database type cannot say so.
  const words = (await db.execute(
    sql`select word, ndoc::int as ndoc from ts_stat('select search_vector from products where is_active')`,
  )) as unknown as { rows: { word: string; ndoc: number }[] };
  const categoryRows = await db.select({ id: categories.id, uuid: categories.uuid, name: categories.name }).from(categories);
  const storeRows = await db.select({ id: stores.id, uuid: stores.uuid, publicId: stores.publicId, name: stores.name }).from(stores);
  return {
    // Numbers and one-letter words are sizes and initials, never a word to correct a typo towards.
    vocabulary: new Vocabulary(words.rows.filter((w) => /^[a-z]{2,}$/.test(w.word)).map((w) => [w.word, Number(w.ndoc)] as const)),
    categoriesById: new Map(categoryRows.map((c) => [c.id, { uuid: c.uuid, name: c.name }])),
    storesById: new Map(storeRows.map((s) => [s.id, { uuid: s.uuid, publicId: s.publicId, name: s.name }])),
  };
}
