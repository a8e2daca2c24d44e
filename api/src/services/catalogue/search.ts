// Turns a shopper's query into tsquery text for the products' search_vector (see db/schema/catalogue.ts),
// widened by word forms (plural/singular, spelling variants) and, for a word the catalogue does not
// know, by the catalogue words one edit away; synonyms (synonyms.ts) and compound words widen it too.
// Only [a-z0-9] survives in a token, so tsquery operators, LIKE wildcards and SQL in the query are just
// text; every result is passed as a bound parameter.
import { SYNONYM_GROUPS } from './synonyms.ts';

/** More words than this add nothing a shopper would notice and only slow the match. */
const MAX_TOKENS = 8;

/** Typos are only forgiven from this length: one edit in a shorter word makes another word ("pea"/"tea"). */
export const MIN_FUZZY_LENGTH = 4;
/** From this length two edits are forgiven ("cinammon"): long words stay far apart from each other. */
export const TWO_EDITS_LENGTH = 8;

export function searchTokens(query: string): string[] {
  const words = query
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TOKENS);
}

/** A lower-case text's words (a label, a category name, a synonym). */
export const labelWords = (label: string) => label.split(/[^a-z0-9]+/).filter(Boolean);

/** Spellings shoppers use for one thing; each maps to the others (both ways). */
const VARIANT_GROUPS: readonly (readonly string[])[] = [
  ['yogurt', 'yoghurt', 'yogourt'],
  ['donut', 'doughnut'],
  ['chili', 'chilli', 'chile'],
  ['whiskey', 'whisky'],
  ['ketchup', 'catsup'],
  ['bbq', 'barbecue', 'barbeque'],
  ['flavor', 'flavour'],
  ['color', 'colour'],
  ['hotdog', 'hotdogs', 'frank', 'franks'],
  ['zucchini', 'courgette'],
  ['eggplant', 'aubergine'],
  ['cilantro', 'coriander'],
];

const VARIANTS = new Map<string, readonly string[]>(VARIANT_GROUPS.flatMap((group) => group.map((w) => [w, group] as const)));

const VOWELS = /[aeiou]/;

/** Singular and plural forms of an English word, by the regular rules (berries/berry, tomatoes/tomato, apples/apple). */
export function inflections(word: string): string[] {
  const forms = new Set([word]);
  if (word.length < 3 || /\d/.test(word)) return [...forms];
  if (word.endsWith('ies') && word.length > 4) forms.add(`${word.slice(0, -3)}y`);
  else if (/(ches|shes|xes|sses|zes|oes)$/.test(word)) forms.add(word.slice(0, -2));
  else if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) forms.add(word.slice(0, -1));
  if (!word.endsWith('s')) {
    if (word.endsWith('y') && !VOWELS.test(word.at(-2) ?? '')) forms.add(`${word.slice(0, -1)}ies`);
    else if (/(ch|sh|x|z|o|ss)$/.test(word)) forms.add(`${word}es`);
    forms.add(`${word}s`);
  }
  return [...forms];
}

/** Every form a word may take in the catalogue: its inflections and its spelling variants' inflections. */
export function wordForms(word: string): string[] {
  const forms = new Set<string>();
  for (const form of inflections(word)) {
    forms.add(form);
    for (const variant of VARIANTS.get(form) ?? []) for (const f of inflections(variant)) forms.add(f);
  }
  return [...forms];
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent swaps), stopping early once
 * it must exceed `max`: the only question asked is "within one (or two) edits?".
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows reused from call to call: this runs for hundreds of candidate words per typo.
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  let prevPrev = 0;
  let prev = width;
  let row = 2 * width;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[row] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[prev + j]! + 1, rows[row + j - 1]! + 1, rows[prev + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[prevPrev + j - 2]! + 1);
      rows[row + j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return rows[prev + b.length]!;
}
let rows = new Int32Array(96);

/**
 * A lower bound of editDistance from the letters alone: an edit adds or removes at most one letter of
 * each word's count, a swap none. Far cheaper than the distance, and most candidates fail it.
 */
function lettersApart(counts: Int32Array, b: string, max: number): boolean {
  const diff = counts.slice();
  for (let j = 0; j < b.length; j++) diff[b.charCodeAt(j) & 31]! -= 1;
  let more = 0;
  let fewer = 0;
  for (const d of diff) {
    if (d > 0) more += d;
    else fewer -= d;
  }
  return Math.max(more, fewer) > max;
}

/** The words of the active catalogue (names, categories, stores) with how many products carry each. */
export class Vocabulary {
  private readonly counts: Map<string, number>;
  /** Sorted, for prefix look-ups by binary search. */
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  /** Words that follow each other in some shelf label ("ice cream", "hot dogs"), as "a b". */
  private readonly pairs = new Set<string>();

  /** `names`: the words of each shelf label, for which words make a compound ("ice cream" ↔ "icecream"). */
  constructor(words: Iterable<readonly [word: string, products: number]>, names: Iterable<readonly string[]> = []) {
    this.counts = new Map(words);
    for (const name of names) for (let i = 1; i < name.length; i++) this.pairs.add(`${name[i - 1]} ${name[i]}`);
    this.sorted = [...this.counts.keys()].sort();
    for (const word of this.sorted) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  get size(): number {
    return this.counts.size;
  }

  /** Products carrying the word (0 when unknown). */
  count(word: string): number {
    return this.counts.get(word) ?? 0;
  }

  /** Whether some form of the word is a catalogue word. */
  knows(word: string): boolean {
    return wordForms(word).some((f) => this.count(f) > 0);
  }

  /** Whether some label holds `a` then `b` (any of their forms) side by side. */
  together(a: string, b: string): boolean {
    const bs = wordForms(b);
    return wordForms(a).some((fa) => bs.some((fb) => this.pairs.has(`${fa} ${fb}`)));
  }

  /** Whether some catalogue word starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.sorted.length && this.sorted[lo]!.startsWith(prefix);
  }

  /** Catalogue words within `maxEdits` of `word`, nearest first, then the most common. */
  near(word: string, maxEdits: number): string[] {
    const found: { word: string; distance: number }[] = [];
    const counts = new Int32Array(32);
    for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) & 31]! += 1;
    for (let len = word.length - maxEdits; len <= word.length + maxEdits; len++) {
      for (const candidate of this.byLength.get(len) ?? []) {
        if (lettersApart(counts, candidate, maxEdits)) continue;
        const distance = editDistance(word, candidate, maxEdits);
        if (distance <= maxEdits) found.push({ word: candidate, distance });
      }
    }
    return found
      .sort((a, b) => a.distance - b.distance || this.count(b.word) - this.count(a.word) || (a.word < b.word ? -1 : 1))
      .map((f) => f.word);
  }
}

/** One word of the query as it is matched: the forms that count as an exact hit, and whether it was a typo. */
export interface MatchedWord {
  word: string;
  /** Exact forms (inflections, variants, or the corrections of a typo). */
  forms: string[];
  /** The word itself also matches as a word start (shoppers type word beginnings, suggestions as they go). */
  prefix: boolean;
  /** The word is not in the catalogue and stands for its corrections. */
  corrected: boolean;
  /** The catalogue word a typo is read as (the nearest, most common): what "Showing results for" says. */
  correction?: string;
  /**
   * What else the word means (synonyms.ts): phrases, each a list of words given as their forms, all of
   * which a name must hold. A word with no forms of its own (a typed phrase: "laundry soap") is only these.
   */
  means?: string[][][];
}

export interface MatchOptions {
  /** Read an unknown word as the nearest catalogue word (default); false searches the words as typed. */
  correct?: boolean;
}

/** Each synonym key (its words) by its first word, longest keys first: a query phrase is looked up where it starts. */
const SYNONYM_KEYS = new Map<string, { key: string[]; means: string[][][] }[]>();
for (const group of SYNONYM_GROUPS) {
  const means = group.means.map((phrase) => labelWords(phrase).map(wordForms));
  for (const words of group.words) {
    const key = labelWords(words);
    const list = SYNONYM_KEYS.get(key[0]!) ?? [];
    list.push({ key, means });
    list.sort((a, b) => b.key.length - a.key.length);
    SYNONYM_KEYS.set(key[0]!, list);
  }
}

/** The synonym key starting at tokens[i] (singular or plural alike), if any. */
function synonymAt(tokens: readonly string[], i: number): { key: string[]; means: string[][][] } | undefined {
  for (const form of inflections(tokens[i]!))
    for (const entry of SYNONYM_KEYS.get(form) ?? [])
      if (entry.key.every((k, j) => tokens[i + j] !== undefined && inflections(tokens[i + j]!).includes(k))) return entry;
  return undefined;
}

/**
 * A word the catalogue does not know, as two catalogue words that stand side by side in some label
 * ("icecream" → ice cream, "peanutbutter" → peanut butter); the split with the longer first word wins.
 */
function splitCompound(word: string, vocabulary: Vocabulary): [string, string] | undefined {
  for (let i = word.length - 3; i >= 3; i--) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (vocabulary.knows(a) && vocabulary.knows(b) && vocabulary.together(a, b)) return [a, b];
  }
  return undefined;
}

function matchWord(word: string, vocabulary: Vocabulary, correct: boolean): MatchedWord {
  const forms = wordForms(word);
  if (word.length < MIN_FUZZY_LENGTH || !correct || forms.some((f) => vocabulary.hasPrefix(f))) {
    return { word, forms, prefix: true, corrected: false };
  }
  // No catalogue word starts with it: one wrong, missing, extra or swapped letter (two in a long word),
  // in the word or its forms; the nearest win.
  const edits = word.length >= TWO_EDITS_LENGTH ? 2 : 1;
  const found = forms.flatMap((f) => vocabulary.near(f, edits).map((w) => ({ w, d: editDistance(f, w, edits) })));
  const nearest = Math.min(...found.map((f) => f.d));
  const best = found.filter((f) => f.d === nearest);
  if (best.length === 0) return { word, forms, prefix: true, corrected: false };
  const corrections = new Set(best.map((f) => f.w));
  return { word, forms: [...new Set([...corrections].flatMap(wordForms))], prefix: false, corrected: true, correction: best[0]!.w };
}

/**
 * The query's words as they are matched, left to right: two words whose join is a catalogue word and
 * that no label holds side by side ("tooth paste" → toothpaste, "pop corn" → popcorn); a synonym
 * phrase ("laundry soap", "oj") as one word that also means its shelf names; an unknown word as two catalogue words
 * ("icecream" → ice cream); else the word, corrected when the catalogue has nothing like it.
 */
export function matchWords(tokens: string[], vocabulary: Vocabulary, { correct = true }: MatchOptions = {}): MatchedWord[] {
  const words: MatchedWord[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const synonym = synonymAt(tokens, i);
    if (next !== undefined && vocabulary.knows(token + next) && !vocabulary.together(token, next)) {
      words.push({ word: token + next, forms: wordForms(token + next), prefix: true, corrected: false });
      i += 2;
    } else if (synonym) {
      const typed = synonym.key.length === 1;
      const forms = typed ? wordForms(token) : [];
      const means = typed ? synonym.means : [synonym.key.map(wordForms), ...synonym.means];
      words.push({ word: tokens.slice(i, i + synonym.key.length).join(' '), forms, prefix: typed, corrected: false, means });
      i += synonym.key.length;
    } else {
      const unknown = token.length >= MIN_FUZZY_LENGTH && !wordForms(token).some((f) => vocabulary.hasPrefix(f));
      const split = unknown ? splitCompound(token, vocabulary) : undefined;
      if (split) words.push(...split.map((part) => ({ word: part, forms: wordForms(part), prefix: false, corrected: false })));
      else words.push(matchWord(token, vocabulary, correct));
      i += 1;
    }
  }
  return words;
}

/** The query as it was answered when a typo was read as another word ("chiken" → "chicken"), else undefined. */
export function correctedQuery(words: readonly MatchedWord[]): string | undefined {
  if (!words.some((w) => w.corrected)) return undefined;
  return words.map((w) => w.correction ?? w.word).join(' ');
}

/**
 * The filter: every query word, as one of its forms or (as typed) a word start, is a word of the
 * name, category or store: `(milk | milks | milk:*) & ...`.
 */
export function matchQuery(words: MatchedWord[]): string {
  const any = (forms: readonly string[]) => (forms.length === 1 ? forms[0]! : `(${forms.join(' | ')})`);
  return words
    .map((w) => {
      const literal = [...new Set([...w.forms, ...(w.prefix ? [`${w.word}:*`] : [])])];
      const phrases = (w.means ?? []).map((phrase) => (phrase.length === 1 ? any(phrase[0]!) : `(${phrase.map(any).join(' & ')})`));
      return `(${[...literal, ...phrases].join(' | ')})`;
    })
    .join(' & ');
}

/** One shelf label (a name without its size: "organic whole milk") of the active catalogue. */
export interface Label {
  label: string;
  /** The item without brand or size, lower-cased ("whole milk"): suggestions show each item once. */
  item: string;
  /** Its words, as the search_vector's 'simple' parser splits them. */
  words: string[];
  /** The item's words. */
  itemWords: string[];
  categoryId: number;
  /** Active products carrying it (across stores and sizes). */
  products: number;
}

export interface RankedLabel {
  label: string;
  item: string;
  categoryId: number;
  score: number;
}

/**
 * The words that name a thing in this catalogue: every item's head word (its last: "salted **peanuts**",
 * "dark chocolate **bar**") in all its forms, and the words of the category names ("Candy & **Chocolate**").
 * A modifier that names a thing makes a different thing ("**peanut** butter", "**chocolate** milk"); an
 * adjective ("unsalted", "whole", "skim") keeps the item what it is.
 */
const thingWordsCache = new WeakMap<readonly Label[], Map<ReadonlyMap<number, { name: string }>, Set<string>>>();
export function thingWords(labels: readonly Label[], categories: ReadonlyMap<number, { name: string }>): Set<string> {
  const perCategories = thingWordsCache.get(labels) ?? new Map<ReadonlyMap<number, { name: string }>, Set<string>>();
  thingWordsCache.set(labels, perCategories);
  let words = perCategories.get(categories);
  if (!words) {
    words = new Set<string>();
    for (const label of labels) for (const form of inflections(label.itemWords.at(-1) ?? '')) words.add(form);
    for (const [, c] of categories) for (const w of labelWords(c.name.toLowerCase())) for (const form of inflections(w)) words.add(form);
    perCategories.set(categories, words);
  }
  return words;
}

interface LabelIndex {
  /** Labels (by position) holding at least one form or word start of every word. */
  candidates(words: readonly MatchedWord[]): Iterable<number>;
  /** Products of each category, over all its labels. */
  categoryProducts: Map<number, number>;
  /** The labels (by position) of each category. */
  categoryLabels: Map<number, number[]>;
}

const labelIndexCache = new WeakMap<readonly Label[], LabelIndex>();
/** Which labels hold which word (built once per loaded index, kept beside it). */
function labelIndex(labels: readonly Label[]): LabelIndex {
  const cached = labelIndexCache.get(labels);
  if (cached) return cached;
  const byWord = new Map<string, number[]>();
  const categoryProducts = new Map<number, number>();
  const categoryLabels = new Map<number, number[]>();
  labels.forEach((label, i) => {
    for (const word of new Set(label.words)) {
      const list = byWord.get(word);
      if (list) list.push(i);
      else byWord.set(word, [i]);
    }
    categoryProducts.set(label.categoryId, (categoryProducts.get(label.categoryId) ?? 0) + label.products);
    const inCategory = categoryLabels.get(label.categoryId);
    if (inCategory) inCategory.push(i);
    else categoryLabels.set(label.categoryId, [i]);
  });
  const sorted = [...byWord.keys()].sort();
  const startingWith = (prefix: string) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) found.push(sorted[i]!);
    return found;
  };
  const index: LabelIndex = {
    candidates(words) {
      let result: Set<number> | undefined;
      const holding = (forms: readonly string[]) => {
        const hits = new Set<number>();
        for (const word of forms) for (const i of byWord.get(word) ?? []) hits.add(i);
        return hits;
      };
      for (const w of words) {
        const hits = holding([...w.forms, ...(w.prefix ? startingWith(w.word) : [])]);
        for (const phrase of w.means ?? []) {
          let all: Set<number> | undefined;
          for (const forms of phrase) {
            const some = holding(forms);
            all = all ? new Set([...all].filter((i) => some.has(i))) : some;
            if (all.size === 0) break;
          }
          for (const i of all ?? []) hits.add(i);
        }
        result = result ? new Set([...result].filter((i) => hits.has(i))) : hits;
        if (result.size === 0) break;
      }
      return [...(result ?? [])].sort((a, b) => a - b);
    },
    categoryProducts,
    categoryLabels,
  };
  labelIndexCache.set(labels, index);
  return index;
}

const categoryWordsCache = new WeakMap<ReadonlyMap<number, { name: string }>, Map<number, string[]>>();
/** Each category's name as words, split once per loaded index rather than per query. */
function categoryWords(categories: ReadonlyMap<number, { name: string }>): Map<number, string[]> {
  let words = categoryWordsCache.get(categories);
  if (!words) {
    words = new Map([...categories].map(([id, c]) => [id, labelWords(c.name.toLowerCase())]));
    categoryWordsCache.set(categories, words);
  }
  return words;
}

/** The highest score rankLabels gives; searchGroups.ts orders by it. */
export const MAX_SCORE = 1023;
/**
 * The other labels of an aisle the query names rank just below every name holding the words in its
 * item (2 × (64 + 32)) and above every name holding them only in its brand (at most 2 × 95).
 */
const AISLE_ONLY_SCORE = 2 * (64 + 32) - 1;

/** Whether every word of a phrase (each given as its forms) is in the text. */
const holdsPhrase = (text: readonly string[], phrase: readonly string[][]) => phrase.every((forms) => text.some((t) => forms.includes(t)));

/**
 * Best match, decided per label (every product of a label ranks alike): the item named exactly by the
 * query's own words (256: "baking soda" → baking soda, never a synonym's items first), the label's item
 * word (its last word: "whole **milk**") being a query word, or the item holding what a synonym or aisle
 * word means, ending as the item does ("beer" → india pale ale) (128), every query word in the label
 * (64) and in the item itself, not only the brand (32: "green tea" before Green Leaf black tea), the
 * item plain rather than a thing made of another (16: no other word of the item names a thing, see
 * thingWords: "butter" → unsalted butter before peanut butter, "milk" → whole and skim milk before
 * chocolate milk), the words as typed rather than another form or a synonym (8: "steak" → ribeye steak
 * before tuna steaks), the aisle most matching products are in (4: "chicken" → meat before soup; a
 * category whose name holds the words counts all its products: "baby" → the baby aisle before baby
 * carrots), whole words rather than word starts (2), and no typo correction (1). Returned, best first:
 * the labels holding every query word (or what it means), scored twice that sum, and the other labels
 * of an aisle whose name holds the words (AISLE_ONLY_SCORE: after what the words name, before a brand
 * that only holds them); the rest of a search's matches (by store words) rank after them.
 */
export function rankLabels(
  words: MatchedWord[],
  labels: readonly Label[],
  categories: ReadonlyMap<number, { name: string }> = new Map(),
): RankedLabel[] {
  const heads = new Set(words.flatMap((w) => w.forms));
  const forms = words.map((w) => new Set(w.forms));
  const meanings = words.flatMap((w) => w.means ?? []);
  // The words a synonym stands for name the thing too: "poultry" → chicken breasts is plain chicken.
  const named = new Set([...heads, ...meanings.flat(2)]);
  let literal = true;
  /** 2: every word whole, 1: every word at least as a word start, 0: not all words; literal: no synonym needed. */
  const fit = (text: string[]) => {
    let whole = 2;
    literal = true;
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      if (text.some((t) => forms[k]!.has(t))) continue;
      if (w.prefix && text.some((t) => t.startsWith(w.word))) {
        whole = 1;
        continue;
      }
      if (w.means?.some((phrase) => holdsPhrase(text, phrase))) {
        literal = false;
        continue;
      }
      return 0;
    }
    return whole;
  };
  const matched: { label: Label; whole: boolean; literal: boolean; aisleOnly?: boolean }[] = [];
  const perCategory = new Map<number, number>();
  const aisles = new Set([...categoryWords(categories)].filter(([, text]) => fit(text) > 0).map(([id]) => id));
  const index = labelIndex(labels);
  // Only labels holding every word can fit: the word index narrows thousands of labels to those few.
  for (const i of words.length === 0 ? labels.keys() : index.candidates(words)) {
    const label = labels[i]!;
    const f = fit(label.words);
    if (f > 0) {
      matched.push({ label, whole: f === 2, literal });
      if (!aisles.has(label.categoryId)) perCategory.set(label.categoryId, (perCategory.get(label.categoryId) ?? 0) + label.products);
    }
  }
  // The rest of an aisle the query names ("pantry", "snacks") ranks below the items the words name and
  // above names that hold the words only in a brand ("Polar Pantry" frozen peas).
  const seen = new Set(matched.map((m) => m.label));
  for (const id of words.length === 0 ? [] : aisles)
    for (const i of index.categoryLabels.get(id) ?? []) {
      const label = labels[i]!;
      if (!seen.has(label)) matched.push({ label, whole: true, literal: true, aisleOnly: true });
    }
  for (const id of aisles) perCategory.set(id, index.categoryProducts.get(id) ?? 0);
  let top: number | undefined;
  for (const [categoryId, n] of perCategory)
    if (top === undefined || n > perCategory.get(top)! || (n === perCategory.get(top) && categoryId < top)) top = categoryId;
  const exact = words.every((w) => !w.corrected) ? 1 : 0;
  const typed = (label: Label) => words.every((w) => label.words.includes(w.word));
  const things = thingWords(labels, categories);
  const plain = (label: Label) =>
    label.itemWords
      .slice(0, -1)
      .every((word) => named.has(word) || !things.has(word) || words.some((w) => w.prefix && word.startsWith(w.word)));
  const exactName = (label: Label) => label.itemWords.length > 0 && label.itemWords.every((word) => heads.has(word));
  const head = (label: Label) => {
    const last = label.words.at(-1) ?? '';
    return heads.has(last) || meanings.some((phrase) => phrase.at(-1)!.includes(last) && holdsPhrase(label.itemWords, phrase));
  };
  return matched
    .map(({ label, whole, literal: own, aisleOnly }) => ({
      label: label.label,
      item: label.item,
      categoryId: label.categoryId,
      score: aisleOnly
        ? AISLE_ONLY_SCORE
        : 2 *
          ((own && exactName(label) ? 256 : 0) +
            (head(label) ? 128 : 0) +
            64 +
            (fit(label.itemWords) > 0 ? 32 : 0) +
            (plain(label) ? 16 : 0) +
            (own && typed(label) ? 8 : 0) +
            (label.categoryId === top ? 4 : 0) +
            (whole ? 2 : 0) +
            exact),
    }))
    .sort((a, b) => b.score - a.score || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/**
 * Turns within each score (rankLabels order kept between scores): the items of a score take turns,
 * each giving its next label (brand) per round, so page 1 of "milk" shows whole, 2% and skim milk by
 * several brands rather than every brand of the first item. turn counts from 0 within its score.
 */
export function spreadLabels(ranked: readonly RankedLabel[]): (RankedLabel & { turn: number })[] {
  const out: (RankedLabel & { turn: number })[] = [];
  for (let i = 0; i < ranked.length;) {
    let j = i;
    while (j < ranked.length && ranked[j]!.score === ranked[i]!.score) j++;
    const byItem = new Map<string, RankedLabel[]>();
    for (let k = i; k < j; k++) {
      const r = ranked[k]!;
      const queue = byItem.get(r.item);
      if (queue) queue.push(r);
      else byItem.set(r.item, [r]);
    }
    const queues = [...byItem.values()];
    let turn = 0;
    for (let round = 0; turn < j - i; round++) for (const queue of queues) if (queue[round]) out.push({ ...queue[round]!, turn: turn++ });
    i = j;
  }
  return out;
}
