// The product page's calls: one product, and the same item at the other stores (cheapest first, as the
// server sorts them), injected into the one shared RTK Query api.
// The paths come from the contracts: the shell's entry starts the product read with the same URL
// before this code loads, and the base query hands that answer to this endpoint.
import { api, apiPaths, type Product, type ProductOffersResponse, type ProductResponse } from '@grocer/shared';

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogProduct: build.query<Product, string>({
      query: (productUuid) => apiPaths.product(productUuid),
      transformResponse: (response: ProductResponse) => response.product,
      providesTags: (_result, _error, productUuid) => [{ type: 'Product', id: productUuid }],
    }),
    catalogProductOffers: build.query<Product[], string>({
      query: (productUuid) => apiPaths.productOffers(productUuid),
      transformResponse: (response: ProductOffersResponse) => response.offers,
      providesTags: (_result, _error, productUuid) => [{ type: 'Product', id: `${productUuid}/also-at` }],
    }),
  }),
});

export const { useCatalogProductQuery, useCatalogProductOffersQuery } = productApi;
