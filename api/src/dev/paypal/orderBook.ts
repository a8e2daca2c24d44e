// The /dev/paypal stand-in's state: orders and PayPal-Request-Id replays in the database (the
// dev_paypal_* tables), so a restarted or killed API still finds what PayPal would know (the
// reconciler reads it), and access tokens in memory (a client whose token a restart forgot gets a 401
// and asks for another, as with PayPal). Development and tests only (the dev plugin is never registered
// in production); rows older than ORDER_KEEP_DAYS are dropped. The rules follow PayPal's Orders v2:
// an order is CREATED (or PAYER_ACTION_REQUIRED when a payment_source is given), the payer approves
// it (here: POST /dev/paypal/orders/{id}/approve, what the SDK stand-in's dialog calls), and one
// capture completes it. A completed capture can then be refunded, in parts, up to its amount
// (Payments v2: POST /v2/payments/captures/{id}/refund), idempotently on PayPal-Request-Id.
// Errors carry PayPal's names and issues so the client's handling is exercised.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { centsToValue, valueToCents } from '../../services/paypal/client.ts';
import { createOrderStore, type StoredAnswer } from './orderStore.ts';

/**
 * What the next capture of an approved order does (a test hook; the dialog's "Decline card" sends 'decline'):
 * - 'complete': COMPLETED for the order's amount;
 * - 'decline': the capture exists with status DECLINED (order COMPLETED), as PayPal reports a processor decline;
 * - 'instrument-declined': HTTP 422 INSTRUMENT_DECLINED, no capture, order stays APPROVED;
 * - 'amount-mismatch': COMPLETED for one cent less than the order's amount.
 */
export const APPROVAL_OUTCOMES = ['complete', 'decline', 'instrument-declined', 'amount-mismatch'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

type Json = Record<string, unknown>;

interface Amount {
  currency_code: string;
  value: string;
}

interface DevRefund {
  id: string;
  status: 'COMPLETED';
  amount: Amount;
  note: string | null;
  time: string;
}

interface DevCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: Amount;
  time: string;
  refunds: DevRefund[];
}

export interface DevOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: { reference_id: string; amount: Amount; invoice_id?: string; custom_id?: string; description?: string };
  /** The payment_source.paypal the merchant sent (experience_context); null when none. */
  paypalSource: Json | null;
  payer: { payerId: string; email: string } | null;
  outcome: ApprovalOutcome | null;
  cancelled: boolean;
  capture: DevCapture | null;
  createTime: string;
  updateTime: string;
}

/** A PayPal-shaped error answer; the stand-in's error handler sends `body` with `statusCode`. */
export class PaypalApiError extends Error {
  override name = 'PaypalApiError';
  constructor(
    readonly statusCode: number,
    readonly body: Json,
  ) {
    super(typeof body.message === 'string' ? body.message : `PayPal stand-in error ${statusCode}`);
  }
}

const debugId = () => randomBytes(7).toString('hex');

export function invalidRequest(issue: string, field: string, description: string): PaypalApiError {
  return new PaypalApiError(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: debugId(),
    details: [{ field, location: 'body', issue, description }],
  });
}

export function unprocessable(issue: string, description: string, field?: string): PaypalApiError {
  return new PaypalApiError(422, {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [{ ...(field ? { field, location: 'body' } : {}), issue, description }],
  });
}

export const orderNotFound = () =>
  new PaypalApiError(404, {
    name: 'RESOURCE_NOT_FOUND',
    message: 'The specified resource does not exist.',
    debug_id: debugId(),
    details: [
      { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
    ],
  });

export const authenticationFailure = () =>
  new PaypalApiError(401, {
    name: 'AUTHENTICATION_FAILURE',
    message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    debug_id: debugId(),
  });

/** PayPal ids look like 5O190127TN364715T: upper-case letters and digits. */
function paypalId(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** PayPal's pattern for amount values; the stand-in then insists on USD's two decimals. */
const AMOUNT_SYNTAX = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

function parseAmount(raw: unknown, field: string): Amount {
  if (!isObject(raw)) throw invalidRequest('MISSING_REQUIRED_PARAMETER', field, 'A required field / parameter is missing.');
  const { currency_code: currency, value } = raw;
  if (currency === undefined)
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', `${field}/currency_code`, 'A required field / parameter is missing.');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalidRequest(
      'INVALID_PARAMETER_SYNTAX',
      `${field}/currency_code`,
      'The value of a field does not conform to the expected format.',
    );
  }
  if (currency !== 'USD') throw unprocessable('CURRENCY_NOT_SUPPORTED', 'The Grocer stand-in supports USD only.', `${field}/currency_code`);
  if (value === undefined) throw invalidRequest('MISSING_REQUIRED_PARAMETER', `${field}/value`, 'A required field / parameter is missing.');
  if (typeof value !== 'string' || value.length > 32 || !AMOUNT_SYNTAX.test(value)) {
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', `${field}/value`, 'The value of a field does not conform to the expected format.');
  }
  if (value.startsWith('-') || !/[1-9]/.test(value)) {
    throw unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', `${field}/value`);
  }
  if ((value.split('.')[1] ?? '').length > 2) {
    throw unprocessable(
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
      `${field}/value`,
    );
  }
  const cents = valueToCents(value.startsWith('.') ? `0${value}` : value);
  if (cents === null) throw invalidRequest('INVALID_PARAMETER_VALUE', `${field}/value`, 'The value of a field is invalid.');
  return { currency_code: 'USD', value: centsToValue(cents) };
}

function optionalString(raw: Json, key: string, max: number, field: string): string | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length < 1)
    throw invalidRequest('INVALID_PARAMETER_SYNTAX', `${field}/${key}`, 'The value of a field does not conform to the expected format.');
  if (value.length > max)
    throw invalidRequest('INVALID_STRING_MAX_LENGTH', `${field}/${key}`, `The value of a field is too long (at most ${max}).`);
  return value;
}

function parsePaypalSource(raw: unknown): Json | null {
  if (raw === undefined) return null;
  const paypal = isObject(raw) ? raw.paypal : undefined;
  if (!isObject(paypal))
    throw invalidRequest('INVALID_PARAMETER_VALUE', '/payment_source', 'The Grocer stand-in supports payment_source.paypal only.');
  const context = paypal.experience_context;
  if (context !== undefined) {
    if (!isObject(context))
      throw invalidRequest('INVALID_PARAMETER_SYNTAX', '/payment_source/paypal/experience_context', 'Must be an object.');
    const allowed: Record<string, string[]> = {
      shipping_preference: ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'],
      user_action: ['CONTINUE', 'PAY_NOW'],
      landing_page: ['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE'],
    };
    for (const [key, values] of Object.entries(allowed)) {
      const value = context[key];
      if (value !== undefined && !values.includes(value as string)) {
        throw invalidRequest(
          'INVALID_PARAMETER_VALUE',
          `/payment_source/paypal/experience_context/${key}`,
          `Must be one of ${values.join(', ')}.`,
        );
      }
    }
  }
  return paypal;
}

/** The create-order body, checked as PayPal checks it (the parts the stand-in supports). */
function parseCreateBody(body: unknown): Pick<DevOrder, 'unit' | 'paypalSource'> {
  if (!isObject(body)) throw invalidRequest('MALFORMED_REQUEST_JSON', '/', 'The request JSON is not well formed.');
  if (body.intent === undefined) throw invalidRequest('MISSING_REQUIRED_PARAMETER', '/intent', 'A required field / parameter is missing.');
  if (body.intent !== 'CAPTURE') {
    throw invalidRequest(
      'INVALID_PARAMETER_VALUE',
      '/intent',
      'The value of a field is invalid (the Grocer stand-in supports intent CAPTURE only).',
    );
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) {
    throw invalidRequest('MISSING_REQUIRED_PARAMETER', '/purchase_units', 'A required field / parameter is missing.');
  }
  if (units.length > 1)
    throw invalidRequest('INVALID_ARRAY_MAX_ITEMS', '/purchase_units', 'The Grocer stand-in supports one purchase unit.');
  const unit: unknown = units[0];
  if (!isObject(unit)) throw invalidRequest('INVALID_PARAMETER_SYNTAX', '/purchase_units/0', 'Must be an object.');
  const field = '/purchase_units/0';
  const parsed: DevOrder['unit'] = {
    reference_id: optionalString(unit, 'reference_id', 256, field) ?? 'default',
    amount: parseAmount(unit.amount, `${field}/amount`),
  };
  const invoiceId = optionalString(unit, 'invoice_id', 127, field);
  const customId = optionalString(unit, 'custom_id', 127, field);
  const description = optionalString(unit, 'description', 127, field);
  if (invoiceId !== undefined) parsed.invoice_id = invoiceId;
  if (customId !== undefined) parsed.custom_id = customId;
  if (description !== undefined) parsed.description = description;
  return { unit: parsed, paypalSource: parsePaypalSource(body.payment_source) };
}

/** One answer of the Orders API, kept for a PayPal-Request-Id replay. */
export type OrdersAnswer = StoredAnswer;

export interface PaypalOrderBookOptions {
  /** Links in answers point here, e.g. http://localhost:4000/dev/paypal. */
  baseUrl: string;
  db: Database;
  now?: () => number;
}

export const TOKEN_TTL_SECONDS = 32_400;
const MAX_TOKENS = 1_000;

export function createPaypalOrderBook(options: PaypalOrderBookOptions) {
  const now = options.now ?? Date.now;
  // PayPal replays a refused capture or refund (422) to a repeated request id; a 404 or a malformed request it never processed.
  const store = createOrderStore<DevOrder>(options.db, (err) =>
    err instanceof PaypalApiError && err.statusCode === 422 ? { statusCode: err.statusCode, body: err.body } : null,
  );
  // Token → when it expires; the oldest go first past MAX_TOKENS (a Map iterates in insertion order).
  const tokens = new Map<string, number>();
  const iso = () => new Date(now()).toISOString();

  const orderUrl = (id: string) => `${options.baseUrl}/v2/checkout/orders/${id}`;
  const captureUrl = (id: string) => `${options.baseUrl}/v2/payments/captures/${id}`;

  async function find(id: string): Promise<DevOrder> {
    const order = await store.find(id);
    if (!order) throw orderNotFound();
    return order;
  }

  function captureJson(order: DevOrder, capture: DevCapture): Json {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(order.unit.invoice_id ? { invoice_id: order.unit.invoice_id } : {}),
      ...(order.unit.custom_id ? { custom_id: order.unit.custom_id } : {}),
      create_time: capture.time,
      update_time: capture.refunds.at(-1)?.time ?? capture.time,
      links: [
        { href: captureUrl(capture.id), rel: 'self', method: 'GET' },
        ...(capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED'
          ? [{ href: `${captureUrl(capture.id)}/refund`, rel: 'refund', method: 'POST' }]
          : []),
        { href: orderUrl(order.id), rel: 'up', method: 'GET' },
      ],
    };
  }

  function refundJson(capture: DevCapture, refund: DevRefund): Json {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      ...(refund.note ? { note_to_payer: refund.note } : {}),
      create_time: refund.time,
      update_time: refund.time,
      links: [
        { href: `${options.baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: captureUrl(capture.id), rel: 'up', method: 'GET' },
      ],
    };
  }

  /** What is left of a capture to refund, in cents. */
  const refundable = (capture: DevCapture) =>
    valueToCents(capture.amount.value)! - capture.refunds.reduce((sum, r) => sum + valueToCents(r.amount.value)!, 0);

  function refundAnswer(order: DevOrder | undefined, body: unknown, minimal: boolean): OrdersAnswer {
    const capture = order?.capture;
    if (!order || !capture) throw orderNotFound();
    if (capture.status === 'DECLINED')
      throw unprocessable('TRANSACTION_REFUSED', 'The capture was not completed, so there is nothing to refund.');
    const left = refundable(capture);
    if (left <= 0) throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (!isObject(body)) throw invalidRequest('MALFORMED_REQUEST_JSON', '/', 'The request JSON is not well formed.');
    const amount =
      body.amount === undefined
        ? { currency_code: capture.amount.currency_code, value: centsToValue(left) }
        : parseAmount(body.amount, '/amount');
    if (amount.currency_code !== capture.amount.currency_code) {
      throw unprocessable(
        'REFUND_CAPTURE_CURRENCY_MISMATCH',
        'Refund currency must be the same as the capture currency.',
        '/amount/currency_code',
      );
    }
    if (valueToCents(amount.value)! > left) {
      throw unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        '/amount/value',
      );
    }
    const time = iso();
    const note = typeof body.note_to_payer === 'string' ? body.note_to_payer.slice(0, 255) : null;
    const refund: DevRefund = { id: paypalId(17), status: 'COMPLETED', amount, note, time };
    capture.refunds.push(refund);
    capture.status = refundable(capture) === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    order.updateTime = time;
    const full = refundJson(capture, refund);
    return { statusCode: 201, body: minimal ? { id: full.id, status: full.status, links: full.links } : full };
  }

  /** The full representation (Prefer: return=representation, and every GET). */
  function representation(order: DevOrder): Json {
    const payer = order.payer && {
      name: { given_name: 'Test', surname: 'Buyer' },
      email_address: order.payer.email,
      payer_id: order.payer.payerId,
      address: { country_code: 'US' },
    };
    const paypalSource =
      order.paypalSource || payer
        ? {
            ...order.paypalSource,
            ...(payer
              ? { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name }
              : {}),
          }
        : null;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(paypalSource ? { payment_source: { paypal: paypalSource } } : {}),
      purchase_units: [
        {
          ...order.unit,
          payee: { email_address: 'merchant@grocer.example', merchant_id: 'GROCERDEVMRCH' },
          ...(order.capture
            ? {
                payments: {
                  captures: [captureJson(order, order.capture)],
                  ...(order.capture.refunds.length > 0 ? { refunds: order.capture.refunds.map((r) => refundJson(order.capture!, r)) } : {}),
                },
              }
            : {}),
        },
      ],
      ...(payer ? { payer } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links: links(order),
    };
  }

  function links(order: DevOrder): Json[] {
    const self = { href: orderUrl(order.id), rel: 'self', method: 'GET' };
    if (order.status === 'COMPLETED') return [self];
    return [self, { href: `${orderUrl(order.id)}/capture`, rel: 'capture', method: 'POST' }];
  }

  /** Prefer: return=minimal (PayPal's default) keeps only what identifies the result. */
  function answerBody(order: DevOrder, minimal: boolean, kind: 'create' | 'capture'): Json {
    const full = representation(order);
    if (!minimal) return full;
    if (kind === 'create') return { id: full.id, status: full.status, links: full.links };
    const unit = (full.purchase_units as Json[])[0]!;
    return {
      id: full.id,
      status: full.status,
      purchase_units: [{ reference_id: unit.reference_id, payments: unit.payments }],
      links: full.links,
    };
  }

  function captureAnswer(order: DevOrder, minimal: boolean): OrdersAnswer {
    if (order.status === 'COMPLETED') {
      throw unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
    }
    if (order.status !== 'APPROVED') {
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (order.outcome === 'instrument-declined') {
      throw unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    }
    const orderCents = valueToCents(order.unit.amount.value)!;
    // One cent less, but never below a cent: enough for a mismatch, still a valid PayPal amount.
    const cents = order.outcome === 'amount-mismatch' ? Math.max(orderCents - 1, 1) : orderCents;
    const time = iso();
    order.capture = {
      id: paypalId(17),
      status: order.outcome === 'decline' ? 'DECLINED' : 'COMPLETED',
      amount: { currency_code: order.unit.amount.currency_code, value: centsToValue(cents) },
      time,
      refunds: [],
    };
    order.status = 'COMPLETED';
    order.updateTime = time;
    return { statusCode: 201, body: answerBody(order, minimal, 'capture') };
  }

  /** Client-credentials grant: the fixed dev pair was checked by the route. */
  function issueToken(): { accessToken: string; expiresIn: number } {
    const accessToken = `A21AA${randomBytes(30).toString('base64url')}`;
    tokens.set(accessToken, now() + TOKEN_TTL_SECONDS * 1000);
    while (tokens.size > MAX_TOKENS) tokens.delete(tokens.keys().next().value!);
    return { accessToken, expiresIn: TOKEN_TTL_SECONDS };
  }

  return {
    issueToken,

    isValidToken(token: string): boolean {
      return (tokens.get(token) ?? 0) > now();
    },

    /** POST /v2/checkout/orders. A repeated PayPal-Request-Id returns the order it created (as it is now), 200 instead of 201. */
    async createOrder(body: unknown, requestId: string | undefined, minimal: boolean): Promise<OrdersAnswer> {
      const key = requestId === undefined ? undefined : `create:${requestId}`;
      let parsed: ReturnType<typeof parseCreateBody>;
      try {
        parsed = parseCreateBody(body);
      } catch (err) {
        // A repeat of a create PayPal already made gets its order back, whatever the body says now. Looked
        // up only here: with a body that passes, store.create answers the repeat in the same statement.
        const earlier = key === undefined ? undefined : await store.createdBy(key);
        if (!earlier) throw err;
        return { statusCode: 200, body: answerBody(earlier, minimal, 'create') };
      }
      const time = iso();
      const order: DevOrder = {
        id: paypalId(17),
        // With a payment_source PayPal answers PAYER_ACTION_REQUIRED (a payer-action link); without, CREATED.
        status: parsed.paypalSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        ...parsed,
        payer: null,
        outcome: null,
        cancelled: false,
        capture: null,
        createTime: time,
        updateTime: time,
      };
      // A create racing with the same request id may have won: its order is the answer.
      const created = await store.create(order, key);
      return { statusCode: created === order ? 201 : 200, body: answerBody(created, minimal, 'create') };
    },

    async getOrder(id: string): Promise<Json> {
      return representation(await find(id));
    },

    /**
     * POST /v2/checkout/orders/{id}/capture. A repeated PayPal-Request-Id for the same order replays the
     * first answer, errors included (as PayPal does), so a retried capture never captures twice.
     */
    captureOrder(id: string, requestId: string | undefined, minimal: boolean): Promise<OrdersAnswer> {
      const key = requestId === undefined ? undefined : `capture:${id}:${requestId}`;
      return store.answerOnce({ id }, key, (order) => {
        // Not-found is not remembered: the order id may simply be mistyped.
        if (!order) throw orderNotFound();
        return captureAnswer(order, minimal);
      });
    },

    /**
     * POST /v2/payments/captures/{id}/refund: `amount` (default: all that is left) up to what is left of
     * the capture. A repeated PayPal-Request-Id for the same capture replays the first answer, errors
     * included, so a retried refund never refunds twice.
     */
    refundCapture(captureId: string, body: unknown, requestId: string | undefined, minimal: boolean): Promise<OrdersAnswer> {
      const key = requestId === undefined ? undefined : `refund:${captureId}:${requestId}`;
      // Not-found and malformed requests are not remembered: PayPal never processed them (answerOnce keeps 422s only).
      return store.answerOnce({ captureId }, key, (order) => refundAnswer(order, body, minimal));
    },

    /** GET /v2/payments/captures/{id}: its status (COMPLETED, PARTIALLY_REFUNDED, REFUNDED) and amount. */
    async getCapture(captureId: string): Promise<Json> {
      const order = await store.find({ captureId });
      if (!order?.capture) throw orderNotFound();
      return captureJson(order, order.capture);
    },

    /** GET /v2/payments/refunds/{id}. */
    async getRefund(refundId: string): Promise<Json> {
      const capture = (await store.find({ refundId }))?.capture;
      const refund = capture?.refunds.find((r) => r.id === refundId);
      if (!capture || !refund) throw orderNotFound();
      return refundJson(capture, refund);
    },

    /** The payer approves (the SDK stand-in's dialog). Repeating it before the capture may change the outcome. */
    async approve(
      id: string,
      outcome: ApprovalOutcome,
    ): Promise<{ orderID: string; payerID: string; status: string; outcome: ApprovalOutcome; facilitatorAccessToken: string }> {
      const order = await store.change(id, (order) => {
        if (!order) throw orderNotFound();
        if (order.status === 'COMPLETED') {
          throw unprocessable(
            'ORDER_ALREADY_CAPTURED',
            "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
          );
        }
        order.payer ??= { payerId: paypalId(13), email: 'buyer@personal.example.com' };
        order.status = 'APPROVED';
        order.outcome = outcome;
        order.updateTime = iso();
      });
      // The real SDK hands the page a token that can read (and capture) this order; so does this one.
      return {
        orderID: order.id,
        payerID: order.payer!.payerId,
        status: order.status,
        outcome,
        facilitatorAccessToken: issueToken().accessToken,
      };
    },

    /** The payer closed the PayPal window: the order stays as it was (PayPal has no cancelled status); the shop may start again. */
    async cancel(id: string): Promise<{ orderID: string; status: string }> {
      const order = await store.change(id, (order) => {
        if (!order) throw orderNotFound();
        order.cancelled = true;
      });
      return { orderID: order.id, status: order.status };
    },

    /** What the SDK stand-in's dialog shows; public, like the order summary on PayPal's own page. */
    async summary(id: string): Promise<{ id: string; status: string; amount: Amount; invoiceId: string | null }> {
      const order = await find(id);
      return { id: order.id, status: order.status, amount: order.unit.amount, invoiceId: order.unit.invoice_id ?? null };
    },
  };
}

export type PaypalOrderBook = ReturnType<typeof createPaypalOrderBook>;
