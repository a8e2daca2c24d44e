// The catalogue's calls (spec §7 "Public catalogue"; favourites live in @grocer/shared),
// injected into the one shared RTK Query api. The pages import their hooks from here; the store list
// (storesApi.ts) and the header suggestions (suggestionsApi.ts) have files of their own, because the
// home page's header widgets need only those and each exposed module bundles what it imports.
import {
  api,
  type CategoryProductsResponse,
  type Category,
  type FacetsResponse,
  type ListingFilters,
  type PaginatedProducts,
  type ProductFilters,
  type SearchResponse,
  type ProductSort,
  type SortOrder,
  type Store,
  CONSTANTS,
} from '@grocer/shared';
import { apiPaths } from '@grocer/shared/contracts';

/** Paging and ordering of a listing; `sort` undefined on the searches means relevance (best match first). */
export interface ListingArgs {
  page: number;
  limit?: number;
  sort?: ProductSort;
  order?: SortOrder;
  /** As the URL says them (paths ListingFilters); sent as the API's ProductFilters. */
  filters?: ListingFilters;
}

export interface FacetsArgs {
  /** A search's text; without it the store's shelf is counted. */
  query?: string;
  /** The search's words as typed, no typo correction (as the results were asked). */
  literal?: boolean;
  /** A store's publicId: the shelf counted (no query). */
  storeId?: string;
  filters: ListingFilters;
}

/** The API's filters as its query string takes them: the attributes comma-separated. */
export type ApiFilterParams = Omit<ProductFilters, 'dietary'> & { dietary?: string };

/** The URL's filter names → the API's (category → categoryId, store → storeId). */
export function apiFilters({ category, store, inStock, minPrice, maxPrice, dietary }: ListingFilters = {}): ApiFilterParams {
  return { categoryId: category, storeId: store, inStock, minPrice, maxPrice, dietary: dietary?.join(',') };
}

export interface StoreProductsArgs extends ListingArgs {
  publicId: string;
}

export interface CategoryProductsArgs extends StoreProductsArgs {
  categoryUuid: string;
}

export interface StoreSearchArgs extends ListingArgs {
  query: string;
  /** The store's publicId (the API takes a uuid or a publicId, as for categories). */
  storeId: string;
}

export interface GlobalSearchArgs extends ListingArgs {
  query: string;
  /** The words as typed: no typo read as the nearest catalogue word ("Search instead for …"). */
  literal?: boolean;
}

const listingParams = ({ page, limit = CONSTANTS.PAGE_SIZE, sort, order, filters }: ListingArgs) => ({
  page,
  limit,
  sort,
  // Order means nothing without a sort key: relevance is always best match first.
  order: sort ? order : undefined,
  ...apiFilters(filters),
});

// Endpoint names carry the remote's name, `catalog`, as their owner prefix in the one shared api.
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogStore: build.query<Store, string>({
      query: (uuidOrPublicId) => apiPaths.store(uuidOrPublicId),
      providesTags: (_result, _error, id) => [{ type: 'Store', id }],
    }),
    catalogCategories: build.query<Category[], string | undefined>({
      query: (storeId) => ({ url: apiPaths.categories, params: { storeId } }),
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
    catalogStoreProducts: build.query<PaginatedProducts, StoreProductsArgs>({
      query: ({ publicId, ...listing }) => ({ url: apiPaths.storeProducts(publicId), params: listingParams(listing) }),
    }),
    catalogCategoryProducts: build.query<CategoryProductsResponse, CategoryProductsArgs>({
      query: ({ publicId, categoryUuid, ...listing }) => ({
        url: apiPaths.categoryProducts(publicId, categoryUuid),
        params: listingParams(listing),
      }),
    }),
    catalogStoreSearch: build.query<SearchResponse, StoreSearchArgs>({
      query: ({ query, storeId, ...listing }) => ({
        url: '/open/products/search/paginated',
        // The store is the search's scope here, never a filter.
        params: { ...listingParams(listing), query, storeId },
      }),
    }),
    catalogGlobalSearch: build.query<SearchResponse, GlobalSearchArgs>({
      query: ({ query, literal, ...listing }) => ({
        url: apiPaths.globalSearch,
        params: { query, ...listingParams(listing), literal: literal || undefined },
      }),
    }),
    catalogFacets: build.query<FacetsResponse, FacetsArgs>({
      query: ({ query, storeId, filters, literal }) => ({
        url: apiPaths.facets,
        params:
          query === undefined ? { ...apiFilters(filters), storeId } : { ...apiFilters(filters), query, literal: literal || undefined },
      }),
    }),
  }),
});

export const {
  useCatalogStoreQuery,
  useCatalogCategoriesQuery,
  useCatalogStoreProductsQuery,
  useCatalogCategoryProductsQuery,
  useCatalogStoreSearchQuery,
  useCatalogGlobalSearchQuery,
  useCatalogFacetsQuery,
} = catalogueApi;
