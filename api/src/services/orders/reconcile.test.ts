// The reconciler (reconcile.ts) against the in-memory PayPal: which orders it takes (PENDING, older than
// RECONCILE_AFTER_SECONDS), what PayPal's record makes of each, PayPal failing, two replicas at once, and
// a capture that lands after it cancelled. The kill -9 path, in real processes: crashRecovery.test.ts.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { deliveryHolds, notifications, orders, orderTracking, refunds } from '../../db/schema.ts';
import { FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  orderPayload,
  registerShopper,
  startPayment,
  stockOf,
  type CartLine,
  type TestShop,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp, createSharedTestDatabase, type SharedTestDatabase } from '../../testing/testApp.ts';
import { PaypalError, type PaypalClient } from '../paypal/types.ts';

let shared: SharedTestDatabase;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let app: App;
const SHARED_KEY = { ...FAST_HASHING, jwtSecret: randomBytes(32).toString('base64url') };

const startApi = async (services: { paypal: PaypalClient } = { paypal }) =>
  buildTestApp({ config: SHARED_KEY, db: await shared.open(), services });

beforeAll(async () => {
  shared = await createSharedTestDatabase();
  paypal = createFakePaypal();
  app = await startApi();
  shop = await createShop(app);
  shopper = await registerShopper(app);
});
afterAll(async () => {
  await app.close();
  await shared.drop();
});

async function newCart(): Promise<CartLine[]> {
  return [{ product: await shop.addProduct(`Oat Milk ${randomBytes(3).toString('hex')}`, 449, 10), quantity: 3 }];
}

/**
 * An order left as a crash leaves it: inserted with its stock and windows, PayPal's capture never
 * recorded (PayPal does not answer the capture, so the request leaves it PENDING). `captured` then
 * has PayPal capture it behind our back, as when the process died after PayPal's answer.
 */
async function pendingOrder(cart: CartLine[], paypalState: 'approved' | 'captured' | 'short'): Promise<string> {
  const started = await startPayment(app, shopper, cart);
  paypal.approve(started.paypalOrderId);
  if (paypalState === 'short') paypal.captureAmount(started.paypalOrderId, Math.round(started.pricing.total * 100) - 50);
  paypal.failNext(2);
  const res = await createOrder(app, shopper, orderPayload(started.paypalOrderId, cart));
  expect(res.statusCode).toBe(502);
  if (paypalState !== 'approved') await paypal.captureOrder(started.paypalOrderId, `capture-${started.orderReference}`);
  return started.orderReference;
}

const age = (orderId: string, minutes: number) =>
  app.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
const orderRow = async (orderId: string) => (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const bookedHolds = async (orderId: string) =>
  (await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.orderId, orderId))).filter((h) => h.status === 'BOOKED').length;

it('leaves an order younger than the age alone, then pays one PayPal captured for its total, with its notifications', async () => {
  const orderId = await pendingOrder(await newCart(), 'captured');
  await app.services.reconciler.runOnce();
  expect((await orderRow(orderId)).paymentStatus).toBe('PENDING');

  await age(orderId, 6);
  await app.services.reconciler.runOnce();
  expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'PAID', status: 'CONFIRMED', paypalCaptureStatus: 'COMPLETED' });
  const queued = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
  expect(queued.map((n) => n.type).sort()).toEqual(['new_order', 'new_order_items', 'order_created']);
  expect(await app.db.select().from(orderTracking).where(eq(orderTracking.orderId, orderId))).toHaveLength(1);
  expect(await bookedHolds(orderId)).toBe(1);
});

it('refunds a capture for another amount and gives the stock and the window back', async () => {
  const cart = await newCart();
  const orderId = await pendingOrder(cart, 'short');
  expect(await stockOf(app, cart[0]!.product.uuid)).toBe(7);
  await age(orderId, 6);
  await app.services.reconciler.runOnce();
  const row = await orderRow(orderId);
  expect(row).toMatchObject({ paymentStatus: 'AMOUNT_MISMATCH', status: 'CANCELLED', refundStatus: 'REFUNDED' });
  expect(paypal.refundedCents(row.paypalOrderId)).toBe(row.paypalCapturedCents);
  expect(await stockOf(app, cart[0]!.product.uuid)).toBe(10);
  expect(await bookedHolds(orderId)).toBe(0);
});

it('cancels an order PayPal never captured, or does not know, giving its stock and window back', async () => {
  const cart = await newCart();
  const approved = await pendingOrder(cart, 'approved');
  const unknown = await pendingOrder(await newCart(), 'approved');
  await app.db.update(orders).set({ paypalOrderId: 'NOT-A-PAYPAL-ORDER' }).where(eq(orders.id, unknown));
  await age(approved, 6);
  await age(unknown, 6);
  await app.services.reconciler.runOnce();
  for (const orderId of [approved, unknown]) {
    expect(await orderRow(orderId)).toMatchObject({
      paymentStatus: 'FAILED',
      status: 'CANCELLED',
      paypalCaptureId: null,
      refundStatus: null,
    });
    expect(await bookedHolds(orderId)).toBe(0);
  }
  expect(await stockOf(app, cart[0]!.product.uuid)).toBe(10);
});

it('keeps the order PENDING while PayPal fails, and settles it at the next pass', async () => {
  const orderId = await pendingOrder(await newCart(), 'captured');
  await age(orderId, 6);
  paypal.failNext(1);
  await app.services.reconciler.runOnce();
  expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'PENDING', reconcileClaimedAt: null });
  await app.services.reconciler.runOnce();
  expect((await orderRow(orderId)).paymentStatus).toBe('PAID');
});

it('never cancels on a refusal other than "unknown order" (bad credentials)', async () => {
  const orderId = await pendingOrder(await newCart(), 'approved');
  await age(orderId, 6);
  const refusing: PaypalClient = {
    ...paypal,
    getOrder: async () => {
      throw new PaypalError('PayPal authentication failed with 401', 401, 'invalid_client');
    },
  };
  app.services.paypal = refusing;
  try {
    await app.services.reconciler.runOnce();
  } finally {
    app.services.paypal = paypal;
  }
  expect((await orderRow(orderId)).paymentStatus).toBe('PENDING');
  await app.services.reconciler.runOnce();
  expect((await orderRow(orderId)).status).toBe('CANCELLED');
});

it('with two replicas, asks PayPal about each order once', async () => {
  const ids = [];
  for (let i = 0; i < 4; i += 1) ids.push(await pendingOrder(await newCart(), i % 2 ? 'approved' : 'captured'));
  await app.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => 6)` })
    .where(inArray(orders.id, ids));
  // The replica's first pass, at its start, counts too.
  const before = paypal.calls.get;
  const replica = await startApi();
  try {
    await Promise.all([app.services.reconciler.runOnce(), replica.services.reconciler.runOnce()]);
    expect(paypal.calls.get - before).toBe(4);
  } finally {
    await replica.close();
  }
  const settled = await app.db.select().from(orders).where(inArray(orders.id, ids));
  expect(settled.map((o) => o.status).sort()).toEqual(['CANCELLED', 'CANCELLED', 'CONFIRMED', 'CONFIRMED']);
});

it('refunds a capture that lands after the reconciler cancelled the order', async () => {
  const cart = await newCart();
  const started = await startPayment(app, shopper, cart);
  paypal.approve(started.paypalOrderId);
  // The shopper's request hangs on PayPal's capture past the age.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let captureStarted!: () => void;
  const capturing = new Promise<void>((resolve) => (captureStarted = resolve));
  app.services.paypal = {
    ...paypal,
    captureOrder: async (id, requestId) => {
      captureStarted();
      await gate;
      return paypal.captureOrder(id, requestId);
    },
  };
  try {
    const request = createOrder(app, shopper, orderPayload(started.paypalOrderId, cart));
    await capturing;
    await age(started.orderReference, 6);
    await app.services.reconciler.runOnce();
    expect((await orderRow(started.orderReference)).status).toBe('CANCELLED');
    release();
    expect((await request).statusCode).toBe(402);
  } finally {
    app.services.paypal = paypal;
  }
  const row = await orderRow(started.orderReference);
  expect(row).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED', paypalCaptureStatus: 'COMPLETED', refundStatus: 'REFUNDED' });
  expect(paypal.refundedCents(started.paypalOrderId)).toBe(row.totalCents);
  const [sent] = await app.db.select().from(refunds).where(eq(refunds.orderId, row.id));
  expect(sent).toMatchObject({ status: 'COMPLETED', amountCents: row.totalCents });
});
