// Request schemas of the public catalogue (spec §7 calls, §9 paging). The response shapes are
// @grocer/shared/schemas, where the contract types come from.
import { DIETARY_ATTRIBUTES, MAX_PRICE_CENTS } from '@grocer/shared/contracts';
import { Type } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });

/** Spec §9: page size 20; at most 100 so one request cannot ask for the whole catalogue. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Far past any real catalogue's last page; without a bound, page=1e21 overflowed the SQL OFFSET into a 500. */
export const MAX_PAGE = 1_000_000;

const paging = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  order: Type.Enum(['asc', 'desc'], { default: 'asc' }),
};

const Price = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_PRICE_CENTS, description });

/** Narrowing shared by searches and listings (contracts ProductFilters); absent means "all". */
const filters = {
  inStock: Type.Optional(Type.Boolean({ description: 'true: only products in stock' })),
  minPrice: Type.Optional(Price('Lowest price in cents, inclusive')),
  maxPrice: Type.Optional(Price('Highest price in cents, inclusive')),
  dietary: Type.Optional(
    Type.String({
      pattern: `^(${DIETARY_ATTRIBUTES.join('|')})(,(${DIETARY_ATTRIBUTES.join('|')}))*$`,
      maxLength: 200,
      description: `Only products carrying every one of these attributes, comma-separated (${DIETARY_ATTRIBUTES.join(', ')})`,
    }),
  ),
};
const categoryFilter = { categoryId: Type.Optional(Type.String({ format: 'uuid', description: 'Only this category' })) };
const storeFilter = {
  storeId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this store (uuid or publicId)' })),
};

export const ListingQuery = Type.Object({ ...paging, sort: Type.Enum(['name', 'price'], { default: 'name' }), ...filters });
export const StoreListingQuery = Type.Object({
  ...paging,
  sort: Type.Enum(['name', 'price'], { default: 'name' }),
  ...filters,
  ...categoryFilter,
});

const SearchText = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Words matched against the starts of words of name, category and store',
});

const searchPaging = {
  ...paging,
  sort: Type.Enum(['relevance', 'name', 'price'], { default: 'relevance', description: 'relevance: best match first (order is ignored)' }),
};

/** The words as typed, for "Search instead for …" after a corrected search. */
const literal = {
  literal: Type.Optional(
    Type.Boolean({ description: 'true: match the words as typed, without reading a misspelt word as the nearest catalogue word' }),
  ),
};

export const GlobalSearchQuery = Type.Object({ query: SearchText });
export const GlobalSearchPageQuery = Type.Object({
  query: SearchText,
  ...searchPaging,
  ...filters,
  ...categoryFilter,
  ...storeFilter,
  ...literal,
});
export const StoreSearchPageQuery = Type.Object({
  query: SearchText,
  storeId: Type.String({ minLength: 1, description: 'Store uuid or publicId' }),
  ...searchPaging,
  ...filters,
  ...categoryFilter,
  ...literal,
});

export const SuggestionsQuery = Type.Object({
  query: SearchText,
  limit: Type.Integer({ minimum: 1, maximum: 5, default: 5, description: 'Spec: at most 5' }),
});

export const FacetsQuery = Type.Object({
  query: Type.Optional(SearchText),
  ...filters,
  ...categoryFilter,
  ...storeFilter,
  ...literal,
});

export const CategoriesQuery = Type.Object({
  storeId: Type.Optional(Type.String({ minLength: 1, description: 'Store uuid or publicId' })),
});

export const StoreParams = Type.Object({ storePublicId: Type.String({ minLength: 1 }) });

/** A malformed uuid is a 400 (the schema says so), an unknown one a 404. */
export const ProductParams = Type.Object({ productUuid: Uuid });
