// The product page's calls: one product, and the same item at the other stores (cheapest first, as the
// server sorts them), injected into the one shared RTK Query api.
import { api, type Product, type ProductOffersResponse, type ProductResponse } from '@grocer/shared';

const segment = encodeURIComponent;

export const productApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogProduct: build.query<Product, string>({
      query: (productUuid) => `/open/product/${segment(productUuid)}`,
      transformResponse: (response: ProductResponse) => response.product,
      providesTags: (_result, _error, productUuid) => [{ type: 'Product', id: productUuid }],
    }),
    catalogProductOffers: build.query<Product[], string>({
      query: (productUuid) => `/open/product/${segment(productUuid)}/also-at`,
      transformResponse: (response: ProductOffersResponse) => response.offers,
      providesTags: (_result, _error, productUuid) => [{ type: 'Product', id: `${productUuid}/also-at` }],
    }),
  }),
});

export const { useCatalogProductQuery, useCatalogProductOffersQuery } = productApi;
