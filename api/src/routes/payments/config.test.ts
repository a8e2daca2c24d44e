import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/testApp.ts';

describe('GET /payments/paypal/config', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("points the browser at the API's SDK stand-in without PayPal credentials", async () => {
    app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/payments/paypal/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientId: 'grocer-dev-client', sdkBaseUrl: 'http://localhost:4000/dev/paypal/sdk/js' });
  });

  it("leaves PayPal's own SDK (sdkBaseUrl null) with real credentials, and never shows the secret", async () => {
    app = await buildTestApp({
      config: {
        paypalClientId: 'sandbox-client',
        paypalClientSecret: 'sandbox-secret',
        paypalApiBase: 'https://api-m.sandbox.paypal.com',
        paypalSdkBaseUrl: null,
      },
    });
    const res = await app.inject({ method: 'GET', url: '/payments/paypal/config' });
    expect(res.json()).toEqual({ clientId: 'sandbox-client', sdkBaseUrl: null });
    expect(res.body).not.toContain('sandbox-secret');
  });
});
