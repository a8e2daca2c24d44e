// POST /payments/paypal/orders: the PayPal order is created for the server's total, never the browser's.
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { checkoutIntents, users } from '../../db/schema.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, holdEarliestWindows, registerShopper, type ShopProduct } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let alice: Registered;
let milk: ShopProduct;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  const shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 399, 5);
  alice = await registerShopper(app);
  // Step 1 held Alice's delivery window; the holds outlive these tests (10 minutes).
  await holdEarliestWindows(app, alice, [shop.loop.uuid]);
});
afterAll(() => app.close());

const create = (user: Registered, items: object[]) =>
  app.inject({ method: 'POST', url: '/payments/paypal/orders', headers: bearer(user.token), payload: { items } });

describe('POST /payments/paypal/orders', () => {
  it('creates a USD PayPal order for the priced total and remembers the cart as an intent', async () => {
    const res = await create(alice, [{ productId: milk.uuid, quantity: 2, price: 0.01 }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      paypalOrderId: expect.any(String),
      orderReference: expect.any(String),
      pricing: expect.objectContaining({ subtotal: 7.98 }),
    });
    const [intent] = await app.db.select().from(checkoutIntents).where(eq(checkoutIntents.orderReference, body.orderReference));
    expect(intent).toMatchObject({
      userUuid: alice.uuid,
      paypalOrderId: body.paypalOrderId,
      items: [{ productId: milk.uuid, quantity: 2 }],
      deliveryZip: '60606',
    });
    expect(paypal.order(body.paypalOrderId)).toMatchObject({
      amountCents: intent!.totalCents,
      invoiceId: body.orderReference,
      status: 'CREATED',
    });
    expect(body.pricing.total).toBe(intent!.totalCents / 100);
  });

  it('refuses unavailable products before PayPal is asked (409)', async () => {
    const before = paypal.calls.create;
    const res = await create(alice, [{ productId: milk.uuid, quantity: 6 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.products).toEqual([{ productId: milk.uuid, name: 'Whole Milk', reason: 'INSUFFICIENT_STOCK' }]);
    expect(paypal.calls.create).toBe(before);
  });

  it('refuses an account that may not check out (403 EMAIL_NOT_VERIFIED)', async () => {
    const unverified = await registerShopper(app);
    await app.db.update(users).set({ emailVerified: false }).where(eq(users.uuid, unverified.uuid));
    const res = await create(unverified, [{ productId: milk.uuid, quantity: 1 }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('is 502 PAYMENT_PROVIDER_UNAVAILABLE when PayPal does not answer', async () => {
    paypal.failNext(1);
    const res = await create(alice, [{ productId: milk.uuid, quantity: 1 }]);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      message: 'PayPal payment failed. Please try again.',
      error: { code: 'PAYMENT_PROVIDER_UNAVAILABLE' },
    });
  });

  it('needs a session and a non-empty cart', async () => {
    expect((await app.inject({ method: 'POST', url: '/payments/paypal/orders', payload: { items: [] } })).statusCode).toBe(401);
    expect((await create(alice, [])).statusCode).toBe(400);
  });
});
