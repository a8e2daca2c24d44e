import { paths, readListingQuery } from '@grocer/shared';
import {
  fromSortValue,
  readSearchSort,
  SEARCH_SORT_OPTIONS,
  searchPath,
  SORT_OPTIONS,
  toSortValue,
  type SortValue,
} from './sortOptions.ts';

const paramsOf = (url: string) => new URL(url, 'http://x').searchParams;

describe('sort options', () => {
  it('are exactly the four of the spec, and Best match first on search', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Name A-Z', 'Name Z-A', 'Price Low-High', 'Price High-Low']);
    expect(SEARCH_SORT_OPTIONS.map((o) => o.label)).toEqual(['Best match', 'Name A-Z', 'Name Z-A', 'Price Low-High', 'Price High-Low']);
  });

  it.each<[SortValue, string]>([
    ['name-asc', '/store/fresh-mart'],
    ['name-desc', '/store/fresh-mart?order=desc'],
    ['price-asc', '/store/fresh-mart?sort=price'],
    ['price-desc', '/store/fresh-mart?sort=price&order=desc'],
  ])('store listing: %s ↔ %s', (value, url) => {
    expect(paths.store('fresh-mart', fromSortValue(value))).toBe(url);
    const { sort, order } = readListingQuery(paramsOf(url));
    expect(toSortValue({ sort, order })).toBe(value);
  });

  it('store listing keeps q and page beside the sort', () => {
    expect(paths.store('fresh-mart', { q: 'milk', page: 2, ...fromSortValue('price-desc') })).toBe(
      '/store/fresh-mart?q=milk&page=2&sort=price&order=desc',
    );
  });

  it.each<[SortValue | 'relevance', string]>([
    ['relevance', '/search?q=milk'],
    ['name-asc', '/search?q=milk&sort=name'],
    ['name-desc', '/search?q=milk&sort=name&order=desc'],
    ['price-asc', '/search?q=milk&sort=price'],
    ['price-desc', '/search?q=milk&sort=price&order=desc'],
  ])('search: %s ↔ %s', (value, url) => {
    expect(searchPath('milk', { sort: value })).toBe(url);
    expect(readSearchSort(paramsOf(url))).toBe(value);
  });

  it('search keeps the page, in its canonical place', () => {
    expect(searchPath('red apples', { page: 3, sort: 'name-desc' })).toBe('/search?q=red%20apples&page=3&sort=name&order=desc');
    expect(searchPath('milk', { page: 1, sort: 'relevance' })).toBe('/search?q=milk');
  });

  it('search reads an unknown sort as Best match', () => {
    expect(readSearchSort(paramsOf('/search?q=milk&sort=stock&order=desc'))).toBe('relevance');
  });
});
