// The one error shape every 4xx/5xx response uses, and the way services raise one.
// The shop's client reads `error.code`, `error.message` and `error.field` (spec §8: "server code,
// message and field are passed on"), and falls back to `message`.
import { Type, type Static } from 'typebox';

export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    error: Type.Object({
      code: Type.String({ description: 'Stable, machine-readable, e.g. VALIDATION_ERROR, NOT_FOUND' }),
      message: Type.String({ description: 'Human-readable; safe to show to the shopper' }),
      field: Type.Optional(Type.String({ description: 'The offending input, for form errors' })),
    }),
  },
  { title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * Response schemas for the error statuses, to spread into every route's `response`:
 * `response: { 200: Thing, ...errorResponses }`.
 */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { success: false, message, error: field === undefined ? { code, message } : { code, message, field } };
}

/** An error a service throws on purpose; the error handler turns it into the error shape with its status. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** `throw httpError(404, 'ORDER_NOT_FOUND', 'Order not found or unable to retrieve order details')` */
export function httpError(statusCode: number, code: string, message: string, field?: string): HttpError {
  return new HttpError(statusCode, code, message, field);
}
