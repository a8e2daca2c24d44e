// POST /open/fees/calculate-payment-breakdown: the pricing rules on amounts the caller gives (open).
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const breakdown = (payload: object) => app.inject({ method: 'POST', url: '/open/fees/calculate-payment-breakdown', payload });

describe('POST /open/fees/calculate-payment-breakdown', () => {
  it('applies the pricing rules without a session', async () => {
    const res = await breakdown({ subtotal: 10, deliveryFee: 7.5, state: 'IL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subtotal: 10,
      tax: 0.63,
      platformServiceFee: 2,
      serviceFee: 2,
      displayServiceFee: 2.88,
      deliveryFee: 7.5,
      paymentProcessingFee: 0.88,
      total: 21.01,
    });
    // Not a catalogue read: no public caching.
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('accepts a state name, and adds no tax without a state', async () => {
    expect((await breakdown({ subtotal: 10, deliveryFee: 7.5, state: 'illinois' })).json().tax).toBe(0.63);
    const none = (await breakdown({ subtotal: 10, deliveryFee: 7.5 })).json();
    // processing: 2.9 % of 19.50 = 0.5655 → 0.57, + 0.30
    expect(none).toMatchObject({ tax: 0, paymentProcessingFee: 0.87, total: 20.37 });
  });

  it('rounds the amounts given to the cent', async () => {
    expect((await breakdown({ subtotal: 10.004, deliveryFee: 7.499 })).json()).toMatchObject({ subtotal: 10, deliveryFee: 7.5 });
  });

  it('refuses an unknown state, negative amounts and missing fields (400)', async () => {
    for (const body of [{ subtotal: 10, deliveryFee: 1, state: 'Narnia' }, { subtotal: -1, deliveryFee: 0 }, { subtotal: 10 }]) {
      const res = await breakdown(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
