// POST /orders/tracking: the status model through the route. Customers confirm their own
// new order; admins move any order along the table in services/orders/status.ts; anything else is a
// 409 that names the allowed next statuses. Cancelling a paid order gives the stock back and records
// the refund that is due.
import { ORDER_STATUSES } from '@grocer/shared/contracts';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orders, orderTracking, type OrderStatusValue } from '../../db/schema.ts';
import { allowedNext } from '../../services/orders/status.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  makeAdmin,
  orderPayload,
  placePaidOrder,
  registerShopper,
  startPayment,
  stockOf,
  track as trackWith,
  type CartLine,
  type ShopProduct,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { pickAll } from '../../testing/ops.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let alice: Registered;
let bob: Registered;
let admin: Registered;
let milk: ShopProduct;
let cart: CartLine[];

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  const shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 399, 1000);
  cart = [{ product: milk, quantity: 2 }];
  alice = await registerShopper(app, 'Alice', 'Appleby');
  bob = await registerShopper(app, 'Bob', 'Baker');
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
});
afterAll(() => app.close());

const place = () => placePaidOrder(app, paypal, alice, cart);
const track = (user: Registered, orderId: string, status: string) => trackWith(app, user, orderId, status);
const statusOf = async (orderId: string) =>
  (await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(alice.token) })).json().orderStatus;
const row = async (orderId: string) => (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const trackingOf = async (orderId: string) =>
  (await app.db.select().from(orderTracking).where(eq(orderTracking.orderId, orderId)).orderBy(asc(orderTracking.id))).map((t) => t.status);

describe('an admin moves an order along', () => {
  it('CONFIRMED → PREPARING → READY_FOR_PICKUP → OUT_FOR_DELIVERY → DELIVERED, each recorded once', async () => {
    const orderId = await place();
    expect((await track(alice, orderId, 'confirmed')).statusCode).toBe(200);
    await pickAll(app, admin, orderId);
    for (const status of ['PREPARING', 'ready for pickup', 'out_for_delivery', 'Delivered']) {
      // The booked window opens later: Delivered now is an explicit early delivery (ops/steps.test.ts has the rule).
      const res = await trackWith(app, admin, orderId, status, { deliverEarly: status === 'Delivered' });
      expect(res.statusCode).toBe(200);
      const expected = status.toUpperCase().replace(/ /g, '_');
      expect(res.json()).toEqual({
        success: true,
        message: expect.any(String),
        orderId,
        orderStatus: expected,
        trackingNumber: expect.stringMatching(/^GRT/),
        estimatedDelivery: expect.any(String),
      });
      // The owner's GET /orders/{id} (what the details page polls) follows.
      expect(await statusOf(orderId)).toBe(expected);
    }
    expect(await trackingOf(orderId)).toEqual(['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const recorded = await app.db.select().from(orderTracking).where(eq(orderTracking.orderId, orderId));
    expect(recorded.filter((t) => t.status !== 'CONFIRMED').every((t) => t.recordedBy === admin.uuid)).toBe(true);
  });

  it('may confirm a paid order itself', async () => {
    const orderId = await place();
    const res = await track(admin, orderId, 'CONFIRMED');
    expect(res.json().orderStatus).toBe('CONFIRMED');
    expect((await row(orderId)).confirmedAt).not.toBeNull();
  });

  it('answers a repeated status with the same, recording nothing more (also when 10 race)', async () => {
    const orderId = await place();
    await track(admin, orderId, 'CONFIRMED');
    const responses = await Promise.all(Array.from({ length: 10 }, () => track(admin, orderId, 'PREPARING')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await trackingOf(orderId)).toEqual(['CONFIRMED', 'PREPARING']);
  });

  it('refuses what the table does not allow: 409 INVALID_STATUS_TRANSITION with error.allowed', async () => {
    const orderId = await place();
    // A paid order is confirmed by the server already; put this one back at PENDING to try a skip.
    await app.db.update(orders).set({ status: 'PENDING' }).where(eq(orders.id, orderId));
    const skip = await track(admin, orderId, 'PREPARING');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('pending'),
      error: { code: 'INVALID_STATUS_TRANSITION', field: 'status', allowed: ['CONFIRMED', 'CANCELLED'] },
    });

    await track(admin, orderId, 'CONFIRMED');
    const jump = await track(admin, orderId, 'OUT_FOR_DELIVERY');
    expect(jump.statusCode).toBe(409);
    expect(jump.json().error.allowed).toEqual(['PREPARING', 'CANCELLED']);

    await track(admin, orderId, 'PREPARING');
    const back = await track(admin, orderId, 'CONFIRMED');
    expect(back.statusCode).toBe(409);
    expect(back.json().error.allowed).toEqual(['READY_FOR_PICKUP', 'CANCELLED']);
    expect(await statusOf(orderId)).toBe('PREPARING');
  });

  it('keeps DELIVERED final: not even CANCELLED (error.allowed is empty)', async () => {
    const orderId = await place();
    await pickAll(app, admin, orderId);
    for (const status of ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED'])
      expect((await trackWith(app, admin, orderId, status, { deliverEarly: true })).statusCode).toBe(200);
    const res = await track(admin, orderId, 'CANCELLED');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', allowed: [] });
  });

  it('runs the whole table through the route', async () => {
    const orderId = await place();
    const trackable = ORDER_STATUSES.filter((s) => s !== 'PROCESSING');
    for (const from of ORDER_STATUSES) {
      for (const to of trackable) {
        // Put the order at `from` directly, as if it had got there.
        await app.db
          .update(orders)
          .set({ status: from as OrderStatusValue })
          .where(eq(orders.id, orderId));
        const res = await track(admin, orderId, to);
        const allowed = allowedNext(from);
        if (from === to) {
          expect([from, to, res.statusCode]).toEqual([from, to, 200]);
        } else if (allowed.includes(to)) {
          expect([from, to, res.statusCode, res.json().orderStatus]).toEqual([from, to, 200, to]);
        } else {
          expect([from, to, res.statusCode, res.json().error]).toEqual([from, to, 409, expect.objectContaining({ allowed: [...allowed] })]);
        }
      }
    }
    // PROCESSING is never recorded by anyone.
    const res = await track(admin, orderId, 'PROCESSING');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'status' });
  });
});

describe('cancelling', () => {
  it('gives a paid order its stock back and refunds its capture, once (also when 5 race)', async () => {
    const before = await stockOf(app, milk.uuid);
    const orderId = await place();
    expect(await stockOf(app, milk.uuid)).toBe(before - 2);
    await track(alice, orderId, 'confirmed');
    await track(admin, orderId, 'PREPARING');

    const responses = await Promise.all(Array.from({ length: 5 }, () => track(admin, orderId, 'cancelled')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const order = await row(orderId);
    expect(order).toMatchObject({
      status: 'CANCELLED',
      // Refunded in PayPal by the time the answer came back: once, whichever of the 5 recorded it.
      refundStatus: 'REFUNDED',
      refundDueCents: order.totalCents,
      cancelledAt: expect.any(Date),
    });
    // Every racer gets the same account of the refund, whether it read the order before or after PayPal refunded it.
    for (const res of responses) {
      expect(res.json()).toMatchObject({
        orderStatus: 'CANCELLED',
        refundDue: order.totalCents / 100,
        message: expect.stringContaining('refund'),
      });
    }
    expect((await track(admin, orderId, 'cancelled')).json()).toMatchObject({
      refundDue: order.totalCents / 100,
      message: `Order cancelled; $${(order.totalCents / 100).toFixed(2)} refunded`,
    });
    expect(await stockOf(app, milk.uuid)).toBe(before);
    expect(await trackingOf(orderId)).toEqual(['CONFIRMED', 'PREPARING', 'CANCELLED']);
    // Final now.
    expect((await track(admin, orderId, 'PREPARING')).json().error.allowed).toEqual([]);
    expect(await stockOf(app, milk.uuid)).toBe(before);
  });

  it('is for admins only', async () => {
    const orderId = await place();
    const res = await track(alice, orderId, 'CANCELLED');
    expect(res.statusCode).toBe(403);
    expect((await row(orderId)).status).toBe('CONFIRMED');
  });

  it('waits for a payment PayPal has not settled (409 ORDER_NOT_PAID), without touching the stock', async () => {
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    paypal.failNext(2);
    expect((await createOrder(app, alice, orderPayload(started.paypalOrderId, cart))).statusCode).toBe(502);
    const stock = await stockOf(app, milk.uuid);
    const res = await track(admin, started.orderReference, 'CANCELLED');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_NOT_PAID');
    expect(await stockOf(app, milk.uuid)).toBe(stock);
  });
});

describe('customers', () => {
  it('may not move their own order beyond confirmed (403)', async () => {
    const orderId = await place();
    await track(alice, orderId, 'confirmed');
    for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED']) {
      const res = await track(alice, orderId, status);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', field: 'status' });
    }
    expect(await statusOf(orderId)).toBe('CONFIRMED');
  });

  it("get the order's current status when their checkout retries the confirm after an admin moved it on", async () => {
    const orderId = await place();
    await track(alice, orderId, 'confirmed');
    await track(admin, orderId, 'PREPARING');
    const res = await track(alice, orderId, 'confirmed');
    expect(res.statusCode).toBe(200);
    expect(res.json().orderStatus).toBe('PREPARING');
    expect(await trackingOf(orderId)).toEqual(['CONFIRMED', 'PREPARING']);
  });

  it('cannot confirm a cancelled order (409, nothing allowed)', async () => {
    const orderId = await place();
    await track(admin, orderId, 'CANCELLED');
    const res = await track(alice, orderId, 'confirmed');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', allowed: [] });
  });

  it("get 404 for anyone else's order, whatever the status asked", async () => {
    const orderId = await place();
    for (const status of ['confirmed', 'PREPARING', 'CANCELLED', 'nonsense']) {
      const res = await track(bob, orderId, status);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ORDER_NOT_FOUND');
    }
  });

  it('get 400 for a status that does not exist', async () => {
    const orderId = await place();
    const res = await track(alice, orderId, 'shipped');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'status',
      message: expect.stringContaining('out_for_delivery'),
    });
  });
});

it("reports an unexpected failure with the spec's default message", async () => {
  const orderId = await place();
  const original = app.services.orders.track;
  app.services.orders.track = async () => {
    throw new Error('connection to the tracking table exploded');
  };
  try {
    const res = await track(admin, orderId, 'CONFIRMED');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Failed to create order tracking',
      error: { code: 'TRACKING_FAILED', message: 'Failed to create order tracking' },
    });
  } finally {
    app.services.orders.track = original;
  }
});
