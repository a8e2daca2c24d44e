// Money shapes of checkout (spec §3 "Delivery fee response", "Payment breakdown / pricing"), in
// dollars at the JSON edge. They mirror @grocer/shared PaymentBreakdown and DeliveryFeeResponse;
// the delivery-fees, fees, payments and orders routes use them too.
import { Type } from 'typebox';

const Dollars = (description?: string) => Type.Number({ minimum: 0, description: description ?? 'US dollars, 2 decimals' });

export const PaymentBreakdownSchema = Type.Object(
  {
    subtotal: Dollars(),
    tax: Dollars("The delivery state's base sales-tax rate × subtotal"),
    platformServiceFee: Dollars('5 % of the subtotal, at least $2.00'),
    serviceFee: Dollars('Same as platformServiceFee'),
    displayServiceFee: Dollars('serviceFee + paymentProcessingFee: the one service line the shopper sees'),
    deliveryFee: Dollars('Sum of the per-store delivery fees'),
    paymentProcessingFee: Dollars('2.9 % of (subtotal + tax + service + delivery) + $0.30'),
    total: Dollars(),
  },
  { title: 'PaymentBreakdown' },
);

export const DeliveryFeeResponseSchema = Type.Object(
  {
    totalDeliveryFee: Dollars('Sum of the per-store fees'),
    deliveryFees: Type.Record(
      Type.String(),
      Type.Object({
        storeName: Type.String(),
        distance: Type.Number({ description: 'Miles between ZIP centroids, 1 decimal' }),
        deliveryFee: Dollars('$7.50 × distance'),
        duration: Type.Optional(Type.Integer({ description: 'Minutes: 10 + 3 per mile' })),
      }),
      { description: 'Keyed by store uuid' },
    ),
  },
  { title: 'DeliveryFeeResponse' },
);

export const CartItemSchema = Type.Object({
  productId: Type.String({ maxLength: 64, description: 'Product uuid' }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
});

/** A cart as the server prices it: ids and quantities only, never prices. */
export const CartItemsBody = Type.Object({ items: Type.Array(CartItemSchema, { minItems: 1, maxItems: 100 }) });

export const PricedLineSchema = Type.Object(
  {
    productId: Type.String(),
    name: Type.String(),
    storeId: Type.String({ description: 'Store uuid' }),
    storeName: Type.String(),
    quantity: Type.Integer(),
    unitPrice: Dollars('From the database'),
    lineTotal: Dollars(),
  },
  { title: 'PricedLine' },
);
