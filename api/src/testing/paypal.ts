// Test helpers for the /dev/paypal stand-in: run the real PayPal client against it over real HTTP,
// and play the payer (approve with an outcome, cancel). A fake PaypalClient (fakePaypal.ts) is
// quicker for most route tests; these are for tests that want the whole HTTP path.
//
//   const app = await buildTestApp();
//   await usePaypalStandIn(app);                        // app.services.paypal → http://127.0.0.1:<port>/dev/paypal
//   ...POST /payments/paypal/orders...
//   await approvePaypalOrder(app, paypalOrderId, 'decline');   // the next capture comes back DECLINED
import type { AddressInfo } from 'node:net';
import type { App } from '../app.ts';
import { DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET } from '../config.ts';
import type { ApprovalOutcome } from '../dev/paypal/orderBook.ts';
import { createPaypalClient, type PaypalClientOptions } from '../services/paypal/client.ts';

/** Listens on an ephemeral loopback port (if not listening yet) and returns the stand-in's base URL. */
export async function listenForPaypal(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/dev/paypal`;
}

/** A PaypalClient for the app's own stand-in, with the dev credentials. */
export async function standInPaypalClient(app: App, options: Partial<PaypalClientOptions> = {}) {
  return createPaypalClient({
    apiBase: await listenForPaypal(app),
    clientId: DEV_PAYPAL_CLIENT_ID,
    clientSecret: DEV_PAYPAL_CLIENT_SECRET,
    ...options,
  });
}

/** Points app.services.paypal at the app's own stand-in (the order services read it at call time). */
export async function usePaypalStandIn(app: App): Promise<void> {
  app.services.paypal = await standInPaypalClient(app);
}

/** The payer approves in PayPal's window; `outcome` decides the next capture (see dev/paypal/orderBook.ts). */
export async function approvePaypalOrder(app: App, paypalOrderId: string, outcome: ApprovalOutcome = 'complete') {
  const res = await app.inject({
    method: 'POST',
    url: `/dev/paypal/orders/${encodeURIComponent(paypalOrderId)}/approve`,
    payload: { outcome },
  });
  if (res.statusCode !== 200) throw new Error(`approving ${paypalOrderId} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { orderID: string; payerID: string; status: string; facilitatorAccessToken: string };
}

/** The payer closes PayPal's window. */
export async function cancelPaypalOrder(app: App, paypalOrderId: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/dev/paypal/orders/${encodeURIComponent(paypalOrderId)}/cancel`, payload: {} });
  if (res.statusCode !== 200) throw new Error(`cancelling ${paypalOrderId} failed: ${res.statusCode} ${res.body}`);
}

/** The order as PayPal's GET /v2/checkout/orders/{id} shows it (a fresh token each call; tests only). */
export async function standInOrder(app: App, paypalOrderId: string): Promise<Record<string, unknown>> {
  const basic = Buffer.from(`${DEV_PAYPAL_CLIENT_ID}:${DEV_PAYPAL_CLIENT_SECRET}`).toString('base64');
  const token = await app.inject({
    method: 'POST',
    url: '/dev/paypal/v1/oauth2/token',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  const res = await app.inject({
    method: 'GET',
    url: `/dev/paypal/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`,
    headers: { authorization: `Bearer ${token.json().access_token}` },
  });
  if (res.statusCode !== 200) throw new Error(`reading ${paypalOrderId} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
