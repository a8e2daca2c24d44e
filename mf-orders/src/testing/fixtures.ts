// Entities for this remote's tests, shaped exactly as the API contract says.
import { makeOrder, makeOrderItem, makeUser } from '@grocer/shared/testing';

export { makeOrder, makeOrderItem, makeUser };

/** The error body every failed call has. */
export function errorBody(message: string, code = 'ERROR') {
  return { success: false, message, error: { code, message } };
}

/** `count` orders, newest first, with distinct UUIDs (…0001, …0002, …). */
export function makeOrders(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return makeOrder({
      orderId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      orderNumber: `GR-${100000 + n}`,
    });
  });
}
