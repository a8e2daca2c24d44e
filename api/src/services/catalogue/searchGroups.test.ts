import { matchWords, Vocabulary } from './search.ts';
import { planGroupPage, postingsOf, WordLists, type GroupKey, type ShelfGroups } from './searchGroups.ts';

const vocabulary = new Vocabulary([
  ['milk', 3],
  ['chocolate', 2],
  ['dairy', 3],
  ['candy', 2],
  ['market', 4],
  ['pantry', 4],
]);

// Two stores (1: market, 2: pantry), labels in dairy and candy.
function shelf(): ShelfGroups {
  const labels = ['whole milk', 'chocolate milk', 'milk chocolate bar'];
  const extras = ['dairy market', 'dairy pantry', 'candy market'];
  const rows = [
    // label, extra, store, category, products
    [0, 0, 1, 10, 3],
    [0, 1, 2, 10, 2],
    [1, 0, 1, 10, 1],
    [1, 1, 2, 10, 4],
    [2, 2, 1, 20, 2],
  ] as const;
  const label = Int32Array.from(rows, (r) => r[0]);
  const extra = Int32Array.from(rows, (r) => r[1]);
  return {
    labels,
    labelWords: new WordLists(labels.map((l) => l.split(' '))),
    extraTexts: extras,
    extraWords: new WordLists(extras.map((e) => e.split(' '))),
    sizeWords: new WordLists([['1', 'gal', 'oz']]),
    label,
    extra,
    store: Int32Array.from(rows, (r) => r[2]),
    category: Int32Array.from(rows, (r) => r[3]),
    products: Int32Array.from(rows, (r) => r[4]),
    labelAt: new Map(labels.map((l, i) => [l, i])),
    byLabel: postingsOf(label, labels.length),
    byExtra: postingsOf(extra, extras.length),
  };
}

const keys = new Map<string, GroupKey>([
  ['whole milk', { score: 200, turn: 0 }],
  ['chocolate milk', { score: 200, turn: 1 }],
  ['milk chocolate bar', { score: 100, turn: 0 }],
]);

it('marks, per list, the query words it holds as a form or a word start', () => {
  const lists = new WordLists([['whole', 'milk'], ['milk', 'chocolate'], ['bread']]);
  expect([...lists.masks(matchWords(['milk', 'choc'], vocabulary))]).toEqual([0b01, 0b11, 0]);
});

it('marks a list holding every word of what a word means (a synonym phrase), not a list holding only some', () => {
  const lists = new WordLists([
    ['ginger', 'ale'],
    ['india', 'pale', 'ale'],
    ['ginger', 'snaps'],
    ['baking', 'soda'],
  ]);
  const soda = { word: 'soda', forms: ['soda', 'sodas'], prefix: true, corrected: false, means: [[['ginger'], ['ale', 'ales']]] };
  expect(lists.holding(soda.means[0]!)).toEqual([0]);
  expect([...lists.masks([soda])]).toEqual([1, 0, 0, 1]);
});

it('groups positions by key', () => {
  const { at, groups } = postingsOf(Int32Array.from([1, 0, 1, 2]), 3);
  expect([...at]).toEqual([0, 1, 3, 4]);
  expect([...groups]).toEqual([1, 0, 2, 3]);
});

it('counts the matching groups and finds the blocks of a page in best-match order', () => {
  const words = matchWords(['milk'], vocabulary);
  const plan = planGroupPage(shelf(), words, keys, 2, {}, 0, 4)!;
  expect(plan.total).toBe(12);
  // Score 200 first; store turn (store + label turn) mod 2: whole milk at store 2 (0), chocolate milk at store 1 (0), ...
  expect(plan.blocks).toEqual([[1], [2], [0]]);
  expect(plan.skip).toBe(0);
  const second = planGroupPage(shelf(), words, keys, 2, {}, 4, 4)!;
  expect(second.blocks).toEqual([[0], [3]]);
  expect(second.skip).toBe(1);
});

it('matches words held by the category and store words, and narrows to a store or category', () => {
  const words = matchWords(['milk', 'pantry'], vocabulary);
  expect(planGroupPage(shelf(), words, keys, 2, {}, 0, 10)!.total).toBe(6);
  expect(planGroupPage(shelf(), matchWords(['market'], vocabulary), keys, 2, { categoryId: 20 }, 0, 10)!.total).toBe(2);
  expect(planGroupPage(shelf(), matchWords(['milk'], vocabulary), keys, 2, { storeId: 1 }, 0, 10)!.total).toBe(6);
});

it('leaves a query that may name a size to the database', () => {
  expect(planGroupPage(shelf(), matchWords(['milk', 'gal'], vocabulary), keys, 2, {}, 0, 10)).toBeUndefined();
  expect(planGroupPage(shelf(), matchWords(['milk', '1'], vocabulary), keys, 2, {}, 0, 10)).toBeUndefined();
});
