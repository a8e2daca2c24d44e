// The cart the server prices: ids and quantities only. The answers (CartPricing, PaymentBreakdown,
// DeliveryFeeResponse) are @grocer/shared/schemas.
import { Type } from 'typebox';

export const CartItemSchema = Type.Object({
  productId: Type.String({ maxLength: 64, description: 'Product uuid' }),
  quantity: Type.Integer({ minimum: 1, maximum: 999 }),
});

/** A cart as the server prices it: ids and quantities only, never prices. */
export const CartItemsBody = Type.Object({ items: Type.Array(CartItemSchema, { minItems: 1, maxItems: 100 }) });
