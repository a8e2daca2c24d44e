// What one page hands the next in React Router's location state. It survives a reload but not a
// new tab, and a shopper can forge it, so receivers treat every field as optional and check it.
import type { DeliveryInfo, Order, PaymentMethod, TrackingInfo } from './entities.ts';

/** Location state of /order-details/{orderId}: checkout sets `newOrder` after placing the order (spec §4 Checkout). */
export interface OrderDetailsLocationState {
  newOrder?: boolean;
}

/** How the order was paid, as the payment step saw it. */
export interface PaymentResult {
  method: PaymentMethod;
  /** The provider's capture / transaction id; null when there is none (cash). */
  transactionId: string | null;
}

/**
 * Location state of /order-confirmation/{orderId} (spec §2): what the caller already knows, so the
 * page need not fetch. Without `orderResult` (or with one for another id) the page fetches the order.
 */
export interface OrderConfirmationLocationState {
  /** The order as read (GET /orders/{id} shape). */
  orderResult?: Order;
  trackingInfo?: TrackingInfo;
  paymentResult?: PaymentResult;
  /** Stores and the admin dashboard were notified and tracking was created. */
  notificationsSent?: boolean;
  /** The address the checkout form showed; else the order's own delivery fields are used. */
  deliveryInfo?: DeliveryInfo;
}
