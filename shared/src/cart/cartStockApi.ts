// The cart's stock refresh reads each store's products from the public catalogue (spec §4, §7
// GET /open/products/{storePublicId}). Here rather than in a remote: the header icon and the cart page
// both run it, and the catalogue remote's own endpoints are not for other remotes to import.
import { api } from '../api/api.ts';
import type { Product } from '../contracts/index.ts';

export const cartStockApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** All active products of one store (by publicId or uuid); products it does not list are gone. */
    cartStoreProducts: build.query<Product[], string>({
      // Revalidate with the server (a cheap 304 thanks to its ETag): a catalogue answer may be cached 60 s.
      query: (storeRef) => ({ url: `/open/products/${encodeURIComponent(storeRef)}`, cache: 'no-cache' }),
      keepUnusedDataFor: 0,
    }),
  }),
});
