// Checkout keeps its place: the step is in the URL (/checkout, /checkout?step=payment) and
// the phone and instructions typed in step 1 are in the Payment entry's history state, so a reload on
// Payment stays there (the window holds are the server's, kept for the shopper), and the browser's Back
// and Forward move between the steps. `step` is a query parameter, not a path, so the page, its guard
// and its route stay one.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { DeliveryContact } from './deliveryInfo.ts';

export const STEP_PARAM = 'step';
export const PAYMENT_STEP = 'payment';

/** What the Payment entry carries in history state. */
export interface PaymentEntryState {
  contact: DeliveryContact;
  /** Pushed from step 1 in this page: the step before it in history is Delivery Info. */
  fromDelivery?: boolean;
}

function paymentEntry(state: unknown): PaymentEntryState | null {
  const entry = state as Partial<PaymentEntryState> | null;
  const contact = entry?.contact;
  return contact && typeof contact.phone === 'string' && typeof contact.deliveryInstructions === 'string'
    ? { contact, fromDelivery: entry.fromDelivery === true }
    : null;
}

export interface CheckoutStep {
  /** The step the URL asks for. */
  asked: 1 | 2;
  /** The Payment entry's state, when the URL is on Payment and carries the contact. */
  payment: PaymentEntryState | null;
  toPayment: (contact: DeliveryContact) => void;
  /** Back to Delivery Info: one entry back when Payment was pushed from it, else in place. */
  toDelivery: () => void;
}

export function useCheckoutStep(): CheckoutStep {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get(STEP_PARAM) === PAYMENT_STEP ? 2 : 1;
  const payment = asked === 2 ? paymentEntry(state) : null;
  const fromDelivery = payment?.fromDelivery === true;
  const toPayment = useCallback(
    (contact: DeliveryContact) => {
      const params = new URLSearchParams(search);
      params.set(STEP_PARAM, PAYMENT_STEP);
      const entry: PaymentEntryState = { contact, fromDelivery: true };
      void navigate({ search: `?${params}` }, { state: entry });
    },
    [navigate, search],
  );
  const toDelivery = useCallback(() => {
    if (fromDelivery) {
      void navigate(-1);
      return;
    }
    const params = new URLSearchParams(search);
    params.delete(STEP_PARAM);
    const rest = params.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
  }, [fromDelivery, navigate, search]);
  return { asked, payment, toPayment, toDelivery };
}
