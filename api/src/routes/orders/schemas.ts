// Request and response shapes of /orders (spec §3 "Order creation payload", "Order as read"). They
// mirror @grocer/shared OrderCreatePayload and Order. Of the creation payload only the PayPal order id,
// the phone, the delivery instructions and the item list are read; prices, totals, names and the user
// in it are accepted (the browser sends them) and ignored.
import { LINE_STATES, ORDER_STATUSES, SUBSTITUTION_CHOICES } from '@grocer/shared/contracts';
import { Type } from 'typebox';
import { ProductSchema } from '../open/schemas.ts';

const Dollars = Type.Number({ description: 'US dollars, 2 decimals' });
const NullableText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

export const SubstitutionChoiceSchema = Type.Enum([...SUBSTITUTION_CHOICES], {
  description: "'If out of stock': BEST_MATCH (the store picks the closest), SPECIFIC (the named product), NONE (no replacement; refunded)",
});

export const SubstitutionSchema = Type.Object(
  {
    choice: SubstitutionChoiceSchema,
    substitute: Type.Union([Type.Object({ uuid: Type.String({ format: 'uuid' }), name: Type.String() }), Type.Null()], {
      description: 'The named replacement; only with SPECIFIC',
    }),
  },
  { title: 'Substitution' },
);

export const OrderCreateBody = Type.Object({
  items: Type.Array(
    Type.Object({
      productId: Type.String({ maxLength: 64 }),
      quantity: Type.Integer({ minimum: 1, maximum: 999 }),
      price: Type.Optional(Type.Number({ description: 'Ignored: the price is read from the database' })),
      name: Type.Optional(Type.String({ maxLength: 500 })),
      storeId: Type.Optional(Type.String({ maxLength: 64 })),
      substitution: Type.Optional(SubstitutionChoiceSchema),
      substituteProductId: Type.Optional(
        Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
          description: 'With SPECIFIC only: a product uuid of the same store and category, active, not the line itself (else 400 VALIDATION_ERROR)',
        }),
      ),
    }),
    { minItems: 1, maxItems: 100, description: 'Must be the cart the PayPal order was created for' },
  ),
  deliveryInfo: Type.Object(
    {
      phone: Type.String({ maxLength: 40 }),
      deliveryInstructions: NullableText(1000),
    },
    { description: 'Only phone and deliveryInstructions are read; the address and names come from the account' },
  ),
  paymentMethod: Type.Optional(Type.Literal('paypal')),
  paypalOrderDetails: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'The PayPal order id' }) }),
  pricing: Type.Optional(Type.Unknown({ description: 'Ignored' })),
  user: Type.Optional(Type.Unknown({ description: 'Ignored: the user is the session' })),
  orderTimestamp: Type.Optional(Type.Unknown({ description: 'Ignored' })),
});

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'A retry with the same key returns the same order' }),
  ),
});

export const OrderCreatedSchema = Type.Object(
  {
    success: Type.Literal(true),
    orderId: Type.String({ format: 'uuid' }),
    trackingNumber: Type.String(),
    message: Type.String(),
  },
  { title: 'OrderCreateResponse' },
);

/** A booked delivery window (UTC instants; shown in the store's time zone). */
export const BookedWindowSchema = Type.Object(
  {
    storeUuid: Type.String({ format: 'uuid' }),
    storeName: Type.String(),
    timeZone: Type.String({ description: 'IANA zone the store shows times in, e.g. America/Chicago' }),
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time' }),
  },
  { title: 'BookedWindow' },
);

export const OrderSchema = Type.Object(
  {
    orderId: Type.String({ format: 'uuid' }),
    orderNumber: Type.Union([Type.String(), Type.Null()], { description: 'Human-facing, e.g. GR-000042' }),
    orderStatus: Type.Enum([...ORDER_STATUSES]),
    orderDate: Type.String({ format: 'date-time' }),
    totalAmount: Dollars,
    subtotal: Dollars,
    taxAmount: Dollars,
    serviceFee: Dollars,
    displayServiceFee: Type.Number({ description: 'serviceFee + payment processing fee, so the summary adds up to totalAmount' }),
    deliveryFee: Dollars,
    orderItems: Type.Array(
      Type.Object({
        productUuid: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
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
        storeName: Type.Union([Type.String(), Type.Null()]),
        fulfilment: Type.Optional(
          Type.Object(
            {
              state: Type.Enum([...LINE_STATES]),
              replacement: Type.Union([
                Type.Object({
                  productUuid: Type.String({ format: 'uuid' }),
                  productName: Type.String(),
                  image: Type.Union([Type.String(), Type.Null()]),
                  sizeLabel: Type.Union([Type.String(), Type.Null()]),
                  unitPrice: Dollars,
                  lineTotal: Dollars,
                }),
                Type.Null(),
              ]),
            },
            { description: 'What the store did with the line (GET /orders/{id} only)' },
          ),
        ),
        substitution: SubstitutionSchema,
      }),
    ),
    customerFirstName: Type.String(),
    customerLastName: Type.String(),
    customerPhone: Type.String(),
    deliveryAddressLine1: Type.Union([Type.String(), Type.Null()]),
    deliveryApartment: Type.Union([Type.String(), Type.Null()]),
    deliveryCity: Type.Union([Type.String(), Type.Null()]),
    deliveryState: Type.Union([Type.String(), Type.Null()]),
    deliveryPostalCode: Type.Union([Type.String(), Type.Null()]),
    deliveryInstructions: Type.Union([Type.String(), Type.Null()]),
    adjustments: Type.Optional(
      Type.Object(
        {
          originalTotal: Dollars,
          refundedTotal: Dollars,
          refunds: Type.Array(
            Type.Object({ amount: Dollars, reason: Type.String(), status: Type.Enum(['REQUESTED', 'COMPLETED', 'FAILED']), createdAt: Type.String({ format: 'date-time' }) }),
          ),
          cancelReason: Type.Union([Type.String(), Type.Null()]),
          version: Type.Integer({ description: 'Grows with each change; GET /orders/{id}/events sends it' }),
        },
        { description: 'Replacements, refunds and the paid total once stores changed the order (GET /orders/{id} only)' },
      ),
    ),
    deliveryWindows: Type.Optional(Type.Array(BookedWindowSchema, { description: 'The booked window of each store part' })),
  },
  { title: 'Order' },
);

export const TrackingBody = Type.Object({
  orderId: Type.String({ maxLength: 64 }),
  status: Type.String({
    maxLength: 40,
    description:
      "The status to move to, any case ('confirmed', 'PREPARING', 'out for delivery'). A customer may record only 'confirmed' on their own order; admins any the table allows.",
  }),
  timestamp: NullableText(64),
  notes: NullableText(1000),
});

export const TrackingSchema = Type.Object(
  {
    success: Type.Literal(true),
    message: Type.String(),
    orderId: Type.String({ format: 'uuid' }),
    orderStatus: Type.Enum([...ORDER_STATUSES], { description: 'The status the order has now' }),
    trackingNumber: Type.String(),
    estimatedDelivery: Type.String({
      format: 'date-time',
      description:
        'The end of the latest booked delivery window; for orders without windows, confirmation (or order) time + max(45 min, longest store route)',
    }),
    refundDue: Type.Optional(
      Type.Number({ description: 'Dollars; only on a cancelled paid order. No refund is sent to PayPal: support refunds it' }),
    ),
  },
  { title: 'TrackingInfo' },
);

export const BuyAgainSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        product: ProductSchema,
        timesOrdered: Type.Integer({ minimum: 1, description: "On how many of the shopper's orders it was" }),
        lastOrderedAt: Type.String({ format: 'date-time' }),
      }),
    ),
  },
  { title: 'BuyAgainResponse' },
);

export const ReorderSchema = Type.Object(
  {
    added: Type.Array(
      Type.Object({ product: ProductSchema, quantity: Type.Integer({ minimum: 1 }), substitution: SubstitutionSchema }),
      { description: "Lines that go back into the cart: today's product and price, the quantity ordered then" },
    ),
    skipped: Type.Array(
      Type.Object({
        productId: Type.String(),
        name: Type.String({ description: 'As sold then' }),
        reason: Type.Enum(['OUT_OF_STOCK', 'INACTIVE', 'NOT_FOUND', 'OUT_OF_DELIVERY_AREA']),
        message: Type.String({ description: 'Why, in words for a toast' }),
      }),
    ),
  },
  { title: 'ReorderResponse' },
);
