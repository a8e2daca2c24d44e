// The checkout and order errors the browser sees (codes are stable; messages are safe to show).
// Spec §8 texts are used where the spec has one.
import type { OrderStatusValue } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { allowedNext, statusWords, TRACKABLE_STATUSES } from './status.ts';

export const ORDER_MESSAGES = {
  /** Spec §8 "Payment provider". */
  paymentFailed: 'PayPal payment failed. Please try again.',
  /** Spec §8 "Orders". */
  orderNotFound: 'Order not found or unable to retrieve order details',
  amountMismatch: 'The amount PayPal charged does not match the order total, so the order was cancelled and the payment is being refunded.',
  paymentPending: 'We could not confirm your PayPal payment yet. Please try again in a moment.',
  paypalOrderNotFound: 'This PayPal payment was not started from your cart. Please try again.',
  cartChanged: 'Your cart changed after the payment was started. Please review your cart and pay again.',
  priceChanged: 'Prices changed after the payment was started. Please review your cart and pay again.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another order.',
  addressRequired: 'Please add a complete delivery address in Account settings first.',
  addressInvalid: 'Your delivery address could not be validated. Please update it in Account settings.',
  emailNotVerified: 'Please verify your email address before checking out.',
  phoneRequired: 'Phone number is required',
  orderNotPaid: 'This order has not been paid.',
  orderCancelled: 'This order has been cancelled.',
  onlyConfirm: 'Customers can only confirm their own new order.',
  unknownStatus: `status must be one of ${TRACKABLE_STATUSES.map((s) => s.toLowerCase()).join(', ')}`,
} as const;

export const paymentFailed = () => httpError(402, 'PAYMENT_FAILED', ORDER_MESSAGES.paymentFailed);
export const amountMismatch = () => httpError(409, 'AMOUNT_MISMATCH', ORDER_MESSAGES.amountMismatch);
/** PayPal did not answer (5xx, network, a request still in progress): nothing was decided; a retry is safe. */
export const paymentPending = () => httpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', ORDER_MESSAGES.paymentPending);
export const paypalUnavailable = () => httpError(502, 'PAYMENT_PROVIDER_UNAVAILABLE', ORDER_MESSAGES.paymentFailed);
export const orderNotFound = () => httpError(404, 'ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
export const orderNotPaid = () => httpError(409, 'ORDER_NOT_PAID', ORDER_MESSAGES.orderNotPaid);
export const orderCancelled = () => httpError(409, 'ORDER_CANCELLED', ORDER_MESSAGES.orderCancelled);

/** 409 INVALID_STATUS_TRANSITION with `error.allowed`: the statuses the order may move to from where it is. */
export function invalidTransition(from: OrderStatusValue, to: OrderStatusValue) {
  const allowed = [...allowedNext(from)];
  const next = allowed.length === 0 ? 'it cannot change any more' : `it can move to ${allowed.join(' or ')}`;
  return httpError(
    409,
    'INVALID_STATUS_TRANSITION',
    `This order is ${statusWords(from)} and cannot become ${statusWords(to)}; ${next}.`,
    'status',
    {
      allowed,
    },
  );
}
