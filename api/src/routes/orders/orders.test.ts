// Placing orders (decision 003): server-side pricing, stock, idempotency under concurrency, and what
// PayPal's answers do to the order. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { count, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orderLines, orders, products } from '../../db/schema.ts';
import { FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  orderPayload,
  placePaidOrder,
  registerShopper,
  startPayment,
  stockOf,
  type CartLine,
  type ShopProduct,
  type TestShop,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';
import { calculatePricing } from '../../services/pricing.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let alice: Registered;
let bob: Registered;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  alice = await registerShopper(app, 'Alice', 'Appleby');
  bob = await registerShopper(app, 'Bob', 'Baker');
});
afterAll(() => app.close());

/** The browser's steps up to PayPal's approval. */
async function approvedPayment(user: Registered, cart: CartLine[]) {
  const started = await startPayment(app, user, cart);
  paypal.approve(started.paypalOrderId);
  return started;
}

async function orderRow(id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function orderCount(paypalOrderId: string) {
  const [row] = await app.db.select({ n: count() }).from(orders).where(eq(orders.paypalOrderId, paypalOrderId));
  return row!.n;
}

describe('POST /orders/create', () => {
  let milk: ShopProduct;
  let bread: ShopProduct;
  beforeAll(async () => {
    milk = await shop.addProduct('Whole Milk', 399, 50);
    bread = await shop.addProduct('Rye Bread', 549, 50, 'evanston');
  });

  it('needs a session', async () => {
    const res = await app.inject({ method: 'POST', url: '/orders/create', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it("places a paid order priced from the database, whatever the client's prices say", async () => {
    const cart = [
      { product: milk, quantity: 2 },
      { product: bread, quantity: 1 },
    ];
    const started = await approvedPayment(alice, cart);
    // A tampered payload: every item at one cent and a one-cent total.
    const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart, { price: 0.01, total: 0.01 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      orderId: started.orderReference,
      trackingNumber: expect.stringMatching(/^GRT[0-9A-Z]{12}$/),
      message: expect.any(String),
    });

    const delivery = app.services.deliveryFees.quote(
      [
        { uuid: shop.loop.uuid, name: 'Loop Provisions', zip: '60602' },
        { uuid: shop.evanston.uuid, name: 'Evanston Harvest', zip: '60202' },
      ],
      '60606',
    );
    const expected = calculatePricing({ subtotalCents: 2 * 399 + 549, deliveryFeeCents: delivery.totalCents, state: 'IL' });
    const row = (await orderRow(body.orderId))!;
    expect(row).toMatchObject({
      // Confirmed with the payment, without waiting for the browser's tracking call.
      status: 'CONFIRMED',
      paymentStatus: 'PAID',
      subtotalCents: 1347,
      taxCents: expected.tax,
      deliveryFeeCents: delivery.totalCents,
      totalCents: expected.total,
      paypalCapturedCents: expected.total,
      paypalCapturedCurrency: 'USD',
      customerFirstName: 'Alice',
      customerPhone: '312-555-0100',
      deliveryZip: '60606',
      deliveryInstructions: 'Ring twice',
      orderNumber: expect.stringMatching(/^GR-\d{6}$/),
    });
    // PayPal was asked for our total, and captured it.
    expect(paypal.order(started.paypalOrderId)).toMatchObject({ amountCents: expected.total, invoiceId: body.orderId });
    expect(started.pricing.total).toBe(expected.total / 100);

    const lines = await app.db.select().from(orderLines).where(eq(orderLines.orderId, body.orderId));
    expect(lines.map((l) => [l.productName, l.quantity, l.unitPriceCents, l.lineTotalCents, l.storeName]).sort()).toEqual([
      ['Rye Bread', 1, 549, 549, 'Evanston Harvest'],
      ['Whole Milk', 2, 399, 798, 'Loop Provisions'],
    ]);
    expect(await stockOf(app, milk.uuid)).toBe(48);
    expect(await stockOf(app, bread.uuid)).toBe(49);
  });

  it('makes exactly one order of 50 parallel requests for one PayPal order', async () => {
    const cart = [{ product: milk, quantity: 1 }];
    const before = await stockOf(app, milk.uuid);
    const started = await approvedPayment(alice, cart);
    const payload = orderPayload(started.paypalOrderId, cart);
    const responses = await Promise.all(Array.from({ length: 50 }, () => createOrder(app, alice, payload)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((r) => r.json().orderId))).toEqual(new Set([started.orderReference]));
    expect(new Set(responses.map((r) => r.json().trackingNumber)).size).toBe(1);
    expect(await orderCount(started.paypalOrderId)).toBe(1);
    expect(await stockOf(app, milk.uuid)).toBe(before - 1);
    expect((await orderRow(started.orderReference))!.paymentStatus).toBe('PAID');
  });

  it('returns the same order for a reused Idempotency-Key, and refuses it for another PayPal order', async () => {
    const cart = [{ product: bread, quantity: 1 }];
    const first = await approvedPayment(alice, cart);
    const key = `key-${Date.now()}`;
    const a = await createOrder(app, alice, orderPayload(first.paypalOrderId, cart), key);
    const b = await createOrder(app, alice, orderPayload(first.paypalOrderId, cart), key);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().orderId).toBe(a.json().orderId);

    const stock = await stockOf(app, bread.uuid);
    const second = await approvedPayment(alice, cart);
    const reused = await createOrder(app, alice, orderPayload(second.paypalOrderId, cart), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await orderCount(second.paypalOrderId)).toBe(0);
    expect(paypal.order(second.paypalOrderId)!.capture).toBeNull();
    expect(await stockOf(app, bread.uuid)).toBe(stock);

    // The same key belongs to each user separately.
    const bobs = await approvedPayment(bob, cart);
    expect((await createOrder(app, bob, orderPayload(bobs.paypalOrderId, cart), key)).statusCode).toBe(200);
  });

  it('sells the last unit to exactly one of 20 racing shoppers', async () => {
    const last = await shop.addProduct('Last Truffle', 1299, 5);
    // Set directly in the database, as an admin tool would.
    await app.db.update(products).set({ stockQuantity: 1 }).where(eq(products.uuid, last.uuid));
    const cart = [{ product: last, quantity: 1 }];
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => registerShopper(app, `Racer${i}`, 'Shopper')));
    // Everyone gets a PayPal order while the unit is still there.
    const payments: Awaited<ReturnType<typeof approvedPayment>>[] = [];
    for (const shopper of shoppers) payments.push(await approvedPayment(shopper, cart));

    const responses = await Promise.all(shoppers.map((s, i) => createOrder(app, s, orderPayload(payments[i]!.paypalOrderId, cart))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().error).toMatchObject({
        code: 'PRODUCTS_UNAVAILABLE',
        products: [{ productId: last.uuid, name: 'Last Truffle', reason: 'OUT_OF_STOCK' }],
      });
    }
    expect(await stockOf(app, last.uuid)).toBe(0);
    const sold = await app.db.select({ n: count() }).from(orderLines).where(eq(orderLines.productUuid, last.uuid));
    expect(sold[0]!.n).toBe(1);
    // Only the winner's payment was captured.
    expect(payments.filter((p) => paypal.order(p.paypalOrderId)!.capture !== null)).toHaveLength(1);
  });

  it('sells two shared products to exactly 6 of 12 shoppers whose carts list them in opposite orders, never below 0', async () => {
    const jam = await shop.addProduct('Racing Jam', 499, 6);
    const honey = await shop.addProduct('Racing Honey', 799, 6);
    const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => registerShopper(app, `Pairs${i}`, 'Shopper')));
    // Half the carts list jam first, half honey first: both lock the rows in one order, so neither waits on the other forever.
    const carts = shoppers.map((_, i) =>
      i % 2 === 0
        ? [
            { product: jam, quantity: 1 },
            { product: honey, quantity: 1 },
          ]
        : [
            { product: honey, quantity: 1 },
            { product: jam, quantity: 1 },
          ],
    );
    const payments: Awaited<ReturnType<typeof approvedPayment>>[] = [];
    for (const [i, shopper] of shoppers.entries()) payments.push(await approvedPayment(shopper, carts[i]!));

    const responses = await Promise.all(shoppers.map((s, i) => createOrder(app, s, orderPayload(payments[i]!.paypalOrderId, carts[i]!))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(6).fill(200), ...Array(6).fill(409)]);
    for (const res of responses.filter((r) => r.statusCode === 409)) expect(res.json().error.code).toBe('PRODUCTS_UNAVAILABLE');
    expect(await stockOf(app, jam.uuid)).toBe(0);
    expect(await stockOf(app, honey.uuid)).toBe(0);
    expect(payments.filter((p) => paypal.order(p.paypalOrderId)!.capture !== null)).toHaveLength(6);
  });

  describe("when PayPal's answer is not a payment of our total", () => {
    let eggs: ShopProduct;
    beforeAll(async () => {
      eggs = await shop.addProduct('Free Range Eggs', 459, 10);
    });
    const cart = () => [{ product: eggs, quantity: 2 }];

    it('cancels the order and releases the stock on an amount mismatch (409 AMOUNT_MISMATCH)', async () => {
      const started = await approvedPayment(alice, cart());
      paypal.captureAmount(started.paypalOrderId, Math.round(started.pricing.total * 100) - 100);
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('AMOUNT_MISMATCH');
      expect(await orderRow(started.orderReference)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'AMOUNT_MISMATCH' });
      expect(await stockOf(app, eggs.uuid)).toBe(10);
      // A retry does not turn it into a paid order.
      expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()))).statusCode).toBe(409);
    });

    it('also refuses a capture in another currency', async () => {
      const started = await approvedPayment(alice, cart());
      paypal.captureAmount(started.paypalOrderId, Math.round(started.pricing.total * 100), 'EUR');
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.json().error.code).toBe('AMOUNT_MISMATCH');
      expect(await stockOf(app, eggs.uuid)).toBe(10);
    });

    it('cancels the order and releases the stock on a decline (402)', async () => {
      const started = await approvedPayment(alice, cart());
      paypal.declineOnCapture(started.paypalOrderId);
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'PayPal payment failed. Please try again.',
        error: { code: 'PAYMENT_FAILED' },
      });
      expect(await orderRow(started.orderReference)).toMatchObject({
        status: 'CANCELLED',
        paymentStatus: 'FAILED',
        paypalCaptureStatus: 'DECLINED',
      });
      expect(await stockOf(app, eggs.uuid)).toBe(10);
      expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()))).statusCode).toBe(402);
      expect(await stockOf(app, eggs.uuid)).toBe(10);
    });

    it('cancels the order when the shopper never approved (capture refused)', async () => {
      const started = await startPayment(app, alice, cart());
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.statusCode).toBe(402);
      expect(await orderRow(started.orderReference)).toMatchObject({
        status: 'CANCELLED',
        paymentStatus: 'FAILED',
        paypalCaptureStatus: 'ORDER_NOT_APPROVED',
      });
      expect(await stockOf(app, eggs.uuid)).toBe(10);
    });

    it('keeps the order pending while PayPal does not answer, and settles it on retry', async () => {
      const started = await approvedPayment(alice, cart());
      paypal.failNext(2); // the capture and the re-read
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(await orderRow(started.orderReference)).toMatchObject({ status: 'PENDING', paymentStatus: 'PENDING' });
      expect(await stockOf(app, eggs.uuid)).toBe(8);

      const retry = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(retry.statusCode).toBe(200);
      expect(retry.json().orderId).toBe(started.orderReference);
      expect(await orderRow(started.orderReference)).toMatchObject({ paymentStatus: 'PAID' });
      expect(await stockOf(app, eggs.uuid)).toBe(8);
    });
  });

  describe('refuses before anything is captured', () => {
    let jam: ShopProduct;
    beforeAll(async () => {
      jam = await shop.addProduct('Apricot Jam', 650, 10);
    });
    const cart = () => [{ product: jam, quantity: 1 }];

    it("someone else's PayPal order, or an unknown one (404)", async () => {
      const started = await approvedPayment(alice, cart());
      for (const [user, id] of [
        [bob, started.paypalOrderId],
        [alice, 'NO-SUCH-ORDER'],
      ] as const) {
        const res = await createOrder(app, user, orderPayload(id, cart()));
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('PAYPAL_ORDER_NOT_FOUND');
      }
      expect(await orderCount(started.paypalOrderId)).toBe(0);
      expect(paypal.order(started.paypalOrderId)!.capture).toBeNull();
    });

    it('a cart other than the one PayPal was asked to charge for (409 CART_CHANGED)', async () => {
      const two = [{ product: jam, quantity: 2 }];
      const started = await approvedPayment(alice, two);
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, [{ product: jam, quantity: 3 }]));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CART_CHANGED');
      expect(await orderCount(started.paypalOrderId)).toBe(0);
      // The same product listed twice is the same cart.
      const split = await createOrder(
        app,
        alice,
        orderPayload(started.paypalOrderId, [
          { product: jam, quantity: 1 },
          { product: jam, quantity: 1 },
        ]),
      );
      expect(split.statusCode).toBe(200);
    });

    it('a price change since the PayPal order (409 PRICE_CHANGED), with the stock untouched', async () => {
      const started = await approvedPayment(alice, cart());
      await app.db.update(products).set({ priceCents: 700 }).where(eq(products.uuid, jam.uuid));
      const stock = await stockOf(app, jam.uuid);
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('PRICE_CHANGED');
      expect(await orderCount(started.paypalOrderId)).toBe(0);
      expect(await stockOf(app, jam.uuid)).toBe(stock);
      expect(paypal.order(started.paypalOrderId)!.capture).toBeNull();
      await app.db.update(products).set({ priceCents: 650 }).where(eq(products.uuid, jam.uuid));
    });

    it('a product switched off since (409 PRODUCTS_UNAVAILABLE, INACTIVE)', async () => {
      const started = await approvedPayment(alice, cart());
      await app.services.catalogue.setProductActive(jam.uuid, false);
      const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart()));
      await app.services.catalogue.setProductActive(jam.uuid, true);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'PRODUCTS_UNAVAILABLE', products: [{ productId: jam.uuid, reason: 'INACTIVE' }] });
      expect(await orderCount(started.paypalOrderId)).toBe(0);
    });

    it('a missing phone number (400)', async () => {
      const started = await approvedPayment(alice, cart());
      const payload = orderPayload(started.paypalOrderId, cart());
      payload.deliveryInfo.phone = '  ';
      const res = await createOrder(app, alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Phone number is required', field: 'deliveryInfo.phone' });
    });

    it('a phone number that is not a 10-digit US number (400), and a valid one stored normalised', async () => {
      const started = await approvedPayment(alice, cart());
      const payload = orderPayload(started.paypalOrderId, cart());
      payload.deliveryInfo.phone = 'abc';
      const bad = await createOrder(app, alice, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Please enter a 10-digit US phone number, e.g. (312) 555-0142',
        field: 'deliveryInfo.phone',
      });
      expect(await orderCount(started.paypalOrderId)).toBe(0);

      payload.deliveryInfo.phone = '+1 (312) 555.0199';
      const good = await createOrder(app, alice, payload);
      expect(good.statusCode).toBe(200);
      expect((await orderRow(good.json().orderId))!.customerPhone).toBe('312-555-0199');
    });
  });

  it("never lets the catalogue's caches show stock that is gone, or hide stock that came back", async () => {
    const saffron = await shop.addProduct('Saffron Threads', 1599, 1);
    const cart = [{ product: saffron, quantity: 1 }];
    const status = async () => {
      const res = await app.inject({ method: 'GET', url: `/open/products/${shop.loop.publicId}` });
      return res.json<{ uuid: string; stockStatus: string }[]>().find((p) => p.uuid === saffron.uuid)?.stockStatus;
    };
    expect(await status()).toBe('IN_STOCK');

    // A declined payment takes the last unit and gives it back: in stock again afterwards.
    const declined = await approvedPayment(alice, cart);
    paypal.declineOnCapture(declined.paypalOrderId);
    expect(await status()).toBe('IN_STOCK');
    expect((await createOrder(app, alice, orderPayload(declined.paypalOrderId, cart))).statusCode).toBe(402);
    expect(await status()).toBe('IN_STOCK');

    const paid = await approvedPayment(alice, cart);
    expect(await status()).toBe('IN_STOCK');
    expect((await createOrder(app, alice, orderPayload(paid.paypalOrderId, cart))).statusCode).toBe(200);
    expect(await status()).toBe('OUT_OF_STOCK');
    const [row] = await app.db.select().from(orders).where(eq(orders.paypalOrderId, paid.paypalOrderId));
    expect(row!.paymentStatus).toBe('PAID');
  });
});

describe("what an order does to the catalogue's answers", () => {
  it('keeps them through a sale that leaves stock, and drops them when the sale empties the shelf', async () => {
    const jam = await shop.addProduct('Quince Paste', 459, 3);
    const listed = async () => {
      const res = await app.inject({ method: 'GET', url: `/open/product/${jam.uuid}` });
      return (res.json() as { product: { stockQuantity: number; stockStatus: string } }).product;
    };
    expect(await listed()).toMatchObject({ stockQuantity: 3, stockStatus: 'IN_STOCK' });
    const generation = app.services.catalogue.cacheGeneration();

    // Two of three sold: the count may lag by the answers' few seconds, nothing is thrown away.
    await placePaidOrder(app, paypal, alice, [{ product: jam, quantity: 2 }]);
    expect(app.services.catalogue.cacheGeneration()).toBe(generation);
    expect(await stockOf(app, jam.uuid)).toBe(1);

    // The last one sold: shoppers must see it gone now, so the answers (and the indexes) are dropped.
    await placePaidOrder(app, paypal, bob, [{ product: jam, quantity: 1 }]);
    expect(app.services.catalogue.cacheGeneration()).toBeGreaterThan(generation);
    expect(await listed()).toMatchObject({ stockQuantity: 0, stockStatus: 'OUT_OF_STOCK' });
  });
});
