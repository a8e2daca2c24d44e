// What happens after the shopper approves the PayPal payment (spec §4 Checkout, decision 003), in
// order: create the order (the server captures), complete the payment (a failure is only a warning),
// create tracking 'confirmed', send the admin, store and order-created notifications (failures are
// logged), mark the order placed, clear the cart and announce it. Resolves to the order id.
// The cart and the shopper are read from the store; only what the store does not hold is passed in.
import {
  apiErrorMessage,
  centsToDollars,
  cleared,
  events,
  selectCartItems,
  selectUser,
  type AppThunk,
  type CartItem,
  type OrderCreatePayload,
  type PaymentBreakdown,
  type User,
} from '@grocer/shared';
import { groupByStore } from '../../lib/groupByStore.ts';
import { checkoutApi, type StepResponse } from './checkoutApi.ts';
import { deliveryInfoOf, type DeliveryContact } from './deliveryInfo.ts';
import { markOrderPlaced } from './orderPlaced.ts';
import { CheckoutStepError, ORDER_CREATE_FAILED, PAYMENT_COMPLETE_FAILED } from './processingError.ts';

/** The PayPal attempt being approved, and what the shopper typed in step 1. */
export interface PlaceOrderInput {
  /** The approved PayPal order (onApprove's `orderID`). */
  paypalOrderId: string;
  payerId?: string | null;
  /** The checkout attempt's key, the same one the PayPal order was created with. */
  idempotencyKey: string;
  /**
   * The server's price of that PayPal order. The spec's payload and notifications carry it; the server
   * prices the order itself and ignores it.
   */
  pricing: PaymentBreakdown;
  contact: DeliveryContact;
}

/** What the order payload is built from: the approved attempt, and the cart and shopper of the store. */
export type OrderParts = Pick<PlaceOrderInput, 'paypalOrderId' | 'pricing' | 'contact'> & { items: CartItem[]; user: User };

export const TRACKING_NOTE = 'Order confirmed after PayPal payment';

/** Spec §7: the customer name defaults to 'Customer'. */
export function customerName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || 'Customer';
}

export function buildOrderPayload({ items, user, contact, pricing, paypalOrderId }: OrderParts, timestamp: string): OrderCreatePayload {
  return {
    items: items.map((item) => ({
      productId: item.uuid,
      quantity: item.quantity,
      price: centsToDollars(item.price_cents),
      name: item.name,
      storeId: item.store?.uuid ?? item.storeUuid,
      // 'If out of stock' travels with the line; a line never set (or stored before the choice) is best match.
      substitution: item.substitution?.choice ?? 'BEST_MATCH',
      substituteProductId: item.substitution?.choice === 'SPECIFIC' ? (item.substitution.substitute?.uuid ?? null) : null,
    })),
    deliveryInfo: deliveryInfoOf(user, contact),
    paymentMethod: 'paypal',
    pricing,
    user: { id: user.uuid, email: user.email, name: customerName(user) },
    paypalOrderDetails: { id: paypalOrderId, status: 'APPROVED' },
    orderTimestamp: timestamp,
  };
}

/** Runs a step whose failure must not stop the checkout: logs it with the spec's default text. */
async function tolerate(fallback: string, log: 'warn' | 'error', call: () => Promise<StepResponse>): Promise<void> {
  try {
    const answer = await call();
    if (answer?.success === false) console[log](fallback, answer.message ?? '');
  } catch (failure) {
    console[log](fallback, apiErrorMessage(failure, fallback));
  }
}

export function placeOrder(input: PlaceOrderInput): AppThunk<Promise<string>> {
  return async (dispatch, getState) => {
    const { endpoints } = checkoutApi;
    const items = selectCartItems(getState());
    const user = selectUser(getState());
    // The session ended during payment: the order call would be refused anyway.
    if (!user) throw new CheckoutStepError(ORDER_CREATE_FAILED);
    const timestamp = new Date().toISOString();
    const payload = buildOrderPayload({ ...input, items, user }, timestamp);

    const created = await dispatch(
      endpoints.checkoutCreateOrder.initiate({ body: payload, idempotencyKey: input.idempotencyKey }, { track: false }),
    ).unwrap();
    if (!created.success || !created.orderId) throw new CheckoutStepError(created.message || ORDER_CREATE_FAILED);
    const { orderId } = created;

    const groups = groupByStore(items);
    const name = payload.user.name;
    const itemCount = items.reduce((sum, item) => sum + item.quantity, 0);
    const run = <T>(request: { unwrap(): Promise<T> }) => request.unwrap();

    await tolerate(PAYMENT_COMPLETE_FAILED, 'warn', () =>
      run(
        dispatch(
          endpoints.checkoutCompletePayment.initiate(
            {
              orderId,
              paymentDetails: { id: input.paypalOrderId, status: 'APPROVED', payerID: input.payerId ?? null },
              user: payload.user,
            },
            { track: false },
          ),
        ),
      ),
    );
    await tolerate('Failed to create order tracking', 'error', () =>
      run(
        dispatch(
          endpoints.checkoutCreateTracking.initiate({ orderId, status: 'confirmed', timestamp, notes: TRACKING_NOTE }, { track: false }),
        ),
      ),
    );
    await tolerate('Failed to send admin notification', 'error', () =>
      run(
        dispatch(
          endpoints.checkoutNotifyAdmin.initiate(
            {
              type: 'new_order',
              orderId,
              customerName: name,
              totalAmount: input.pricing.total,
              itemCount,
              storeCount: groups.length,
              timestamp,
            },
            { track: false },
          ),
        ),
      ),
    );
    await tolerate('Failed to send store notifications', 'error', () =>
      run(
        dispatch(
          endpoints.checkoutNotifyStores.initiate(
            {
              orderId,
              storeOrderData: groups.map((group) => ({
                storeId: group.storeUuid,
                storeName: group.storeName,
                customerName: name,
                items: group.items.map((item) => ({
                  productId: item.uuid,
                  name: item.name,
                  quantity: item.quantity,
                  price: centsToDollars(item.price_cents),
                })),
              })),
            },
            { track: false },
          ),
        ),
      ),
    );
    await tolerate('Failed to send notifications', 'error', () =>
      run(
        dispatch(
          endpoints.checkoutNotifyOrderCreated.initiate(
            {
              orderId,
              orderData: {
                customerName: name,
                totalAmount: input.pricing.total,
                itemCount,
                storeCount: groups.length,
                storeIds: groups.map((group) => group.storeUuid),
              },
            },
            { track: false },
          ),
        ),
      ),
    );

    markOrderPlaced(orderId);
    dispatch(cleared());
    events.emit('order:placed', { orderId });
    return orderId;
  };
}
