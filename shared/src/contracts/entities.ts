// The entities and payloads of spec §3, shared by the browser and the API. What the API sends is
// written once, as TypeBox schemas in ../schemas (@grocer/shared/schemas, the API's); the types here
// are derived from them, type-only, so the browser never loads the schemas or TypeBox.
// Money: `Cents` (integer) inside the catalogue and cart; `Dollars` (2 decimals) wherever the spec
// fixes dollars at the JSON edge (fees, pricing, orders, notifications).
import type { Static } from 'typebox';
import type * as S from '../schemas/index.ts';

/** Integer US cents. */
export type Cents = number;
/** US dollars as a JSON number with at most 2 decimals (e.g. 12.5 means $12.50). */
export type Dollars = number;
/** An ISO 8601 timestamp, e.g. '2026-11-21T18:30:00.000Z'. */
export type IsoDateTime = string;

// ---- Errors ---------------------------------------------------------------------------------

/** Machine-readable `code` (e.g. 'REGISTRATION_FAILED', 'SIGNIN_FAILED', 'SESSION_EXPIRED'), `message`, and the form `field` when there is one. */
export type ApiError = Static<typeof S.ApiErrorSchema>;

/** The body of every failed API call. */
export type ApiErrorBody = Static<typeof S.ErrorBodySchema>;

// ---- User -----------------------------------------------------------------------------------

export type UserStatus = Static<typeof S.UserStatusSchema>;
export type AuthMethod = Static<typeof S.AuthMethodSchema>;
/** Compare case-insensitively (spec §6): a stored user may carry 'customer'. */
/** STORE_STAFF: works for one store (the ops screens; contracts/ops.ts). */
export type RoleName = Static<typeof S.RoleNameSchema>;

export type Address = Static<typeof S.AddressSchema>;

export type User = Static<typeof S.UserSchema>;

/** POST auth/register, auth/login and auth/google. */
export type AuthResponse = Static<typeof S.AuthResponseSchema> | ApiErrorBody;

/** POST auth/reset-password body. */
export interface PasswordResetPayload {
  token: string;
  password: string;
}

/** GET /user/profile and POST /user/address. */
export type ProfileResponse = Static<typeof S.ProfileSchema>;

/** GET /api/user/beta-status. */
export type BetaStatusResponse = Static<typeof S.BetaStatusSchema>;

// ---- Catalogue ------------------------------------------------------------------------------

export type Store = Static<typeof S.StoreSchema>;

export type Category = Static<typeof S.CategorySchema>;

/** Names used when a product's store or category uuid matches none (spec §3). */
export const UNKNOWN_STORE_NAME = 'Unknown Store';
export const UNKNOWN_CATEGORY_NAME = 'Unknown Category';

/** The store a product is enriched with. */
export type ProductStoreRef = Static<typeof S.ProductStoreRefSchema>;

/** The category a product is enriched with. */
export type ProductCategoryRef = Static<typeof S.ProductCategoryRefSchema>;

export type StockStatus = Static<typeof S.StockStatusSchema>;

/** The unit a product's size is sold in, as US shelf labels write it. */
export type SizeUnit = Static<typeof S.SizeUnitSchema>;

export type ProductSize = Static<typeof S.ProductSizeSchema>;

/** The price per unit, computed by the server from the integer price and the size. */
export type UnitPrice = Static<typeof S.UnitPriceSchema>;

export type Product = Static<typeof S.ProductSchema>;

/** GET /open/product/{productUuid}: one active product, enriched like the listings. */
export type ProductResponse = Static<typeof S.ProductResponseSchema>;

/**
 * GET /open/product/{productUuid}/also-at: the same item (same itemKey) at the other stores, active
 * ones only, cheapest first; the product itself is not listed.
 */
export type ProductOffersResponse = Static<typeof S.ProductOffersSchema>;

/** A cart line's 'If out of stock': the closest match (default), one named product, or no replacement (refund). */
export const SUBSTITUTION_CHOICES = ['BEST_MATCH', 'SPECIFIC', 'NONE'] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** What a shopper chose for one product; `substitute` is set exactly when choice is SPECIFIC. */
export type Substitution = Static<typeof S.SubstitutionSchema>;

/** A product in the cart (kept in browser storage under STORAGE_KEYS.cart). */
export interface CartItem extends Product {
  /** At least MIN_QUANTITY (1). */
  quantity: number;
  /** Absent on lines stored before the choice existed, and until the shopper picks: best match. */
  substitution?: Substitution;
}

/** GET /user/substitution-preferences: the signed-in shopper's remembered choices, one per product. */
export type SubstitutionPreference = Static<typeof S.SubstitutionPreferenceSchema>;
export type SubstitutionPreferencesResponse = Static<typeof S.SubstitutionPreferencesResponseSchema>;

/** PUT /user/substitution-preferences/{productUuid} body. */
export interface SubstitutionPreferenceBody {
  choice: SubstitutionChoice;
  /** Product uuid; required for SPECIFIC, refused otherwise. */
  substituteProductId?: string | null;
}

/** GET /open/product/{uuid}/substitutes: in-stock, active products of the same store and category, by name. */
export type ProductSubstitutesResponse = Static<typeof S.ProductSubstitutesSchema>;

/** GET /orders/buy-again: products from the shopper's past orders, most often bought first, as sold today. */
export type BuyAgainItem = Static<typeof S.BuyAgainItemSchema>;
export type BuyAgainResponse = Static<typeof S.BuyAgainSchema>;

/** Why a past order's line could not go back into the cart. */
export type ReorderSkipReason = Static<typeof S.ReorderSkipReasonSchema>;

/** POST /orders/{id}/reorder: what goes back into the cart (today's product and price), and what does not and why. */
export type ReorderResponse = Static<typeof S.ReorderSchema>;

/** GET /favorites entries, keyed by product uuid. */
export type Favourite = Static<typeof S.FavouriteSchema>;

/** Sort keys of the paginated listings (spec §7 `sort`): 'price' sorts by price_cents. */
export type ProductSort = 'name' | 'price';
export type SortOrder = 'asc' | 'desc';

export type Pagination = Static<typeof S.PaginationSchema>;

export type PaginatedProducts = Static<typeof S.PaginatedProductsSchema>;

/**
 * Narrowing of a search or a store listing (all optional; absent means "all"). Prices are integer
 * cents, both bounds inclusive.
 */
export interface ProductFilters {
  /** Category uuid. */
  categoryId?: string;
  /** Store uuid or publicId (the global search only; a store listing is already one store). */
  storeId?: string;
  inStock?: boolean;
  minPrice?: Cents;
  maxPrice?: Cents;
}

/** The largest price bound a filter accepts (integer cents): far above any shelf price. */
export const MAX_PRICE_CENTS = 10_000_000;

/** The price ranges the filters offer, in cents, both bounds inclusive; the last one is open-ended. */
export const PRICE_RANGES: readonly { min: Cents; max?: Cents }[] = [
  { min: 0, max: 199 },
  { min: 200, max: 499 },
  { min: 500, max: 999 },
  { min: 1000, max: 1999 },
  { min: 2000 },
];

/**
 * How many matches each filter value would leave, the other filters applied (not its own), so a
 * shopper sees what switching a value would give.
 */
export type ProductFacets = Static<typeof S.ProductFacetsSchema>;

/** A search page: when nothing matches, `didYouMean` is the closest query that would find something. */
export type SearchResponse = Static<typeof S.SearchResponseSchema>;

/** GET /open/products/facets. */
export type FacetsResponse = Static<typeof S.FacetsResponseSchema>;

/** GET /open/products/suggestions: distinct items, best match first (never the same item twice). */
export type SuggestionsResponse = Static<typeof S.SuggestionsResponseSchema>;

/** GET /open/products/{store}/{category}/paginated. */
export type CategoryProductsResponse = Static<typeof S.CategoryProductsSchema>;

// ---- Delivery fees and pricing --------------------------------------------------------------

/** One store's entry in DeliveryFeeResponse.deliveryFees. */
export type StoreDeliveryFee = Static<typeof S.StoreDeliveryFeeSchema>;

/** POST /delivery-fees. */
export type DeliveryFeeResponse = Static<typeof S.DeliveryFeeResponseSchema>;

/** POST /open/fees/calculate-payment-breakdown and the checkout's pricing. All amounts in dollars. */
export type PaymentBreakdown = Static<typeof S.PaymentBreakdownSchema>;

// ---- Checkout and orders --------------------------------------------------------------------

/** The checkout step 1 form (read-only address fields come from the account). */
export interface DeliveryInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Street (the account's streetName). */
  address: string;
  /** '' when none. */
  apartment: string;
  city: string;
  state: string;
  zipCode: string;
  /** '' when none. */
  deliveryInstructions: string;
}

export type PaymentMethod = 'paypal' | 'card' | 'cash';

export interface OrderCreateItem {
  /** Product uuid. */
  productId: string;
  quantity: number;
  /** 'If out of stock'; absent means BEST_MATCH. */
  substitution?: SubstitutionChoice;
  /** Product uuid of the named replacement, with SPECIFIC only. */
  substituteProductId?: string | null;
  /** Unit price in dollars (the server re-reads the real price). */
  price: Dollars;
  name: string;
  /** Store uuid. */
  storeId: string;
}

/** The PayPal Orders v2 order as approved/captured in the browser; the server re-fetches it. */
export type PaypalOrderDetails = { id: string; status: string } & Record<string, unknown>;

/** POST /orders/create body. */
export interface OrderCreatePayload {
  items: OrderCreateItem[];
  deliveryInfo: DeliveryInfo;
  paymentMethod: 'paypal';
  pricing: PaymentBreakdown;
  user: { id: string; email: string; name: string };
  paypalOrderDetails: PaypalOrderDetails;
  orderTimestamp: IsoDateTime;
}

/** POST /orders/create. */
export type OrderCreateResponse = Static<typeof S.OrderCreatedSchema> | ApiErrorBody;

/** The statuses of spec §4, in lifecycle order (CANCELLED last). */
export const ORDER_STATUSES = [
  'PENDING',
  'CONFIRMED',
  'PROCESSING',
  'PREPARING',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Shown when an order carries no status (spec §4). */
export const DEFAULT_ORDER_STATUS: OrderStatus = 'PROCESSING';

export type OrderItem = Static<typeof S.OrderItemSchema>;

/** GET /orders/{id} and each entry of GET /orders/user/history. All amounts in dollars. */
export type Order = Static<typeof S.OrderSchema>;

export interface TrackingInfo {
  trackingNumber: string;
  /** null when tracking gives none (the UI then shows 45 minutes from order time). */
  estimatedDelivery: IsoDateTime | null;
}

// ---- Notifications --------------------------------------------------------------------------

/** Sent to the admin dashboard after an order. */
export interface NewOrderNotification {
  type: 'new_order';
  orderId: string;
  customerName: string;
  totalAmount: Dollars;
  itemCount: number;
  storeCount: number;
  timestamp: IsoDateTime;
}

export interface NewOrderItemsNotificationItem {
  /** Product uuid. */
  productId: string;
  name: string;
  quantity: number;
  /** Unit price in dollars. */
  price: Dollars;
  /** 'If out of stock'; absent on notifications stored before the choice existed (best match). */
  substitution?: Substitution;
}

/** Sent to each store with its share of an order. */
export interface NewOrderItemsNotification {
  type: 'new_order_items';
  orderId: string;
  /** Store uuid. */
  storeId: string;
  storeName: string;
  customerName: string;
  items: NewOrderItemsNotificationItem[];
  deliveryInfo: DeliveryInfo;
  /** The store part's booked delivery window (absent on orders from before windows). */
  deliveryWindow?: BookedWindowJson;
  timestamp: IsoDateTime;
}

/** Notification payloads by `type`. */
export interface NotificationPayloads {
  new_order: NewOrderNotification;
  new_order_items: NewOrderItemsNotification;
}
export type NotificationPayload = NotificationPayloads[keyof NotificationPayloads];

// ---- Delivery promise: store rules and delivery windows ------------------------------------------

/** One open weekday of a store, minutes after local midnight in the store's time zone. */
export type StoreDayHours = Static<typeof S.StoreDayHoursSchema>;

/** A store's public rules (GET /open/stores/rules). A weekday missing from `hours` is closed. */
export type StoreRulesJson = Static<typeof S.StoreRulesSchema>;

/** Whether each store delivers to the shopper's address (GET /delivery/coverage). */
export type DeliveryCoverage = Static<typeof S.DeliveryCoverageSchema>;

/** A two-hour delivery window a store offers. */
export type DeliveryWindowJson = Static<typeof S.DeliveryWindowSchema>;

export type DeliveryHoldJson = Static<typeof S.DeliveryHoldSchema>;

/** POST /delivery/windows: per store, what it offers and the shopper's live hold. */
export type StoreWindowsJson = Static<typeof S.StoreWindowsSchema>;

/** A booked window on an order. */
export type BookedWindowJson = Static<typeof S.BookedWindowSchema>;
