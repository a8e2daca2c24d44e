// The PayPal client over real HTTP against the API's own /dev/paypal stand-in (the app listens on an
// ephemeral port), plus the failures a stand-in cannot produce (hangs, 5xx, unreadable answers), on a
// scripted server of their own where the wire matters and through a stub transport where it does not.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app.ts';
import { DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET } from '../../config.ts';
import { approvePaypalOrder, listenForPaypal, standInOrder } from '../../testing/paypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';
import {
  centsToValue,
  createPaypalClient,
  createPaypalTransport,
  valueToCents,
  type PaypalClientOptions,
  type PaypalHttpResponse,
} from './client.ts';
import { PaypalError, type PaypalCreateOrderInput } from './types.ts';

let app: App;
let apiBase: string;
beforeAll(async () => {
  app = await buildTestApp();
  apiBase = await listenForPaypal(app);
});
afterAll(() => app.close());

/** A client on the stand-in whose requests are recorded as "METHOD /path" (below /dev/paypal). */
function recordingClient(options: Partial<PaypalClientOptions> = {}) {
  const calls: string[] = [];
  const http = createPaypalTransport(apiBase);
  const client = createPaypalClient({
    apiBase,
    clientId: DEV_PAYPAL_CLIENT_ID,
    clientSecret: DEV_PAYPAL_CLIENT_SECRET,
    transport: (request) => {
      calls.push(`${request.method} ${request.path}`);
      return http(request);
    },
    ...options,
  });
  return { client, calls, tokenCalls: () => calls.filter((c) => c.endsWith('/v1/oauth2/token')).length };
}

function orderInput(amountCents: number): PaypalCreateOrderInput {
  const orderReference = randomUUID();
  return { orderReference, amountCents, currency: 'USD', requestId: `create-${orderReference}` };
}

async function paypalError(promise: Promise<unknown>): Promise<PaypalError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaypalError);
  return err as PaypalError;
}

describe('amounts', () => {
  it('turns cents into PayPal values and back without float arithmetic', () => {
    expect([1, 7, 100, 115, 1999, 123_456_789].map(centsToValue)).toEqual(['0.01', '0.07', '1.00', '1.15', '19.99', '1234567.89']);
    // 0.29 * 100 and 1.15 * 100 are not whole numbers in binary floating point.
    expect(['0.29', '1.15', '19.99', '12.3', '12', '0.01', '1234567.89'].map(valueToCents)).toEqual([
      29, 115, 1999, 1230, 1200, 1, 123_456_789,
    ]);
  });

  it('refuses what is not a plain amount', () => {
    for (const bad of ['12.345', '-1.00', '1e3', ' 1.00', '', '.5', '1.', 12.34, null]) expect(valueToCents(bad)).toBeNull();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => centsToValue(bad)).toThrow(RangeError);
  });
});

describe('PayPal client against the stand-in', () => {
  it('gets one token and reuses it across calls, also for concurrent ones', async () => {
    const { client, tokenCalls, calls } = recordingClient();
    const [a, b] = await Promise.all([client.createOrder(orderInput(500)), client.createOrder(orderInput(600))]);
    await client.getOrder(a.id);
    await client.getOrder(b.id);
    expect(tokenCalls()).toBe(1);
    expect(calls.filter((c) => c.startsWith('POST /v2/checkout/orders'))).toHaveLength(2);
  });

  it('fetches a new token shortly before the old one expires', async () => {
    let clock = 1_000_000;
    const { client, tokenCalls } = recordingClient({ now: () => clock });
    const { id } = await client.createOrder(orderInput(500));
    clock += (32_400 - 61) * 1000;
    await client.getOrder(id);
    expect(tokenCalls()).toBe(1);
    clock += 2_000;
    await client.getOrder(id);
    expect(tokenCalls()).toBe(2);
  });

  it('asks for a new token once when PayPal no longer accepts the cached one', async () => {
    let spoil = true;
    let tokenCalls = 0;
    const http = createPaypalTransport(apiBase);
    const client = createPaypalClient({
      apiBase,
      clientId: DEV_PAYPAL_CLIENT_ID,
      clientSecret: DEV_PAYPAL_CLIENT_SECRET,
      transport: (request) => {
        if (request.path === '/v1/oauth2/token') tokenCalls += 1;
        else if (spoil) {
          spoil = false;
          return http({ ...request, headers: { ...request.headers, authorization: 'Bearer revoked' } });
        }
        return http(request);
      },
    });
    const created = await client.createOrder(orderInput(500));
    expect(created.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(tokenCalls).toBe(2);
  });

  it('creates the order PayPal expects, and a repeated PayPal-Request-Id returns the same order', async () => {
    const { client } = recordingClient();
    const input = orderInput(1999);
    const created = await client.createOrder(input);
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'PAYER_ACTION_REQUIRED',
      invoiceId: input.orderReference,
      capture: null,
    });
    expect(await client.createOrder(input)).toEqual(created);
    const other = await client.createOrder({ ...input, requestId: `create-${randomUUID()}` });
    expect(other.id).not.toBe(created.id);

    const order = await standInOrder(app, created.id);
    expect(order).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.orderReference,
          invoice_id: input.orderReference,
          custom_id: input.orderReference,
          amount: { currency_code: 'USD', value: '19.99' },
        },
      ],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
    });
  });

  it('cannot capture before the payer approves (422 ORDER_NOT_APPROVED)', async () => {
    const { client } = recordingClient();
    const { id } = await client.createOrder(orderInput(500));
    const err = await paypalError(client.captureOrder(id, `capture-${id}`));
    expect(err).toMatchObject({ status: 422, issue: 'ORDER_NOT_APPROVED' });
  });

  it('captures an approved order for exactly its amount, once, and reads it back', async () => {
    const { client, calls } = recordingClient();
    const input = orderInput(12_345);
    const { id } = await client.createOrder(input);
    await approvePaypalOrder(app, id);
    expect((await client.getOrder(id)).status).toBe('APPROVED');

    const captured = await client.captureOrder(id, `capture-${input.orderReference}`);
    expect(captured).toEqual({
      id,
      status: 'COMPLETED',
      invoiceId: input.orderReference,
      capture: { id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'COMPLETED', amountCents: 12_345, currency: 'USD' },
    });
    // A retry with the same PayPal-Request-Id gets the same capture; a new id cannot capture again.
    expect(await client.captureOrder(id, `capture-${input.orderReference}`)).toEqual(captured);
    expect(await paypalError(client.captureOrder(id, 'another-request'))).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    expect(await client.getOrder(id)).toEqual(captured);
    // Create and capture carry PayPal-Request-Id; the recording shows the capture path.
    expect(calls).toContain(`POST /v2/checkout/orders/${id}/capture`);
  });

  it("resolves a declined capture (outcome 'decline') as capture status DECLINED", async () => {
    const { client } = recordingClient();
    const input = orderInput(2_500);
    const { id } = await client.createOrder(input);
    await approvePaypalOrder(app, id, 'decline');
    const state = await client.captureOrder(id, 'capture-1');
    expect(state).toMatchObject({
      status: 'COMPLETED',
      invoiceId: input.orderReference,
      capture: { status: 'DECLINED', amountCents: 2_500, currency: 'USD' },
    });
  });

  it("resolves 422 INSTRUMENT_DECLINED (outcome 'instrument-declined') as a DECLINED capture of the order's amount", async () => {
    const { client } = recordingClient();
    const input = orderInput(2_501);
    const { id } = await client.createOrder(input);
    await approvePaypalOrder(app, id, 'instrument-declined');
    expect(await client.captureOrder(id, 'capture-1')).toEqual({
      id,
      status: 'APPROVED',
      invoiceId: input.orderReference,
      capture: { id: '', status: 'DECLINED', amountCents: 2_501, currency: 'USD' },
    });
  });

  it("reports what was really captured when it differs (outcome 'amount-mismatch')", async () => {
    const { client } = recordingClient();
    const { id } = await client.createOrder(orderInput(1_000));
    await approvePaypalOrder(app, id, 'amount-mismatch');
    expect((await client.captureOrder(id, 'capture-1')).capture).toMatchObject({ status: 'COMPLETED', amountCents: 999, currency: 'USD' });
  });

  it('throws PaypalError for an unknown order and for wrong credentials', async () => {
    const { client } = recordingClient();
    expect(await paypalError(client.getOrder('NOSUCHORDER000000'))).toMatchObject({ status: 404, issue: 'INVALID_RESOURCE_ID' });
    const wrong = createPaypalClient({ apiBase, clientId: DEV_PAYPAL_CLIENT_ID, clientSecret: 'not-the-secret' });
    expect(await paypalError(wrong.getOrder('X'))).toMatchObject({ status: 401, issue: 'invalid_client' });
  });

  it('is what app.services.paypal is, built from the config', async () => {
    const other = await buildTestApp({ config: { paypalApiBase: apiBase } });
    try {
      const input = orderInput(4_242);
      const created = await other.services.paypal.createOrder(input);
      expect(created.invoiceId).toBe(input.orderReference);
      // The order lives in the first app's stand-in: that is where the client went.
      expect(await standInOrder(app, created.id)).toMatchObject({ id: created.id });
    } finally {
      await other.close();
    }
  });
});

/** A PayPal on a loopback port: it grants a token and answers everything else with `answer`; it records what arrived. */
async function scriptedPaypal(answer: (res: ServerResponse, path: string) => void) {
  const requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/paypal/v1/oauth2/token') sendJson(res, 200, { access_token: 'T', expires_in: 32_400 });
      else answer(res, (req.url ?? '').replace('/paypal', ''));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  const options = { apiBase: `http://127.0.0.1:${port}/paypal/`, clientId: 'id', clientSecret: 'secret' };
  return { options, requests, connections: () => connections };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    // Also the requests left hanging on purpose.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const anOrder = (id: string) => ({
  id,
  status: 'COMPLETED',
  purchase_units: [
    {
      invoice_id: 'ref',
      payments: { captures: [{ id: 'C', status: 'COMPLETED', amount: { currency_code: 'USD', value: '12.34' } }] },
    },
  ],
});

describe('PayPal client failures', () => {
  it('gives up after the timeout, whether PayPal says nothing or stops halfway through its answer', async () => {
    const paypal = await scriptedPaypal((res, path) => {
      if (path.endsWith('/SILENT')) return;
      if (path.endsWith('/HALFWAY')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' }).write('{"id":"HALFWAY",');
        return;
      }
      sendJson(res, 200, anOrder(path.split('/').pop()!));
    });
    const client = createPaypalClient({ ...paypal.options, timeoutMs: 300 });
    for (const id of ['SILENT', 'HALFWAY']) {
      const err = await paypalError(client.getOrder(id));
      expect(err).toMatchObject({ status: null, issue: null });
      expect(err.message).toBe(`PayPal did not answer GET /v2/checkout/orders/${id} within 300 ms`);
    }
    // The abandoned exchanges hold nothing up.
    expect((await client.getOrder('NEXT')).id).toBe('NEXT');
  });

  it('reports an unreachable PayPal with no status', async () => {
    const client = createPaypalClient({ apiBase: 'http://127.0.0.1:1', clientId: 'id', clientSecret: 'secret' });
    const err = await paypalError(client.getOrder('X'));
    expect(err).toMatchObject({ status: null, issue: null });
    expect(err.message).toMatch(/could not be reached/);
  });

  it("reads 4xx and 5xx answers into PaypalError with PayPal's status, issue and description", async () => {
    const answers: Record<string, [number, unknown]> = {
      '/v2/checkout/orders/GATEWAY': [502, '<html>Bad gateway</html>'],
      '/v2/checkout/orders/BROKEN/capture': [500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' }],
      '/v2/checkout/orders/UNAPPROVED/capture': [
        422,
        { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order.' }] },
      ],
      '/v2/checkout/orders/MISSING': [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }],
    };
    const paypal = await scriptedPaypal((res, path) => {
      const [status, body] = answers[path]!;
      if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/html' }).end(body);
      else sendJson(res, status, body);
    });
    const client = createPaypalClient(paypal.options);
    expect(await paypalError(client.getOrder('GATEWAY'))).toMatchObject({
      status: 502,
      issue: null,
      message: 'PayPal order lookup failed with 502',
    });
    expect(await paypalError(client.captureOrder('BROKEN', 'r'))).toMatchObject({
      status: 500,
      issue: 'INTERNAL_SERVER_ERROR',
      message: 'PayPal capture failed with 500: An internal server error occurred.',
    });
    expect(await paypalError(client.captureOrder('UNAPPROVED', 'r'))).toMatchObject({
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
      message: 'PayPal capture failed with 422: Payer has not yet approved the Order.',
    });
    expect(await paypalError(client.getOrder('MISSING'))).toMatchObject({ status: 404, issue: 'INVALID_RESOURCE_ID' });
  });

  it('reuses its connections from call to call, error answers included', async () => {
    const paypal = await scriptedPaypal((res, path) => {
      if (path.endsWith('/MISSING')) sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      // A proxy's error page, larger than what undici buffers of a body nobody reads.
      else if (path.endsWith('/GATEWAY')) res.writeHead(502, { 'content-type': 'text/html' }).end(`<html>${' '.repeat(1 << 20)}</html>`);
      else sendJson(res, path.endsWith('/capture') ? 201 : 200, anOrder('A'));
    });
    const client = createPaypalClient(paypal.options);
    for (let i = 0; i < 5; i++) {
      await client.getOrder('A');
      await paypalError(client.getOrder('MISSING'));
      await paypalError(client.getOrder('GATEWAY'));
      await client.captureOrder('A', 'capture-a');
    }
    expect(paypal.requests).toHaveLength(21);
    // Undici (fetch's too) may open a second connection while it settles the first; an answer left unread
    // would hold its connection, and the calls after it would need new ones.
    expect(paypal.connections()).toBeLessThanOrEqual(2);
  });

  it('sends what PayPal requires, below the base URL', async () => {
    const paypal = await scriptedPaypal((res, path) =>
      sendJson(res, path.endsWith('/orders') ? 201 : 200, { id: 'ORDER1', status: 'CREATED', purchase_units: [{ invoice_id: 'ref' }] }),
    );
    const client = createPaypalClient(paypal.options);
    await client.createOrder({ orderReference: 'ref', amountCents: 1234, currency: 'USD', requestId: 'create-ref' });
    await client.captureOrder('ORDER1', 'capture-ref');
    await client.getOrder('ORDER1');
    const [tokenCall, create, capture, lookup] = paypal.requests;
    expect(tokenCall).toMatchObject({ method: 'POST', url: '/paypal/v1/oauth2/token', body: 'grant_type=client_credentials' });
    expect(tokenCall!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(create).toMatchObject({ method: 'POST', url: '/paypal/v2/checkout/orders' });
    expect(create!.headers).toMatchObject({
      authorization: 'Bearer T',
      'paypal-request-id': 'create-ref',
      prefer: 'return=representation',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(JSON.parse(create!.body)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'ref', invoice_id: 'ref', custom_id: 'ref', amount: { currency_code: 'USD', value: '12.34' } }],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
    });
    expect(capture).toMatchObject({ method: 'POST', url: '/paypal/v2/checkout/orders/ORDER1/capture', body: '{}' });
    expect(capture!.headers).toMatchObject({ 'paypal-request-id': 'capture-ref', 'content-type': 'application/json' });
    expect(lookup).toMatchObject({ method: 'GET', url: '/paypal/v2/checkout/orders/ORDER1', body: '' });
    expect(lookup!.headers).toMatchObject({ authorization: 'Bearer T', prefer: 'return=representation' });
    expect(lookup!.headers).not.toHaveProperty('paypal-request-id');
    expect(lookup!.headers).not.toHaveProperty('content-type');
  });

  it('reports answers it cannot read', async () => {
    const json = (status: number, body: unknown): PaypalHttpResponse => ({ status, text: JSON.stringify(body) });
    let answer = () => json(200, { id: 'X' });
    const client = createPaypalClient({
      apiBase: 'https://paypal.test',
      clientId: 'id',
      clientSecret: 'secret',
      transport: async ({ path }) => (path === '/v1/oauth2/token' ? json(200, { access_token: 'T', expires_in: 32_400 }) : answer()),
    });
    expect((await paypalError(client.getOrder('X'))).message).toMatch(/cannot read/);
    answer = () =>
      json(201, {
        id: 'X',
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: 'C', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.234' } }] } }],
      });
    expect((await paypalError(client.captureOrder('X', 'r'))).message).toMatch(/cannot read/);
  });
});
