// Checkout's money and delivery promise (spec §3 "Delivery fee response", "Payment breakdown /
// pricing"): dollars at the JSON edge for fees and pricing, cents for the stores' minimum order.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './catalogue.ts';

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
/** POST /open/fees/calculate-payment-breakdown and the checkout's pricing. All amounts in dollars. */
export type PaymentBreakdown = Static<typeof PaymentBreakdownSchema>;

/** One store's entry in DeliveryFeeResponse.deliveryFees. */
export const StoreDeliveryFeeSchema = Type.Object({
  storeName: Type.String(),
  distance: Type.Number({ description: 'Miles between ZIP centroids, 1 decimal' }),
  deliveryFee: Dollars('$7.50 × distance'),
  duration: Type.Optional(Type.Integer({ description: 'Minutes: 10 + 3 per mile' })),
});
export type StoreDeliveryFee = Static<typeof StoreDeliveryFeeSchema>;

export const DeliveryFeeResponseSchema = Type.Object(
  {
    totalDeliveryFee: Dollars('Sum of the per-store fees'),
    deliveryFees: Type.Record(Type.String(), StoreDeliveryFeeSchema, { description: 'Keyed by store uuid' }),
  },
  { title: 'DeliveryFeeResponse' },
);
/** POST /delivery-fees. */
export type DeliveryFeeResponse = Static<typeof DeliveryFeeResponseSchema>;

/** One open weekday of a store, minutes after local midnight in the store's time zone. */
export const StoreDayHoursSchema = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
  opensMinute: Type.Integer({ description: 'Minutes after local midnight' }),
  closesMinute: Type.Integer({ description: 'Minutes after local midnight (1440 = midnight)' }),
});
export type StoreDayHours = Static<typeof StoreDayHoursSchema>;

/** A store's public rules (GET /open/store-rules). */
export const StoreRulesSchema = Type.Object(
  {
    storeUuid: Uuid,
    storeName: Type.String(),
    timeZone: Type.String({ description: 'IANA zone of the hours, e.g. America/Chicago' }),
    minOrderCents: Type.Integer({ description: 'A store part below this subtotal cannot be checked out' }),
    deliveryRadiusMiles: Type.Integer(),
    hours: Type.Array(StoreDayHoursSchema, { description: 'Open weekdays only; a weekday without an entry is closed' }),
  },
  { title: 'StoreRules' },
);
/** A store's public rules (GET /open/stores/rules). A weekday missing from `hours` is closed. */
export type StoreRulesJson = Static<typeof StoreRulesSchema>;

/** GET /delivery/coverage: whether each store delivers to the shopper's address. */
export const DeliveryCoverageSchema = Type.Object({
  zip: Type.String(),
  stores: Type.Record(Type.String(), Type.Object({ delivers: Type.Boolean(), distance: Type.Number({ description: 'Miles, 1 decimal' }) })),
});
/** Whether each store delivers to the shopper's address (GET /delivery/coverage). */
export type DeliveryCoverage = Static<typeof DeliveryCoverageSchema>;

export const DeliveryHoldSchema = Type.Object(
  { storeUuid: Uuid, startsAt: Timestamp, endsAt: Timestamp, expiresAt: Timestamp },
  { title: 'DeliveryHold' },
);
export type DeliveryHoldJson = Static<typeof DeliveryHoldSchema>;

/** A two-hour delivery window a store offers. */
export const DeliveryWindowSchema = Type.Object({
  startsAt: Timestamp,
  endsAt: Timestamp,
  available: Type.Boolean({ description: 'False when full' }),
});
export type DeliveryWindowJson = Static<typeof DeliveryWindowSchema>;

/** POST /delivery/windows: per store, what it offers and the shopper's live hold. */
export const StoreWindowsSchema = Type.Object(
  {
    storeUuid: Uuid,
    storeName: Type.String(),
    timeZone: Type.String(),
    windows: Type.Array(DeliveryWindowSchema),
    hold: Type.Union([DeliveryHoldSchema, Type.Null()], { description: "The caller's live hold at this store" }),
  },
  { title: 'StoreWindows' },
);
export type StoreWindowsJson = Static<typeof StoreWindowsSchema>;

/** One cart line as the server priced it (POST /pricing/calculate). */
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

/**
 * Something payment would refuse about one store's part of the cart, said while the shopper can still
 * fix it: the same decision as the refusal, with its code and message.
 */
export const CartProblemSchema = Type.Object(
  {
    code: Type.Enum(['OUT_OF_DELIVERY_AREA', 'BELOW_MINIMUM_ORDER', 'INSUFFICIENT_STOCK', 'NO_DELIVERY_WINDOW']),
    storeId: Type.String({ description: 'Store uuid' }),
    storeName: Type.String(),
    message: Type.String({ description: 'What payment would answer' }),
    shortBy: Type.Optional(Dollars('BELOW_MINIMUM_ORDER: what the part lacks to reach the minimum')),
    zip: Type.Optional(Type.String({ description: 'OUT_OF_DELIVERY_AREA: the ZIP the store does not reach' })),
    productId: Type.Optional(Type.String({ description: 'INSUFFICIENT_STOCK: the product' })),
    available: Type.Optional(Type.Integer({ minimum: 1, description: 'INSUFFICIENT_STOCK: how many are on hand' })),
  },
  { title: 'CartProblem' },
);
export type CartProblem = Static<typeof CartProblemSchema>;

/** POST /pricing/calculate: the cart priced from the database for the account's address. */
export const CartPricingSchema = Type.Object({
  pricing: PaymentBreakdownSchema,
  deliveryFees: DeliveryFeeResponseSchema,
  lines: Type.Array(PricedLineSchema),
  problems: Type.Array(CartProblemSchema, {
    description:
      'Empty when payment would take the cart: short stock, then per store its delivery area and minimum, then stores without a free window',
  }),
});
