// The stores' public rules (GET /open/store-rules: hours, minimum order, radius) and which stores reach
// the signed-in shopper's address (GET /delivery/coverage, decided by the server's distance). Shared
// because the catalogue (store page, fee badges) and the cart (rule notes) both read them.
import { apiPaths, type DeliveryCoverage, type StoreRulesJson } from '../contracts/index.ts';
import { api } from '../api/api.ts';

export const storeRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeRules: build.query<StoreRulesJson[], void>({
      query: () => apiPaths.storeRules,
    }),
    /** Keyed by the address's ZIP: a new address asks again. */
    deliveryCoverage: build.query<DeliveryCoverage, { zip: string }>({
      query: () => '/delivery/coverage',
      extraOptions: { auth: true },
    }),
  }),
});

export const { useStoreRulesQuery, useDeliveryCoverageQuery } = storeRulesApi;
