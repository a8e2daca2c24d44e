// The /dev/paypal stand-in as PayPal's clients see it: auth, validation, idempotency, the payer's
// approval steps and the SDK script. (The PayPal client against it: services/paypal/client.test.ts.)
import type { App } from '../../app.ts';
import { DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET } from '../../config.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let token: string;
beforeAll(async () => {
  app = await buildTestApp();
  token = (await tokenCall()).json().access_token;
});
afterAll(() => app.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function tokenCall(authorization = basic(DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET), payload = 'grant_type=client_credentials') {
  return app.inject({
    method: 'POST',
    url: '/dev/paypal/v1/oauth2/token',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
}

const orderBody = (value = '10.00', extra: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [{ reference_id: 'ref-1', invoice_id: 'inv-1', custom_id: 'inv-1', amount: { currency_code: 'USD', value } }],
  ...extra,
});

function createOrder(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/dev/paypal/v2/checkout/orders',
    headers: { authorization: `Bearer ${token}`, prefer: 'return=representation', ...headers },
    payload: payload as object,
  });
}

const capture = (id: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/dev/paypal/v2/checkout/orders/${id}/capture`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const approve = (id: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/dev/paypal/orders/${id}/approve`, ...(payload ? { payload } : {}) });
const issueOf = (body: { details?: { issue: string }[] }) => body.details?.[0]?.issue;

describe('OAuth2 token', () => {
  it('issues a bearer token for the dev client id and secret', async () => {
    const res = await tokenCall();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ access_token: expect.stringMatching(/^A21AA/), token_type: 'Bearer', expires_in: 32_400 });
  });

  it('refuses other credentials and other grants as PayPal does', async () => {
    for (const authorization of [basic(DEV_PAYPAL_CLIENT_ID, 'wrong'), basic('someone', DEV_PAYPAL_CLIENT_SECRET), 'Bearer x', '']) {
      const res = await tokenCall(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grant = await tokenCall(undefined, 'grant_type=password');
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
  });

  it('guards the Orders API with the token', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token', basic(DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET)]) {
      const res = await app.inject({
        method: 'POST',
        url: '/dev/paypal/v2/checkout/orders',
        headers: authorization ? { authorization } : {},
        payload: orderBody(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().name).toBe('AUTHENTICATION_FAILURE');
    }
    expect((await app.inject({ method: 'GET', url: '/dev/paypal/v2/checkout/orders/ANY' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/dev/paypal/v2/checkout/orders/ANY/capture' })).statusCode).toBe(401);
  });
});

describe('Orders v2', () => {
  it('creates an order (PAYER_ACTION_REQUIRED with a payment_source, CREATED without); minimal by default', async () => {
    const full = await createOrder(
      orderBody('12.30', {
        payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
      }),
    );
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        { reference_id: 'ref-1', invoice_id: 'inv-1', custom_id: 'inv-1', amount: { currency_code: 'USD', value: '12.30' } },
      ],
    });
    const minimal = await createOrder(orderBody(), { prefer: 'return=minimal' });
    expect(Object.keys(minimal.json()).sort()).toEqual(['id', 'links', 'status']);
    expect(minimal.json().status).toBe('CREATED');
  });

  it('returns the same order for a repeated PayPal-Request-Id', async () => {
    const first = await createOrder(orderBody(), { 'paypal-request-id': 'create-abc' });
    const again = await createOrder(orderBody('99.00'), { 'paypal-request-id': 'create-abc' });
    const other = await createOrder(orderBody(), { 'paypal-request-id': 'create-def' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().purchase_units[0].amount.value).toBe('10.00');
    expect(other.json().id).not.toBe(first.json().id);
  });

  it.each([
    [{ ...orderBody(), intent: undefined }, 400, 'MISSING_REQUIRED_PARAMETER'],
    [{ ...orderBody(), intent: 'AUTHORIZE' }, 400, 'INVALID_PARAMETER_VALUE'],
    [{ intent: 'CAPTURE', purchase_units: [] }, 400, 'MISSING_REQUIRED_PARAMETER'],
    [{ intent: 'CAPTURE', purchase_units: [{}] }, 400, 'MISSING_REQUIRED_PARAMETER'],
    [orderBody('12,30'), 400, 'INVALID_PARAMETER_SYNTAX'],
    [orderBody('abc'), 400, 'INVALID_PARAMETER_SYNTAX'],
    [orderBody('12.345'), 422, 'DECIMAL_PRECISION'],
    [orderBody('0.00'), 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    [orderBody('-5.00'), 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    [{ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '1.00' } }] }, 422, 'CURRENCY_NOT_SUPPORTED'],
    [{ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'usd', value: '1.00' } }] }, 400, 'INVALID_PARAMETER_SYNTAX'],
    [orderBody('1.00', { payment_source: { paypal: { experience_context: { user_action: 'BUY' } } } }), 400, 'INVALID_PARAMETER_VALUE'],
  ])('validates the body like PayPal: %j → %i %s', async (body, status, issue) => {
    const res = await createOrder(body);
    expect(res.statusCode).toBe(status);
    expect(issueOf(res.json())).toBe(issue);
  });

  it("answers malformed JSON in PayPal's shape", async () => {
    const res = await createOrder('{"intent":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });
  });

  it('shows an order, and 404s an unknown one', async () => {
    const { id } = (await createOrder(orderBody())).json();
    const shown = await app.inject({
      method: 'GET',
      url: `/dev/paypal/v2/checkout/orders/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(shown.json()).toMatchObject({ id, status: 'CREATED' });
    const missing = await app.inject({
      method: 'GET',
      url: '/dev/paypal/v2/checkout/orders/NOPE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });

  it('captures only an approved order, once; the request id replays the first answer', async () => {
    const { id } = (await createOrder(orderBody('7.05'))).json();
    const early = await capture(id, { 'paypal-request-id': 'cap-1' });
    expect(early.statusCode).toBe(422);
    expect(issueOf(early.json())).toBe('ORDER_NOT_APPROVED');

    expect((await approve(id)).json()).toMatchObject({
      orderID: id,
      payerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      status: 'APPROVED',
      outcome: 'complete',
    });
    // The same request id still gets its first answer (PayPal's idempotency), a new one captures.
    expect(issueOf((await capture(id, { 'paypal-request-id': 'cap-1' })).json())).toBe('ORDER_NOT_APPROVED');
    // No body at all, as some clients send a capture.
    const done = await capture(id, { 'paypal-request-id': 'cap-2', prefer: 'return=representation' });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      id,
      status: 'COMPLETED',
      payer: { payer_id: expect.any(String) },
      purchase_units: [
        {
          invoice_id: 'inv-1',
          payments: {
            captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '7.05' }, invoice_id: 'inv-1', final_capture: true }],
          },
        },
      ],
    });
    const replay = await capture(id, { 'paypal-request-id': 'cap-2', prefer: 'return=representation' });
    expect(replay.json()).toEqual(done.json());
    const second = await capture(id, { 'paypal-request-id': 'cap-3' });
    expect(issueOf(second.json())).toBe('ORDER_ALREADY_CAPTURED');
    // An empty JSON body is fine too.
    expect((await capture(id, { 'content-type': 'application/json' })).statusCode).toBe(422);
  });

  it('makes the capture decline or differ when the approval asked for it (test hooks)', async () => {
    const outcomes = async (outcome: string) => {
      const { id } = (await createOrder(orderBody('0.01'))).json();
      await approve(id, { outcome });
      return capture(id, { prefer: 'return=representation' });
    };
    const declined = await outcomes('decline');
    expect(declined.statusCode).toBe(201);
    expect(declined.json().purchase_units[0].payments.captures[0]).toMatchObject({ status: 'DECLINED', amount: { value: '0.01' } });
    const instrument = await outcomes('instrument-declined');
    expect(instrument.statusCode).toBe(422);
    expect(issueOf(instrument.json())).toBe('INSTRUMENT_DECLINED');
    // One cent less, but PayPal never captures zero: a one-cent order still captures a cent.
    const mismatch = await outcomes('amount-mismatch');
    expect(mismatch.json().purchase_units[0].payments.captures[0]).toMatchObject({ status: 'COMPLETED', amount: { value: '0.01' } });
    const { id } = (await createOrder(orderBody('25.00'))).json();
    await approve(id, { outcome: 'amount-mismatch' });
    expect((await capture(id, { prefer: 'return=representation' })).json().purchase_units[0].payments.captures[0].amount.value).toBe(
      '24.99',
    );
  });
});

describe('payer steps (what the SDK stand-in calls)', () => {
  it('shows a public summary, approves with or without a body, cancels, and refuses unknown outcomes', async () => {
    const { id } = (await createOrder(orderBody('42.00'))).json();
    const summary = await app.inject({ method: 'GET', url: `/dev/paypal/orders/${id}/summary` });
    expect(summary.json()).toEqual({ id, status: 'CREATED', amount: { currency_code: 'USD', value: '42.00' }, invoiceId: 'inv-1' });

    const cancelled = await app.inject({ method: 'POST', url: `/dev/paypal/orders/${id}/cancel`, payload: {} });
    expect(cancelled.json()).toEqual({ orderID: id, status: 'CREATED' });
    expect((await approve(id, { outcome: 'maybe' })).statusCode).toBe(400);
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    // The facilitator token reads the order, as the real SDK's actions.order.get() does.
    const read = await app.inject({
      method: 'GET',
      url: `/dev/paypal/v2/checkout/orders/${id}`,
      headers: { authorization: `Bearer ${approved.json().facilitatorAccessToken}` },
    });
    expect(read.json().status).toBe('APPROVED');

    expect((await capture(id)).statusCode).toBe(201);
    expect((await approve(id)).json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    expect((await app.inject({ method: 'GET', url: '/dev/paypal/orders/NOPE/summary' })).statusCode).toBe(404);
    expect((await approve('NOPE')).statusCode).toBe(404);
  });
});

describe('GET /dev/paypal/sdk/js', () => {
  const sdkUrl = '/dev/paypal/sdk/js?client-id=grocer-dev-client&currency=USD&intent=capture&disable-funding=paylater';

  it('serves the SDK stand-in as uncached JavaScript that other origins may load', async () => {
    const res = await app.inject({ method: 'GET', url: sdkUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('window[namespace] = {');
    expect(res.body).toContain("'PayPal checkout (test)'");
  });

  it.each([
    ['/dev/paypal/sdk/js', 'Expected client-id to be passed'],
    ['/dev/paypal/sdk/js?client-id=real-live-id', 'Invalid query value for client-id: real-live-id'],
    ['/dev/paypal/sdk/js?client-id=grocer-dev-client&currency=EUR', 'Invalid query value for currency: EUR'],
    ['/dev/paypal/sdk/js?client-id=grocer-dev-client&intent=authorize', 'Invalid query value for intent: authorize'],
    [
      '/dev/paypal/sdk/js?client-id=grocer-dev-client&components=buttons,hosted-fields',
      'Invalid query value for components: hosted-fields',
    ],
    // Found by the hostile suite: a repeated parameter (schema) or a NUL (input guard) answered "[object Object]".
    ['/dev/paypal/sdk/js?client-id=grocer-dev-client&components=buttons&components=buttons', 'querystring/components must be string'],
    ['/dev/paypal/sdk/js?client-id=grocer-dev-client&intent=x%00', 'intent must not contain NUL characters'],
  ])('fails to load (400, a throwing script) for %s', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.body).toContain(`throw new Error("SDK Validation error: '${message}`);
  });
});

describe('in production', () => {
  it('serves no stand-in at all', async () => {
    const prod = await buildTestApp({
      config: {
        nodeEnv: 'production',
        jwtSecret: 'a-production-secret-of-at-least-32-bytes',
        googleIssuer: 'https://accounts.google.com',
        googleClientId: undefined,
        paypalClientId: 'live-id',
        paypalClientSecret: 'live-secret',
        paypalApiBase: 'https://api-m.paypal.com',
        paypalSdkBaseUrl: null,
      },
    });
    try {
      for (const [method, url] of [
        ['POST', '/dev/paypal/v1/oauth2/token'],
        ['POST', '/dev/paypal/v2/checkout/orders'],
        ['POST', '/dev/paypal/orders/X/approve'],
        ['GET', '/dev/paypal/orders/X/summary'],
        ['GET', '/dev/paypal/sdk/js?client-id=grocer-dev-client'],
      ] as const) {
        expect((await prod.inject({ method, url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});

describe('Payments v2: capture refunds', () => {
  const refund = (captureId: string, payload: object = {}, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/dev/paypal/v2/payments/captures/${captureId}/refund`,
      headers: { authorization: `Bearer ${token}`, prefer: 'return=representation', ...headers },
      payload,
    });
  const show = (path: string) =>
    app.inject({ method: 'GET', url: `/dev/paypal/v2/payments/${path}`, headers: { authorization: `Bearer ${token}` } });

  /** A completed capture of `value` dollars. */
  async function captured(value = '10.00', outcome?: string): Promise<string> {
    const id = (await createOrder(orderBody(value))).json().id as string;
    await approve(id, outcome ? { outcome } : undefined);
    return (await capture(id, { prefer: 'return=representation' })).json().purchase_units[0].payments.captures[0].id as string;
  }

  it('refunds in parts up to the capture, each PayPal-Request-Id once, and shows its state', async () => {
    const captureId = await captured('10.00');
    const first = await refund(
      captureId,
      { amount: { currency_code: 'USD', value: '2.50' }, note_to_payer: 'One line dropped' },
      { 'paypal-request-id': 'r-1' },
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '2.50' },
    });
    // A retry with the same request id is the same refund, not a second one.
    const replay = await refund(captureId, { amount: { currency_code: 'USD', value: '2.50' } }, { 'paypal-request-id': 'r-1' });
    expect(replay.json().id).toBe(first.json().id);
    expect((await show(`captures/${captureId}`)).json()).toMatchObject({ status: 'PARTIALLY_REFUNDED', amount: { value: '10.00' } });

    const tooMuch = await refund(captureId, { amount: { currency_code: 'USD', value: '7.51' } }, { 'paypal-request-id': 'r-2' });
    expect([tooMuch.statusCode, issueOf(tooMuch.json())]).toEqual([422, 'REFUND_AMOUNT_EXCEEDED']);
    // No amount: all that is left.
    const rest = await refund(captureId, {}, { 'paypal-request-id': 'r-3' });
    expect(rest.json().amount).toEqual({ currency_code: 'USD', value: '7.50' });
    expect((await show(`captures/${captureId}`)).json().status).toBe('REFUNDED');
    expect((await show(`refunds/${rest.json().id}`)).json()).toMatchObject({ id: rest.json().id, status: 'COMPLETED' });
    const again = await refund(captureId, {}, { 'paypal-request-id': 'r-4' });
    expect([again.statusCode, issueOf(again.json())]).toEqual([422, 'CAPTURE_FULLY_REFUNDED']);
  });

  it('refuses a declined capture, another currency, an unknown capture and no token', async () => {
    const declined = await captured('5.00', 'decline');
    expect(issueOf((await refund(declined)).json())).toBe('TRANSACTION_REFUSED');
    const euros = await refund(await captured('5.00'), { amount: { currency_code: 'EUR', value: '1.00' } });
    expect(euros.statusCode).toBe(422);
    expect((await refund('NOSUCHCAPTURE00')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/dev/paypal/v2/payments/captures/X/refund', payload: {} })).statusCode).toBe(401);
  });
});
