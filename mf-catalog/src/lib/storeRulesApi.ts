// The stores' public rules (GET /open/store-rules: hours, minimum order, radius) and which stores reach
// the signed-in shopper's address (GET /delivery/coverage, decided by the server's distance).
import { api, type DeliveryCoverage, type StoreRulesJson } from '@grocer/shared';

export const storeRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogStoreRules: build.query<StoreRulesJson[], void>({
      query: () => '/open/store-rules',
    }),
    /** Keyed by the address's ZIP: a new address asks again. */
    catalogDeliveryCoverage: build.query<DeliveryCoverage, { zip: string }>({
      query: () => '/delivery/coverage',
      extraOptions: { auth: true },
    }),
  }),
});

export const { useCatalogStoreRulesQuery, useCatalogDeliveryCoverageQuery } = storeRulesApi;
