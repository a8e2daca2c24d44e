import {
  editDistance,
  inflections,
  labelWords,
  matchQuery,
  matchWords,
  rankLabels,
  searchTokens,
  spreadLabels,
  thingWords,
  Vocabulary,
  wordForms,
  type Label,
} from './search.ts';

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
  expect(chiken).toEqual({ word: 'chiken', forms: ['chicken', 'chickens'], prefix: false, corrected: true, correction: 'chicken' });
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

it('builds the filter tsquery: word starts for what was typed, exact forms, all words required', () => {
  expect(matchQuery(matchWords(['choc', 'milk'], vocabulary))).toBe('(choc | chocs | choc:*) & (milk | milks | milk:*)');
  expect(matchQuery(matchWords(['chiken'], vocabulary))).toBe('(chicken | chickens)');
});

const label = (text: string, categoryId: number, products = 10): Label => ({
  label: text,
  item: text,
  words: labelWords(text),
  itemWords: labelWords(text),
  categoryId,
  products,
});
const DAIRY = 1;
const CANDY = 2;
const MEAT = 3;
const PANTRY = 4;

it('ranks the thing named first: the item word, then whole words, then the aisle of most matches', () => {
  const labels = [
    label('classic milk chocolate bar', CANDY),
    label('organic whole milk', DAIRY),
    label('horizon chocolate milk', DAIRY),
    label('organic baby spinach', 5),
  ];
  expect(rankLabels(matchWords(['milk'], vocabulary), labels).map((r) => r.label)).toEqual([
    'horizon chocolate milk',
    'organic whole milk',
    'classic milk chocolate bar',
  ]);
  // Once the catalogue shows chocolate is a thing of its own (an aisle's name), plain milk comes first.
  const aisles = new Map([[CANDY, { name: 'Candy & Chocolate' }]]);
  expect(rankLabels(matchWords(['milk'], vocabulary), labels, aisles).map((r) => r.label)).toEqual([
    'organic whole milk',
    'horizon chocolate milk',
    'classic milk chocolate bar',
  ]);
  const chicken = [label('chicken broth', PANTRY, 5), label('boneless chicken breast', MEAT, 20), label('chicken thighs', MEAT, 20)];
  expect(rankLabels(matchWords(['chicken'], vocabulary), chicken).map((r) => r.label)).toEqual([
    'boneless chicken breast',
    'chicken thighs',
    'chicken broth',
  ]);
});

it('counts a category named by the query in its aisle, and ranks the rest of that aisle after what the words name', () => {
  const labels = [label('baby carrots', 5, 30), label('gentle baby wipes', 6, 10), label('diapers size 3', 6, 30)];
  const categories = new Map([
    [5, { name: 'Produce' }],
    [6, { name: 'Baby' }],
  ]);
  expect(rankLabels(matchWords(['baby'], vocabulary), labels, categories).map((r) => r.label)).toEqual([
    'gentle baby wipes',
    'baby carrots',
    'diapers size 3',
  ]);
  expect(rankLabels(matchWords(['baby'], vocabulary), labels).map((r) => r.label)).toEqual(['baby carrots', 'gentle baby wipes']);
});

it('ranks exact spellings over corrections and whole words over word starts', () => {
  const labels = [label('milkshake mix', DAIRY), label('whole milk', DAIRY)];
  const [whole, start] = rankLabels(matchWords(['milk'], vocabulary), labels);
  expect(whole!.label).toBe('whole milk');
  expect(whole!.score).toBeGreaterThan(start!.score);
  const exact = rankLabels(matchWords(['chicken'], vocabulary), [label('chicken thighs', MEAT)])[0]!.score;
  const fuzzy = rankLabels(matchWords(['chiken'], vocabulary), [label('chicken thighs', MEAT)])[0]!.score;
  expect(exact).toBeGreaterThan(fuzzy);
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

it('knows the words that name a thing: item heads in every form and aisle names', () => {
  const labels = [label('salted peanuts', PANTRY), label('unsalted butter', DAIRY)];
  const things = thingWords(labels, new Map([[CANDY, { name: 'Candy & Chocolate' }]]));
  expect([...things]).toEqual(expect.arrayContaining(['peanut', 'peanuts', 'butter', 'chocolate', 'candy']));
  expect(things.has('salted')).toBe(false);
  expect(things.has('unsalted')).toBe(false);
});

it('"butter": the butter itself before a butter made of another thing, whatever aisle has more matches', () => {
  const labels = [
    label('golden fields creamy peanut butter', PANTRY, 40),
    label('golden fields peanut butter cups', PANTRY, 40),
    label('salted peanuts', PANTRY, 40),
    label('prairie farms unsalted butter', DAIRY, 10),
  ];
  const words = matchWords(
    ['butter'],
    new Vocabulary([
      ['butter', 90],
      ['peanut', 80],
    ]),
  );
  expect(rankLabels(words, labels).map((r) => r.label)).toEqual([
    'prairie farms unsalted butter',
    'golden fields creamy peanut butter',
    'golden fields peanut butter cups',
  ]);
  // Named in the query, the thing is no longer "another thing".
  const peanutButter = matchWords(
    ['peanut', 'butter'],
    new Vocabulary([
      ['butter', 90],
      ['peanut', 80],
    ]),
  );
  expect(rankLabels(peanutButter, labels)[0]!.label).toBe('golden fields creamy peanut butter');
});

it('spreads the labels of one score over their items, turn by turn, keeping scores in order', () => {
  const ranked = [
    { label: 'a whole milk', item: 'whole milk', categoryId: DAIRY, score: 9 },
    { label: 'b whole milk', item: 'whole milk', categoryId: DAIRY, score: 9 },
    { label: 'c whole milk', item: 'whole milk', categoryId: DAIRY, score: 9 },
    { label: 'a skim milk', item: 'skim milk', categoryId: DAIRY, score: 9 },
    { label: 'a chocolate milk', item: 'chocolate milk', categoryId: DAIRY, score: 5 },
    { label: 'b chocolate milk', item: 'chocolate milk', categoryId: DAIRY, score: 5 },
  ];
  expect(spreadLabels(ranked).map((r) => [r.label, r.turn])).toEqual([
    ['a whole milk', 0],
    ['a skim milk', 1],
    ['b whole milk', 2],
    ['c whole milk', 3],
    ['a chocolate milk', 0],
    ['b chocolate milk', 1],
  ]);
});
