// Money captured that does not end in a paid order goes back through PayPal's refund API: on every
// path that cancels a captured order, what PayPal refunded equals what it captured, once, and the
// refunds table (GET /admin/refunds) says so. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { eq, inArray, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema.ts';
import type { AdminRefundJson } from '../../services/orders/refunds.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  makeAdmin,
  orderPayload,
  placePaidOrder,
  registerShopper,
  startPayment,
  track,
  type CartLine,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { pickAll } from '../../testing/ops.ts';
import { approvePaypalOrder, usePaypalStandIn } from '../../testing/paypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let alice: Registered;
let admin: Registered;
let cart: CartLine[];

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  // These tests run the worker's passes by hand: a background pass would claim a refund the moment a
  // test makes it due, and the test would then read it mid-send (attempts counted, outcome not yet).
  await app.services.outbox.stop();
  const shop = await createShop(app);
  cart = [
    { product: await shop.addProduct('Whole Milk', 399, 1000), quantity: 2 },
    { product: await shop.addProduct('Rye Bread', 549, 1000, 'evanston'), quantity: 1 },
  ];
  alice = await registerShopper(app, 'Alice', 'Appleby');
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
});
afterAll(() => app.close());

const orderRow = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundRows = (orderId: string) => app.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

/** Money in and out of one order, from PayPal's side and from ours. */
async function ledger(orderId: string) {
  const order = await orderRow(orderId);
  const rows = await refundRows(orderId);
  return {
    captured: order.paypalCaptureStatus === 'COMPLETED' ? order.paypalCapturedCents! : 0,
    refundedByPaypal: paypal.refundedCents(order.paypalOrderId),
    refundedRecorded: rows.filter((r) => r.status === 'COMPLETED').reduce((sum, r) => sum + r.amountCents, 0),
    rows,
    order,
  };
}

/** Checkout with PayPal capturing what `capture` says; returns the order id and the /orders/create status. */
async function checkout(capture?: (paypalOrderId: string, totalCents: number) => void) {
  const started = await startPayment(app, alice, cart);
  paypal.approve(started.paypalOrderId);
  capture?.(started.paypalOrderId, Math.round(started.pricing.total * 100));
  const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart));
  return { orderId: started.orderReference, status: res.statusCode, body: res.json() };
}

describe('every path that cancels a captured order refunds the capture, once', () => {
  const cancelled: string[] = [];

  it.each([
    ['one cent less', (id: string, total: number) => paypal.captureAmount(id, total - 1)],
    ['a dollar more', (id: string, total: number) => paypal.captureAmount(id, total + 100)],
    ['another currency', (id: string, total: number) => paypal.captureAmount(id, total, 'EUR')],
  ])('PayPal captured %s than the order total: 409 AMOUNT_MISMATCH, order cancelled, capture refunded', async (_what, capture) => {
    const { orderId, status, body } = await checkout(capture);
    expect(status).toBe(409);
    expect(body.error.code).toBe('AMOUNT_MISMATCH');
    expect(body.message).toContain('refunded');
    const { captured, refundedByPaypal, refundedRecorded, rows, order } = await ledger(orderId);
    expect(captured).toBeGreaterThan(0);
    expect([refundedByPaypal, refundedRecorded]).toEqual([captured, captured]);
    expect(order).toMatchObject({ status: 'CANCELLED', refundStatus: 'REFUNDED', refundDueCents: captured });
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'COMPLETED',
        amountCents: captured,
        currency: order.paypalCapturedCurrency,
        requestId: `refund-${orderId}:payment-not-accepted`,
        attempts: 1,
      }),
    ]);
    cancelled.push(orderId);
  });

  it.each(['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'])(
    'an admin cancels a paid order at %s: the whole capture is refunded',
    async (at) => {
      const orderId = await placePaidOrder(app, paypal, alice, cart);
      // Ready needs every line picked (partSteps.ts).
      await pickAll(app, admin, orderId);
      for (const step of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'].slice(
        0,
        ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'].indexOf(at),
      )) {
        expect((await track(app, admin, orderId, step)).statusCode).toBe(200);
      }
      const res = await track(app, admin, orderId, 'CANCELLED');
      expect(res.statusCode).toBe(200);
      const { captured, refundedByPaypal, refundedRecorded, order } = await ledger(orderId);
      expect(res.json().refundDue).toBe(captured / 100);
      expect([refundedByPaypal, refundedRecorded]).toEqual([order.totalCents, order.totalCents]);
      expect(order.refundStatus).toBe('REFUNDED');
      cancelled.push(orderId);
    },
  );

  it('a declined capture took nothing, so nothing is refunded', async () => {
    const { orderId, status } = await checkout((id) => paypal.declineOnCapture(id));
    expect(status).toBe(402);
    const { captured, refundedByPaypal, rows, order } = await ledger(orderId);
    expect([captured, refundedByPaypal, rows.length, order.refundStatus]).toEqual([0, 0, 0, null]);
  });

  it('five racing cancels refund once', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    const answers = await Promise.all(Array.from({ length: 5 }, () => track(app, admin, orderId, 'CANCELLED')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    const { captured, refundedByPaypal, rows } = await ledger(orderId);
    expect([refundedByPaypal, rows.length]).toEqual([captured, 1]);
    cancelled.push(orderId);
  });

  it('across all of them, refunds add up to the captures', async () => {
    const all = await app.db.select().from(orders).where(inArray(orders.id, cancelled));
    expect(all).toHaveLength(cancelled.length);
    const capturedTotal = all.reduce((sum, o) => sum + o.paypalCapturedCents!, 0);
    const [recorded] = await app.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(sql`${refunds.orderId} in ${cancelled} and ${refunds.status} = 'COMPLETED'`);
    const paypalTotal = all.reduce((sum, o) => sum + paypal.refundedCents(o.paypalOrderId), 0);
    expect([recorded!.cents, paypalTotal]).toEqual([capturedTotal, capturedTotal]);
  });
});

describe('when PayPal does not answer the refund', () => {
  it('records FAILED with the next attempt, and the worker completes it later with the same PayPal-Request-Id', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    paypal.failNext(1);
    expect((await track(app, admin, orderId, 'CANCELLED')).statusCode).toBe(200);
    const [failed] = await refundRows(orderId);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lastError: expect.stringContaining('unavailable'),
      paypalRefundId: null,
    });
    expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect((await orderRow(orderId)).refundStatus).toBe('DUE');

    // Not due yet: the worker leaves it.
    await app.services.outbox.runOnce();
    expect((await refundRows(orderId))[0]!.attempts).toBe(1);

    // Its backoff over, the worker's next pass sends it.
    await app.db
      .update(refunds)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(refunds.id, failed!.id));
    await app.services.outbox.runOnce();
    const [done] = await refundRows(orderId);
    expect(done).toMatchObject({ status: 'COMPLETED', attempts: 2, lastError: null, nextAttemptAt: null, paypalStatus: 'COMPLETED' });
    const { captured, refundedByPaypal } = await ledger(orderId);
    expect(refundedByPaypal).toBe(captured);
    expect((await orderRow(orderId)).refundStatus).toBe('REFUNDED');
  });

  it('a refund sent again (a crash after PayPal answered) is the same refund at PayPal', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    expect((await track(app, admin, orderId, 'CANCELLED')).statusCode).toBe(200);
    const [row] = await refundRows(orderId);
    // As if the process died before recording PayPal's answer: the row is sendable again.
    await app.db
      .update(refunds)
      .set({ status: 'REQUESTED', claimedAt: null, nextAttemptAt: new Date(0) })
      .where(eq(refunds.id, row!.id));
    const calls = paypal.calls.refund;
    await app.services.outbox.runOnce();
    expect(paypal.calls.refund).toBe(calls + 1);
    const { captured, refundedByPaypal, rows } = await ledger(orderId);
    expect([refundedByPaypal, rows.length, rows[0]!.status, rows[0]!.paypalRefundId]).toEqual([
      captured,
      1,
      'COMPLETED',
      row!.paypalRefundId,
    ]);
  });
});

describe('partial refunds (the same module, one line at a time)', () => {
  it('refunds part of a capture, never more than it, and a later cancel refunds the rest', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    const { captured } = await ledger(orderId);
    const part = await app.services.refunds.refund({ orderId, amountCents: 549, reason: 'Rye Bread was out of stock', key: 'line-bread' });
    expect(part).toMatchObject({ status: 'COMPLETED', amountCents: 549 });
    // The same key is the same refund.
    await app.services.refunds.refund({ orderId, amountCents: 549, reason: 'Rye Bread was out of stock', key: 'line-bread' });
    expect((await ledger(orderId)).refundedByPaypal).toBe(549);

    await expect(
      app.db.transaction((tx) =>
        app.services.refunds.request(tx as unknown as Database, { orderId, amountCents: captured, reason: 'too much', key: 'too-much' }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'REFUND_EXCEEDS_CAPTURE' });

    expect((await track(app, admin, orderId, 'CANCELLED')).statusCode).toBe(200);
    const after = await ledger(orderId);
    expect(after.rows.map((r) => [r.amountCents, r.status])).toEqual([
      [549, 'COMPLETED'],
      [captured - 549, 'COMPLETED'],
    ]);
    expect(after.refundedByPaypal).toBe(captured);
  });
});

describe('GET /admin/refunds', () => {
  const list = (user: Registered, query = '') => app.inject({ method: 'GET', url: `/admin/refunds${query}`, headers: bearer(user.token) });

  it('lists refunds newest first for admins, by status or order, paged by cursor', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    await track(app, admin, orderId, 'CANCELLED');
    const res = await list(admin, '?limit=1');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ refunds: AdminRefundJson[]; nextCursor: string | null }>();
    const order = await orderRow(orderId);
    expect(page.refunds).toEqual([
      {
        id: expect.any(Number),
        orderId,
        paypalCaptureId: order.paypalCaptureId,
        amount: order.totalCents / 100,
        currency: 'USD',
        reason: `Grocer order ${order.orderNumber} was cancelled`,
        status: 'COMPLETED',
        paypalRefundId: expect.any(String),
        paypalStatus: 'COMPLETED',
        attempts: 1,
        nextAttemptAt: null,
        lastError: null,
        createdAt: expect.any(String),
        completedAt: expect.any(String),
      },
    ]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = (await list(admin, `?limit=1&cursor=${page.nextCursor}`)).json<{ refunds: AdminRefundJson[] }>();
    expect(next.refunds[0]!.id).toBeLessThan(page.refunds[0]!.id);
    expect((await list(admin, `?orderId=${orderId}`)).json().refunds).toHaveLength(1);
    expect((await list(admin, '?status=FAILED')).json().refunds.every((r: AdminRefundJson) => r.status === 'FAILED')).toBe(true);
  });

  it('is for admins only, and refuses bad queries', async () => {
    expect((await list(alice)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/admin/refunds' })).statusCode).toBe(401);
    for (const query of ['?status=LOST', '?limit=0', '?limit=101', '?orderId=nope', '?cursor=bm9wZQ'])
      expect((await list(admin, query)).statusCode).toBe(400);
  });
});

describe('through the real PayPal client and the /dev/paypal stand-in', () => {
  it("refunds a mismatched capture over HTTP; the stand-in's capture then reads REFUNDED", async () => {
    const other = await buildTestApp({ config: FAST_HASHING });
    try {
      await usePaypalStandIn(other);
      const shop = await createShop(other);
      const line = [{ product: await shop.addProduct('Oat Milk', 449, 10), quantity: 1 }];
      const shopper = await registerShopper(other, 'Sam', 'Stand');
      const started = await startPayment(other, shopper, line);
      await approvePaypalOrder(other, started.paypalOrderId, 'amount-mismatch');
      const res = await createOrder(other, shopper, orderPayload(started.paypalOrderId, line));
      expect(res.json().error.code).toBe('AMOUNT_MISMATCH');
      const [row] = await other.db.select().from(refunds).where(eq(refunds.orderId, started.orderReference));
      const [order] = await other.db.select().from(orders).where(eq(orders.id, started.orderReference));
      expect(row).toMatchObject({ status: 'COMPLETED', amountCents: order!.paypalCapturedCents, paypalStatus: 'COMPLETED' });
      const state = await other.services.paypal.getOrder(started.paypalOrderId);
      expect(state.capture).toMatchObject({ id: order!.paypalCaptureId, status: 'REFUNDED' });
    } finally {
      await other.close();
    }
  });
});
