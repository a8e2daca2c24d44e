// kill -9 between PayPal's capture and the recording of the payment, then a restart: the reconciler
// (reconcile.ts) settles every order the crash left PENDING from PayPal's record. The API runs in a
// process of its own on a database on disk (PGlite) or a PostgreSQL test database, with its PayPal
// stand-in (which keeps its orders in that database) reached through a relay that holds each capture's
// answer, or the capture itself, until the process is killed.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { deliveryHolds, devMail, devPaypalOrders, notifications, orders, products, refunds } from '../../db/schema.ts';
import { valueToCents } from '../paypal/client.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { startApiProcess, startPaypalRelay, type ApiProcess } from '../../testing/apiProcess.ts';
import { createShop, makeAdmin, orderPayload, registerShopper, startPayment, type CartLine } from '../../testing/checkout.ts';
import { approvePaypalOrder, usePaypalStandIn } from '../../testing/paypal.ts';
import { buildTestApp, createSharedTestDatabase } from '../../testing/testApp.ts';

/** The bound: every order settled within 2 minutes of the restart. */
const SETTLED_WITHIN_MS = 120_000;

/** What the test reads of a stand-in order (the dev_paypal_orders document). */
interface BookOrder {
  id: string;
  capture: { status: string; amount: { value: string }; refunds: { amount: { value: string } }[] } | null;
}

interface Checkout {
  name: 'paid' | 'mismatch' | 'uncaptured';
  shopper: Registered;
  cart: CartLine[];
  paypalOrderId: string;
  orderId: string;
}

async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

it('settles every order a kill -9 left between capture and settlement, within 2 minutes of the restart', async () => {
  const shared = await createSharedTestDatabase();
  const relay = await startPaypalRelay();
  const env = {
    ...shared.env,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PAYPAL_API_BASE: relay.apiBase,
    // Short for the test (the defaults are 300 s and 60 s), the same in both processes.
    RECONCILE_AFTER_SECONDS: '10',
    RECONCILE_INTERVAL_SECONDS: '3',
  };
  let api: ApiProcess | undefined;
  try {
    // A shop, and three shoppers who got as far as approving in PayPal's window.
    const app = await buildTestApp({ db: await shared.open(), config: { jwtSecret: env.JWT_SECRET, ...FAST_HASHING } });
    const checkouts: Checkout[] = [];
    let admin: Registered;
    let milk: string;
    let eggs: string;
    try {
      await usePaypalStandIn(app);
      const shop = await createShop(app);
      const milkProduct = await shop.addProduct('Milk', 399, 10, 'loop');
      const eggsProduct = await shop.addProduct('Eggs', 549, 10, 'evanston');
      [milk, eggs] = [milkProduct.uuid, eggsProduct.uuid];
      const carts: Record<Checkout['name'], CartLine[]> = {
        paid: [
          { product: milkProduct, quantity: 2 },
          { product: eggsProduct, quantity: 1 },
        ],
        mismatch: [{ product: milkProduct, quantity: 3 }],
        uncaptured: [{ product: eggsProduct, quantity: 3 }],
      };
      for (const name of ['paid', 'mismatch', 'uncaptured'] as const) {
        const shopper = await registerShopper(app);
        const started = await startPayment(app, shopper, carts[name]);
        await approvePaypalOrder(app, started.paypalOrderId, name === 'mismatch' ? 'amount-mismatch' : 'complete');
        checkouts.push({ name, shopper, cart: carts[name], paypalOrderId: started.paypalOrderId, orderId: started.orderReference });
      }
      admin = await registerShopper(app, 'Ada', 'Admin');
      await makeAdmin(app, admin);
    } finally {
      await app.close();
    }

    // The API places the three orders; PayPal captures two of them, and the third capture never leaves.
    api = await startApiProcess(env);
    relay.target = api.base;
    const held = checkouts.map((c) =>
      relay.hold(`/orders/${c.paypalOrderId}/capture`, c.name === 'uncaptured' ? 'before-forwarding' : 'after-forwarding'),
    );
    const requests = checkouts.map((c) =>
      fetch(`${api!.base}/orders/create`, {
        method: 'POST',
        headers: { ...bearer(c.shopper.token), 'content-type': 'application/json' },
        body: JSON.stringify(orderPayload(c.paypalOrderId, c.cart)),
      }).catch(() => null),
    );
    await Promise.all(held);
    await api.kill();
    expect(await Promise.all(requests)).toEqual([null, null, null]);

    // What the crash left: three PENDING orders holding their stock and windows, two of them paid for.
    const ids = checkouts.map((c) => c.orderId);
    const byName = (name: Checkout['name']) => checkouts.find((c) => c.name === name)!;
    {
      const db = await shared.open();
      try {
        const left = await db.db.select().from(orders).where(inArray(orders.id, ids));
        expect(left.map((o) => o.paymentStatus)).toEqual(['PENDING', 'PENDING', 'PENDING']);
        const stock = await db.db.select({ uuid: products.uuid, stock: products.stockQuantity }).from(products);
        expect(Object.fromEntries(stock.map((p) => [p.uuid, p.stock]))).toEqual({ [milk]: 10 - 2 - 3, [eggs]: 10 - 1 - 3 });
        const booked = await db.db.select().from(deliveryHolds).where(eq(deliveryHolds.status, 'BOOKED'));
        expect(booked).toHaveLength(4);
      } finally {
        await db.close();
      }
    }

    // Restart: the reconciler settles all three from PayPal's record.
    const restartedAt = Date.now();
    api = await startApiProcess(env);
    relay.target = api.base;
    const deadline = restartedAt + SETTLED_WITHIN_MS;
    for (const c of checkouts) {
      await until(`order ${c.name} to be settled`, deadline, async () => {
        const res = await fetch(`${api!.base}/orders/${c.orderId}`, { headers: bearer(c.shopper.token) });
        const status = ((await res.json()) as { orderStatus?: string }).orderStatus;
        return status && status !== 'PENDING' ? status : undefined;
      });
    }
    const settledMs = Date.now() - restartedAt;
    expect(settledMs).toBeLessThan(SETTLED_WITHIN_MS);
    // What an operator sees: one log line per order, and the refund at GET /admin/refunds. A cancelled
    // order's line follows its refund's request to PayPal, so it can come after the order reads settled.
    const settledLines = () => api!.logs().filter((l) => l.msg === 'reconciler settled an order left pending');
    await until('the reconciler to log each order', deadline + 30_000, async () => (settledLines().length >= 3 ? true : undefined));
    const lines = settledLines();
    expect(Object.fromEntries(lines.map((l) => [l.fields.orderId, l.fields.outcome]))).toEqual({
      [byName('paid').orderId]: 'paid',
      [byName('mismatch').orderId]: 'refunded',
      [byName('uncaptured').orderId]: 'cancelled',
    });
    await until('the refund to complete', deadline + 30_000, async () => {
      const res = await fetch(`${api!.base}/admin/refunds?orderId=${byName('mismatch').orderId}`, { headers: bearer(admin.token) });
      const list = ((await res.json()) as { refunds: { status: string }[] }).refunds;
      return list.length === 1 && list[0]!.status === 'COMPLETED' ? true : undefined;
    });
    await until('the outbox to send the mails', deadline + 30_000, async () => {
      const res = await fetch(`${api!.base}/dev/mailbox?to=${encodeURIComponent(byName('paid').shopper.email)}`);
      return ((await res.json()) as { subject: string }[]).some((m) => m.subject.startsWith('Your Grocer order')) ? true : undefined;
    });
    await api.stop();
    api = undefined;

    const db = await shared.open();
    try {
      const settled = Object.fromEntries((await db.db.select().from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o]));
      const paid = settled[byName('paid').orderId]!;
      const mismatch = settled[byName('mismatch').orderId]!;
      const uncaptured = settled[byName('uncaptured').orderId]!;
      expect(paid).toMatchObject({ paymentStatus: 'PAID', status: 'CONFIRMED', refundStatus: null });
      expect(mismatch).toMatchObject({ paymentStatus: 'AMOUNT_MISMATCH', status: 'CANCELLED', refundStatus: 'REFUNDED' });
      expect(uncaptured).toMatchObject({ paymentStatus: 'FAILED', status: 'CANCELLED', paypalCaptureId: null, refundStatus: null });

      // Stock and windows: only the paid order holds any.
      const stock = await db.db.select({ uuid: products.uuid, stock: products.stockQuantity }).from(products);
      expect(Object.fromEntries(stock.map((p) => [p.uuid, p.stock]))).toEqual({ [milk]: 10 - 2, [eggs]: 10 - 1 });
      const holds = await db.db.select().from(deliveryHolds).where(inArray(deliveryHolds.orderId, ids));
      expect(holds.filter((h) => h.status === 'BOOKED').map((h) => h.orderId)).toEqual([paid.id, paid.id]);
      expect(holds.filter((h) => h.orderId !== paid.id).every((h) => h.status === 'RELEASED')).toBe(true);

      // Refunds equal captures: what PayPal kept is exactly the paid order's total.
      const book = (await db.db.select().from(devPaypalOrders)).map((r) => r.order as unknown as BookOrder);
      const kept = (o: BookOrder) =>
        !o.capture || o.capture.status === 'DECLINED'
          ? 0
          : valueToCents(o.capture.amount.value)! - o.capture.refunds.reduce((sum, r) => sum + valueToCents(r.amount.value)!, 0);
      const keptByOrder = Object.fromEntries(checkouts.map((c) => [c.name, kept(book.find((o) => o.id === c.paypalOrderId)!)]));
      expect(keptByOrder).toEqual({ paid: paid.totalCents, mismatch: 0, uncaptured: 0 });
      const [refunded] = await db.db
        .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
        .from(refunds)
        .where(eq(refunds.status, 'COMPLETED'));
      expect(refunded!.cents).toBe(mismatch.paypalCapturedCents);

      // Each mail once: the paid order's confirmation and one per store; nothing about the others.
      const sent = await db.db
        .select({ to: devMail.to, subject: devMail.subject })
        .from(devMail)
        .where(sql`${devMail.subject} like '%GR-%'`);
      expect(sent.map((m) => m.subject).sort()).toEqual(
        [
          `New order ${paid.orderNumber} for Evanston Harvest: 1 item`,
          `New order ${paid.orderNumber} for Loop Provisions: 2 items`,
          `Your Grocer order ${paid.orderNumber}`,
        ].sort(),
      );
      const undelivered = await db.db
        .select()
        .from(notifications)
        .where(and(inArray(notifications.orderId, ids), sql`${notifications.deliveredAt} is null`));
      expect(undelivered).toEqual([]);
    } finally {
      await db.close();
    }
    console.info(`kill -9 recovery: all three orders settled ${(settledMs / 1000).toFixed(1)} s after the restart`);
  } finally {
    await api?.kill();
    await relay.close();
    await shared.drop();
  }
}, 900_000);
