// The store rules the cart shows (GET /open/store-rules: minimum orders) and which stores reach the
// shopper's address (GET /delivery/coverage; the same distance that prices the fee, server-side).
import { api, type DeliveryCoverage, type StoreRulesJson } from '@grocer/shared';

export const storeRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartStoreRules: build.query<StoreRulesJson[], void>({
      query: () => '/open/store-rules',
    }),
    /** Keyed by the address's ZIP: a new address asks again. */
    cartDeliveryCoverage: build.query<DeliveryCoverage, { zip: string }>({
      query: () => '/delivery/coverage',
      extraOptions: { auth: true },
    }),
  }),
});

export const { useCartStoreRulesQuery, useCartDeliveryCoverageQuery } = storeRulesApi;
