// The sort selector merges the API's `sort` and `order` into one value (spec §2 Store listing).
// The store listing writes its query with `paths.store` (sort omitted when name, order when asc);
// the global search adds 'Best match', which is the absence of `sort` (the API then ranks by relevance).
import { paths, type ListingFilters, type ProductSort, type SortOrder } from '@grocer/shared';
import { literalPath } from './literalSearch.ts';

export type SortValue = 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc';
export type SearchSortValue = SortValue | 'relevance';

export interface SortOption<V extends string = SearchSortValue> {
  value: V;
  label: string;
}

export interface SortChoice {
  sort: ProductSort;
  order: SortOrder;
}

export const SORT_OPTIONS: readonly SortOption<SortValue>[] = [
  { value: 'name-asc', label: 'Name A-Z' },
  { value: 'name-desc', label: 'Name Z-A' },
  { value: 'price-asc', label: 'Price Low-High' },
  { value: 'price-desc', label: 'Price High-Low' },
];

export const SEARCH_SORT_OPTIONS: readonly SortOption[] = [{ value: 'relevance', label: 'Best match' }, ...SORT_OPTIONS];

export function toSortValue({ sort, order }: SortChoice): SortValue {
  return `${sort}-${order}`;
}

export function fromSortValue(value: SortValue): SortChoice {
  const [sort, order] = value.split('-') as [ProductSort, SortOrder];
  return { sort, order };
}

export function isSortValue(value: string): value is SortValue {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** The search's sort as the URL says it: no (valid) `sort` param means relevance. */
export function readSearchSort(params: URLSearchParams): SearchSortValue {
  const sort = params.get('sort');
  if (sort !== 'name' && sort !== 'price') return 'relevance';
  return toSortValue({ sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' });
}

/**
 * /search?q=…&page=…&sort=…&order=…&filters for a search sort value (relevance is the absence of `sort`),
 * and `literal=1` when the words are searched as typed (no typo correction).
 */
export function searchPath(
  q: string,
  { page, sort, filters, literal }: { page?: number; sort: SearchSortValue; filters?: ListingFilters; literal?: boolean },
): string {
  const path = paths.search(q, sort === 'relevance' ? { ...filters, page } : { ...filters, page, ...fromSortValue(sort) });
  return literal && q.trim() ? literalPath(path) : path;
}
