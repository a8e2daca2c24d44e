// PaypalClient over HTTP (PayPal REST: OAuth2 client credentials, Orders v2, Payments v2 refunds).
// The same code talks to the sandbox, live PayPal or our /dev/paypal stand-in; only the base URL
// and the credentials differ (config.ts). Amounts cross the wire as PayPal's "12.34" strings and
// are turned into integer cents here, by string arithmetic, never through a float.
import { Pool } from 'undici';
import {
  PaypalError,
  type PaypalCapture,
  type PaypalClient,
  type PaypalCreateOrderInput,
  type PaypalOrderState,
  type PaypalRefundState,
} from './types.ts';

export interface PaypalClientOptions {
  /** e.g. https://api-m.sandbox.paypal.com or http://localhost:4000/dev/paypal; no trailing slash needed. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Per request, including the token call. */
  timeoutMs?: number;
  /** Tests may wrap it (record calls, simulate a hang); defaults to createPaypalTransport(apiBase). */
  transport?: PaypalTransport;
  /** Clock for the token cache (tests). */
  now?: () => number;
}

export const PAYPAL_TIMEOUT_MS = 15_000;
/** A cached token is dropped this long before PayPal says it expires, so no call carries a token that dies in flight. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** One HTTP exchange with PayPal, as the client asks for it. */
export interface PaypalHttpRequest {
  method: 'GET' | 'POST';
  /** Below apiBase, e.g. /v2/checkout/orders. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Fires when the call's time is up; it ends the exchange wherever it is (connecting, waiting, reading the body). */
  signal: AbortSignal;
}

/** The answer with its body read whole: a transport never leaves a body unread, which would keep its socket busy. */
export interface PaypalHttpResponse {
  status: number;
  text: string;
}

export type PaypalTransport = (request: PaypalHttpRequest) => Promise<PaypalHttpResponse>;

/**
 * HTTP to apiBase (http or https) with undici's request() on a keep-alive pool of its own. Undici is what runs
 * Node's global fetch; request() skips fetch's WHATWG layer (Request, Headers, Response, web streams), which
 * cost the API several times the CPU of the exchange itself (scripts/bench-paypal-client.ts). The pool keeps
 * fetch's connection defaults (idle connections kept alive and reused, no cap on their number); unlike fetch
 * it follows no redirect, and PayPal's REST API sends none.
 */
export function createPaypalTransport(apiBase: string): PaypalTransport {
  const url = new URL(apiBase);
  const prefix = url.pathname.replace(/\/+$/, '');
  const pool = new Pool(url.origin);
  return async ({ method, path, headers, body, signal }) => {
    const res = await pool.request({ method, path: prefix + path, headers, body, signal });
    // text() reads the body to its end; when it fails instead (the signal fired mid-body), undici destroys the body.
    return { status: res.statusCode, text: await res.body.text() };
  };
}

/** What PayPal answered: the HTTP status and the parsed JSON body (null when there was none or it was not JSON). */
interface PaypalResponse {
  status: number;
  body: unknown;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);

/** 1234 → "12.34". Our amounts are whole, positive cents; anything else is a bug upstream, not a PayPal problem. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`amountCents must be a positive whole number of cents (got ${cents})`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234, "12.3" → 1230, "12" → 1200; null for anything that is not a plain non-negative decimal with at most 2 places. */
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** PayPal's error body names the problem in details[0].issue (Orders v2), `name` (Orders v2), or `error` (OAuth2). */
function issueOf(body: unknown): string | null {
  const issue = field(first(field(body, 'details')), 'issue') ?? field(body, 'name') ?? field(body, 'error');
  return typeof issue === 'string' ? issue : null;
}

function describe(body: unknown): string {
  const text = field(first(field(body, 'details')), 'description') ?? field(body, 'message') ?? field(body, 'error_description');
  return typeof text === 'string' ? text : '';
}

function unreadable(what: string, response: PaypalResponse): PaypalError {
  return new PaypalError(`PayPal sent ${what} we cannot read`, response.status, null);
}

function parseCapture(raw: unknown, response: PaypalResponse): PaypalCapture | null {
  if (raw === undefined) return null;
  const amount = field(raw, 'amount');
  const id = field(raw, 'id');
  const status = field(raw, 'status');
  const currency = field(amount, 'currency_code');
  const amountCents = valueToCents(field(amount, 'value'));
  if (typeof id !== 'string' || typeof status !== 'string' || typeof currency !== 'string' || amountCents === null) {
    throw unreadable('a capture', response);
  }
  return { id, status, amountCents, currency };
}

/** An Orders v2 order (full representation) → what checkout needs: status, our invoice id, the first capture. */
export function parseOrder(response: PaypalResponse): PaypalOrderState {
  const { body } = response;
  const id = field(body, 'id');
  const status = field(body, 'status');
  if (typeof id !== 'string' || typeof status !== 'string') throw unreadable('an order', response);
  const unit = first(field(body, 'purchase_units'));
  const invoiceId = field(unit, 'invoice_id');
  return {
    id,
    status,
    invoiceId: typeof invoiceId === 'string' ? invoiceId : null,
    capture: parseCapture(first(field(field(unit, 'payments'), 'captures')), response),
  };
}

/** The amount PayPal was asked to collect for the order (purchase_units[0].amount). */
function orderAmount(response: PaypalResponse): { cents: number; currency: string } | null {
  const amount = field(first(field(response.body, 'purchase_units')), 'amount');
  const cents = valueToCents(field(amount, 'value'));
  const currency = field(amount, 'currency_code');
  return cents !== null && typeof currency === 'string' ? { cents, currency } : null;
}

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const timeoutMs = options.timeoutMs ?? PAYPAL_TIMEOUT_MS;
  const transport = options.transport ?? createPaypalTransport(options.apiBase);
  const now = options.now ?? Date.now;

  let token: { value: string; refreshAt: number } | null = null;
  // Concurrent calls with no valid token share one token request.
  let pendingToken: Promise<string> | null = null;

  async function send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<PaypalResponse> {
    // The time limit covers the whole exchange, the body included.
    const signal = AbortSignal.timeout(timeoutMs);
    let res: PaypalHttpResponse;
    try {
      res = await transport({ method, path, headers: { accept: 'application/json', ...headers }, body, signal });
    } catch {
      throw new PaypalError(
        signal.aborted
          ? `PayPal did not answer ${method} ${path} within ${timeoutMs} ms`
          : `PayPal could not be reached (${method} ${path})`,
        null,
        null,
      );
    }
    let parsed: unknown = null;
    try {
      parsed = res.text ? JSON.parse(res.text) : null;
    } catch {
      // Not JSON (a proxy's error page): the status still says what happened.
    }
    return { status: res.status, body: parsed };
  }

  function failure(what: string, response: PaypalResponse): PaypalError {
    const detail = describe(response.body);
    return new PaypalError(
      `PayPal ${what} failed with ${response.status}${detail ? `: ${detail}` : ''}`,
      response.status,
      issueOf(response.body),
    );
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const requestedAt = now();
    const response = await send(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (response.status !== 200) throw failure('authentication', response);
    const value = field(response.body, 'access_token');
    const expiresIn = field(response.body, 'expires_in');
    if (typeof value !== 'string' || typeof expiresIn !== 'number') throw unreadable('a token', response);
    // A short-lived token is still used once rather than refreshed on every call.
    const lifetimeMs = expiresIn * 1000;
    token = { value, refreshAt: requestedAt + Math.max(lifetimeMs - TOKEN_EXPIRY_MARGIN_MS, lifetimeMs / 2) };
    return value;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authenticated Orders call; a 401 (token revoked or expired early) gets one retry with a fresh token. */
  async function call(method: 'GET' | 'POST', path: string, extra: { requestId?: string; body?: unknown } = {}): Promise<PaypalResponse> {
    const attempt = async () =>
      send(
        method,
        path,
        {
          authorization: `Bearer ${await accessToken()}`,
          prefer: 'return=representation',
          ...(extra.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(extra.requestId === undefined ? {} : { 'paypal-request-id': extra.requestId }),
        },
        extra.body === undefined ? undefined : JSON.stringify(extra.body),
      );
    const response = await attempt();
    if (response.status !== 401) return response;
    token = null;
    return attempt();
  }

  const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;

  async function getOrder(paypalOrderId: string): Promise<PaypalOrderState> {
    const response = await call('GET', orderPath(paypalOrderId));
    if (response.status !== 200) throw failure('order lookup', response);
    return parseOrder(response);
  }

  return {
    async createOrder(input: PaypalCreateOrderInput) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderReference,
            invoice_id: input.orderReference,
            custom_id: input.orderReference,
            amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
          },
        ],
        // Spec §9: no shipping address is asked for (we deliver to the account's address); the shopper pays in the PayPal window.
        payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
      };
      const response = await call('POST', '/v2/checkout/orders', { requestId: input.requestId, body });
      if (response.status !== 200 && response.status !== 201) throw failure('order creation', response);
      return parseOrder(response);
    },

    async captureOrder(paypalOrderId, requestId) {
      const response = await call('POST', `${orderPath(paypalOrderId)}/capture`, { requestId, body: {} });
      if (response.status === 200 || response.status === 201) return parseOrder(response);
      if (response.status === 422 && issueOf(response.body) === 'INSTRUMENT_DECLINED') {
        // The payer's funding was refused before any capture existed: a definite outcome, not an error.
        // The order itself (status, invoice, amount) is read back so the caller sees what was declined.
        const order = await call('GET', orderPath(paypalOrderId)).catch(() => null);
        const state = order?.status === 200 ? parseOrder(order) : { id: paypalOrderId, status: 'APPROVED', invoiceId: null, capture: null };
        const amount = order?.status === 200 ? orderAmount(order) : null;
        return { ...state, capture: { id: '', status: 'DECLINED', amountCents: amount?.cents ?? 0, currency: amount?.currency ?? 'USD' } };
      }
      throw failure('capture', response);
    },

    getOrder,

    async refundCapture(input) {
      const body = {
        amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
        note_to_payer: input.note.slice(0, 255),
      };
      const response = await call('POST', `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`, {
        requestId: input.requestId,
        body,
      });
      if (response.status !== 200 && response.status !== 201) throw failure('refund', response);
      const id = field(response.body, 'id');
      const status = field(response.body, 'status');
      if (typeof id !== 'string' || typeof status !== 'string') throw unreadable('a refund', response);
      const refund: PaypalRefundState = { id, status };
      return refund;
    },
  };
}
