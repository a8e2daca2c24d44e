import { searchQueries, searchTokens } from './search.ts';

it('keeps only lower-case [a-z0-9] words, deduplicated', () => {
  expect(searchTokens('Choc  MILK choc')).toEqual(['choc', 'milk']);
  expect(searchTokens("milk'; DROP TABLE products; --")).toEqual(['milk', 'drop', 'table', 'products']);
  expect(searchTokens('choc:* | !milk & (x)')).toEqual(['choc', 'milk', 'x']);
  expect(searchTokens('%_\\')).toEqual([]);
  expect(searchTokens('Crème Brûlée')).toEqual(['creme', 'brulee']);
});

it('builds prefix tsqueries, all words required', () => {
  expect(searchQueries(['choc', 'milk'])).toEqual({
    any: 'choc:* & milk:*',
    allInName: 'choc:*A & milk:*A',
    wholeInName: 'choc:A & milk:A',
    eachInName: ['choc:*A', 'milk:*A'],
    first: 'choc',
  });
});
