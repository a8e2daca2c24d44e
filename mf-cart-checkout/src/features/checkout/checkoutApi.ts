// The checkout's calls (spec §7, decision 003), injected into the one shared RTK Query api: the
// PayPal config and order, and the order placement sequence (the guard's profile refresh is the
// shared `sessionProfile`).
import {
  api,
  type NewOrderItemsNotificationItem,
  type NewOrderNotification,
  type OrderCreatePayload,
  type OrderCreateResponse,
  type PaymentBreakdown,
  type PaypalOrderDetails,
} from '@grocer/shared';

/** GET /payments/paypal/config: `sdkBaseUrl` is null with real credentials, else the API's dev SDK stand-in. */
export interface PaypalConfig {
  clientId: string;
  sdkBaseUrl: string | null;
}

export interface CheckoutLine {
  /** Product uuid. */
  productId: string;
  quantity: number;
}

/** POST /payments/paypal/orders. */
export interface PaypalOrderResponse {
  paypalOrderId: string;
  orderReference: string;
  pricing: PaymentBreakdown;
}

/** Calls that may be retried carry the checkout attempt's key, so the server acts once. */
interface Idempotent<T> {
  body: T;
  idempotencyKey: string;
}

export interface CompletePaymentPayload {
  orderId: string;
  paymentDetails: PaypalOrderDetails;
  user: OrderCreatePayload['user'];
}

export interface TrackingPayload {
  orderId: string;
  status: 'confirmed';
  timestamp: string;
  notes: string;
}

export interface StoreOrderData {
  storeId: string;
  storeName: string;
  customerName: string;
  items: NewOrderItemsNotificationItem[];
}

export interface OrderCreatedPayload {
  orderId: string;
  orderData: { customerName: string; totalAmount: number; itemCount: number; storeCount: number; storeIds: string[] };
}

/** `{ success, message }` answers (payment completion, tracking, notifications). */
export interface StepResponse {
  success: boolean;
  message?: string;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const post = <T>(url: string, body: T, idempotencyKey?: string) => ({
  url,
  method: 'POST',
  body,
  ...(idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } } : {}),
});

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutPaypalConfig: build.query<PaypalConfig, void>({
      query: () => '/payments/paypal/config',
    }),
    checkoutCreatePaypalOrder: build.mutation<PaypalOrderResponse, Idempotent<{ items: CheckoutLine[] }>>({
      query: ({ body, idempotencyKey }) => post('/payments/paypal/orders', body, idempotencyKey),
      extraOptions: { auth: true },
    }),
    checkoutCreateOrder: build.mutation<OrderCreateResponse, Idempotent<OrderCreatePayload>>({
      query: ({ body, idempotencyKey }) => post('/orders/create', body, idempotencyKey),
      extraOptions: { auth: true },
      invalidatesTags: ['Order'],
    }),
    checkoutCompletePayment: build.mutation<StepResponse, CompletePaymentPayload>({
      query: (body) => post('/orders/paypal/complete', body),
      extraOptions: { auth: true },
    }),
    checkoutCreateTracking: build.mutation<StepResponse, TrackingPayload>({
      query: (body) => post('/orders/tracking', body),
      extraOptions: { auth: true },
    }),
    checkoutNotifyAdmin: build.mutation<StepResponse, NewOrderNotification>({
      query: (body) => post('/notifications/admin', body),
      extraOptions: { auth: true },
    }),
    checkoutNotifyStores: build.mutation<StepResponse, { orderId: string; storeOrderData: StoreOrderData[] }>({
      query: (body) => post('/notifications/stores', body),
      extraOptions: { auth: true },
    }),
    checkoutNotifyOrderCreated: build.mutation<StepResponse, OrderCreatedPayload>({
      query: (body) => post('/notifications/order-created', body),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useCheckoutPaypalConfigQuery, useCheckoutCreatePaypalOrderMutation } = checkoutApi;
