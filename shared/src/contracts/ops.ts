// The operations API's wire shapes: what admins and store staff read and send. The API
// answers with exactly these; mf-ops codes against them. Money here is integer cents (the ops screens
// format it); the shopper's Order keeps dollars at its edge (OrderItemFulfilment, OrderAdjustments).
// Every path is in `opsApiPaths`; docs/ops-api.md lists who may call which.
import type { IsoDateTime, OrderStatus, StockStatus, SubstitutionChoice } from './entities.ts';

// ---- Who -------------------------------------------------------------------------------------

/** Roles that may use the ops API. Customers (and anonymous callers) get 403 / 401. */
export type OpsRole = 'ADMIN' | 'STORE_STAFF';

export interface OpsStore {
  uuid: string;
  publicId: string;
  name: string;
}

/** GET /ops/me: who is signed in and which stores they may act on (staff: exactly one). */
export interface OpsMe {
  uuid: string;
  email: string;
  role: OpsRole;
  /** The staff member's store; null for an admin. */
  store: OpsStore | null;
  /** The stores the caller may act on (every store for an admin), by name. */
  stores: OpsStore[];
}

// ---- Staff accounts and invitations (admins) --------------------------------------------------

/** INVITED: the invitation has not been accepted yet (no password); ACTIVE: the staff member set a password. */
export type StaffStatus = 'INVITED' | 'ACTIVE';

export interface OpsStaffMember {
  uuid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  store: OpsStore;
  status: StaffStatus;
  createdAt: IsoDateTime;
}

/** POST /ops/staff: creates the account and e-mails a single-use invitation link. */
export interface OpsStaffCreatePayload {
  email: string;
  firstName: string;
  lastName: string;
  storeUuid: string;
}

/** POST /auth/accept-invitation (public): the link's token and the password the staff member chose. */
export interface AcceptInvitationPayload {
  token: string;
  password: string;
}

/** The invitation link in the e-mail: the shell's origin + this path + `?token=`. mf-ops owns the page. */
export const OPS_INVITATION_PAGE = '/staff/invitation';
/** How long an invitation link is valid. */
export const OPS_INVITATION_TTL_HOURS = 72;

// ---- The order board ----------------------------------------------------------------------------

/** One store's part of an order moves along the order table (status.ts): CONFIRMED → … → DELIVERED; CANCELLED with the order. */
export const STORE_PART_STATUSES = ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'] as const;
export type StorePartStatus = (typeof STORE_PART_STATUSES)[number];

/** What the store did with one line. PENDING until staff mark it; REPLACED and UNAVAILABLE are final (money went back). */
export const LINE_STATES = ['PENDING', 'FOUND', 'REPLACED', 'UNAVAILABLE'] as const;
export type LineState = (typeof LINE_STATES)[number];

/** GET /ops/orders query. Staff always get their own store (a storeUuid of another store is 404). */
export interface OpsOrdersQuery {
  storeUuid?: string;
  status?: StorePartStatus;
  /** A calendar day, YYYY-MM-DD, in America/Chicago (the shop's time zone): orders placed that day. */
  date?: string;
  /** 1..100, default 25. */
  limit?: number;
  cursor?: string;
}

/** One row of the board: one store's part of one paid order. */
export interface OpsOrderSummary {
  orderId: string;
  orderNumber: string;
  store: OpsStore;
  status: StorePartStatus;
  /** The whole order's status: the least advanced of its stores' parts. */
  orderStatus: OrderStatus;
  customerName: string;
  createdAt: IsoDateTime;
  /** Lines and units of this store in the order. */
  lineCount: number;
  itemCount: number;
  /** Lines still PENDING. */
  pendingLineCount: number;
  /** This store's lines as they stand now (replacements and unavailable lines counted), cents. */
  partSubtotalCents: number;
}

export interface OpsOrderPage {
  orders: OpsOrderSummary[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

export interface OpsLineProduct {
  productUuid: string;
  name: string;
  image: string | null;
  sizeLabel: string | null;
  unitPriceCents: number;
  /** unitPriceCents × the line's quantity. */
  lineTotalCents: number;
}

export interface OpsLineSubstitution {
  choice: SubstitutionChoice;
  /** For SPECIFIC: the product the shopper chose. */
  substitute: { productUuid: string; name: string; priceCents: number } | null;
}

/** A line of the pick list. */
export interface OpsPickLine {
  lineId: number;
  productUuid: string;
  name: string;
  image: string | null;
  sizeLabel: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  state: LineState;
  /** Set when REPLACED. */
  replacement: OpsLineProduct | null;
  /** The shopper's substitution preference; null where the order carries none. */
  substitution: OpsLineSubstitution | null;
  /** When and by whom the state was last set; null while PENDING. */
  markedAt: IsoDateTime | null;
}

/** The whole order's money now and what went back (cents). */
export interface OpsOrderTotals {
  subtotalCents: number;
  taxCents: number;
  serviceFeeCents: number;
  deliveryFeeCents: number;
  processingFeeCents: number;
  totalCents: number;
  /** The total the shopper paid. */
  originalTotalCents: number;
  /** Sum of the order's refunds (any status). */
  refundedCents: number;
}

export type OpsRefundStatus = 'REQUESTED' | 'COMPLETED' | 'FAILED';

export interface OpsRefund {
  id: number;
  amountCents: number;
  reason: string;
  status: OpsRefundStatus;
  createdAt: IsoDateTime;
}

/** GET /ops/orders/{orderId}/stores/{storeUuid}: the pick list of one store's part. */
export interface OpsStorePart {
  orderId: string;
  orderNumber: string;
  orderStatus: OrderStatus;
  store: OpsStore;
  status: StorePartStatus;
  /** Where staff may move this part next (empty when final or cancelled). */
  allowedNext: StorePartStatus[];
  customerName: string;
  customerPhone: string;
  /** One line: "1550 N Kingsbury St, Apt 2, Chicago, IL 60642". */
  deliveryAddress: string;
  /** The shopper's note (delivery instructions); null when none. */
  note: string | null;
  createdAt: IsoDateTime;
  lines: OpsPickLine[];
  totals: OpsOrderTotals;
  refunds: OpsRefund[];
  /** Set on a cancelled order. */
  cancelReason: string | null;
}

/** POST /ops/orders/{orderId}/stores/{storeUuid}/status: the next status; anything the table does not allow is 409 INVALID_STATUS_TRANSITION. */
export interface OpsAdvancePayload {
  status: StorePartStatus;
}

/**
 * POST /ops/orders/{orderId}/lines/{lineId}: mark a line. REPLACED needs replacementProductUuid (an
 * active, in-stock product of the same store at the same or a lower unit price). Repeating the same
 * mark answers the same and refunds nothing twice; changing a REPLACED or UNAVAILABLE line is 409
 * LINE_SETTLED. Lines of a part past READY_FOR_PICKUP (or a cancelled order) are 409 ORDER_PART_CLOSED.
 */
export interface OpsMarkLinePayload {
  state: Exclude<LineState, 'PENDING'>;
  replacementProductUuid?: string;
}

/** GET /ops/orders/{orderId}/lines/{lineId}/replacements?q=: what may replace the line, the shopper's chosen substitute first. */
export interface OpsReplacementCandidate {
  productUuid: string;
  name: string;
  image: string;
  sizeLabel: string;
  priceCents: number;
  /** The shopper's SPECIFIC substitute. */
  preferred: boolean;
}

export interface OpsReplacementList {
  products: OpsReplacementCandidate[];
}

/** POST /ops/orders/{orderId}/cancel (admins): everything captured is refunded, stock released, the shopper mailed. */
export interface OpsCancelPayload {
  /** 3..500 characters; shown to the shopper in the e-mail. */
  reason: string;
}

// ---- Inventory (per store) ----------------------------------------------------------------------

/** Bounds of a price set by staff, cents (inclusive). */
export const OPS_PRICE_MIN_CENTS = 1;
export const OPS_PRICE_MAX_CENTS = 100_000;
/** What "in stock" restores a product's quantity to when it was 0. */
export const OPS_RESTOCK_QUANTITY = 50;

/** GET /ops/stores/{storeUuid}/products?q=&limit=&cursor=&includeInactive= */
export interface OpsInventoryQuery {
  /** Words the name starts with (the catalogue's search), optional. */
  q?: string;
  limit?: number;
  cursor?: string;
}

export interface OpsInventoryProduct {
  productUuid: string;
  name: string;
  image: string;
  sizeLabel: string;
  categoryName: string;
  priceCents: number;
  stockStatus: StockStatus;
  stockQuantity: number;
  isActive: boolean;
  updatedAt: IsoDateTime;
}

export interface OpsInventoryPage {
  products: OpsInventoryProduct[];
  nextCursor: string | null;
}

/** PATCH /ops/stores/{storeUuid}/products/{productUuid}: any of these; a price change is audited. */
export interface OpsInventoryPatch {
  /** false: stock to 0; true: back to OPS_RESTOCK_QUANTITY when it was 0. */
  inStock?: boolean;
  isActive?: boolean;
  /** Integer cents, OPS_PRICE_MIN_CENTS..OPS_PRICE_MAX_CENTS. */
  priceCents?: number;
}

/** GET /ops/stores/{storeUuid}/products/{productUuid}/price-changes: newest first. */
export interface OpsPriceChange {
  id: number;
  oldPriceCents: number;
  newPriceCents: number;
  changedBy: { uuid: string | null; email: string };
  changedAt: IsoDateTime;
}

export interface OpsPriceChangeList {
  changes: OpsPriceChange[];
}

// ---- Store settings ------------------------------------------------------------------------------

export interface OpsOpeningHours {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes after local midnight, 0..1439; opensMinute < closesMinute (closesMinute up to 1440). */
  opensMinute: number;
  closesMinute: number;
}

/** GET and PUT /ops/stores/{storeUuid}/settings. A weekday missing from `hours` is closed that day. */
export interface OpsStoreSettings {
  /** IANA zone the hours are in (read-only: PUT ignores it). */
  timeZone: string;
  /** 0..100000 cents. */
  minOrderCents: number;
  /** 1..100 miles. */
  deliveryRadiusMiles: number;
  /** Orders per delivery window, 0..1000. */
  windowCapacity: number;
  /** At most one entry per weekday; PUT replaces the whole week. */
  hours: OpsOpeningHours[];
}

// ---- Notifications panel -------------------------------------------------------------------------

/** SENT: mailed; PENDING: waiting for the outbox worker; FAILED: the last attempt failed; DASHBOARD: not mailed (the admin feed). */
export type OpsNotificationState = 'SENT' | 'PENDING' | 'FAILED' | 'DASHBOARD';

export interface OpsNotification {
  id: number;
  type: string;
  orderId: string;
  orderNumber: string;
  /** 'admin', 'store:{uuid}' or 'customer:{uuid}'. */
  recipient: string;
  /** The e-mail address; null for the dashboard. */
  deliverTo: string | null;
  state: OpsNotificationState;
  attempts: number;
  lastError: string | null;
  createdAt: IsoDateTime;
  deliveredAt: IsoDateTime | null;
  nextAttemptAt: IsoDateTime | null;
}

/** GET /ops/notifications?storeUuid=&state=&limit=&cursor= (staff: their store's mail only). */
export interface OpsNotificationPage {
  notifications: OpsNotification[];
  nextCursor: string | null;
}

// ---- What the shopper's order gains (GET /orders/{id}) ------------------------------------------------

/** On each OrderItem once the store has marked it (dollars, like the rest of Order). */
export interface OrderItemFulfilment {
  state: LineState;
  replacement: {
    productUuid: string;
    productName: string;
    image: string | null;
    sizeLabel: string | null;
    unitPrice: number;
    lineTotal: number;
  } | null;
}

/** On the Order: what changed since payment. totalAmount etc. are already the recomputed figures. */
export interface OrderAdjustments {
  /** What the shopper paid, dollars. */
  originalTotal: number;
  /** Sum of refunds, dollars. */
  refundedTotal: number;
  refunds: { amount: number; reason: string; status: OpsRefundStatus; createdAt: IsoDateTime }[];
  /** Set on a cancelled order. */
  cancelReason: string | null;
  /** Grows with each change; the live stream's `order_updated` events carry it. */
  version: number;
}

/** `data` of the `order_updated` event on GET /orders/{orderId}/events. Refetch the order on it. */
export interface OrderUpdatedEvent {
  orderId: string;
  version: number;
  orderStatus: OrderStatus;
}

// ---- Paths ---------------------------------------------------------------------------------------------

const seg = encodeURIComponent;

/** Every ops API path (relative to the API base URL). */
export const opsApiPaths = {
  me: () => '/ops/me',
  staff: () => '/ops/staff',
  staffInvitation: (userUuid: string) => `/ops/staff/${seg(userUuid)}/invitation`,
  acceptInvitation: () => '/auth/accept-invitation',
  orders: () => '/ops/orders',
  storePart: (orderId: string, storeUuid: string) => `/ops/orders/${seg(orderId)}/stores/${seg(storeUuid)}`,
  storePartStatus: (orderId: string, storeUuid: string) => `/ops/orders/${seg(orderId)}/stores/${seg(storeUuid)}/status`,
  line: (orderId: string, lineId: number) => `/ops/orders/${seg(orderId)}/lines/${lineId}`,
  lineReplacements: (orderId: string, lineId: number) => `/ops/orders/${seg(orderId)}/lines/${lineId}/replacements`,
  cancel: (orderId: string) => `/ops/orders/${seg(orderId)}/cancel`,
  inventory: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/products`,
  inventoryProduct: (storeUuid: string, productUuid: string) => `/ops/stores/${seg(storeUuid)}/products/${seg(productUuid)}`,
  priceChanges: (storeUuid: string, productUuid: string) => `/ops/stores/${seg(storeUuid)}/products/${seg(productUuid)}/price-changes`,
  settings: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/settings`,
  notifications: () => '/ops/notifications',
  notificationRetry: (id: number) => `/ops/notifications/${id}/retry`,
  /** The existing SSE feed, now also for staff (scoped to their store's new_order_items). */
  streamTicket: () => '/admin/notifications/stream-ticket',
  stream: () => '/admin/notifications/stream',
  /** The shopper's live order (owner or admin). */
  orderEventsTicket: (orderId: string) => `/orders/${seg(orderId)}/events/ticket`,
  orderEvents: (orderId: string) => `/orders/${seg(orderId)}/events`,
} as const;
