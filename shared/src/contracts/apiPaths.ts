// API paths that more than one app builds: the page that reads them and the shell's entry, which
// starts the first screen's reads before the page's code has loaded (shell/src/app/firstData.ts).
// One builder each, so both ask for the very same URL and the page can take the answer already in flight.
const segment = encodeURIComponent;

/** Sent with every API call (spec §7: "with a client-domain header"), the page's origin as its value. */
export const CLIENT_DOMAIN_HEADER = 'X-Client-Domain';

export const apiPaths = {
  /** A store by uuid or publicId (`Store`). */
  store: (uuidOrPublicId: string) => `/open/store/${segment(uuidOrPublicId)}`,
  /** A store's categories with their product counts (`?storeId=`). */
  categories: '/open/categories',
  /** A store's listing, a page at a time (`PaginatedProducts`). */
  storeProducts: (publicId: string) => `/open/products/${segment(publicId)}/paginated`,
  /** One category of a store's listing (`CategoryProductsResponse`). */
  categoryProducts: (publicId: string, categoryUuid: string) => `/open/products/${segment(publicId)}/${segment(categoryUuid)}/paginated`,
  /** Every store's products matching `?query=` (`SearchResponse`). */
  globalSearch: '/open/products/search/global/paginated',
  /** The filter counts of a listing or a search (`FacetsResponse`). */
  facets: '/open/products/facets',
  /** Every store's hours, minimum order and radius (`StoreRulesJson[]`). */
  storeRules: '/open/store-rules',
  /** One product, enriched like the listings (`ProductResponse`). */
  product: (productUuid: string) => `/open/product/${segment(productUuid)}`,
  /** The same item at the other stores, cheapest first (`ProductOffersResponse`). */
  productOffers: (productUuid: string) => `/open/product/${segment(productUuid)}/also-at`,
  /** One of the signed-in shopper's orders (`Order`). */
  order: (orderId: string) => `/orders/${segment(orderId)}`,
} as const;
