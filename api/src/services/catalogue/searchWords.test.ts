// What shoppers also type, through the real matching and ranking path (matchWords, rankLabels, the
// group pages) on a seeded catalogue: compound words both ways, the curated synonyms (one test per
// group), aisle words, and corrections that are said.
import type { Product } from '@grocer/shared/contracts';
import type { App } from '../../app.ts';
import { CATEGORY_SEEDS } from '../../seed/catalogueData.ts';
import { buildSeededApp } from '../../testing/testApp.ts';
import { inflections, labelWords, matchWords, wordForms, Vocabulary } from './search.ts';
import { SYNONYM_GROUPS } from './synonyms.ts';

let app: App;

beforeAll(async () => {
  app = await buildSeededApp(6_000);
}, 120_000);
afterAll(() => app.close());

const search = (query: string, limit = 10, correct = true) =>
  app.services.catalogue.searchPage(query, undefined, { page: 1, limit, sort: 'relevance', order: 'asc' }, {}, { correct });
const items = (found: Product[]) => found.map((p) => p.item.toLowerCase());

/** Every seeded item with its category name, lower-cased. */
const SEEDED = CATEGORY_SEEDS.flatMap((c) => c.items.map(([item]) => ({ item: item.toLowerCase(), category: c.name.toLowerCase() })));
/** Whether a text holds every word of a phrase, in any of their forms. */
const holds = (text: string, phrase: string) => {
  const words = labelWords(text);
  return labelWords(phrase).every((w) => wordForms(w).some((f) => words.includes(f)));
};

describe("compound and split words, from the catalogue's own words", () => {
  it.each([
    ['icecream', 'ice cream'],
    ['tooth paste', 'toothpaste'],
    ['peanutbutter', 'peanut butter'],
    ['pop corn', 'popcorn'],
    ['toiletpaper', 'toilet paper'],
    ['chickenbroth', 'chicken broth'],
  ])('"%s" finds what "%s" finds first', async (typed, written) => {
    const [a, b] = await Promise.all([search(typed), search(written)]);
    expect(a.products.length).toBeGreaterThan(0);
    expect(items(a.products).slice(0, 3)).toEqual(items(b.products).slice(0, 3));
    expect(a.showingResultsFor).toBeUndefined();
  });

  it('splits or joins only where the catalogue holds the words side by side, not by a list', () => {
    const vocabulary = new Vocabulary(
      [
        ['ice', 3],
        ['cream', 5],
        ['toothpaste', 2],
        ['paste', 1],
        ['sour', 2],
      ],
      [['vanilla', 'ice', 'cream'], ['toothpaste'], ['tomato', 'paste'], ['sour', 'cream']],
    );
    expect(matchWords(['icecream'], vocabulary).map((w) => w.word)).toEqual(['ice', 'cream']);
    expect(matchWords(['sourcream'], vocabulary).map((w) => w.word)).toEqual(['sour', 'cream']);
    expect(matchWords(['tooth', 'paste'], vocabulary).map((w) => w.word)).toEqual(['toothpaste']);
    // Not side by side in any name: no split, and a word the catalogue has is never joined away.
    expect(matchWords(['creamice'], vocabulary).map((w) => w.word)).toEqual(['creamice']);
    expect(matchWords(['sour', 'cream'], vocabulary).map((w) => w.word)).toEqual(['sour', 'cream']);
  });
});

describe('synonyms and abbreviations (synonyms.ts)', () => {
  // One test per group: each way of saying it puts an item the group means first.
  it.each(SYNONYM_GROUPS.map((group) => [group.words.join(' / '), group] as const))('%s', async (_, group) => {
    const meant = (item: string, category: string) => group.means.some((phrase) => holds(item, phrase) || holds(category, phrase));
    // The data names shelf things: at least one seeded item is what each group means.
    expect(SEEDED.some(({ item, category }) => meant(item, category))).toBe(true);
    for (const word of group.words) {
      const [first] = (await search(word, 1)).products;
      expect({ word, first: first && meant(first.item.toLowerCase(), first.category.name.toLowerCase()) }).toEqual({ word, first: true });
    }
  });

  it('"soda", "pop" and "soft drink" are the soft drinks, cola and ginger ale first', async () => {
    for (const query of ['soda', 'pop', 'soft drink', 'soft drinks']) {
      const top = items((await search(query, 5)).products);
      expect({
        query,
        top: top.every((i) => ['cola', 'ginger ale'].includes(i) || i.includes('lemon') || i.includes('root beer')),
      }).toEqual({
        query,
        top: true,
      });
    }
  });

  it('never outranks a name the query says exactly: "baking soda" is baking soda first', async () => {
    expect(items((await search('baking soda', 3)).products)).toEqual(['baking soda', 'baking soda', 'baking soda']);
    expect(items((await search('cola', 1)).products)).toEqual(['cola']);
  });

  it('abbreviations: "oj", "tp", "laundry soap"', async () => {
    expect(items((await search('oj', 5)).products)).toEqual(Array(5).fill('orange juice'));
    expect(items((await search('tp', 5)).products)).toEqual(Array(5).fill('toilet paper'));
    expect(items((await search('laundry soap', 5)).products)).toEqual(Array(5).fill('laundry detergent'));
  });
});

describe('aisle words rank the aisle', () => {
  const categoryOf = (p: Product) => p.category.name.toLowerCase();

  it('"beer" gives beers, never a wine or a ginger ale first; "wine" gives wines', async () => {
    const beer = (await search('beer', 20)).products;
    const beers = beer.filter((p) => ['india pale ale', 'lager'].includes(p.item.toLowerCase()));
    expect(beers.length).toBeGreaterThan(0);
    expect(items(beer.slice(0, beers.length))).toEqual(items(beers));
    expect(items(beer)).not.toContain('ginger ale');
    const wine = items((await search('wine', 10)).products);
    expect(wine.every((i) => !['india pale ale', 'lager'].includes(i))).toBe(true);
  });

  it.each([
    [
      'pasta',
      [
        'spaghetti',
        'penne rigate',
        'elbow macaroni',
        'lasagna noodles',
        'egg noodles',
        'cheese ravioli',
        'gluten-free spaghetti',
        'gluten-free penne',
      ],
    ],
    ['cereal', ['corn flakes', 'toasted oat cereal', 'honey nut granola', 'instant oatmeal', 'baby oatmeal cereal']],
    ['fish', ['atlantic salmon fillet', 'cod fillets', 'tilapia fillets', 'tuna steaks', 'breaded fish sticks']],
  ])('"%s" puts its items first', async (query, meant) => {
    expect(items((await search(query, 5)).products).filter((i) => !meant.includes(i))).toEqual([]);
  });

  // Every word of every category name: the first results are of an aisle holding that word. A word
  // that is also an item of another aisle ("foods": dry dog food) names that item first, rightly.
  const heads = new Set(SEEDED.map(({ item }) => labelWords(item).at(-1)!));
  const aisleWords = [...new Set(CATEGORY_SEEDS.flatMap((c) => labelWords(c.name.toLowerCase())))].filter(
    (w) =>
      w.length > 2 &&
      w !== 'and' &&
      !inflections(w).some((f) => heads.has(f) && SEEDED.some((s) => s.item.endsWith(f) && !holds(s.category, w))),
  );
  it.each(aisleWords)('"%s" starts with its aisle', async (word) => {
    const top = (await search(word, 5)).products;
    expect(top.length).toBe(5);
    const wrong = top.filter((p) => !labelWords(categoryOf(p)).some((w) => inflections(word).includes(w)));
    expect({ word, wrong: wrong.map((p) => `${p.item} (${p.category.name})`) }).toEqual({ word, wrong: [] });
  });
});

describe('corrections are said', () => {
  it('"chiken" answers chicken and says so; literal searches the words as typed', async () => {
    const corrected = await search('chiken breast');
    expect(corrected.showingResultsFor).toBe('chicken breast');
    expect(items(corrected.products)[0]).toContain('chicken');
    const literal = await search('chiken', 10, false);
    expect(literal.showingResultsFor).toBeUndefined();
    expect(literal.products).toEqual([]);
    // The empty answer still offers the correction ("Did you mean").
    expect(literal.didYouMean).toBe('chicken');
  });

  it('says nothing when no word was corrected', async () => {
    expect((await search('chicken')).showingResultsFor).toBeUndefined();
    expect((await search('icecream')).showingResultsFor).toBeUndefined();
  });

  it('the header suggestions say it too', async () => {
    const found = await app.services.catalogue.suggestions('chiken', 5);
    expect(found.showingResultsFor).toBe('chicken');
    expect(found.products.length).toBeGreaterThan(0);
  });
});
