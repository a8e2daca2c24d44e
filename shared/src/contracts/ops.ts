// The operations API's wire shapes: what admins and store staff read and send. The API
// answers with exactly these; mf-ops codes against them. Money here is integer cents (the ops screens
// format it); the shopper's Order keeps dollars at its edge (OrderItemFulfilment, OrderAdjustments).
// Every path is in `opsApiPaths`; docs/ops-api.md lists who may call which.
// The shapes are written once, as TypeBox schemas in ../schemas/ops.ts; each type derived from one is
// declared beside it and re-exported here (type-only: the browser never loads TypeBox).
import type { Static } from 'typebox';
import type * as S from '../schemas/index.ts';
import type { OrderStatus } from './entities.ts';
export type * from '../schemas/ops.ts';
export type { OpsRefundStatus, OrderItemFulfilment, OrderAdjustments } from '../schemas/orders.ts';

// ---- Staff accounts and invitations (admins) --------------------------------------------------

/** The invitation link in the e-mail: the shell's origin + this path + `?token=`. mf-ops owns the page. */
export const OPS_INVITATION_PAGE = '/staff/invitation';
/** A staff member's own account on the store side (mf-ops); their /account opens it (mf-account). */
export const OPS_STAFF_ACCOUNT_PAGE = '/admin/account';
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

// ---- Inventory (per store) ----------------------------------------------------------------------

/** Bounds of a price set by staff, cents (inclusive). */
export const OPS_PRICE_MIN_CENTS = 1;
export const OPS_PRICE_MAX_CENTS = 100_000;
/** The largest count on hand staff may set (a typo guard, not a shelf limit). */
export const OPS_STOCK_MAX = 100_000;
/** Products one bulk action may change. */
export const OPS_BULK_MAX = 100;
/** Bounds of a bulk price change, percent. */
export const OPS_PERCENT_MIN = -90;
export const OPS_PERCENT_MAX = 500;
/** A CSV import: at most this many bytes and data rows (a store's whole inventory fits well within both). */
export const OPS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const OPS_IMPORT_MAX_ROWS = 20_000;
/** The CSV export's header; an import needs uuid, price and stock, and ignores the others. */
export const OPS_CSV_COLUMNS = ['uuid', 'item_key', 'name', 'size', 'price', 'stock', 'active'] as const;

/** GET /ops/stores/{storeUuid}/products. */
export type OpsInventoryQuery = ClientQuery<Static<typeof S.OpsInventoryQuerySchema>>;

// ---- What the shopper's order gains (GET /orders/{id}) ------------------------------------------------

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
  mePassword: () => '/ops/me/password',
  queue: () => '/ops/queue',
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
  stockChanges: (storeUuid: string, productUuid: string) => `/ops/stores/${seg(storeUuid)}/products/${seg(productUuid)}/stock-changes`,
  inventoryBulk: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/products/bulk`,
  inventoryCsv: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/inventory.csv`,
  inventoryImportPreview: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/inventory/import/preview`,
  inventoryImport: (storeUuid: string) => `/ops/stores/${seg(storeUuid)}/inventory/import`,
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
