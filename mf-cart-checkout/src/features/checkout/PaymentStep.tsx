// Checkout step 2 'Payment' (spec §2, §4, §8): the PayPal button, 'Back' (disabled while processing),
// 'Processing your order...' and the error alert. One Idempotency-Key per attempt (a click on the
// PayPal button) goes with the PayPal order and the order creation.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  focusOnMount,
  Notice,
  paths,
  selectCartItems,
  useAppDispatch,
  useAppSelector,
  type OrderDetailsLocationState,
  type PaymentBreakdown,
} from '@grocer/shared';
import { newIdempotencyKey } from '../../lib/idempotencyKey.ts';
import { useCheckoutCreatePaypalOrderMutation } from './checkoutApi.ts';
import type { DeliveryContact } from './deliveryInfo.ts';
import { dropUnavailable } from './dropUnavailable.ts';
import { PayPalPayment, type PayPalCallbacks } from './PayPalPayment.tsx';
import { placeOrder } from './placeOrder.ts';
import {
  CheckoutStepError,
  isProductsUnavailable,
  isStoreRefusal,
  ORDER_CREATE_FAILED,
  PAYPAL_FAILED,
  processingErrorText,
} from './processingError.ts';

export interface PaymentStepProps {
  /** The phone and instructions of step 1. */
  contact: DeliveryContact;
  onBack: () => void;
  /** Focus the heading on mount (the shopper came from step 1). */
  focusHeading?: boolean;
  /** Payment would refuse the cart: no PayPal button, this instead, and Back to fix it. */
  blockedReason?: string | null;
}

export function PaymentStep({ contact, onBack, focusHeading = false, blockedReason = null }: PaymentStepProps) {
  const items = useAppSelector(selectCartItems);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createPaypalOrder] = useCheckoutCreatePaypalOrderMutation();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The attempt PayPal approves: its key and the server's price of its PayPal order. */
  const attempt = useRef<{ idempotencyKey: string; pricing: PaymentBreakdown } | null>(null);
  // createOrder already explained its failure; PayPal's onError that follows must not replace it.
  const explained = useRef(false);

  const fail = (failure: unknown, text: string) => {
    setError(text);
    setProcessing(false);
    // The server named products that are gone: take them out of the cart (with the usual toast).
    if (isProductsUnavailable(failure)) void dispatch(dropUnavailable(failure));
  };

  const callbacks: PayPalCallbacks = {
    createOrder: async () => {
      explained.current = false;
      setError(null);
      setProcessing(true);
      const key = newIdempotencyKey();
      const lines = items.map((item) => ({ productId: item.uuid, quantity: item.quantity }));
      try {
        const { paypalOrderId, pricing } = await createPaypalOrder({ body: { items: lines }, idempotencyKey: key }).unwrap();
        attempt.current = { idempotencyKey: key, pricing };
        return paypalOrderId;
      } catch (failure) {
        explained.current = true;
        fail(failure, isProductsUnavailable(failure) || isStoreRefusal(failure) ? processingErrorText(failure, items) : PAYPAL_FAILED);
        throw new Error('PayPal order could not be created', { cause: failure });
      }
    },
    onApprove: async (data) => {
      setProcessing(true);
      setError(null);
      try {
        // PayPal approves only an order that createOrder made.
        if (!attempt.current) throw new CheckoutStepError(ORDER_CREATE_FAILED);
        const orderId = await dispatch(placeOrder({ paypalOrderId: data.orderID, payerId: data.payerID, ...attempt.current, contact }));
        const state: OrderDetailsLocationState = { newOrder: true };
        navigate(paths.orderDetails(orderId), { state });
      } catch (failure) {
        console.error('Order processing failed', failure);
        fail(failure, processingErrorText(failure, items));
      }
    },
    onError: (failure) => {
      console.error('PayPal error', failure);
      if (!explained.current) setError(PAYPAL_FAILED);
      explained.current = false;
      setProcessing(false);
    },
    onCancel: () => {
      setProcessing(false);
    },
  };

  return (
    <section className="payment-step card summary-card" aria-labelledby="payment-heading">
      <h2 id="payment-heading" tabIndex={-1} ref={focusHeading ? focusOnMount : undefined}>
        Payment
      </h2>
      <p>Pay securely with PayPal. You confirm the amount with PayPal before anything is charged.</p>
      {error && <Notice kind="error">{error}</Notice>}
      {processing && (
        <p className="processing" role="status">
          Processing your order...
        </p>
      )}
      {blockedReason && !processing ? <Notice kind="warning">{blockedReason}</Notice> : <PayPalPayment {...callbacks} />}
      <button type="button" className="btn btn-outline" onClick={onBack} disabled={processing}>
        Back
      </button>
    </section>
  );
}
