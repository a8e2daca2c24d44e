// Reading /order-confirmation's location state (spec §2): it may be missing, stale (another order's)
// or forged, so every field is checked before use.
import { CONSTANTS, type OrderConfirmationLocationState, type TrackingInfo } from '@grocer/shared';

export function readConfirmationState(raw: unknown, orderId: string | undefined): OrderConfirmationLocationState {
  if (typeof raw !== 'object' || raw === null) return {};
  const state = raw as OrderConfirmationLocationState;
  const order = state.orderResult;
  const sameOrder = !!order && order.orderId === orderId && Array.isArray(order.orderItems);
  return {
    orderResult: sameOrder ? order : undefined,
    trackingInfo: typeof state.trackingInfo?.trackingNumber === 'string' ? state.trackingInfo : undefined,
    paymentResult: state.paymentResult?.method ? state.paymentResult : undefined,
    notificationsSent: state.notificationsSent === true,
    deliveryInfo: state.deliveryInfo && typeof state.deliveryInfo === 'object' ? state.deliveryInfo : undefined,
  };
}

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * When the order should arrive: tracking's estimate when it gives one, else ESTIMATED_DELIVERY_MINUTES
 * (45) after the order time (spec §9), else 45 minutes after `now`.
 */
export function estimatedDelivery(tracking: TrackingInfo | undefined, orderDate: string | undefined, now: number): Date {
  const fromTracking = timeOf(tracking?.estimatedDelivery);
  if (fromTracking !== null) return new Date(fromTracking);
  const base = timeOf(orderDate) ?? now;
  return new Date(base + CONSTANTS.ESTIMATED_DELIVERY_MINUTES * 60_000);
}
