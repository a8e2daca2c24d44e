// Errors, from the database's to the client's: which database failures mean "not now" (a 503 the client
// may retry) rather than a bug, and the one error shape every 4xx/5xx response uses, and the way
// services raise one. The shop's client reads `error.code`, `error.message` and `error.field` (spec §8:
// "server code, message and field are passed on"), and falls back to `message`.
import type { FastifyBaseLogger } from 'fastify';
import { ErrorBodySchema, UnavailableProductSchema } from '@grocer/shared/schemas';
import type { ApiError } from '@grocer/shared/contracts';
import type { Static } from 'typebox';
import { TimeoutError } from '../lib/timeout.ts';

// --- The database's errors. Drizzle wraps driver errors in DrizzleQueryError with the driver's error
// as `cause`, and Node wraps multi-address connect failures in an AggregateError, so the whole chain is
// inspected.

/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** PostgreSQL SQLSTATEs meaning "not now": shutdown, starting up, too many connections, statement timeout. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Messages of node-postgres (pool/connection timeouts, dropped connections) and PGlite (closed instance). */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error|Cannot use a pool after calling end|PGlite is clos(ed|ing)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  // Duck-typed rather than `instanceof Error`: socket errors come from Node core and may belong to
  // another realm than this module (they do under Jest's VM modules).
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 is "connection exception".
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * A unique-constraint violation (SQLSTATE 23505), optionally of one constraint or unique index.
 * Idempotent inserts rely on it: the database decides which of two racing requests wins, and the
 * loser reads the winner's row instead of checking first and inserting second.
 */
export function isUniqueViolation(error: unknown, constraint?: string, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, constraint: violated, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (code === '23505') return constraint === undefined || violated === constraint;
  return isUniqueViolation(cause, constraint, depth + 1);
}

/**
 * What a statement refused, when it called `grocer_refuse(detail)` (migration 0026): SQLSTATE GR409, the
 * detail as JSON. A statement that writes several tables and must take all or nothing (placing an order)
 * refuses this way; undefined for any other error.
 */
export function statementRefusal(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined;
  const { code, detail, cause } = error as { code?: unknown; detail?: unknown; cause?: unknown };
  if (code === 'GR409' && typeof detail === 'string') return JSON.parse(detail) as unknown;
  return statementRefusal(cause, depth + 1);
}

// --- The error shape.

// Its schema is @grocer/shared/schemas ErrorBodySchema, the one the browser's ApiError type is read from.

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
