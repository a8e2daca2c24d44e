// Orders on the wire (spec §3 "Order as read", "Order creation" answer), buy-again and reorder.
// Money here is dollars at the JSON edge, as the spec fixes; the ops shapes (ops.ts) are cents.
import { Type, type Static, type TSchema } from 'typebox';
import { ORDER_STATUSES, SUBSTITUTION_CHOICES } from '../contracts/entities.ts';
import { LINE_STATES } from '../contracts/ops.ts';
import { ProductSchema, Timestamp, Uuid } from './catalogue.ts';

export const Dollars = Type.Number({ description: 'US dollars, 2 decimals' });
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const OrderStatusSchema = Type.Enum([...ORDER_STATUSES]);
export const LineStateSchema = Type.Enum([...LINE_STATES]);
export const RefundStatusSchema = Type.Enum(['REQUESTED', 'COMPLETED', 'FAILED']);
export type OpsRefundStatus = Static<typeof RefundStatusSchema>;

export const SubstitutionChoiceSchema = Type.Enum([...SUBSTITUTION_CHOICES], {
  description: "'If out of stock': BEST_MATCH (the store picks the closest), SPECIFIC (the named product), NONE (no replacement; refunded)",
});

/** What a shopper chose for one product; `substitute` is set exactly when choice is SPECIFIC. */
export const SubstitutionSchema = Type.Object(
  {
    choice: SubstitutionChoiceSchema,
    substitute: Type.Union([Type.Object({ uuid: Uuid, name: Type.String() }), Type.Null()], {
      description: 'The named replacement; only with SPECIFIC',
    }),
  },
  { title: 'Substitution' },
);
export type Substitution = Static<typeof SubstitutionSchema>;

/** GET /user/substitution-preferences entries: a remembered choice for one product. */
export const SubstitutionPreferenceSchema = Type.Object(
  { productId: Uuid, choice: SubstitutionSchema.properties.choice, substitute: SubstitutionSchema.properties.substitute },
  { title: 'SubstitutionPreference' },
);
/** GET /user/substitution-preferences: the signed-in shopper's remembered choices, one per product. */
export type SubstitutionPreference = Static<typeof SubstitutionPreferenceSchema>;

export const SubstitutionPreferencesResponseSchema = Type.Object({ preferences: Type.Array(SubstitutionPreferenceSchema) });
export type SubstitutionPreferencesResponse = Static<typeof SubstitutionPreferencesResponseSchema>;

export const OrderCreatedSchema = Type.Object(
  {
    success: Type.Literal(true),
    orderId: Uuid,
    trackingNumber: Type.String(),
    message: Type.String(),
  },
  { title: 'OrderCreateResponse' },
);

/** A booked delivery window (UTC instants; shown in the store's time zone). */
export const BookedWindowSchema = Type.Object(
  {
    storeUuid: Uuid,
    storeName: Type.String(),
    timeZone: Type.String({ description: 'IANA zone the store shows times in, e.g. America/Chicago' }),
    startsAt: Timestamp,
    endsAt: Timestamp,
  },
  { title: 'BookedWindow' },
);
/** A booked window on an order. */
export type BookedWindowJson = Static<typeof BookedWindowSchema>;

/** On each order line once the store has marked it (dollars, like the rest of Order). */
export const OrderItemFulfilmentSchema = Type.Object(
  {
    state: LineStateSchema,
    replacement: Type.Union([
      Type.Object({
        productUuid: Uuid,
        productName: Type.String(),
        image: nullable(Type.String()),
        sizeLabel: nullable(Type.String()),
        unitPrice: Dollars,
        lineTotal: Dollars,
      }),
      Type.Null(),
    ]),
    refunded: Type.Optional(
      Type.Number({
        description:
          "Dollars refunded because of this line's mark (the price difference, or the line and the fees it carried); absent when nothing was",
      }),
    ),
  },
  { description: 'What the store did with the line' },
);
/** On each OrderItem once the store has marked it (dollars, like the rest of Order). */
export type OrderItemFulfilment = Static<typeof OrderItemFulfilmentSchema>;

/** On the Order: what changed since payment; totalAmount etc. are already the recomputed figures. */
export const OrderAdjustmentsSchema = Type.Object(
  {
    originalTotal: Type.Number({ description: 'What the shopper paid, dollars' }),
    refundedTotal: Type.Number({ description: 'Sum of refunds, dollars' }),
    refunds: Type.Array(Type.Object({ amount: Dollars, reason: Type.String(), status: RefundStatusSchema, createdAt: Timestamp })),
    cancelReason: Type.Union([Type.String(), Type.Null()], { description: 'Set on a cancelled order' }),
    version: Type.Integer({ description: 'Grows with each change; GET /orders/{id}/events sends it' }),
  },
  { description: 'Replacements, refunds and the paid total once stores changed the order (GET /orders/{id} only)' },
);
/** On the Order: what changed since payment. totalAmount etc. are already the recomputed figures. */
export type OrderAdjustments = Static<typeof OrderAdjustmentsSchema>;

/** One store's part of the order, as the shopper follows it (GET /orders/{id} and the history). */
export const OrderStorePartSchema = Type.Object(
  {
    storeUuid: Uuid,
    storeName: Type.String(),
    status: Type.Enum([...ORDER_STATUSES], {
      description: "Where this store's part stands; the order's orderStatus is the least advanced part's",
    }),
    updatedAt: Timestamp,
    deliveryWindow: Type.Union([BookedWindowSchema, Type.Null()], {
      description: "The part's booked window; null for orders from before windows and once the part is cancelled",
    }),
    refunded: Type.Number({ description: "Dollars refunded because of this store's lines" }),
  },
  { title: 'OrderStorePart' },
);
/** One store's part of an order for the shopper: its status, its window and what its lines refunded. */
export type OrderStorePart = Static<typeof OrderStorePartSchema>;

export const OrderItemSchema = Type.Object({
  productUuid: Type.Union([Uuid, Type.Null()], {
    description: 'For a link to the product page; null for lines older than that page',
  }),
  image: Type.Union([Type.String(), Type.Null()], { description: "The product's picture when ordered" }),
  sizeLabel: Type.Union([Type.String(), Type.Null()], { description: 'e.g. "1 gal", as when ordered' }),
  unitPriceLabel: Type.Union([Type.String(), Type.Null()], { description: 'e.g. "$0.03/fl oz", as when ordered' }),
  storePublicId: Type.Union([Type.String(), Type.Null()]),
  productName: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Dollars,
  lineTotal: Dollars,
  storeName: Type.Union([Type.String(), Type.Null()], { description: "null when unknown; shown as 'Store'" }),
  storeUuid: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'The store part it belongs to (OrderStorePart.storeUuid)' })),
  fulfilment: Type.Optional(OrderItemFulfilmentSchema),
  substitution: SubstitutionSchema,
});
export type OrderItem = Static<typeof OrderItemSchema>;

/** GET /orders/{id} and each entry of GET /orders/user/history. All amounts in dollars. */
export const OrderSchema = Type.Object(
  {
    orderId: Uuid,
    orderNumber: Type.Union([Type.String(), Type.Null()], {
      description: 'Human-facing, e.g. GR-000042; null when there is none (the id is shown instead)',
    }),
    orderStatus: OrderStatusSchema,
    orderDate: Timestamp,
    totalAmount: Dollars,
    subtotal: Dollars,
    taxAmount: Dollars,
    serviceFee: Dollars,
    displayServiceFee: Type.Number({ description: 'serviceFee + payment processing fee, so the summary adds up to totalAmount' }),
    deliveryFee: Dollars,
    orderItems: Type.Array(OrderItemSchema),
    customerFirstName: Type.String(),
    customerLastName: Type.String(),
    customerPhone: Type.String(),
    deliveryAddressLine1: Type.Union([Type.String(), Type.Null()], {
      description: 'The delivery fields are null when the order has no delivery information',
    }),
    deliveryApartment: Type.Union([Type.String(), Type.Null()]),
    deliveryCity: Type.Union([Type.String(), Type.Null()]),
    deliveryState: Type.Union([Type.String(), Type.Null()]),
    deliveryPostalCode: Type.Union([Type.String(), Type.Null()]),
    deliveryInstructions: Type.Union([Type.String(), Type.Null()]),
    adjustments: Type.Optional(OrderAdjustmentsSchema),
    deliveryWindows: Type.Optional(Type.Array(BookedWindowSchema, { description: 'The booked window of each store part' })),
    storeParts: Type.Optional(
      Type.Array(OrderStorePartSchema, {
        description: "Each store's part, in the order its lines were bought; absent on orders without parts",
      }),
    ),
  },
  { title: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

/** POST /orders/tracking. */
export const TrackingSchema = Type.Object(
  {
    success: Type.Literal(true),
    message: Type.String(),
    orderId: Uuid,
    orderStatus: Type.Enum([...ORDER_STATUSES], { description: 'The status the order has now' }),
    trackingNumber: Type.String(),
    estimatedDelivery: Type.String({
      format: 'date-time',
      description:
        'The end of the latest booked delivery window; for orders without windows, confirmation (or order) time + max(45 min, longest store route)',
    }),
    refundDue: Type.Optional(
      Type.Number({ description: 'Dollars; only on a cancelled paid order: what is being (or has been) refunded to its PayPal capture' }),
    ),
  },
  { title: 'TrackingInfo' },
);

export const BuyAgainItemSchema = Type.Object({
  product: ProductSchema,
  timesOrdered: Type.Integer({ minimum: 1, description: "On how many of the shopper's orders it was" }),
  lastOrderedAt: Timestamp,
});
/** GET /orders/buy-again: products from the shopper's past orders, most often bought first, as sold today. */
export type BuyAgainItem = Static<typeof BuyAgainItemSchema>;

export const BuyAgainSchema = Type.Object({ items: Type.Array(BuyAgainItemSchema) }, { title: 'BuyAgainResponse' });
export type BuyAgainResponse = Static<typeof BuyAgainSchema>;

export const ReorderSkipReasonSchema = Type.Enum(['OUT_OF_STOCK', 'INACTIVE', 'NOT_FOUND', 'OUT_OF_DELIVERY_AREA']);
/** Why a past order's line could not go back into the cart. */
export type ReorderSkipReason = Static<typeof ReorderSkipReasonSchema>;

export const ReorderSchema = Type.Object(
  {
    added: Type.Array(Type.Object({ product: ProductSchema, quantity: Type.Integer({ minimum: 1 }), substitution: SubstitutionSchema }), {
      description: "Lines that go back into the cart: today's product and price, the quantity ordered then",
    }),
    skipped: Type.Array(
      Type.Object({
        productId: Type.String(),
        name: Type.String({ description: 'As sold then' }),
        reason: ReorderSkipReasonSchema,
        message: Type.String({ description: 'Why, in words for a toast' }),
      }),
    ),
  },
  { title: 'ReorderResponse' },
);
/** POST /orders/{id}/reorder: what goes back into the cart (today's product and price), and what does not and why. */
export type ReorderResponse = Static<typeof ReorderSchema>;
