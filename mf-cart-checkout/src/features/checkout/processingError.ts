// The texts a failed payment or order placement shows (spec §8 "Order processing error under payment",
// "Payment provider"). The spec picks the suffix from words in the message because its old client had
// already captured the payment before any order call. Grocer's server captures and says by code what
// happened (decision 003), so known codes pick the text and the spec's word rules cover the rest.
import { apiErrorMessage, apiErrorStatus, type CartItem } from '@grocer/shared';

export const PROCESSING_ERROR_PREFIX = 'An error occurred while processing your order. ';
export const CONNECTION_SUFFIX = 'Please check your connection and try again.';
export const PAYMENT_SUFFIX = 'Payment was successful but order processing failed. Please contact support.';
export const GENERIC_SUFFIX = 'Please try again or contact support if the problem persists.';
export const PAYPAL_FAILED = 'PayPal payment failed. Please try again.';
export const ORDER_CREATE_FAILED = 'Failed to create order';
export const PAYMENT_COMPLETE_FAILED = 'Failed to complete payment';
export const PRODUCTS_UNAVAILABLE = 'PRODUCTS_UNAVAILABLE';

/** Nothing was charged: the shopper may simply try again. */
const NOT_CHARGED = new Set([
  'CART_CHANGED',
  'PRICE_CHANGED',
  'PAYPAL_ORDER_NOT_FOUND',
  'IDEMPOTENCY_KEY_REUSED',
  'VALIDATION_ERROR',
  'PAYMENT_PROVIDER_UNAVAILABLE',
]);
/**
 * A store rule or delivery window refused the cart before anything was captured: the server's message
 * names the store and what to do (pick a delivery time again, add more, remove the store).
 */
const STORE_REFUSALS = new Set([
  'WINDOW_FULL',
  'WINDOW_HOLD_EXPIRED',
  'DELIVERY_WINDOW_REQUIRED',
  'BELOW_MINIMUM_ORDER',
  'OUT_OF_DELIVERY_AREA',
]);

export function isStoreRefusal(error: unknown): boolean {
  const { code } = errorFields(error);
  return apiErrorStatus(error) === 409 && code !== undefined && STORE_REFUSALS.has(code);
}

/** PayPal took the money but the order was cancelled. */
const CHARGED = new Set(['AMOUNT_MISMATCH']);
/** PayPal declined (or the payment was never approved); the order was cancelled. */
const DECLINED = 'PAYMENT_FAILED';

export type UnavailableReason = 'NOT_FOUND' | 'INACTIVE' | 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK';

/** One product of a 409 PRODUCTS_UNAVAILABLE (`error.products`). */
export interface UnavailableProduct {
  productId: string;
  /** '' when the product does not exist. */
  name: string;
  reason: UnavailableReason;
}

const REASON_TEXT: Record<UnavailableReason, string> = {
  NOT_FOUND: 'not found',
  INACTIVE: 'no longer sold',
  OUT_OF_STOCK: 'out of stock',
  INSUFFICIENT_STOCK: 'not enough in stock',
};

/** An answer of `success: false` with a 2xx status: carries the server's message like an HTTP error would. */
export class CheckoutStepError extends Error {
  override name = 'CheckoutStepError';
}

interface ErrorFields {
  code?: string;
  message?: string;
  field?: string;
  products?: UnavailableProduct[];
}

function errorFields(error: unknown): ErrorFields {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : null;
  const inner = data && typeof data === 'object' ? (data as { error?: unknown }).error : null;
  return inner && typeof inner === 'object' ? (inner as ErrorFields) : {};
}

/** RTK Query reports a request that never got an answer as FETCH_ERROR / TIMEOUT_ERROR. */
function isNetworkFailure(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/** What went wrong, in words: the server's message, the thrown error's, or the order fallback. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message || ORDER_CREATE_FAILED;
  if (isNetworkFailure(error)) {
    const detail = (error as { error?: unknown }).error;
    return `Network error${typeof detail === 'string' ? `: ${detail}` : ''}`;
  }
  return apiErrorMessage(error, ORDER_CREATE_FAILED);
}

export function isProductsUnavailable(error: unknown): boolean {
  return apiErrorStatus(error) === 409 && errorFields(error).code === PRODUCTS_UNAVAILABLE;
}

/** The products a PRODUCTS_UNAVAILABLE answer lists, named from the cart where the server has no name. */
export function unavailableProducts(error: unknown, items: readonly CartItem[]): UnavailableProduct[] {
  const listed = errorFields(error).products;
  if (!Array.isArray(listed)) return [];
  return listed.map((product) => ({
    ...product,
    name: product.name || items.find((item) => item.uuid === product.productId)?.name || '',
  }));
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function unavailableDetail(error: unknown, items: readonly CartItem[]): string {
  const products = unavailableProducts(error, items).filter((product) => product.name);
  if (products.length === 0) return sentence(failureMessage(error));
  return `These items are not available: ${products.map((product) => `${product.name} (${REASON_TEXT[product.reason] ?? 'unavailable'})`).join(', ')}.`;
}

/** Spec §8: 'An error occurred while processing your order. ' + the suffix the failure calls for. */
export function processingErrorText(error: unknown, items: readonly CartItem[] = []): string {
  const { code } = errorFields(error);
  if (code === DECLINED) return PAYPAL_FAILED;
  if (isProductsUnavailable(error)) return `${PROCESSING_ERROR_PREFIX}${unavailableDetail(error, items)} ${GENERIC_SUFFIX}`;
  if (isStoreRefusal(error)) return `${PROCESSING_ERROR_PREFIX}${sentence(failureMessage(error))}`;
  if (code && NOT_CHARGED.has(code)) return PROCESSING_ERROR_PREFIX + GENERIC_SUFFIX;
  if (code && CHARGED.has(code)) return PROCESSING_ERROR_PREFIX + PAYMENT_SUFFIX;
  const message = failureMessage(error).toLowerCase();
  if (isNetworkFailure(error) || message.includes('network') || message.includes('timeout'))
    return PROCESSING_ERROR_PREFIX + CONNECTION_SUFFIX;
  if (message.includes('payment')) return PROCESSING_ERROR_PREFIX + PAYMENT_SUFFIX;
  return PROCESSING_ERROR_PREFIX + GENERIC_SUFFIX;
}
