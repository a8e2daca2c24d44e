// The operations API's wire shapes: what admins and store staff read and send. The API
// answers with exactly these; mf-ops codes against them. Money here is integer cents (the ops screens
// format it); the shopper's Order keeps dollars at its edge (OrderItemFulfilment, OrderAdjustments).
// Every path is in `opsApiPaths`; docs/ops-api.md lists who may call which.
// The shapes are written once, as TypeBox schemas in ../schemas/ops.ts; the types here are derived
// from them (type-only: the browser never loads TypeBox).
import type { Static } from 'typebox';
import type * as S from '../schemas/index.ts';
import type { OrderStatus } from './entities.ts';

// ---- Who -------------------------------------------------------------------------------------

/** Roles that may use the ops API. Customers (and anonymous callers) get 403 / 401. */
export type OpsRole = Static<typeof S.OpsRoleSchema>;

export type OpsStore = Static<typeof S.OpsStoreSchema>;

/** GET /ops/me: who is signed in and which stores they may act on (staff: exactly one). */
export type OpsMe = Static<typeof S.OpsMeSchema>;

// ---- Staff accounts and invitations (admins) --------------------------------------------------

/** INVITED: the invitation has not been accepted yet (no password); ACTIVE: the staff member set a password. */
export type StaffStatus = Static<typeof S.StaffStatusSchema>;

export type OpsStaffMember = Static<typeof S.OpsStaffMemberSchema>;

/** POST /ops/staff: creates the account and e-mails a single-use invitation link. */
export type OpsStaffCreatePayload = Static<typeof S.OpsStaffCreatePayloadSchema>;

/** POST /auth/accept-invitation (public): the link's token and the password the staff member chose. */
export type AcceptInvitationPayload = Static<typeof S.AcceptInvitationPayloadSchema>;

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

/** A query as a client sends it: `limit` may be left out (the server's default is 25). */
type ClientQuery<Q extends { limit: number }> = Omit<Q, 'limit'> & { limit?: number };

/** GET /ops/orders query: `date` is a day in America/Chicago (the shop's time zone), orders placed that day. */
export type OpsOrdersQuery = ClientQuery<Static<typeof S.OpsOrdersQuerySchema>>;

/** One row of the board: one store's part of one paid order. */
export type OpsOrderSummary = Static<typeof S.OpsOrderSummarySchema>;

export type OpsOrderPage = Static<typeof S.OpsOrderPageSchema>;

export type OpsLineProduct = Static<typeof S.OpsLineProductSchema>;

export type OpsLineSubstitution = Static<typeof S.OpsLineSubstitutionSchema>;

/** A line of the pick list. */
export type OpsPickLine = Static<typeof S.OpsPickLineSchema>;

/** The whole order's money now and what went back (cents). */
export type OpsOrderTotals = Static<typeof S.OpsOrderTotalsSchema>;

export type OpsRefundStatus = Static<typeof S.RefundStatusSchema>;

export type OpsRefund = Static<typeof S.OpsRefundSchema>;

/** GET /ops/orders/{orderId}/stores/{storeUuid}: the pick list of one store's part. */
export type OpsStorePart = Static<typeof S.OpsStorePartSchema>;

/** POST /ops/orders/{orderId}/stores/{storeUuid}/status. */
export type OpsAdvancePayload = Static<typeof S.OpsAdvancePayloadSchema>;

/** POST /ops/orders/{orderId}/lines/{lineId}: mark a line (the rules are on the schema). */
export type OpsMarkLinePayload = Static<typeof S.OpsMarkLinePayloadSchema>;

/** GET /ops/orders/{orderId}/lines/{lineId}/replacements?q=: what may replace the line, the shopper's chosen substitute first. */
export type OpsReplacementCandidate = Static<typeof S.OpsReplacementCandidateSchema>;

export type OpsReplacementList = Static<typeof S.OpsReplacementListSchema>;

/** POST /ops/orders/{orderId}/cancel (admins): a reason of 3..500 characters, shown to the shopper. */
export type OpsCancelPayload = Static<typeof S.OpsCancelPayloadSchema>;

// ---- Inventory (per store) ----------------------------------------------------------------------

/** Bounds of a price set by staff, cents (inclusive). */
export const OPS_PRICE_MIN_CENTS = 1;
export const OPS_PRICE_MAX_CENTS = 100_000;
/** What "in stock" restores a product's quantity to when it was 0. */
export const OPS_RESTOCK_QUANTITY = 50;

/** GET /ops/stores/{storeUuid}/products. */
export type OpsInventoryQuery = ClientQuery<Static<typeof S.OpsInventoryQuerySchema>>;

export type OpsInventoryProduct = Static<typeof S.OpsInventoryProductSchema>;

export type OpsInventoryPage = Static<typeof S.OpsInventoryPageSchema>;

/** PATCH /ops/stores/{storeUuid}/products/{productUuid}: any of these; a price change is audited. */
export type OpsInventoryPatch = Static<typeof S.OpsInventoryPatchSchema>;

/** GET /ops/stores/{storeUuid}/products/{productUuid}/price-changes: newest first. */
export type OpsPriceChange = Static<typeof S.OpsPriceChangeSchema>;

export type OpsPriceChangeList = Static<typeof S.OpsPriceChangeListSchema>;

// ---- Store settings ------------------------------------------------------------------------------

export type OpsOpeningHours = Static<typeof S.OpsOpeningHoursSchema>;

/** GET and PUT /ops/stores/{storeUuid}/settings. A weekday missing from `hours` is closed that day. */
export type OpsStoreSettings = Static<typeof S.OpsStoreSettingsSchema>;

// ---- Notifications panel -------------------------------------------------------------------------

/** SENT: mailed; PENDING: waiting for the outbox worker; FAILED: the last attempt failed; DASHBOARD: not mailed (the admin feed). */
export type OpsNotificationState = Static<typeof S.OpsNotificationStateSchema>;

export type OpsNotification = Static<typeof S.OpsNotificationSchema>;

/** GET /ops/notifications?storeUuid=&state=&limit=&cursor= (staff: their store's mail only). */
export type OpsNotificationPage = Static<typeof S.OpsNotificationPageSchema>;

// ---- What the shopper's order gains (GET /orders/{id}) ------------------------------------------------

/** On each OrderItem once the store has marked it (dollars, like the rest of Order). */
export type OrderItemFulfilment = Static<typeof S.OrderItemFulfilmentSchema>;

/** On the Order: what changed since payment. totalAmount etc. are already the recomputed figures. */
export type OrderAdjustments = Static<typeof S.OrderAdjustmentsSchema>;

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
