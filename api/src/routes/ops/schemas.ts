// Wire schemas of the ops API: the TypeBox form of shared/src/contracts/ops.ts (the types there are
// what mf-ops codes against; `satisfies`-style checks in ops.test.ts keep the two in step).
import { LINE_STATES, OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS, ORDER_STATUSES, STORE_PART_STATUSES } from '@grocer/shared/contracts';
import { Type, type TSchema } from 'typebox';
import { RULE_LIMITS } from '../../services/stores/rules.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });
const Cents = Type.Integer({ description: 'Integer US cents' });
const NextCursor = nullable(Type.String({ description: 'Opaque; null on the last page' }));

export const OpsStoreSchema = Type.Object({ uuid: Uuid, publicId: Type.String(), name: Type.String() }, { title: 'OpsStore' });

export const OpsMeSchema = Type.Object(
  {
    uuid: Uuid,
    email: Type.String(),
    role: Type.Enum(['ADMIN', 'STORE_STAFF']),
    store: nullable(OpsStoreSchema),
    stores: Type.Array(OpsStoreSchema),
  },
  { title: 'OpsMe' },
);

export const OpsStaffMemberSchema = Type.Object(
  {
    uuid: Uuid,
    email: Type.String(),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    store: OpsStoreSchema,
    status: Type.Enum(['INVITED', 'ACTIVE']),
    createdAt: DateTime,
  },
  { title: 'OpsStaffMember' },
);

export const OpsStaffCreateBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  storeUuid: Type.String({ maxLength: 64 }),
});

export const AcceptInvitationBody = Type.Object({ token: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 200 }) });

export const PartStatus = Type.Enum([...STORE_PART_STATUSES]);
const OrderStatusSchema = Type.Enum([...ORDER_STATUSES]);

export const OpsOrderSummarySchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.String(),
    store: OpsStoreSchema,
    status: PartStatus,
    orderStatus: OrderStatusSchema,
    customerName: Type.String(),
    createdAt: DateTime,
    lineCount: Type.Integer(),
    itemCount: Type.Integer(),
    pendingLineCount: Type.Integer(),
    partSubtotalCents: Cents,
  },
  { title: 'OpsOrderSummary' },
);

export const OpsOrdersQuerySchema = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(PartStatus),
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD, a day in America/Chicago' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

const LineProduct = Type.Object({
  productUuid: Uuid,
  name: Type.String(),
  image: nullable(Type.String()),
  sizeLabel: nullable(Type.String()),
  unitPriceCents: Cents,
  lineTotalCents: Cents,
});

const PickLine = Type.Object({
  lineId: Type.Integer(),
  productUuid: Uuid,
  name: Type.String(),
  image: nullable(Type.String()),
  sizeLabel: nullable(Type.String()),
  quantity: Type.Integer(),
  unitPriceCents: Cents,
  lineTotalCents: Cents,
  state: Type.Enum([...LINE_STATES]),
  replacement: nullable(LineProduct),
  substitution: nullable(
    Type.Object({
      choice: Type.Enum(['BEST_MATCH', 'SPECIFIC', 'NONE']),
      substitute: nullable(Type.Object({ productUuid: Uuid, name: Type.String(), priceCents: Cents })),
    }),
  ),
  markedAt: nullable(DateTime),
});

const RefundStatus = Type.Enum(['REQUESTED', 'COMPLETED', 'FAILED']);

export const OpsStorePartSchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.String(),
    orderStatus: OrderStatusSchema,
    store: OpsStoreSchema,
    status: PartStatus,
    allowedNext: Type.Array(PartStatus),
    customerName: Type.String(),
    customerPhone: Type.String(),
    deliveryAddress: Type.String(),
    note: nullable(Type.String()),
    createdAt: DateTime,
    lines: Type.Array(PickLine),
    totals: Type.Object({
      subtotalCents: Cents,
      taxCents: Cents,
      serviceFeeCents: Cents,
      deliveryFeeCents: Cents,
      processingFeeCents: Cents,
      totalCents: Cents,
      originalTotalCents: Cents,
      refundedCents: Cents,
    }),
    refunds: Type.Array(Type.Object({ id: Type.Integer(), amountCents: Cents, reason: Type.String(), status: RefundStatus, createdAt: DateTime })),
    cancelReason: nullable(Type.String()),
  },
  { title: 'OpsStorePart' },
);

export const MarkLineBody = Type.Object({
  state: Type.Enum(['FOUND', 'REPLACED', 'UNAVAILABLE']),
  replacementProductUuid: Type.Optional(Type.String({ maxLength: 64 })),
});

export const ReplacementListSchema = Type.Object(
  {
    products: Type.Array(
      Type.Object({ productUuid: Uuid, name: Type.String(), image: Type.String(), sizeLabel: Type.String(), priceCents: Cents, preferred: Type.Boolean() }),
    ),
  },
  { title: 'OpsReplacementList' },
);

export const CancelBody = Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500 }) });

export const InventoryProductSchema = Type.Object(
  {
    productUuid: Uuid,
    name: Type.String(),
    image: Type.String(),
    sizeLabel: Type.String(),
    categoryName: Type.String(),
    priceCents: Cents,
    stockStatus: Type.Enum(['IN_STOCK', 'OUT_OF_STOCK']),
    stockQuantity: Type.Integer(),
    isActive: Type.Boolean(),
    updatedAt: DateTime,
  },
  { title: 'OpsInventoryProduct' },
);

export const InventoryQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 600 })),
});

export const InventoryPatchBody = Type.Object(
  {
    inStock: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
    priceCents: Type.Optional(Type.Integer({ minimum: OPS_PRICE_MIN_CENTS, maximum: OPS_PRICE_MAX_CENTS })),
  },
  { additionalProperties: false },
);

export const PriceChangeListSchema = Type.Object(
  {
    changes: Type.Array(
      Type.Object({
        id: Type.Integer(),
        oldPriceCents: Cents,
        newPriceCents: Cents,
        changedBy: Type.Object({ uuid: nullable(Uuid), email: Type.String() }),
        changedAt: DateTime,
      }),
    ),
  },
  { title: 'OpsPriceChangeList' },
);

const OpeningHours = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6 }),
  opensMinute: Type.Integer({ minimum: 0, maximum: 1439 }),
  closesMinute: Type.Integer({ minimum: 1, maximum: 1440 }),
});

export const StoreSettingsSchema = Type.Object(
  {
    timeZone: Type.String(),
    minOrderCents: Cents,
    deliveryRadiusMiles: Type.Integer(),
    windowCapacity: Type.Integer(),
    hours: Type.Array(OpeningHours),
  },
  { title: 'OpsStoreSettings' },
);

export const StoreSettingsBody = Type.Object({
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'Ignored: not editable here' })),
  minOrderCents: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxMinOrderCents }),
  deliveryRadiusMiles: Type.Integer({ minimum: 1, maximum: RULE_LIMITS.maxDeliveryRadiusMiles }),
  windowCapacity: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxWindowCapacity }),
  hours: Type.Array(OpeningHours, { maxItems: 7 }),
});

const NotificationState = Type.Enum(['SENT', 'PENDING', 'FAILED', 'DASHBOARD']);

export const OpsNotificationSchema = Type.Object(
  {
    id: Type.Integer(),
    type: Type.String(),
    orderId: Uuid,
    orderNumber: Type.String(),
    recipient: Type.String(),
    deliverTo: nullable(Type.String()),
    state: NotificationState,
    attempts: Type.Integer(),
    lastError: nullable(Type.String()),
    createdAt: DateTime,
    deliveredAt: nullable(DateTime),
    nextAttemptAt: nullable(DateTime),
  },
  { title: 'OpsNotification' },
);

export const NotificationsQuery = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(NotificationState),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});

export { NextCursor };
