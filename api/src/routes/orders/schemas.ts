// Request shapes of /orders (spec §3 "Order creation payload"); the answers are
// @grocer/shared/schemas. Of the creation payload only the PayPal order id, the phone, the delivery
// instructions and the item list are read; prices, totals, names and the user in it are accepted (the
// browser sends them) and ignored, so this body is looser than the contract's OrderCreatePayload.
import { SubstitutionChoiceSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';

const NullableText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

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
          description:
            'With SPECIFIC only: a product uuid of the same store and category, active, not the line itself (else 400 VALIDATION_ERROR)',
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

export const TrackingBody = Type.Object({
  orderId: Type.String({ maxLength: 64 }),
  status: Type.String({
    maxLength: 40,
    description:
      "The status to move to, any case ('confirmed', 'PREPARING', 'out for delivery'). A customer may record only 'confirmed' on their own order; admins any the table allows.",
  }),
  timestamp: NullableText(64),
  notes: NullableText(1000),
  deliverEarly: Type.Optional(
    Type.Boolean({
      description: 'DELIVERED before a booked window opens needs this (409 DELIVER_EARLY_REQUIRED otherwise); it is recorded',
    }),
  ),
});
