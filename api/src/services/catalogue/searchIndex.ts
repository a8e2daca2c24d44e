// What the search keeps in memory between queries: the catalogue's vocabulary (for typos and "did you
// mean"), its shelf labels (for best match and suggestions), its shelf groups (which products match
// and where a page of best match starts, see searchGroups.ts) and the stores and categories by id (for
// facet labels). Small next to the catalogue: a few thousand words and labels and some tens of
// thousands of groups whatever the product count; the words are read by the database's own parser
// (ts_stat, to_tsvector), so they are the words the search_vector and its GIN index hold.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { labelWords, Vocabulary, type Label } from './search.ts';
import { postingsOf, WordLists, type ShelfGroups } from './searchGroups.ts';

/** A product's label in SQL, as labelOf() computes it; products_label_idx indexes it. */
export const labelSql = sql<string>`lower(split_part(${products.name}, ',', 1))`;

export interface SearchIndex {
  vocabulary: Vocabulary;
  labels: Label[];
  categoriesById: Map<number, { uuid: string; name: string }>;
  storesById: Map<number, { uuid: string; publicId: string; name: string }>;
  groups: ShelfGroups;
}

/** Words of each text as the search_vector's 'simple' configuration splits them. */
async function parsedWords(db: Database, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const { rows } = (await db.execute(
    sql`select t.n::int as n, tsvector_to_array(to_tsvector('simple', t.text)) as words
        from json_array_elements_text(${JSON.stringify(texts)}::json) with ordinality as t(text, n)`,
  )) as unknown as { rows: { n: number; words: string[] }[] };
  const words: string[][] = texts.map(() => []);
  for (const row of rows) words[Number(row.n) - 1] = row.words;
  return words;
}

async function loadShelfGroups(db: Database): Promise<ShelfGroups> {
  const rows = await db
    .select({
      label: labelSql,
      extra: products.searchExtra,
      storeId: products.storeId,
      categoryId: products.categoryId,
      products: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(labelSql, products.searchExtra, products.storeId, products.categoryId);
  // What follows the label in a name (its size) is in the search_vector too. A few hundred distinct
  // sizes are parsed, not every name (3-4× quicker than ts_stat over 100k names, on PGlite most).
  const sizes = (await db.execute(
    sql`select distinct w as word
        from (select distinct substr(name, strpos(name, ',') + 1) as size from products where is_active and strpos(name, ',') > 0) s,
          unnest(tsvector_to_array(to_tsvector('simple', s.size))) as w`,
  )) as unknown as { rows: { word: string }[] };
  const labels = [...new Set(rows.map((r) => r.label))];
  const extras = [...new Set(rows.map((r) => r.extra))];
  const labelAt = new Map(labels.map((l, i) => [l, i]));
  const extraAt = new Map(extras.map((e, i) => [e, i]));
  const [labelWordLists, extraWordLists] = await Promise.all([parsedWords(db, labels), parsedWords(db, extras)]);
  const label = Int32Array.from(rows, (r) => labelAt.get(r.label)!);
  const extra = Int32Array.from(rows, (r) => extraAt.get(r.extra)!);
  return {
    labels,
    labelWords: new WordLists(labelWordLists),
    extraTexts: extras,
    extraWords: new WordLists(extraWordLists),
    sizeWords: new WordLists([sizes.rows.map((r) => r.word)]),
    label,
    extra,
    store: Int32Array.from(rows, (r) => r.storeId),
    category: Int32Array.from(rows, (r) => r.categoryId),
    products: Int32Array.from(rows, (r) => r.products),
    labelAt,
    byLabel: postingsOf(label, labels.length),
    byExtra: postingsOf(extra, extras.length),
  };
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
  const groups = await loadShelfGroups(db);
  const labels = labelRows.map((r) => ({
    label: r.label,
    item: r.item,
    words: labelWords(r.label),
    itemWords: labelWords(r.item),
    categoryId: r.categoryId,
    products: r.products,
  }));
  return {
    // Numbers and one-letter words are sizes and initials, never a word to correct a typo towards.
    vocabulary: new Vocabulary(
      words.rows.filter((w) => /^[a-z]{2,}$/.test(w.word)).map((w) => [w.word, Number(w.ndoc)] as const),
      labels.map((l) => l.words),
    ),
    labels,
    categoriesById: new Map(categoryRows.map((c) => [c.id, { uuid: c.uuid, name: c.name }])),
    storesById: new Map(storeRows.map((s) => [s.id, { uuid: s.uuid, publicId: s.publicId, name: s.name }])),
    groups,
  };
}
