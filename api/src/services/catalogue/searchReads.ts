// Search reads: a ranked page of matches, "did you mean", the header's suggestions and a search's facets.
// The ranking itself lives in search.ts and searchGroups.ts; this file turns it into queries.
import type { ProductFacets, ProductFilters, SearchResponse, SuggestionsResponse } from '@grocer/shared/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, stores, type StoreRow } from '../../db/schema.ts';
import { attributeWords } from './attributeWords.ts';
import { allOf, attributesAskedSql, inStockSql, isFiltered, type FilterReads } from './filters.ts';
import {
  listingOrder,
  pagination,
  productColumns,
  selectProductRows,
  toProduct,
  type ProductRowJoined,
  type SearchPaging,
} from './productRows.ts';
import {
  correctedQuery,
  matchWords,
  rankLabels,
  searchTokens,
  spreadLabels,
  type MatchedWord,
  type MatchOptions,
  type RankedLabel,
} from './search.ts';
import { planGroupPage } from './searchGroups.ts';
import { labelSql, type SearchIndex } from './searchIndex.ts';

export interface SearchReadDeps {
  db: Database;
  searchIndex: () => Promise<SearchIndex>;
  findStore: (uuidOrPublicId: string) => Promise<StoreRow>;
  filters: FilterReads;
  /** The suggestions' picks from the shelf index, when it can answer exactly. */
  indexedPicks: (labels: string[]) => Promise<Map<string, ProductRowJoined> | undefined>;
  observe?: (read: 'listing' | 'suggestions', answeredBy: 'index' | 'database') => void;
}

export function createSearchReads({ db, searchIndex, findStore, filters: reads, indexedPicks, observe }: SearchReadDeps) {
  const { filterConditions, countWhere, matchCondition, facetCounts } = reads;

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
    if (
      paging.sort !== 'relevance' ||
      filters.inStock ||
      filters.minPrice !== undefined ||
      filters.maxPrice !== undefined ||
      filters.dietary?.length
    )
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
    options: MatchOptions = {},
  ): Promise<SearchResponse> {
    const store = storeRef === undefined ? undefined : await findStore(storeRef);
    // Dietary words narrow instead of matching ("organic" alone is every organic product).
    const asked = attributeWords(query);
    const tokens = searchTokens(asked.text);
    if (tokens.length === 0 && asked.attributes.length === 0) return { products: [], pagination: pagination(paging.page, paging.limit, 0) };
    const idx = await searchIndex();
    const words = tokens.length === 0 ? undefined : matchWords(tokens, idx.vocabulary, options);
    const match = allOf([matchCondition(words, store?.id), attributesAskedSql(asked.attributes)]);
    const f = filterConditions(filters, idx);
    const where = allOf([match, f.category, f.store, f.inStock, f.price, f.dietary]);
    // The filter counts are their own call (facets), which the page asks for beside this one.
    const ranked = words && paging.sort === 'relevance' ? rankLabels(words, idx.labels, idx.categoriesById) : [];
    const found: { ids: number[]; total: number; rows?: ProductRowJoined[] } =
      (words && asked.attributes.length === 0 ? await groupPage(words, ranked, idx, store?.id, filters, paging) : undefined) ??
      (await rankedPage(where, paging, ranked, idx.storesById.size));
    const { ids, total } = found;
    if (total === 0) {
      const corrected = !isFiltered(filters) && tokens.length > 0 ? await didYouMean(tokens, idx, store?.id) : undefined;
      const suggestion = corrected && [...asked.said, corrected].join(' ');
      return { products: [], pagination: pagination(paging.page, paging.limit, 0), ...(suggestion ? { didYouMean: suggestion } : {}) };
    }
    const rows = found.rows ?? (ids.length === 0 ? [] : await selectProductRows(db).where(inArray(products.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const page = ids.flatMap((id) => byId.get(id) ?? []);
    // Said as the shopper would read it: the dietary words they typed, then the corrected ones.
    const fixed = words && correctedQuery(words);
    const corrected = fixed && [...asked.said, fixed].join(' ');
    return {
      products: page.map(toProduct),
      pagination: pagination(paging.page, paging.limit, total),
      ...(corrected ? { showingResultsFor: corrected } : {}),
    };
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

  async function suggestions(query: string, limit: number): Promise<SuggestionsResponse> {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return { products: [] };
    const idx = await searchIndex();
    const words = matchWords(tokens, idx.vocabulary);
    // The best label of each item (brands of one item are the same thing to a shopper typing), best items first.
    const seen = new Set<string>();
    const best: string[] = [];
    for (const ranked of rankLabels(words, idx.labels, idx.categoriesById)) {
      if (best.length === limit) break;
      if (seen.has(ranked.item)) continue;
      seen.add(ranked.item);
      best.push(ranked.label);
    }
    if (best.length === 0) return { products: [] };
    const indexed = await indexedPicks(best);
    observe?.('suggestions', indexed ? 'index' : 'database');
    const byLabel: ReadonlyMap<string, ProductRowJoined> =
      indexed ?? new Map((await suggestionPicks.execute({ labels: JSON.stringify(best) })).map((p) => [p.label, p]));
    const corrected = correctedQuery(words);
    const products = best.flatMap((label) => {
      const row = byLabel.get(label);
      return row ? [toProduct(row)] : [];
    });
    return { products, ...(corrected ? { showingResultsFor: corrected } : {}) };
  }

  async function facets(
    query: string | undefined,
    storeRef: string | undefined,
    filters: ProductFilters,
    options: MatchOptions = {},
  ): Promise<ProductFacets> {
    const store = storeRef === undefined ? undefined : await findStore(storeRef);
    const idx = await searchIndex();
    // As the search page reads the query: its dietary words narrow what is counted.
    const asked = query === undefined ? undefined : attributeWords(query);
    const tokens = asked && searchTokens(asked.text);
    if (tokens?.length === 0 && !asked?.attributes.length) return facetCounts(sql`false`, filters, idx);
    const words = tokens?.length ? matchWords(tokens, idx.vocabulary, options) : undefined;
    return facetCounts(allOf([matchCondition(words, store?.id), attributesAskedSql(asked?.attributes ?? [])]), filters, idx);
  }

  return { searchPage, suggestions, facets };
}
