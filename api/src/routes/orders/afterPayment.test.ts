// After the order is placed: completing the payment, the customer's confirmation, and reading
// orders back (owner or admin only; history newest first with an opaque cursor).
import { jest } from '@jest/globals';
import type { Order } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { deliveryHolds, notifications, orders, orderStoreParts, orderTracking } from '../../db/schema.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  makeAdmin,
  orderPayload,
  registerShopper,
  startPayment,
  type CartLine,
  type ShopProduct,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let alice: Registered;
let bob: Registered;
let admin: Registered;
let milk: ShopProduct;
let bread: ShopProduct;

const NOT_FOUND = 'Order not found or unable to retrieve order details';

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  const shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 399, 100);
  bread = await shop.addProduct('Rye Bread', 549, 100, 'evanston');
  alice = await registerShopper(app, 'Alice', 'Appleby');
  bob = await registerShopper(app, 'Bob', 'Baker');
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
});
afterAll(() => app.close());

/** Places an order the way checkout does; `approve: false` or `decline` gives a cancelled one. */
async function place(user: Registered, cart: CartLine[], outcome: 'paid' | 'declined' = 'paid') {
  const started = await startPayment(app, user, cart);
  paypal.approve(started.paypalOrderId);
  if (outcome === 'declined') paypal.declineOnCapture(started.paypalOrderId);
  const res = await createOrder(app, user, orderPayload(started.paypalOrderId, cart));
  expect(res.statusCode).toBe(outcome === 'paid' ? 200 : 402);
  return { orderId: started.orderReference, paypalOrderId: started.paypalOrderId };
}

const get = (user: Registered | null, url: string) => app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });
const post = (user: Registered, url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(user.token), payload });

describe('GET /orders/:id', () => {
  let orderId: string;
  beforeAll(async () => {
    ({ orderId } = await place(alice, [
      { product: milk, quantity: 2 },
      { product: bread, quantity: 1 },
    ]));
  });

  it("answers the owner with the spec's Order", async () => {
    const res = await get(alice, `/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    const order = res.json<Order>();
    expect(order).toEqual({
      orderId,
      orderNumber: expect.stringMatching(/^GR-\d{6}$/),
      orderStatus: 'CONFIRMED',
      orderDate: expect.any(String),
      totalAmount: expect.any(Number),
      subtotal: 13.47,
      taxAmount: 0.84, // 6.25 % of 13.47 = 0.841875
      serviceFee: 2,
      displayServiceFee: expect.any(Number),
      deliveryFee: expect.any(Number),
      orderItems: [
        // Picture, size and unit price as when ordered (createShop's products are "1 ct" at /p.svg).
        {
          productUuid: milk.uuid,
          image: '/p.svg',
          sizeLabel: '1 ct',
          unitPriceLabel: '$3.99/ct',
          storePublicId: expect.stringMatching(/^loop-/),
          productName: 'Whole Milk',
          quantity: 2,
          unitPrice: 3.99,
          lineTotal: 7.98,
          storeName: 'Loop Provisions',
          storeUuid: expect.any(String),
          substitution: { choice: 'BEST_MATCH', substitute: null },
          fulfilment: { state: 'PENDING', replacement: null },
        },
        {
          productUuid: bread.uuid,
          image: '/p.svg',
          sizeLabel: '1 ct',
          unitPriceLabel: '$5.49/ct',
          storePublicId: expect.stringMatching(/^evanston-/),
          productName: 'Rye Bread',
          quantity: 1,
          unitPrice: 5.49,
          lineTotal: 5.49,
          storeName: 'Evanston Harvest',
          storeUuid: expect.any(String),
          substitution: { choice: 'BEST_MATCH', substitute: null },
          fulfilment: { state: 'PENDING', replacement: null },
        },
      ],
      customerFirstName: 'Alice',
      customerLastName: 'Appleby',
      customerPhone: '312-555-0100',
      deliveryAddressLine1: '233 S Wacker Dr',
      deliveryApartment: 'Apt 12',
      deliveryCity: 'Chicago',
      deliveryState: 'IL',
      deliveryPostalCode: '60606',
      deliveryInstructions: 'Ring twice',
      // Nothing changed by the stores yet (the ops API fills these in).
      adjustments: { originalTotal: order.totalAmount, refundedTotal: 0, refunds: [], cancelReason: null, version: 0 },
      // Each store part's booked window (step 1 held the earliest of each).
      deliveryWindows: [
        expect.objectContaining({ storeName: 'Evanston Harvest', timeZone: 'America/Chicago' }),
        expect.objectContaining({ storeName: 'Loop Provisions', timeZone: 'America/Chicago' }),
      ],
      // Each store's own part: nothing moved or refunded yet, and its window.
      storeParts: ['Loop Provisions', 'Evanston Harvest'].map((storeName) => ({
        storeUuid: expect.any(String),
        storeName,
        status: 'CONFIRMED',
        updatedAt: expect.any(String),
        deliveryWindow: expect.objectContaining({ storeName, timeZone: 'America/Chicago' }),
        refunded: 0,
      })),
    });
    // The summary the shopper sees adds up.
    const cents = (d: number) => Math.round(d * 100);
    expect(cents(order.subtotal) + cents(order.taxAmount) + cents(order.displayServiceFee) + cents(order.deliveryFee)).toBe(
      cents(order.totalAmount),
    );
  });

  it('answers an admin too', async () => {
    expect((await get(admin, `/orders/${orderId}`)).statusCode).toBe(200);
  });

  it("is 404 for anyone else, an unknown id or a malformed one, with the spec's message", async () => {
    for (const [user, id] of [
      [bob, orderId],
      [alice, crypto.randomUUID()],
      [alice, 'not-an-id'],
    ] as const) {
      const res = await get(user, `/orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: NOT_FOUND, error: { code: 'ORDER_NOT_FOUND' } });
    }
  });

  it('needs a session', async () => {
    expect((await get(null, `/orders/${orderId}`)).statusCode).toBe(401);
    expect((await get(null, '/orders/user/history')).statusCode).toBe(401);
  });
});

describe('GET /orders/user/history', () => {
  let carol: Registered;
  const placed: string[] = [];
  beforeAll(async () => {
    carol = await registerShopper(app, 'Carol', 'Cook');
    for (let i = 1; i <= 3; i++) placed.push((await place(carol, [{ product: milk, quantity: i }])).orderId);
    placed.push((await place(carol, [{ product: bread, quantity: 1 }], 'declined')).orderId);
    await place(bob, [{ product: milk, quantity: 1 }]);
  });

  it("lists the caller's orders newest first, cancelled ones included", async () => {
    const res = await get(carol, '/orders/user/history');
    expect(res.statusCode).toBe(200);
    const list = res.json<Order[]>();
    expect(list.map((o) => o.orderId)).toEqual([...placed].reverse());
    expect(list[0]!.orderStatus).toBe('CANCELLED');
    expect(list[1]!.orderItems).toEqual([expect.objectContaining({ productName: 'Whole Milk', quantity: 3 })]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  it('pages with ?limit and the opaque cursor in x-next-cursor', async () => {
    const first = await get(carol, '/orders/user/history?limit=3');
    expect(first.json<Order[]>().map((o) => o.orderId)).toEqual([placed[3], placed[2], placed[1]]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(carol, `/orders/user/history?limit=3&cursor=${encodeURIComponent(cursor)}`);
    expect(second.json<Order[]>().map((o) => o.orderId)).toEqual([placed[0]]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a limit above 50 and a forged cursor (400)', async () => {
    expect((await get(carol, '/orders/user/history?limit=51')).statusCode).toBe(400);
    expect((await get(carol, '/orders/user/history?limit=0')).statusCode).toBe(400);
    const res = await get(carol, '/orders/user/history?cursor=bm9wZQ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
  });

  it("is each caller's own, for admins too", async () => {
    expect((await get(admin, '/orders/user/history')).json()).toEqual([]);
    expect((await get(bob, '/orders/user/history')).json()).toHaveLength(1);
  });

  it('lets the browser read x-next-cursor across origins', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/orders/user/history?limit=1',
      headers: { ...bearer(carol.token), origin: 'http://localhost:3000' },
    });
    expect(res.headers['access-control-expose-headers']).toContain('x-next-cursor');
  });
});

describe('POST /orders/paypal/complete', () => {
  it('reports the recorded capture, as often as asked', async () => {
    const { orderId, paypalOrderId } = await place(alice, [{ product: milk, quantity: 1 }]);
    for (let i = 0; i < 2; i++) {
      const res = await post(alice, '/orders/paypal/complete', {
        orderId,
        paymentDetails: { id: paypalOrderId, status: 'COMPLETED' },
        user: {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: expect.any(String),
        orderId,
        transactionId: paypal.order(paypalOrderId)!.capture!.id,
      });
    }
  });

  it('settles an order PayPal had not answered for', async () => {
    const started = await startPayment(app, alice, [{ product: milk, quantity: 1 }]);
    paypal.approve(started.paypalOrderId);
    paypal.failNext(2);
    expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, [{ product: milk, quantity: 1 }]))).statusCode).toBe(502);
    const res = await post(alice, '/orders/paypal/complete', { orderId: started.orderReference });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, started.orderReference));
    expect(row!.paymentStatus).toBe('PAID');
  });

  it('records a payment in one statement: the order confirmed, its notifications, its tracking entry and its store parts', async () => {
    const cart = [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 2 },
    ];
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = jest.spyOn(client, 'query');
    try {
      expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, cart))).statusCode).toBe(200);
      const texts = query.mock.calls.map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text));
      // The outbox worker polls the same database on its own timer, but never inserts notifications.
      const [payment, ...others] = texts.filter((text) => /insert into "notifications"/i.test(text));
      expect(others).toHaveLength(0);
      expect(payment).toMatch(/update "orders"/i);
      expect(payment).toMatch(/insert into "order_tracking"/i);
      expect(payment).toMatch(/update "order_store_parts"/i);
      expect(texts.filter((text) => /^\s*begin/i.test(text))).toHaveLength(0);
    } finally {
      query.mockRestore();
    }
    const id = started.orderReference;
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID', confirmedAt: expect.any(Date) });
    const sent = await app.db.select().from(notifications).where(eq(notifications.orderId, id));
    expect(sent.map((n) => n.type).sort()).toEqual(['new_order', 'new_order_items', 'new_order_items', 'order_created']);
    expect(sent.find((n) => n.type === 'new_order')!.deliveredAt).toEqual(expect.any(Date));
    expect(sent.find((n) => n.type === 'order_created')).toMatchObject({ deliverTo: alice.email });
    expect((await app.db.select().from(orderTracking).where(eq(orderTracking.orderId, id))).map((t) => t.status)).toEqual(['CONFIRMED']);
    const parts = await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, id));
    expect(parts.map((p) => p.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
  });

  it('gives an order placed before store parts were recorded its parts when the payment is recorded', async () => {
    const cart = [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 1 },
    ];
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    paypal.failNext(2);
    expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, cart))).statusCode).toBe(502);
    const id = started.orderReference;
    await app.db.delete(orderStoreParts).where(eq(orderStoreParts.orderId, id));
    expect((await post(alice, '/orders/paypal/complete', { orderId: id })).statusCode).toBe(200);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
    const parts = await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, id));
    expect(parts.map((p) => p.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
    // The quotes are gone: the order's delivery fee is split between them.
    expect(parts.reduce((sum, p) => sum + p.deliveryFeeCents, 0)).toBe(row!.deliveryFeeCents);
  });

  it("is 402 for a declined payment and 404 for someone else's order", async () => {
    const { orderId } = await place(alice, [{ product: milk, quantity: 1 }], 'declined');
    expect((await post(alice, '/orders/paypal/complete', { orderId })).statusCode).toBe(402);
    expect((await post(bob, '/orders/paypal/complete', { orderId })).statusCode).toBe(404);
    // An admin sees the order (to settle a stuck payment) and gets its outcome.
    expect((await post(admin, '/orders/paypal/complete', { orderId })).statusCode).toBe(402);
  });
});

describe('POST /orders/tracking', () => {
  const track = (user: Registered, orderId: string, status = 'confirmed') =>
    post(user, '/orders/tracking', { orderId, status, timestamp: new Date().toISOString(), notes: 'Order confirmed by customer' });

  it("confirms the owner's paid order once, whatever the case of 'confirmed'", async () => {
    const { orderId } = await place(alice, [{ product: milk, quantity: 1 }]);
    const first = await track(alice, orderId, 'Confirmed');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      orderId,
      orderStatus: 'CONFIRMED',
      trackingNumber: expect.stringMatching(/^GRT/),
      estimatedDelivery: expect.any(String),
    });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    // The booked window's end, not 45 minutes from now (spec §9's rule is for orders without windows).
    const windows = await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.orderId, orderId));
    expect(body.estimatedDelivery).toBe(new Date(Math.max(...windows.map((w) => w.endsAt.getTime()))).toISOString());
    expect(row!.confirmedAt).not.toBeNull();

    const again = await track(alice, orderId, 'CONFIRMED');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await app.db.select().from(orderTracking).where(eq(orderTracking.orderId, orderId))).toHaveLength(1);
    expect((await get(alice, `/orders/${orderId}`)).json().orderStatus).toBe('CONFIRMED');
  });

  it('lets a customer record nothing but confirmed (403)', async () => {
    const { orderId } = await place(alice, [{ product: milk, quantity: 1 }]);
    for (const status of ['delivered', 'CANCELLED', 'out_for_delivery']) {
      const res = await track(alice, orderId, status);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await get(alice, `/orders/${orderId}`)).json().orderStatus).toBe('CONFIRMED');
  });

  it("is 404 for someone else's order; an admin may confirm it", async () => {
    const { orderId } = await place(alice, [{ product: milk, quantity: 1 }]);
    expect((await track(bob, orderId)).statusCode).toBe(404);
    const res = await track(admin, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json().orderStatus).toBe('CONFIRMED');
  });

  it('is 409 for an order that was not paid', async () => {
    const { orderId } = await place(alice, [{ product: milk, quantity: 1 }], 'declined');
    const res = await track(alice, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_NOT_PAID');
  });
});
