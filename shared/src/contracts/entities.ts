// The entities and payloads of spec §3, shared by the browser and the API. What the API sends is
// written once, as TypeBox schemas in ../schemas (@grocer/shared/schemas, the API's); each type derived
// from a schema is declared beside it and re-exported here type-only, so the browser never loads the
// schemas or TypeBox.
// Money: `Cents` (integer) inside the catalogue and cart; `Dollars` (2 decimals) wherever the spec
// fixes dollars at the JSON edge (fees, pricing, orders, notifications).
import type { Static } from 'typebox';
import type * as S from '../schemas/index.ts';
import type { ApiErrorBody } from '../schemas/errors.ts';
import type { Product } from '../schemas/catalogue.ts';
import type { BookedWindowJson, Substitution } from '../schemas/orders.ts';
import type { PaymentBreakdown } from '../schemas/checkout.ts';
export type * from '../schemas/errors.ts';
export type * from '../schemas/account.ts';
export type * from '../schemas/catalogue.ts';
export type * from '../schemas/orders.ts';
export type * from '../schemas/checkout.ts';

/** Integer US cents. */
export type Cents = number;
/** US dollars as a JSON number with at most 2 decimals (e.g. 12.5 means $12.50). */
export type Dollars = number;
/** An ISO 8601 timestamp, e.g. '2026-11-21T18:30:00.000Z'. */
export type IsoDateTime = string;

// ---- User -----------------------------------------------------------------------------------

/** POST auth/register, auth/login and auth/google. */
export type AuthResponse = Static<typeof S.AuthResponseSchema> | ApiErrorBody;

/** POST auth/reset-password body. */
export interface PasswordResetPayload {
  token: string;
  password: string;
}

// ---- Catalogue ------------------------------------------------------------------------------

/** Names used when a product's store or category uuid matches none (spec §3). */
export const UNKNOWN_STORE_NAME = 'Unknown Store';
export const UNKNOWN_CATEGORY_NAME = 'Unknown Category';

/** A cart line's 'If out of stock': the closest match (default), one named product, or no replacement (refund). */
export const SUBSTITUTION_CHOICES = ['BEST_MATCH', 'SPECIFIC', 'NONE'] as const;
export type SubstitutionChoice = (typeof SUBSTITUTION_CHOICES)[number];

/** A product in the cart (kept in browser storage under STORAGE_KEYS.cart). */
export interface CartItem extends Product {
  /** At least MIN_QUANTITY (1). */
  quantity: number;
  /** Absent on lines stored before the choice existed, and until the shopper picks: best match. */
  substitution?: Substitution;
}

/** PUT /user/substitution-preferences/{productUuid} body. */
export interface SubstitutionPreferenceBody {
  choice: SubstitutionChoice;
  /** Product uuid; required for SPECIFIC, refused otherwise. */
  substituteProductId?: string | null;
}

/** Sort keys of the paginated listings (spec §7 `sort`): 'price' sorts by price_cents. */
export type ProductSort = 'name' | 'price';
export type SortOrder = 'asc' | 'desc';

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
  /** Only products carrying every one of these attributes. */
  dietary?: DietaryAttribute[];
}

/**
 * What a product is, as its label says it and a shopper filters on it; a product carries those true of
 * it (the seed's attributes.ts). Their order here is the order shown.
 */
export const DIETARY_ATTRIBUTES = ['gluten-free', 'organic', 'vegan', 'dairy-free', 'low-sodium', 'sugar-free', 'kosher'] as const;
export type DietaryAttribute = (typeof DIETARY_ATTRIBUTES)[number];

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
