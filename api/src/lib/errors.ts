// The one error shape every 4xx/5xx response uses (its schema is @grocer/shared/schemas
// ErrorBodySchema), and the way services raise one.
import type { FastifyBaseLogger } from 'fastify';
import { ErrorBodySchema, UnavailableProductSchema } from '@grocer/shared/schemas';
import type { ApiError } from '@grocer/shared/contracts';
import type { Static } from 'typebox';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { TimeoutError } from './timeout.ts';

/** One entry of a PRODUCTS_UNAVAILABLE error: the cart line the shopper must remove or reduce. */
export const UnavailableProduct = UnavailableProductSchema;
export type UnavailableProduct = Static<typeof UnavailableProduct>;

/** Code-specific fields of `error`, beside code/message/field. */
export type ErrorDetails = Pick<ApiError, 'products' | 'allowed' | 'store'>;

export const ErrorBody = ErrorBodySchema;
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * Response schemas for the error statuses, to spread into every route's `response`:
 * `response: { 200: Thing, ...errorResponses }`.
 */
export const errorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

export function errorBody(code: string, message: string, field?: string, details?: ErrorDetails): ErrorBody {
  return { success: false, message, error: { code, message, ...(field === undefined ? {} : { field }), ...details } };
}

/** An error a service throws on purpose; the error handler turns it into the error shape with its status. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}

/** An error that tells the client when to try again: the error handler copies it to Retry-After. */
export class RetryLaterError extends HttpError {
  constructor(
    statusCode: 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

/** `throw httpError(404, 'ORDER_NOT_FOUND', 'Order not found or unable to retrieve order details')` */
export function httpError(statusCode: number, code: string, message: string, field?: string, details?: ErrorDetails): HttpError {
  return new HttpError(statusCode, code, message, field, details);
}

/**
 * Spec §8: the notification and tracking calls report a failure with a default message the shop
 * shows ('Failed to create order tracking'). Errors the caller can act on (4xx: not found, not
 * allowed, not paid) keep their own; any other failure keeps its status (503 when the database is
 * unavailable, 500 for a bug) but says `message`. The original is logged.
 */
export async function withFailureMessage<T>(code: string, message: string, log: FastifyBaseLogger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) throw err;
    if (err instanceof HttpError) throw httpError(err.statusCode, err.code, message);
    log.error({ err }, message);
    throw httpError(isDatabaseUnavailable(err) || err instanceof TimeoutError ? 503 : 500, code, message);
  }
}
