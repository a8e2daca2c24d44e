// The part of PayPal's Orders v2 and Payments v2 (refunds) REST API that checkout uses. One implementation talks HTTP to
// PAYPAL_API_BASE (sandbox, live, or our /dev/paypal stand-in); tests may pass another.

/** Amounts are integer cents here; the client turns them into PayPal's "12.34" strings at the edge. */
export interface PaypalCreateOrderInput {
  /** Our order reference: sent as `invoice_id` and `custom_id`. */
  orderReference: string;
  amountCents: number;
  currency: 'USD';
  /** Sent as the PayPal-Request-Id header, so a retried create returns the same PayPal order. */
  requestId: string;
}

/** What we read back from PayPal about an order. */
export interface PaypalOrderState {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string;
  /** The invoice_id we sent. */
  invoiceId: string | null;
  /** The captured amount (purchase_units[0].payments.captures[0]), when there is a capture. */
  capture: PaypalCapture | null;
}

export interface PaypalCapture {
  id: string;
  /** COMPLETED | DECLINED | PENDING | REFUNDED | FAILED */
  status: string;
  amountCents: number;
  currency: string;
}

/** A refund of (part of) a capture: POST /v2/payments/captures/{id}/refund. */
export interface PaypalRefundInput {
  captureId: string;
  /** In the capture's currency; at most what is left of the capture. */
  amountCents: number;
  currency: string;
  /** Sent as PayPal-Request-Id: a retry gets the first refund back, never a second one. */
  requestId: string;
  /** Shown to the payer (note_to_payer). */
  note: string;
}

export interface PaypalRefundState {
  id: string;
  /** COMPLETED | PENDING | FAILED | CANCELLED */
  status: string;
}

export interface PaypalClient {
  createOrder(input: PaypalCreateOrderInput): Promise<PaypalOrderState>;
  /** Captures an approved order. A decline is a resolved state (capture.status 'DECLINED'), not a throw. */
  captureOrder(paypalOrderId: string, requestId: string): Promise<PaypalOrderState>;
  getOrder(paypalOrderId: string): Promise<PaypalOrderState>;
  /** Refunds a capture; a refusal (amount over what is left, unknown capture) throws PaypalError. */
  refundCapture(input: PaypalRefundInput): Promise<PaypalRefundState>;
}

/** Thrown for PayPal answers we cannot act on (4xx other than a decline, 5xx, network). */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** PayPal's error name, e.g. 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED'. */
    readonly issue: string | null,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}
