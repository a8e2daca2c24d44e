import { editDistance, inflections, matchWords, searchQueries, searchTokens, Vocabulary, wordForms } from './search.ts';

it('keeps only lower-case [a-z0-9] words, deduplicated', () => {
  expect(searchTokens('Choc  MILK choc')).toEqual(['choc', 'milk']);
  expect(searchTokens("milk'; DROP TABLE products; --")).toEqual(['milk', 'drop', 'table', 'products']);
  expect(searchTokens('choc:* | !milk & (x)')).toEqual(['choc', 'milk', 'x']);
  expect(searchTokens('%_\\')).toEqual([]);
  expect(searchTokens('Crème Brûlée')).toEqual(['creme', 'brulee']);
});

it('inflects by the regular English rules, both ways', () => {
  expect(inflections('apple').sort()).toEqual(['apple', 'apples']);
  expect(inflections('apples').sort()).toEqual(['apple', 'apples']);
  expect(inflections('berries')).toContain('berry');
  expect(inflections('berry')).toContain('berries');
  expect(inflections('tomato')).toContain('tomatoes');
  expect(inflections('tomatoes')).toContain('tomato');
  expect(inflections('peaches')).toContain('peach');
  expect(inflections('glass')).not.toContain('glas');
  expect(inflections('2%')).toEqual(['2%']);
});

it('adds spelling variants and their inflections', () => {
  expect(wordForms('yoghurt')).toEqual(expect.arrayContaining(['yogurt', 'yogurts', 'yoghurts']));
  expect(wordForms('doughnuts')).toEqual(expect.arrayContaining(['donut', 'donuts']));
});

it('counts one edit for a wrong, missing, extra or swapped letter', () => {
  expect(editDistance('chiken', 'chicken', 1)).toBe(1);
  expect(editDistance('bananna', 'banana', 1)).toBe(1);
  expect(editDistance('mlik', 'milk', 1)).toBe(1);
  expect(editDistance('tortila', 'tortilla', 1)).toBe(1);
  expect(editDistance('milk', 'silk', 1)).toBe(1);
  expect(editDistance('milk', 'mild', 2)).toBe(1);
  expect(editDistance('milk', 'bread', 1)).toBe(2);
});

const vocabulary = new Vocabulary([
  ['chicken', 40],
  ['bananas', 20],
  ['yogurt', 10],
  ['milk', 50],
  ['tortillas', 5],
]);

it('corrects only words the catalogue does not start with, of 4+ letters', () => {
  const [chiken, milk, mil, tez] = matchWords(['chiken', 'milk', 'mil', 'tez'], vocabulary);
  expect(chiken).toEqual({ word: 'chiken', forms: ['chicken', 'chickens'], prefix: false, corrected: true });
  expect(milk).toMatchObject({ forms: ['milk', 'milks'], prefix: true, corrected: false });
  expect(mil).toMatchObject({ prefix: true, corrected: false });
  expect(tez).toMatchObject({ prefix: true, corrected: false });
  expect(matchWords(['yougurt'], vocabulary)[0]!.forms).toContain('yogurt');
  expect(matchWords(['banana'], vocabulary)[0]!.corrected).toBe(false);
  expect(matchWords(['tortilla'], vocabulary)[0]!.corrected).toBe(false);
});

it('finds the nearest words, the most common first', () => {
  expect(vocabulary.near('bannanaas', 2)).toEqual(['bananas']);
  expect(vocabulary.hasPrefix('chick')).toBe(true);
  expect(vocabulary.hasPrefix('chiq')).toBe(false);
});

it('builds tsqueries: word starts for what was typed, exact forms, all words required', () => {
  const words = matchWords(['choc', 'milk'], vocabulary);
  expect(searchQueries(words)).toEqual({
    any: '(choc | chocs | choc:*) & (milk | milks | milk:*)',
    inName: '(choc:A | chocs:A | choc:*A) & (milk:A | milks:A | milk:*A)',
    wholeInName: '(choc:A | chocs:A) & (milk:A | milks:A)',
    heads: ['choc', 'chocs', 'milk', 'milks'],
  });
});

it('forgives two edits in a long word, keeping only the nearest corrections', () => {
  const words = new Vocabulary([
    ['cinnamon', 9],
    ['chicken', 40],
    ['chickens', 1],
  ]);
  expect(matchWords(['cinammon'], words)[0]).toMatchObject({ corrected: true, forms: ['cinnamon', 'cinnamons'] });
  expect(matchWords(['cinamon'], words)[0]).toMatchObject({ corrected: true, forms: ['cinnamon', 'cinnamons'] });
  expect(matchWords(['chikcen'], words)[0]!.forms).toContain('chicken');
  // Seven letters: two edits are too many.
  expect(matchWords(['cinamno'], words)[0]!.corrected).toBe(false);
});
