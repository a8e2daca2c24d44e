// The partner stores' list (GET /open/stores), injected into the one shared RTK Query api. A file of its
// own: the home page and the header's Stores menu need only this call, not the pages' (catalogueApi.ts).
import { api, type Store } from '@grocer/shared';

const STORES_CACHE_SECONDS = 60 * 60;

export const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogStores: build.query<Store[], void>({
      query: () => '/open/stores',
      // Spec §7: the store list is cached after the first success (the header menu and home share it).
      keepUnusedDataFor: STORES_CACHE_SECONDS,
      providesTags: [{ type: 'Store', id: 'LIST' }],
    }),
  }),
});

export const { useCatalogStoresQuery, usePrefetch } = storesApi;
