// The order status model (spec §4 and the order lifecycle the stores follow): one table says which status may follow which.
//
//   PENDING → CONFIRMED → PREPARING → READY_FOR_PICKUP → OUT_FOR_DELIVERY → DELIVERED
//   and CANCELLED from any of them before DELIVERED. DELIVERED and CANCELLED are final.
//
// PROCESSING is the browser's display default for an order without a status; the server never
// records it, and a row that carried it would move on like CONFIRMED. Who may ask for which
// transition is decided in orders.ts (customers: only PENDING → CONFIRMED on their own order).
import type { OrderStatusValue } from '../../db/schema.ts';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  PENDING: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['PREPARING', 'CANCELLED'],
  PROCESSING: ['PREPARING', 'CANCELLED'],
  PREPARING: ['READY_FOR_PICKUP', 'CANCELLED'],
  READY_FOR_PICKUP: ['OUT_FOR_DELIVERY', 'CANCELLED'],
  OUT_FOR_DELIVERY: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

/** The statuses POST /orders/tracking accepts (every one but PROCESSING, which is never recorded). */
export const TRACKABLE_STATUSES: readonly OrderStatusValue[] = [
  'PENDING',
  'CONFIRMED',
  'PREPARING',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELLED',
];

export function allowedNext(from: OrderStatusValue): readonly OrderStatusValue[] {
  return ORDER_TRANSITIONS[from];
}

export function canTransition(from: OrderStatusValue, to: OrderStatusValue): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** 'confirmed', 'Out for delivery', 'out-for-delivery' → the status; anything else → null. */
export function parseTrackedStatus(input: string): OrderStatusValue | null {
  const key = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return TRACKABLE_STATUSES.find((s) => s === key) ?? null;
}

/** 'OUT_FOR_DELIVERY' → 'out for delivery', for messages. */
export const statusWords = (status: OrderStatusValue) => status.toLowerCase().replace(/_/g, ' ');
