// An in-memory PayPal (Orders v2) for API tests: `buildTestApp({ services: { paypal } })`.
// It behaves like PayPal where checkout depends on it: a retried create or capture with the same
// PayPal-Request-Id gets the first answer, an order must be approved before it can be captured, and
// a test can make the buyer's funding decline or the captured amount differ from the order's.
import type { PaypalClient, PaypalOrderState } from '../services/paypal/types.ts';
import { PaypalError } from '../services/paypal/types.ts';

interface FakeOrder {
  id: string;
  status: string;
  invoiceId: string;
  amountCents: number;
  /** Set by the test: what the capture does. */
  outcome: 'complete' | 'decline' | { amountCents: number; currency: string };
  capture: PaypalOrderState['capture'];
  /** Refunds of the capture, in cents. */
  refunds: { id: string; amountCents: number }[];
}

export interface FakePaypal extends PaypalClient {
  /** The buyer approved in the PayPal window. */
  approve(paypalOrderId: string): void;
  /** The buyer's funding source will be declined at capture. */
  declineOnCapture(paypalOrderId: string): void;
  /** Capture a different amount or currency than the order's (a tampered PayPal order). */
  captureAmount(paypalOrderId: string, amountCents: number, currency?: string): void;
  /** The next `n` PayPal calls fail like a PayPal outage (5xx). */
  failNext(n?: number): void;
  order(paypalOrderId: string): FakeOrder | undefined;
  /** Cents refunded of the order's capture so far. */
  refundedCents(paypalOrderId: string): number;
  readonly calls: { create: number; capture: number; get: number; refund: number };
}

export function createFakePaypal(): FakePaypal {
  const orders = new Map<string, FakeOrder>();
  const answers = new Map<string, Promise<unknown>>();
  const calls = { create: 0, capture: 0, get: 0, refund: 0 };
  let failures = 0;
  let seq = 0;

  const state = (o: FakeOrder): PaypalOrderState => ({ id: o.id, status: o.status, invoiceId: o.invoiceId, capture: o.capture });
  const find = (id: string) => {
    const o = orders.get(id);
    if (!o) throw new PaypalError('The specified resource does not exist.', 404, 'RESOURCE_NOT_FOUND');
    return o;
  };
  const outage = () => {
    if (failures <= 0) return;
    failures -= 1;
    throw new PaypalError('PayPal is unavailable', 503, 'SERVICE_UNAVAILABLE');
  };
  // Like PayPal-Request-Id: the same request id gets the first answer (success or failure).
  const once = <T>(requestId: string, run: () => T): Promise<T> => {
    const known = answers.get(requestId);
    if (known) return known as Promise<T>;
    // Asynchronous like the network, so concurrent callers really interleave.
    const answer = new Promise<void>((resolve) => setImmediate(resolve)).then(run);
    answers.set(requestId, answer);
    // A failed outage call is not remembered: PayPal never processed it.
    answer.catch((err: unknown) => {
      if (err instanceof PaypalError && err.status !== null && err.status >= 500) answers.delete(requestId);
    });
    return answer;
  };

  return {
    calls,
    async createOrder(input) {
      calls.create += 1;
      return once(input.requestId, () => {
        outage();
        seq += 1;
        const order: FakeOrder = {
          id: `FAKE${String(seq).padStart(6, '0')}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
          status: 'CREATED',
          invoiceId: input.orderReference,
          amountCents: input.amountCents,
          outcome: 'complete',
          capture: null,
          refunds: [],
        };
        orders.set(order.id, order);
        return state(order);
      });
    },
    async captureOrder(paypalOrderId, requestId) {
      calls.capture += 1;
      return once(requestId, () => {
        outage();
        const o = find(paypalOrderId);
        if (o.status === 'COMPLETED') throw new PaypalError('Order already captured', 422, 'ORDER_ALREADY_CAPTURED');
        if (o.status !== 'APPROVED') throw new PaypalError('Payer has not yet approved the Order for payment.', 422, 'ORDER_NOT_APPROVED');
        const captureId = `CAP${o.id}`;
        if (o.outcome === 'decline') {
          o.capture = { id: captureId, status: 'DECLINED', amountCents: o.amountCents, currency: 'USD' };
        } else {
          const amount = o.outcome === 'complete' ? { amountCents: o.amountCents, currency: 'USD' } : o.outcome;
          o.capture = { id: captureId, status: 'COMPLETED', ...amount };
          o.status = 'COMPLETED';
        }
        return state(o);
      });
    },
    async getOrder(paypalOrderId) {
      calls.get += 1;
      outage();
      return state(find(paypalOrderId));
    },
    async refundCapture(input) {
      calls.refund += 1;
      return once(`refund:${input.requestId}`, () => {
        outage();
        const o = [...orders.values()].find((order) => order.capture?.id === input.captureId);
        if (!o?.capture) throw new PaypalError('The specified resource does not exist.', 404, 'RESOURCE_NOT_FOUND');
        if (o.capture.status !== 'COMPLETED') throw new PaypalError('The capture was not completed.', 422, 'TRANSACTION_REFUSED');
        if (input.currency !== o.capture.currency) throw new PaypalError('Currency mismatch', 422, 'REFUND_CAPTURE_CURRENCY_MISMATCH');
        const left = o.capture.amountCents - o.refunds.reduce((sum, r) => sum + r.amountCents, 0);
        if (input.amountCents > left)
          throw new PaypalError(
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
            422,
            'REFUND_AMOUNT_EXCEEDED',
          );
        const refund = { id: `REF${o.id}-${o.refunds.length + 1}`, amountCents: input.amountCents };
        o.refunds.push(refund);
        return { id: refund.id, status: 'COMPLETED' };
      });
    },
    refundedCents: (id) => find(id).refunds.reduce((sum, r) => sum + r.amountCents, 0),
    approve(id) {
      find(id).status = 'APPROVED';
    },
    declineOnCapture(id) {
      find(id).outcome = 'decline';
    },
    captureAmount(id, amountCents, currency = 'USD') {
      find(id).outcome = { amountCents, currency };
    },
    failNext(n = 1) {
      failures = n;
    },
    order: (id) => orders.get(id),
  };
}
