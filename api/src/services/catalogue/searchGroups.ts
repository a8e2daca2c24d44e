// Best match a page at a time without visiting every match. All active products that share a shelf
// label, a store and the category/store words (search_extra) match a query alike and rank alike, so
// the catalogue is a few tens of thousands of such groups whatever its product count. Which groups
// match, how many products that is (the total) and which groups the requested page falls in are
// decided here, in memory, from the words the database's parser gave; the database then reads only
// the rows of those few groups. A query word that may be a size word (sizes are in the name after the
// label, and vary inside a group) is left to the database's full match.
import { MAX_SCORE, type MatchedWord } from './search.ts';

/** Lists of words and, for each word, which lists hold it: "which labels hold a form or word start of this word". */
export class WordLists {
  private readonly postings = new Map<string, number[]>();
  /** Sorted, for word-start look-ups by binary search. */
  private readonly sorted: string[];
  readonly length: number;

  constructor(lists: readonly (readonly string[])[]) {
    this.length = lists.length;
    lists.forEach((list, i) => {
      for (const word of new Set(list)) {
        const posting = this.postings.get(word);
        if (posting) posting.push(i);
        else this.postings.set(word, [i]);
      }
    });
    this.sorted = [...this.postings.keys()].sort();
  }

  /** The words of all lists that `word` matches: one of its forms, or (when it may be a word start) any word it starts. */
  hits(word: MatchedWord): string[] {
    const found = new Set(word.forms.filter((f) => this.postings.has(f)));
    if (word.prefix) {
      let lo = 0;
      let hi = this.sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.sorted[mid]! < word.word) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(word.word); i++) found.add(this.sorted[i]!);
    }
    return [...found];
  }

  /** The lists holding every word of a phrase (each word given as its forms), ascending. */
  holding(phrase: readonly (readonly string[])[]): number[] {
    let lists: number[] | undefined;
    for (const forms of phrase) {
      const some = new Set(forms.flatMap((f) => this.postings.get(f) ?? []));
      lists = lists ? lists.filter((i) => some.has(i)) : [...some].sort((a, b) => a - b);
      if (lists.length === 0) break;
    }
    return lists ?? [];
  }

  /** For each list, a bit per query word (first word lowest) that the list matches, as typed or as a phrase it means. */
  masks(words: readonly MatchedWord[]): Uint8Array {
    const masks = new Uint8Array(this.length);
    words.forEach((word, bit) => {
      for (const hit of this.hits(word)) for (const i of this.postings.get(hit)!) masks[i]! |= 1 << bit;
      for (const phrase of word.means ?? []) for (const i of this.holding(phrase)) masks[i]! |= 1 << bit;
    });
    return masks;
  }
}

/** The catalogue's groups, column by column (typed arrays: tens of thousands of rows, read per query). */
export interface ShelfGroups {
  /** Distinct labels ("prairie farms whole milk") and, by position, their words as the search_vector holds them. */
  labels: string[];
  labelWords: WordLists;
  /** Distinct search_extra texts (category and store names) and, by position, their words. */
  extraTexts: string[];
  extraWords: WordLists;
  /** The words names hold after their label (sizes: "1", "gal", "fl", "oz"). */
  sizeWords: WordLists;
  label: Int32Array;
  extra: Int32Array;
  store: Int32Array;
  category: Int32Array;
  /** Active products in the group. */
  products: Int32Array;
  /** Each label's position in labels. */
  labelAt: Map<string, number>;
  /** The groups of each label, and of each extra text: groups byLabel.at[l] .. byLabel.at[l + 1] - 1 of byLabel.groups. */
  byLabel: Postings;
  byExtra: Postings;
}

/** Positions grouped by a key, as one flat array and where each key's positions start (compressed rows). */
export interface Postings {
  at: Int32Array;
  groups: Int32Array;
}

/** Groups the positions 0..keys.length-1 by their key (0..size-1). */
export function postingsOf(keys: Int32Array, size: number): Postings {
  const at = new Int32Array(size + 1);
  for (const k of keys) at[k + 1]! += 1;
  for (let k = 0; k < size; k++) at[k + 1]! += at[k]!;
  const next = at.slice(0, size);
  const groups = new Int32Array(keys.length);
  keys.forEach((k, g) => (groups[next[k]!++] = g));
  return { at, groups };
}

/** Where one matching group stands in best-match order, as rankedPage's ORDER BY puts its products. */
export interface GroupKey {
  score: number;
  turn: number;
}

export interface GroupPagePlan {
  total: number;
  /** The groups whose products the page needs, in blocks of equal rank (ordered by name then id inside a block). */
  blocks: number[][];
  /** Products of the first block that come before the page. */
  skip: number;
}

/**
 * The matching groups (narrowed to a store and/or category when given), their total, and the blocks
 * covering products [offset, offset + limit) in best-match order: score, then the store's turn
 * ((store id + label turn) mod stores), then the label's turn, then name and id. Undefined when the
 * query may name a size, which only the database can match per product.
 */
export function planGroupPage(
  groups: ShelfGroups,
  words: readonly MatchedWord[],
  keys: ReadonlyMap<string, GroupKey>,
  stores: number,
  narrow: { storeId?: number; categoryId?: number },
  offset: number,
  limit: number,
): GroupPagePlan | undefined {
  if (words.length === 0 || words.length > 8) return undefined;
  if (words.some((w) => groups.sizeWords.hits(w).length > 0)) return undefined;
  const full = (1 << words.length) - 1;
  const labelMasks = groups.labelWords.masks(words);
  const extraMasks = groups.extraWords.masks(words);
  const labelScore = new Int32Array(groups.labels.length);
  const labelTurn = new Int32Array(groups.labels.length);
  for (const [label, key] of keys) {
    const l = groups.labelAt.get(label);
    if (l === undefined) continue;
    labelScore[l] = key.score;
    labelTurn[l] = key.turn;
  }
  const modulo = Math.max(1, stores);
  const span = groups.labels.length + 1;
  const count = groups.label.length;
  // One number per matching group: its rank key, then its position, so a numeric sort orders them.
  const packed: number[] = [];
  let total = 0;
  const take = (g: number) => {
    if (narrow.storeId !== undefined && groups.store[g] !== narrow.storeId) return;
    if (narrow.categoryId !== undefined && groups.category[g] !== narrow.categoryId) return;
    const l = groups.label[g]!;
    const score = labelScore[l]!;
    const turn = labelTurn[l]!;
    const storeTurn = (groups.store[g]! + turn) % modulo;
    packed.push((((MAX_SCORE - score) * modulo + storeTurn) * span + turn) * count + g);
    total += groups.products[g]!;
  };
  // A group matches when its label and its extra words hold every word between them: the groups of
  // labels holding a word, checked against their extra words, then the groups whose extra words hold
  // every word by themselves and whose label holds none (so not met already).
  const { byLabel, byExtra } = groups;
  for (let l = 0; l < labelMasks.length; l++) {
    const mask = labelMasks[l]!;
    if (mask === 0) continue;
    for (let p = byLabel.at[l]!; p < byLabel.at[l + 1]!; p++) {
      const g = byLabel.groups[p]!;
      if ((mask | extraMasks[groups.extra[g]!]!) === full) take(g);
    }
  }
  for (let e = 0; e < extraMasks.length; e++) {
    if (extraMasks[e] !== full) continue;
    for (let p = byExtra.at[e]!; p < byExtra.at[e + 1]!; p++) {
      const g = byExtra.groups[p]!;
      if (labelMasks[groups.label[g]!] === 0) take(g);
    }
  }
  const order = Float64Array.from(packed).sort();
  const blocks: number[][] = [];
  let seen = 0;
  let skip = 0;
  const end = offset + limit;
  for (let i = 0; i < order.length && seen < end;) {
    const rank = Math.floor(order[i]! / count);
    const block: number[] = [];
    let size = 0;
    for (; i < order.length && Math.floor(order[i]! / count) === rank; i++) {
      const g = order[i]! % count;
      block.push(g);
      size += groups.products[g]!;
    }
    if (seen + size > offset) {
      if (blocks.length === 0) skip = offset - seen;
      blocks.push(block);
    }
    seen += size;
  }
  return { total, blocks, skip };
}
