// The one error shape every 4xx/5xx answer uses. The shop's client reads `error.code`,
// `error.message` and `error.field` (spec §8: "server code, message and field are passed on"), and
// falls back to `message`.
import { Type, type Static } from 'typebox';

/** One entry of a PRODUCTS_UNAVAILABLE error: the cart line the shopper must remove or reduce. */
export const UnavailableProductSchema = Type.Object(
  {
    productId: Type.String(),
    name: Type.String({ description: "'' when the product does not exist" }),
    reason: Type.Enum(['NOT_FOUND', 'INACTIVE', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK']),
  },
  { title: 'UnavailableProduct' },
);

export const ApiErrorSchema = Type.Object({
  code: Type.String({ description: 'Stable, machine-readable, e.g. VALIDATION_ERROR, NOT_FOUND' }),
  message: Type.String({ description: 'Human-readable; safe to show to the shopper' }),
  field: Type.Optional(Type.String({ description: 'The offending input, for form errors' })),
  products: Type.Optional(Type.Array(UnavailableProductSchema, { description: 'PRODUCTS_UNAVAILABLE only' })),
  allowed: Type.Optional(
    Type.Array(Type.String(), { description: 'INVALID_STATUS_TRANSITION only: the next statuses the order may take' }),
  ),
  store: Type.Optional(
    Type.Object(
      { uuid: Type.String(), name: Type.String() },
      { description: 'Store rule and delivery window refusals only: the store part at fault' },
    ),
  ),
});
/** Machine-readable `code` (e.g. 'REGISTRATION_FAILED', 'SIGNIN_FAILED', 'SESSION_EXPIRED'), `message`, and the form `field` when there is one. */
export type ApiError = Static<typeof ApiErrorSchema>;

/** The body of every failed API call. */
export const ErrorBodySchema = Type.Object(
  { success: Type.Literal(false), message: Type.String(), error: ApiErrorSchema },
  { title: 'Error' },
);
export type ApiErrorBody = Static<typeof ErrorBodySchema>;
