// Spec §4 order statuses as the order pages show them: badge tone, title-cased text, and which
// statuses are final (no more changes to wait for).
// Leaf imports only: the order's first screen (orderDetailsFirstScreen.ts) uses this before the shared libraries load.
import { DEFAULT_ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@grocer/shared/contracts';
import { titleCaseStatus } from '@grocer/shared/format';

export type StatusTone = 'success' | 'danger' | 'info' | 'warning' | 'primary';

const TONES: Partial<Record<OrderStatus, StatusTone>> = {
  DELIVERED: 'success',
  CANCELLED: 'danger',
  OUT_FOR_DELIVERY: 'info',
  PREPARING: 'warning',
};

/** DELIVERED green, CANCELLED red, OUT_FOR_DELIVERY info, PREPARING warning, others primary (spec §4). */
export function statusTone(status: OrderStatus): StatusTone {
  return TONES[status] ?? 'primary';
}

/** A known status, or DEFAULT_ORDER_STATUS (PROCESSING) when the order carries none or one we do not know. */
export function orderStatusOf(status: string | null | undefined): OrderStatus {
  return ORDER_STATUSES.find((known) => known === status?.toUpperCase()) ?? DEFAULT_ORDER_STATUS;
}

/** 'OUT_FOR_DELIVERY' → 'Out For Delivery'. */
export function statusLabel(status: OrderStatus): string {
  return titleCaseStatus(status);
}

/** Delivered and cancelled orders do not change any more: no polling, no 'Contact Support'. */
export function isFinalStatus(status: OrderStatus): boolean {
  return status === 'DELIVERED' || status === 'CANCELLED';
}
