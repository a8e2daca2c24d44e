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

/**
 * React Router patterns of every page; `:pathName` is the store's publicId. paths.ts builds links
 * from them. They live in the contracts, which have no runtime imports, so the shell can match the
 * first route before the shared libraries have loaded (shell/src/app/routeTable.ts).
 */
export const routePatterns = {
  home: '/',
  store: '/store/:pathName',
  storeCategory: '/store/:pathName/category/:categoryUuid',
  /** One product of a store: shareable, opened from cards, suggestions, cart and order lines. */
  product: '/store/:pathName/product/:productUuid',
  search: '/search',
  cart: '/cart',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  account: '/account',
  checkout: '/checkout',
  orderConfirmation: '/order-confirmation/:orderId',
  orderDetails: '/order-details/:orderId',
  orderHistory: '/order-history',
  /** Social links; its content is not specified. */
  contact: '/contact',
} as const;

export type RouteName = keyof typeof routePatterns;
