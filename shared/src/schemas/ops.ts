// The operations API's wire shapes: what admins and store staff read and send. Money here is integer cents
// (the ops screens format it). Each contract type stands beside its schema; contracts/ops.ts re-exports
// them.
import { Type, type Static } from 'typebox';
import { ORDER_STATUSES } from '../contracts/entities.ts';
import {
  OPS_BULK_MAX,
  OPS_PERCENT_MAX,
  OPS_PERCENT_MIN,
  OPS_PRICE_MAX_CENTS,
  OPS_PRICE_MIN_CENTS,
  OPS_STOCK_MAX,
  STORE_PART_STATUSES,
} from '../contracts/ops.ts';
import { StockStatusSchema, Timestamp, Uuid } from './catalogue.ts';
import { LineStateSchema, nullable, OrderStatusSchema, RefundStatusSchema, SubstitutionChoiceSchema } from './orders.ts';

const Cents = Type.Integer({ description: 'Integer US cents' });
export const NextCursor = nullable(Type.String({ description: 'Opaque; null on the last page' }));

export const OpsRoleSchema = Type.Enum(['ADMIN', 'STORE_STAFF']);
/** Roles that may use the ops API. Customers (and anonymous callers) get 403 / 401. */
export type OpsRole = Static<typeof OpsRoleSchema>;
export const PartStatusSchema = Type.Enum([...STORE_PART_STATUSES]);

export const OpsStoreSchema = Type.Object({ uuid: Uuid, publicId: Type.String(), name: Type.String() }, { title: 'OpsStore' });
export type OpsStore = Static<typeof OpsStoreSchema>;

/** GET /ops/me: who is signed in and which stores they may act on (staff: exactly one). */
export const OpsMeSchema = Type.Object(
  {
    uuid: Uuid,
    email: Type.String(),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    role: OpsRoleSchema,
    store: Type.Union([OpsStoreSchema, Type.Null()], { description: "The staff member's store; null for an admin" }),
    stores: Type.Array(OpsStoreSchema, { description: 'The stores the caller may act on (every store for an admin), by name' }),
  },
  { title: 'OpsMe' },
);
export type OpsMe = Static<typeof OpsMeSchema>;

/** POST /ops/me/password: the current password (checked) and the new one (the sign-up rules). */
export const OpsPasswordChangePayloadSchema = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Type.String({ maxLength: 200 }),
});
export type OpsPasswordChangePayload = Static<typeof OpsPasswordChangePayloadSchema>;

/** A store part's booked delivery window (UTC instants; the store's zone to show them in). */
export const OpsWindowSchema = Type.Object(
  { startsAt: Timestamp, endsAt: Timestamp, timeZone: Type.String({ description: 'IANA zone of the store' }) },
  { title: 'OpsWindow' },
);
export type OpsWindow = Static<typeof OpsWindowSchema>;
const NoWindow = Type.Union([OpsWindowSchema, Type.Null()], { description: 'The booked window; null for an order placed before windows' });
const DeliveredEarlyAt = Type.Union([Timestamp, Type.Null()], {
  description: 'Set when staff confirmed "Deliver early" (delivered before the window opened)',
});

/** INVITED: the invitation has not been accepted yet (no password); ACTIVE: the staff member set a password. */
export const StaffStatusSchema = Type.Enum(['INVITED', 'ACTIVE']);
export type StaffStatus = Static<typeof StaffStatusSchema>;

export const OpsStaffMemberSchema = Type.Object(
  {
    uuid: Uuid,
    email: Type.String(),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    store: OpsStoreSchema,
    status: StaffStatusSchema,
    createdAt: Timestamp,
  },
  { title: 'OpsStaffMember' },
);
export type OpsStaffMember = Static<typeof OpsStaffMemberSchema>;

/** POST /ops/staff: creates the account and e-mails a single-use invitation link. */
export const OpsStaffCreatePayloadSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  storeUuid: Type.String({ maxLength: 64 }),
});
export type OpsStaffCreatePayload = Static<typeof OpsStaffCreatePayloadSchema>;

/** POST /auth/accept-invitation (public): the link's token and the password the staff member chose. */
export const AcceptInvitationPayloadSchema = Type.Object({
  token: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
});
export type AcceptInvitationPayload = Static<typeof AcceptInvitationPayloadSchema>;

/** GET /ops/orders query. Staff always get their own store (a storeUuid of another store is 404). */
export const OpsOrdersQuerySchema = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(PartStatusSchema),
  date: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD, a day in America/Chicago' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

/** One row of the board: one store's part of one paid order. */
export const OpsOrderSummarySchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.String(),
    store: OpsStoreSchema,
    status: PartStatusSchema,
    orderStatus: Type.Enum([...ORDER_STATUSES], { description: "The whole order's status: the least advanced of its stores' parts" }),
    customerName: Type.String(),
    createdAt: Timestamp,
    lineCount: Type.Integer({ description: 'Lines of this store in the order' }),
    itemCount: Type.Integer({ description: 'Units of this store in the order' }),
    pendingLineCount: Type.Integer({ description: 'Lines still PENDING' }),
    partSubtotalCents: Type.Integer({
      description: "This store's lines as they stand now (replacements and unavailable lines counted), cents",
    }),
  },
  { title: 'OpsOrderSummary' },
);
export type OpsOrderSummary = Static<typeof OpsOrderSummarySchema>;

/** One card of the queue (GET /ops/queue): one store's part, with its window and what is left to pick. */
export const OpsQueueCardSchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.String(),
    store: OpsStoreSchema,
    status: PartStatusSchema,
    customerName: Type.String(),
    createdAt: Timestamp,
    window: NoWindow,
    lineCount: Type.Integer(),
    itemCount: Type.Integer(),
    pendingLineCount: Type.Integer({ description: 'Lines still to pick' }),
    pendingItemCount: Type.Integer({ description: 'Units still to pick' }),
    totalCents: Type.Integer({ description: "The store's own total: its share of the order's money now" }),
    deliveredEarlyAt: DeliveredEarlyAt,
  },
  { title: 'OpsQueueCard' },
);
export type OpsQueueCard = Static<typeof OpsQueueCardSchema>;

/** GET /ops/queue: parts in the store or on the way and those delivered today, soonest window first. */
export const OpsQueueSchema = Type.Object({ now: Timestamp, orders: Type.Array(OpsQueueCardSchema) }, { title: 'OpsQueue' });
export type OpsQueue = Static<typeof OpsQueueSchema>;

export const OpsOrderPageSchema = Type.Object({ orders: Type.Array(OpsOrderSummarySchema), nextCursor: NextCursor });
export type OpsOrderPage = Static<typeof OpsOrderPageSchema>;

export const OpsLineProductSchema = Type.Object({
  productUuid: Uuid,
  name: Type.String(),
  image: nullable(Type.String()),
  sizeLabel: nullable(Type.String()),
  unitPriceCents: Cents,
  lineTotalCents: Type.Integer({ description: "unitPriceCents × the line's quantity" }),
});
export type OpsLineProduct = Static<typeof OpsLineProductSchema>;

export const OpsLineSubstitutionSchema = Type.Object({
  choice: SubstitutionChoiceSchema,
  substitute: Type.Union([Type.Object({ productUuid: Uuid, name: Type.String(), priceCents: Cents }), Type.Null()], {
    description: 'For SPECIFIC: the product the shopper chose',
  }),
});
export type OpsLineSubstitution = Static<typeof OpsLineSubstitutionSchema>;

/** A line of the pick list. */
export const OpsPickLineSchema = Type.Object({
  lineId: Type.Integer(),
  productUuid: Uuid,
  name: Type.String(),
  image: nullable(Type.String()),
  sizeLabel: nullable(Type.String()),
  quantity: Type.Integer(),
  unitPriceCents: Cents,
  lineTotalCents: Cents,
  state: LineStateSchema,
  replacement: Type.Union([OpsLineProductSchema, Type.Null()], { description: 'Set when REPLACED' }),
  substitution: Type.Union([OpsLineSubstitutionSchema, Type.Null()], {
    description: "The shopper's substitution preference; null where the order carries none",
  }),
  markedAt: Type.Union([Timestamp, Type.Null()], { description: 'When the state was last set; null while PENDING' }),
});
export type OpsPickLine = Static<typeof OpsPickLineSchema>;

/** The money now, as paid and what went back (cents): the whole order's for admins, the store part's share for its staff. */
export const OpsOrderTotalsSchema = Type.Object({
  subtotalCents: Cents,
  taxCents: Cents,
  serviceFeeCents: Cents,
  deliveryFeeCents: Cents,
  processingFeeCents: Cents,
  totalCents: Cents,
  originalTotalCents: Type.Integer({ description: 'The total the shopper paid (for staff: their part of it)' }),
  refundedCents: Type.Integer({ description: "Sum of the order's refunds, any status (for staff: those their part's lines caused)" }),
});
export type OpsOrderTotals = Static<typeof OpsOrderTotalsSchema>;

export const OpsRefundSchema = Type.Object({
  id: Type.Integer(),
  amountCents: Cents,
  reason: Type.String(),
  status: RefundStatusSchema,
  createdAt: Timestamp,
});
export type OpsRefund = Static<typeof OpsRefundSchema>;

/** GET /ops/orders/{orderId}/stores/{storeUuid}: the pick list of one store's part. */
export const OpsStorePartSchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.String(),
    orderStatus: OrderStatusSchema,
    store: OpsStoreSchema,
    status: PartStatusSchema,
    allowedNext: Type.Array(PartStatusSchema, { description: 'Where staff may move this part next (empty when final or cancelled)' }),
    customerName: Type.String(),
    customerPhone: Type.String(),
    deliveryAddress: Type.String({ description: 'One line: "1550 N Kingsbury St, Apt 2, Chicago, IL 60642"' }),
    note: Type.Union([Type.String(), Type.Null()], { description: "The shopper's note (delivery instructions); null when none" }),
    createdAt: Timestamp,
    window: NoWindow,
    deliveredEarlyAt: DeliveredEarlyAt,
    lines: Type.Array(OpsPickLineSchema),
    totals: OpsOrderTotalsSchema,
    refunds: Type.Array(OpsRefundSchema),
    cancelReason: Type.Union([Type.String(), Type.Null()], { description: 'Set on a cancelled order' }),
  },
  { title: 'OpsStorePart' },
);
export type OpsStorePart = Static<typeof OpsStorePartSchema>;

/** POST /ops/orders/{orderId}/stores/{storeUuid}/status: the next status; anything the table does not allow is 409 INVALID_STATUS_TRANSITION. */
export const OpsAdvancePayloadSchema = Type.Object({
  status: PartStatusSchema,
  deliverEarly: Type.Optional(
    Type.Boolean({ description: 'Confirms DELIVERED before the booked window opens (409 DELIVER_EARLY_REQUIRED without it); recorded' }),
  ),
});
/** POST /ops/orders/{orderId}/stores/{storeUuid}/status. */
export type OpsAdvancePayload = Static<typeof OpsAdvancePayloadSchema>;

/**
 * POST /ops/orders/{orderId}/lines/{lineId}: mark a line. REPLACED needs replacementProductUuid (an
 * active, in-stock product of the same store at the same or a lower unit price). Repeating the same
 * mark answers the same and refunds nothing twice; changing a REPLACED or UNAVAILABLE line is 409
 * LINE_SETTLED. Lines of a part past READY_FOR_PICKUP (or a cancelled order) are 409 ORDER_PART_CLOSED.
 */
export const OpsMarkLinePayloadSchema = Type.Object({
  state: Type.Enum(['FOUND', 'REPLACED', 'UNAVAILABLE']),
  replacementProductUuid: Type.Optional(Type.String({ maxLength: 64 })),
});
/** POST /ops/orders/{orderId}/lines/{lineId}: mark a line (the rules are on the schema). */
export type OpsMarkLinePayload = Static<typeof OpsMarkLinePayloadSchema>;

/** POST /ops/orders/{orderId}/cancel (admins): everything captured is refunded, stock released, the shopper mailed. */
export const OpsCancelPayloadSchema = Type.Object({
  /** Shown to the shopper in the e-mail. */
  reason: Type.String({ minLength: 3, maxLength: 500 }),
});
/** POST /ops/orders/{orderId}/cancel (admins): a reason of 3..500 characters, shown to the shopper. */
export type OpsCancelPayload = Static<typeof OpsCancelPayloadSchema>;

/** Why a candidate ranks where it does, nearest first: the shopper's choice, the same item at another size, by another brand, the same category, elsewhere. */
export const ReplacementMatchSchema = Type.Enum(['CHOSEN', 'OTHER_SIZE', 'OTHER_BRAND', 'SAME_CATEGORY', 'OTHER_CATEGORY']);
export type ReplacementMatch = Static<typeof ReplacementMatchSchema>;

export const OpsReplacementCandidateSchema = Type.Object({
  productUuid: Uuid,
  name: Type.String(),
  image: Type.String(),
  sizeLabel: Type.String(),
  priceCents: Cents,
  priceDifferenceCents: Type.Integer({ description: "priceCents minus the line's unit price (0 or less)" }),
  stockQuantity: Type.Integer({ description: 'On hand now' }),
  match: ReplacementMatchSchema,
  preferred: Type.Boolean({ description: "The shopper's SPECIFIC substitute" }),
});
/** GET /ops/orders/{orderId}/lines/{lineId}/replacements?q=: what may replace the line, the shopper's chosen substitute first. */
export type OpsReplacementCandidate = Static<typeof OpsReplacementCandidateSchema>;

export const OpsReplacementListSchema = Type.Object(
  { products: Type.Array(OpsReplacementCandidateSchema) },
  { title: 'OpsReplacementList' },
);
export type OpsReplacementList = Static<typeof OpsReplacementListSchema>;

export const OpsInventoryProductSchema = Type.Object(
  {
    productUuid: Uuid,
    name: Type.String(),
    image: Type.String(),
    sizeLabel: Type.String(),
    categoryName: Type.String(),
    priceCents: Cents,
    /** Derived from stockQuantity: OUT_OF_STOCK at 0. */
    stockStatus: StockStatusSchema,
    /** On hand: the one truth about stock. */
    stockQuantity: Type.Integer({ minimum: 0 }),
    /** At or below the store's low-stock threshold. */
    lowStock: Type.Boolean(),
    isActive: Type.Boolean(),
    updatedAt: Timestamp,
  },
  { title: 'OpsInventoryProduct' },
);
export type OpsInventoryProduct = Static<typeof OpsInventoryProductSchema>;

export const OpsInventoryPageSchema = Type.Object({
  products: Type.Array(OpsInventoryProductSchema),
  nextCursor: NextCursor,
  lowStockThreshold: Type.Integer({ description: "The store's low-stock threshold (store settings)" }),
});
export type OpsInventoryPage = Static<typeof OpsInventoryPageSchema>;

export const OpsInventorySortSchema = Type.Enum(['name', 'price', 'stock']);
export type OpsInventorySort = Static<typeof OpsInventorySortSchema>;

/** GET /ops/stores/{storeUuid}/products?q=&sort=&order=&lowStock=&limit=&cursor= */
export const OpsInventoryQuerySchema = Type.Object({
  /** Part of the name, optional. */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(OpsInventorySortSchema),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
  /** true: only products at or below the store's low-stock threshold. */
  lowStock: Type.Optional(Type.Boolean()),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 600 })),
});

const StockCount = Type.Integer({ minimum: 0, maximum: OPS_STOCK_MAX });
const StaffPrice = Type.Integer({ minimum: OPS_PRICE_MIN_CENTS, maximum: OPS_PRICE_MAX_CENTS });

/** PATCH /ops/stores/{storeUuid}/products/{productUuid}: any of these; price and count changes are audited. */
export const OpsInventoryPatchSchema = Type.Object(
  {
    /** The count on hand; 0 is out of stock. */
    stockQuantity: Type.Optional(StockCount),
    isActive: Type.Optional(Type.Boolean()),
    priceCents: Type.Optional(StaffPrice),
  },
  { additionalProperties: false },
);
export type OpsInventoryPatch = Static<typeof OpsInventoryPatchSchema>;

/** What a product's editable fields were and become (bulk actions and CSV imports answer with these). */
export const OpsInventoryValuesSchema = Type.Object({ priceCents: Cents, stockQuantity: Type.Integer(), isActive: Type.Boolean() });
export type OpsInventoryValues = Static<typeof OpsInventoryValuesSchema>;

export const OpsInventoryChangeSchema = Type.Object({
  productUuid: Uuid,
  name: Type.String(),
  before: OpsInventoryValuesSchema,
  after: OpsInventoryValuesSchema,
  /** Why this product cannot take the change (a price out of bounds); nothing is applied while any has one. */
  error: Type.Optional(Type.String()),
});
export type OpsInventoryChange = Static<typeof OpsInventoryChangeSchema>;

/** POST /ops/stores/{storeUuid}/products/bulk: one action on up to OPS_BULK_MAX products; preview changes nothing. */
export const OpsInventoryBulkPayloadSchema = Type.Object(
  {
    productUuids: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: OPS_BULK_MAX }),
    action: Type.Enum(['SET_STOCK', 'DEACTIVATE', 'PRICE_PERCENT']),
    /** SET_STOCK: the count every product gets. */
    stockQuantity: Type.Optional(StockCount),
    /** PRICE_PERCENT: e.g. 10 raises by 10 %, -5.5 lowers by 5.5 % (rounded to the cent). */
    percent: Type.Optional(Type.Number({ minimum: OPS_PERCENT_MIN, maximum: OPS_PERCENT_MAX })),
    preview: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OpsInventoryBulkPayload = Static<typeof OpsInventoryBulkPayloadSchema>;

export const OpsInventoryBulkResultSchema = Type.Object(
  { applied: Type.Boolean(), changes: Type.Array(OpsInventoryChangeSchema) },
  { title: 'OpsInventoryBulkResult' },
);
export type OpsInventoryBulkResult = Static<typeof OpsInventoryBulkResultSchema>;

/** A CSV import, previewed or applied: the rows that change, how many change nothing, and the rows at fault by line. */
export const OpsInventoryImportResultSchema = Type.Object(
  {
    applied: Type.Boolean(),
    changed: Type.Array(Type.Object({ line: Type.Integer({ description: 'Line of the file' }), ...OpsInventoryChangeSchema.properties })),
    unchanged: Type.Integer(),
    errors: Type.Array(Type.Object({ line: Type.Integer({ description: 'Line of the file, 1 is the header' }), message: Type.String() })),
  },
  { title: 'OpsInventoryImportResult' },
);
export type OpsInventoryImportResult = Static<typeof OpsInventoryImportResultSchema>;

export const OpsStockChangeSchema = Type.Object({
  id: Type.Integer(),
  oldQuantity: Type.Integer(),
  newQuantity: Type.Integer(),
  reason: Type.Enum(['SALE', 'ORDER_RELEASED', 'LINE_NOT_SOLD', 'REPLACEMENT', 'EDIT', 'BULK', 'IMPORT']),
  orderId: nullable(Uuid),
  changedBy: Type.Object({ uuid: nullable(Uuid), email: nullable(Type.String()) }),
  changedAt: Timestamp,
});
export type OpsStockChange = Static<typeof OpsStockChangeSchema>;

/** GET /ops/stores/{storeUuid}/products/{productUuid}/stock-changes: newest first. */
export const OpsStockChangeListSchema = Type.Object({ changes: Type.Array(OpsStockChangeSchema) }, { title: 'OpsStockChangeList' });
export type OpsStockChangeList = Static<typeof OpsStockChangeListSchema>;

export const OpsPriceChangeSchema = Type.Object({
  id: Type.Integer(),
  oldPriceCents: Cents,
  newPriceCents: Cents,
  changedBy: Type.Object({ uuid: nullable(Uuid), email: Type.String() }),
  changedAt: Timestamp,
});
/** GET /ops/stores/{storeUuid}/products/{productUuid}/price-changes: newest first. */
export type OpsPriceChange = Static<typeof OpsPriceChangeSchema>;

export const OpsPriceChangeListSchema = Type.Object({ changes: Type.Array(OpsPriceChangeSchema) }, { title: 'OpsPriceChangeList' });
export type OpsPriceChangeList = Static<typeof OpsPriceChangeListSchema>;

export const OpsOpeningHoursSchema = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
  opensMinute: Type.Integer({ minimum: 0, maximum: 1439, description: 'Minutes after local midnight' }),
  closesMinute: Type.Integer({ minimum: 1, maximum: 1440, description: 'After opensMinute; 1440 is midnight' }),
});
export type OpsOpeningHours = Static<typeof OpsOpeningHoursSchema>;

/** GET and PUT /ops/stores/{storeUuid}/settings. A weekday missing from `hours` is closed that day. */
export const OpsStoreSettingsSchema = Type.Object(
  {
    timeZone: Type.String({ description: 'IANA zone the hours are in (read-only: PUT ignores it)' }),
    minOrderCents: Cents,
    deliveryRadiusMiles: Type.Integer(),
    windowCapacity: Type.Integer({ description: 'Orders per delivery window' }),
    lowStockThreshold: Type.Integer({ description: 'A product with this many on hand or fewer is "Low stock"' }),
    hours: Type.Array(OpsOpeningHoursSchema, { description: 'At most one entry per weekday; PUT replaces the whole week' }),
  },
  { title: 'OpsStoreSettings' },
);
export type OpsStoreSettings = Static<typeof OpsStoreSettingsSchema>;

/** SENT: mailed; PENDING: waiting for the outbox worker; FAILED: the last attempt failed; DASHBOARD: not mailed (the admin feed). */
export const OpsNotificationStateSchema = Type.Enum(['SENT', 'PENDING', 'FAILED', 'DASHBOARD']);
export type OpsNotificationState = Static<typeof OpsNotificationStateSchema>;

export const OpsNotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String(),
    orderId: Uuid,
    orderNumber: Type.String(),
    recipient: Type.String({ description: "'admin', 'store:{uuid}' or 'customer:{uuid}'" }),
    deliverTo: Type.Union([Type.String(), Type.Null()], { description: 'The e-mail address; null for the dashboard' }),
    state: OpsNotificationStateSchema,
    attempts: Type.Integer(),
    lastError: nullable(Type.String()),
    createdAt: Timestamp,
    deliveredAt: nullable(Timestamp),
    nextAttemptAt: nullable(Timestamp),
  },
  { title: 'OpsNotification' },
);
export type OpsNotification = Static<typeof OpsNotificationSchema>;

export const OpsNotificationPageSchema = Type.Object({ notifications: Type.Array(OpsNotificationSchema), nextCursor: NextCursor });
/** GET /ops/notifications?storeUuid=&state=&limit=&cursor= (staff: their store's mail only). */
export type OpsNotificationPage = Static<typeof OpsNotificationPageSchema>;
