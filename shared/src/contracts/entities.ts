// The entities and payloads of spec §3, shared by the browser and the API.
// Money: `Cents` (integer) inside the catalogue and cart; `Dollars` (2 decimals) wherever the spec
// fixes dollars at the JSON edge (fees, pricing, orders, notifications).

import type { OrderAdjustments, OrderItemFulfilment } from './ops.ts';

/** Integer US cents. */
export type Cents = number;
/** US dollars as a JSON number with at most 2 decimals (e.g. 12.5 means $12.50). */
export type Dollars = number;
/** An ISO 8601 timestamp, e.g. '2026-11-21T18:30:00.000Z'. */
export type IsoDateTime = string;

// ---- Errors ---------------------------------------------------------------------------------

export interface ApiError {
  /** Machine-readable, e.g. 'REGISTRATION_FAILED', 'SIGNIN_FAILED', 'SESSION_EXPIRED'. */
  code: string;
  message: string;
  /** The form field the error belongs to, when there is one (e.g. 'email'). */
  field?: string;
}

/** The body of every failed API call. */
export interface ApiErrorBody {
  success: false;
  message: string;
  error: ApiError;
}

// ---- User -----------------------------------------------------------------------------------

export type UserStatus = 'BETA' | 'BETA_REQUESTED' | 'UNKNOWN';
export type AuthMethod = 'email' | 'google';
/** Compare case-insensitively (spec §6): a stored user may carry 'customer'. */
/** STORE_STAFF: works for one store (the ops screens; contracts/ops.ts). */
export type RoleName = 'CUSTOMER' | 'ADMIN' | 'STORE_STAFF';

export interface Address {
  streetName: string;
  /** Optional; absent or '' when there is none. */
  apartmentName?: string;
  city: string;
  state: string;
  zip: string;
}

export interface User {
  uuid: string;
  /** null until the shopper enters it; locked once saved (spec §2 Account). */
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Bearer token (ours, or the Google ID token for identity sign-in); a JWT with `exp`. */
  token: string;
  status: UserStatus;
  authMethod: AuthMethod;
  emailVerified: boolean;
  roleName: RoleName;
  createdAt: IsoDateTime;
  hasValidAddress: boolean;
  hasInvalidAddress: boolean;
  /** Server-decided; the client never derives it from beta flags. */
  canCheckout: boolean;
  isBetaParticipant: boolean;
  hasBetaRequest: boolean;
  /** null until the shopper saves a delivery address. */
  address: Address | null;
}

/** POST auth/register, auth/login and auth/google. */
export type AuthResponse = { success: true; user: User; token: string; message?: string } | ApiErrorBody;

/** POST auth/reset-password body. */
export interface PasswordResetPayload {
  token: string;
  password: string;
}

/** GET /api/user/beta-status. */
export interface BetaStatusResponse {
  success: boolean;
  status: UserStatus;
  isBetaParticipant: boolean;
  hasBetaRequest: boolean;
  canCheckout: boolean;
  message: string;
}

// ---- Catalogue ------------------------------------------------------------------------------

export interface Store {
  uuid: string;
  /** The store's slug in /store/{publicId}. */
  publicId: string;
  name: string;
  address1: string;
  address2: string;
  /** Logo image URL. */
  logo: string;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  id: number;
}

export interface Category {
  uuid: string;
  name: string;
  productCount: number;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
  id: number;
}

/** Names used when a product's store or category uuid matches none (spec §3). */
export const UNKNOWN_STORE_NAME = 'Unknown Store';
export const UNKNOWN_CATEGORY_NAME = 'Unknown Category';

/** The store a product is enriched with. */
export interface ProductStoreRef {
  uuid: string;
  /** UNKNOWN_STORE_NAME when the uuid matched no store. */
  name: string;
  /** Absent when the uuid matched no store. */
  publicId?: string;
}

/** The category a product is enriched with. */
export interface ProductCategoryRef {
  uuid: string;
  /** UNKNOWN_CATEGORY_NAME when the uuid matched no category. */
  name: string;
}

export type StockStatus = 'IN_STOCK' | 'OUT_OF_STOCK';

/** The unit a product's size is sold in, as US shelf labels write it. */
export type SizeUnit = 'oz' | 'fl oz' | 'lb' | 'ct' | 'gal' | 'qt' | 'pt' | 'l' | 'ml' | 'g' | 'kg';

export interface ProductSize {
  /** How much of `unit` one item holds (e.g. 1 for "1 gal", 8 for "8 ct", 0.5 for "0.5 lb"). */
  amount: number;
  unit: SizeUnit;
  /** As printed after the name: "1 gal", "8 ct", "12 fl oz". */
  label: string;
}

/** The price per unit, computed by the server from the integer price and the size. */
export interface UnitPrice {
  /** Integer tenths of a cent per `unit`, rounded half-up (e.g. 134 means $0.134). */
  tenthCents: number;
  /** The unit the price is quoted per: 'oz', 'fl oz', 'lb' or 'ct' (US grocers' shelf units). */
  unit: 'oz' | 'fl oz' | 'lb' | 'ct';
  /** As shown to shoppers: "$0.13/fl oz", "$3.49/lb", "$0.42/ct". */
  label: string;
}

export interface Product {
  uuid: string;
  /** The shelf label: brand or line, item, size ("Prairie Farms Whole Milk, 1 gal"); unique within a store. */
  name: string;
  /** The brand or line ("Prairie Farms"). */
  brand: string;
  /** The item without brand or size ("Whole Milk"); variants of one item share it. */
  item: string;
  /**
   * The same item across stores: equal for the same brand, item and size, so offers can be compared
   * (GET /open/product/{uuid}/also-at).
   */
  itemKey: string;
  size: ProductSize;
  unitPrice: UnitPrice;
  /** Image URL. */
  image: string;
  /** Integer cents; also the price sort key. */
  price_cents: Cents;
  stockStatus: StockStatus;
  isActive: boolean;
  storeUuid: string;
  categoryUuid: string;
  store: ProductStoreRef;
  category: ProductCategoryRef;
  id: number;
  createdAt: IsoDateTime;
  updatedAt: IsoDateTime;
}

/** GET /open/product/{productUuid}: one active product, enriched like the listings. */
export interface ProductResponse {
  product: Product;
}

/**
 * GET /open/product/{productUuid}/also-at: the same item (same itemKey) at the other stores, active
 * ones only, cheapest first; the product itself is not listed.
 */
export interface ProductOffersResponse {
  offers: Product[];
}

/** A cart line's 'If out of stock': the closest match (default), one named product, or no replacement (refund). */
export const SUBSTITUTION_CHOICES = ['BEST_MATCH', 'SPECIFIC', 'NONE'] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** What a shopper chose for one product; `substitute` is set exactly when choice is SPECIFIC. */
export interface Substitution {
  choice: SubstitutionChoice;
  /** The named replacement (same store, same category), for SPECIFIC only. */
  substitute: { uuid: string; name: string } | null;
}

/** A product in the cart (kept in browser storage under STORAGE_KEYS.cart). */
export interface CartItem extends Product {
  /** At least MIN_QUANTITY (1). */
  quantity: number;
  /** Absent on lines stored before the choice existed, and until the shopper picks: best match. */
  substitution?: Substitution;
}

/** GET /user/substitution-preferences: the signed-in shopper's remembered choices, one per product. */
export interface SubstitutionPreference extends Substitution {
  /** Product uuid. */
  productId: string;
}
export interface SubstitutionPreferencesResponse {
  preferences: SubstitutionPreference[];
}

/** PUT /user/substitution-preferences/{productUuid} body. */
export interface SubstitutionPreferenceBody {
  choice: SubstitutionChoice;
  /** Product uuid; required for SPECIFIC, refused otherwise. */
  substituteProductId?: string | null;
}

/** GET /open/product/{uuid}/substitutes: in-stock, active products of the same store and category, by name. */
export interface ProductSubstitutesResponse {
  products: Product[];
}

/** GET /orders/buy-again: products from the shopper's past orders, most often bought first, as sold today. */
export interface BuyAgainItem {
  product: Product;
  /** On how many of the shopper's orders it was. */
  timesOrdered: number;
  lastOrderedAt: IsoDateTime;
}
export interface BuyAgainResponse {
  items: BuyAgainItem[];
}

/** Why a past order's line could not go back into the cart. */
export type ReorderSkipReason = 'OUT_OF_STOCK' | 'INACTIVE' | 'NOT_FOUND' | 'OUT_OF_DELIVERY_AREA';

/** POST /orders/{id}/reorder: what goes back into the cart (today's product and price), and what does not and why. */
export interface ReorderResponse {
  added: { product: Product; quantity: number; substitution: Substitution }[];
  skipped: { productId: string; name: string; reason: ReorderSkipReason; message: string }[];
}

/** GET /favorites entries, keyed by product uuid. */
export interface Favorite {
  product: Product;
}

/** Sort keys of the paginated listings (spec §7 `sort`): 'price' sorts by price_cents. */
export type ProductSort = 'name' | 'price';
export type SortOrder = 'asc' | 'desc';

export interface Pagination {
  /** 1-based. */
  currentPage: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
  totalItems: number;
}

export interface PaginatedProducts {
  products: Product[];
  pagination: Pagination;
}

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
export interface ProductFacets {
  categories: { uuid: string; name: string; count: number }[];
  stores: { uuid: string; publicId: string; name: string; count: number }[];
  /** Matches in stock. */
  inStock: number;
  /** One entry per PRICE_RANGES entry, same order. */
  prices: { min: Cents; max?: Cents; count: number }[];
}

/** A search page: when nothing matches, `didYouMean` is the closest query that would find something. */
export interface SearchResponse extends PaginatedProducts {
  didYouMean?: string;
}

/** GET /open/products/facets. */
export interface FacetsResponse {
  facets: ProductFacets;
}

/** GET /open/products/suggestions: distinct items, best match first (never the same item twice). */
export interface SuggestionsResponse {
  products: Product[];
}

/** GET /open/products/{store}/{category}/paginated. */
export interface CategoryProductsResponse extends PaginatedProducts {
  categoryUuid: string;
  categoryName: string;
}

// ---- Delivery fees and pricing --------------------------------------------------------------

/** One store's entry in DeliveryFeeResponse.deliveryFees. */
export interface StoreDeliveryFee {
  storeName: string;
  /** Miles from the store to the delivery address. */
  distance: number;
  /** Dollars (distance × $7.50, 2 decimals). */
  deliveryFee: Dollars;
  /** Minutes, when known. */
  duration?: number;
}

/** POST /delivery-fees. */
export interface DeliveryFeeResponse {
  /** Dollars: the sum of the per-store fees. */
  totalDeliveryFee: Dollars;
  /** Keyed by store uuid. */
  deliveryFees: Record<string, StoreDeliveryFee>;
}

/** POST /open/fees/calculate-payment-breakdown and the checkout's pricing. All amounts in dollars. */
export interface PaymentBreakdown {
  subtotal: Dollars;
  tax: Dollars;
  platformServiceFee: Dollars;
  /** Same amount as platformServiceFee (the spec names it both ways). */
  serviceFee: Dollars;
  /** The service fee as shown to the shopper. */
  displayServiceFee: Dollars;
  deliveryFee: Dollars;
  paymentProcessingFee: Dollars;
  total: Dollars;
}

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
export type OrderCreateResponse = { success: true; orderId: string; trackingNumber: string; message: string } | ApiErrorBody;

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

export interface OrderItem {
  /** The product's uuid, for links to its page; null for lines whose product no longer exists. */
  productUuid: string | null;
  /** The product's picture; null when its product no longer exists. */
  image: string | null;
  /** The size label at the time of the order ("1 gal"); null when unknown. */
  sizeLabel: string | null;
  /** The unit price label at the time of the order ("$0.13/fl oz"); null when unknown. */
  unitPriceLabel: string | null;
  /** The store's publicId, for links to the product page; null when unknown. */
  storePublicId: string | null;
  productName: string;
  quantity: number;
  unitPrice: Dollars;
  /** unitPrice × quantity, in dollars. */
  lineTotal: Dollars;
  /** null when unknown; shown as 'Store'. */
  storeName: string | null;
  /** What the store did with the line (found, replaced, unavailable); absent on older answers. */
  fulfilment?: OrderItemFulfilment;
  /** The shopper's 'If out of stock' choice for this line. */
  substitution: Substitution;
}

/** GET /orders/{id} and each entry of GET /orders/user/history. All amounts in dollars. */
export interface Order {
  orderId: string;
  /** Human-facing number; null when there is none (the id is shown instead). */
  orderNumber: string | null;
  orderStatus: OrderStatus;
  orderDate: IsoDateTime;
  totalAmount: Dollars;
  subtotal: Dollars;
  taxAmount: Dollars;
  serviceFee: Dollars;
  displayServiceFee: Dollars;
  deliveryFee: Dollars;
  orderItems: OrderItem[];
  customerFirstName: string;
  customerLastName: string;
  customerPhone: string;
  /** The delivery fields are null when the order has no delivery information. */
  deliveryAddressLine1: string | null;
  deliveryApartment: string | null;
  deliveryCity: string | null;
  deliveryState: string | null;
  deliveryPostalCode: string | null;
  deliveryInstructions: string | null;
  /** Replacements, refunds and the paid total once stores changed the order; absent on older answers. */
  adjustments?: OrderAdjustments;
  /** The booked delivery window of each store part (absent on orders from before windows). */
  deliveryWindows?: BookedWindowJson[];
}

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
export interface StoreDayHours {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  opensMinute: number;
  closesMinute: number;
}

/** A store's public rules (GET /open/stores/rules). A weekday missing from `hours` is closed. */
export interface StoreRulesJson {
  storeUuid: string;
  storeName: string;
  timeZone: string;
  minOrderCents: number;
  deliveryRadiusMiles: number;
  hours: StoreDayHours[];
}

/** Whether each store delivers to the shopper's address (GET /delivery/coverage). */
export interface DeliveryCoverage {
  zip: string;
  stores: Record<string, { delivers: boolean; distance: number }>;
}

/** A two-hour delivery window a store offers. */
export interface DeliveryWindowJson {
  startsAt: IsoDateTime;
  endsAt: IsoDateTime;
  /** False when holds and bookings fill its capacity (shown, disabled). */
  available: boolean;
}

export interface DeliveryHoldJson {
  storeUuid: string;
  startsAt: IsoDateTime;
  endsAt: IsoDateTime;
  expiresAt: IsoDateTime;
}

/** POST /delivery/windows: per store, what it offers and the shopper's live hold. */
export interface StoreWindowsJson {
  storeUuid: string;
  storeName: string;
  timeZone: string;
  windows: DeliveryWindowJson[];
  hold: DeliveryHoldJson | null;
}

/** A booked window on an order. */
export interface BookedWindowJson {
  storeUuid: string;
  storeName: string;
  timeZone: string;
  startsAt: IsoDateTime;
  endsAt: IsoDateTime;
}
