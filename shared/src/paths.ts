// Every route of spec §2 in one typed map: components link with `paths.x(...)` and the shell
// routes with `routePatterns`, so a URL is never string-built anywhere else.
import { CONSTANTS } from './constants.ts';
import type { DietaryAttribute, ProductSort, SortOrder } from './contracts/entities.ts';
import { routePatterns, type RouteName } from './contracts/navigation.ts';

export { routePatterns, type RouteName };

/**
 * What a listing or a search is narrowed to, as the URL says it: `category` (uuid), `store` (publicId,
 * the global search only), `inStock=1`, `minPrice`/`maxPrice` (integer cents, inclusive), `dietary`. Absent means all.
 */
export interface ListingFilters {
  category?: string;
  store?: string;
  inStock?: boolean;
  minPrice?: number;
  maxPrice?: number;
  /** `dietary=gluten-free,vegan`: products carrying every one (contracts DIETARY_ATTRIBUTES). */
  dietary?: readonly DietaryAttribute[];
}

/** The query of the store listing and the global search (spec §2). */
export interface ListingQuery extends ListingFilters {
  q?: string;
  /** 1-based. */
  page?: number;
  sort?: ProductSort;
  order?: SortOrder;
}

const SORTS: readonly ProductSort[] = ['name', 'price'];
const ORDERS: readonly SortOrder[] = ['asc', 'desc'];

function query(params: ReadonlyArray<readonly [string, string | undefined]>): string {
  const parts = params
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value = '']) => `${key}=${encodeURIComponent(value)}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/**
 * Defaults are left out so every listing has one canonical URL: page 1, order asc, blank q, and the
 * default sort — name on a store listing; on the global search no sort means relevance, so name is kept.
 */
function listingQuery(
  { q, page, sort, order, category, store, inStock, minPrice, maxPrice, dietary }: ListingQuery = {},
  defaultSort: ProductSort | null = CONSTANTS.DEFAULT_SORT,
): string {
  const cents = (value: number | undefined) => (value !== undefined && Number.isInteger(value) && value >= 0 ? String(value) : undefined);
  return query([
    ['q', q?.trim() ? q : undefined],
    ['page', page !== undefined && Number.isInteger(page) && page > 1 ? String(page) : undefined],
    ['sort', sort !== defaultSort ? sort : undefined],
    ['order', order !== CONSTANTS.DEFAULT_ORDER ? order : undefined],
    ['category', category],
    ['store', store],
    ['inStock', inStock ? '1' : undefined],
    ['minPrice', cents(minPrice)],
    ['maxPrice', cents(maxPrice)],
    ['dietary', dietary?.join(',')],
  ]);
}

const segment = encodeURIComponent;

export const paths = {
  home: () => '/',
  store: (publicId: string, listing?: ListingQuery) => `/store/${segment(publicId)}${listingQuery(listing)}`,
  storeCategory: (publicId: string, categoryUuid: string, listing?: ListingQuery) =>
    `/store/${segment(publicId)}/category/${segment(categoryUuid)}${listingQuery(listing)}`,
  product: (publicId: string, productUuid: string) => `/store/${segment(publicId)}/product/${segment(productUuid)}`,
  /** Without `sort` the search is ranked by relevance. */
  search: (q?: string, listing?: Omit<ListingQuery, 'q'>) => `/search${listingQuery({ ...listing, q }, null)}`,
  cart: () => '/cart',
  verifyEmail: (token?: string) => `/verify-email${query([['token', token]])}`,
  resetPassword: (token?: string) => `/reset-password${query([['token', token]])}`,
  account: () => '/account',
  checkout: () => '/checkout',
  orderConfirmation: (orderId: string) => `/order-confirmation/${segment(orderId)}`,
  orderDetails: (orderId: string) => `/order-details/${segment(orderId)}`,
  orderHistory: () => '/order-history',
  contact: () => '/contact',
  /** The external admin site's default path; the header's Admin link uses the runtime config's adminUrl. */
  admin: () => '/admin',
} as const;

type ListingQueryBase = Required<Pick<ListingQuery, 'q' | 'page' | 'sort' | 'order'>>;

/** Reads a listing's query back, filling the defaults and ignoring values the API would reject. */
export function readListingQuery(params: URLSearchParams): ListingQueryBase {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: SORTS.find((s) => s === sort) ?? CONSTANTS.DEFAULT_SORT,
    order: ORDERS.find((o) => o === order) ?? CONSTANTS.DEFAULT_ORDER,
  };
}
