// The store side end to end through the API: the board and pick lists, staff moving their part,
// marking lines with the order re-priced and the difference refunded through PayPal once, an admin's
// cancellation, inventory with audited prices, store settings, the notifications panel and staff
// invitations. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type {
  OpsInventoryProduct,
  OpsNotification,
  OpsOrderSummary,
  OpsStorePart,
  OpsStoreSettings,
  Order,
} from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { notifications, orders, products, refunds } from '../../db/schema.ts';
import { bearer, mailbox, uniqueEmail, type Registered } from '../../testing/accounts.ts';
import { placePaidOrder, startPayment, stockOf, type CartLine, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import type { FakePaypal } from '../../testing/fakePaypal.ts';
import { createOpsWorld, opsCall, pickAll, readPart } from '../../testing/ops.ts';
import { calculatePricing } from '../../services/pricing.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let admin: Registered;
let loopStaff: Registered;
let evanstonStaff: Registered;
let milk: ShopProduct;
let cheaperMilk: ShopProduct;
let pricierMilk: ShopProduct;
let eggs: ShopProduct;
let bread: ShopProduct;

beforeAll(async () => {
  ({ app, paypal, shop, shopper, admin, loopStaff, evanstonStaff } = await createOpsWorld());
  milk = await shop.addProduct('Prairie Farms Whole Milk, 1 gal', 449, 100);
  cheaperMilk = await shop.addProduct('Lakeview Whole Milk, 1 gal', 399, 100);
  pricierMilk = await shop.addProduct('Organic Valley Whole Milk, 1 gal', 699, 100);
  eggs = await shop.addProduct('Vital Farms Large Eggs, 12 ct', 649, 100);
  bread = await shop.addProduct('Rye Bread, 24 oz', 549, 100, 'evanston');
});
afterAll(() => app.close());

const twoStoreCart = (): CartLine[] => [
  { product: milk, quantity: 2 },
  { product: eggs, quantity: 1 },
  { product: bread, quantity: 1 },
];

const part = (user: Registered, orderId: string, storeUuid: string) => readPart(app, user, orderId, storeUuid);

describe('the board', () => {
  it('lists a paid order once per store; staff see only their store', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const all = (await opsCall(app, admin, 'GET', '/ops/orders?limit=100'))
      .json<{ orders: OpsOrderSummary[] }>()
      .orders.filter((o) => o.orderId === orderId);
    expect(all.map((o) => o.store.uuid).sort()).toEqual([shop.loop.uuid, shop.evanston.uuid].sort());
    const loop = all.find((o) => o.store.uuid === shop.loop.uuid)!;
    expect(loop).toMatchObject({
      status: 'CONFIRMED',
      orderStatus: 'CONFIRMED',
      lineCount: 2,
      itemCount: 3,
      pendingLineCount: 2,
      partSubtotalCents: 2 * 449 + 649,
      customerName: 'Sam Shopper',
    });

    const staffView = (await opsCall(app, loopStaff, 'GET', '/ops/orders?limit=100')).json<{ orders: OpsOrderSummary[] }>().orders;
    expect(staffView.length).toBeGreaterThan(0);
    expect(staffView.every((o) => o.store.uuid === shop.loop.uuid)).toBe(true);
    // Another store's filter is "not found" for staff.
    expect((await opsCall(app, loopStaff, 'GET', `/ops/orders?storeUuid=${shop.evanston.uuid}`)).statusCode).toBe(404);
  });

  it('filters by status and by day in Chicago', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: eggs, quantity: 1 }]);
    const [row] = await app.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, orderId));
    const chicagoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(row!.createdAt);
    const ids = async (query: string) =>
      (await opsCall(app, admin, 'GET', `/ops/orders?limit=100&${query}`))
        .json<{ orders: OpsOrderSummary[] }>()
        .orders.map((o) => o.orderId);
    expect(await ids(`date=${chicagoDay}`)).toContain(orderId);
    expect(await ids('date=2001-01-01')).not.toContain(orderId);
    expect(await ids('status=CONFIRMED')).toContain(orderId);
    expect(await ids('status=DELIVERED')).not.toContain(orderId);
    expect((await opsCall(app, admin, 'GET', '/ops/orders?date=2026-13-01')).statusCode).toBe(400);
  });

  it('pages with a cursor without repeating or skipping rows', async () => {
    for (let i = 0; i < 3; i += 1) await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await opsCall(app, admin, 'GET', `/ops/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      const page = res.json<{ orders: OpsOrderSummary[]; nextCursor: string | null }>();
      seen.push(...page.orders.map((o) => `${o.orderId}/${o.store.uuid}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const everything = (await opsCall(app, admin, 'GET', '/ops/orders?limit=100')).json<{ orders: OpsOrderSummary[] }>().orders;
    expect(seen).toHaveLength(everything.length);
  });
});

describe('a pick list and moving a part', () => {
  it("shows the store's lines with picture, size, quantity and the shopper's note", async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const loop = await part(loopStaff, orderId, shop.loop.uuid);
    expect(loop.lines.map((l) => [l.name, l.quantity, l.sizeLabel, l.state])).toEqual([
      [milk.name, 2, '1 ct', 'PENDING'],
      [eggs.name, 1, '1 ct', 'PENDING'],
    ]);
    expect(loop.lines[0]!.image).toBeTruthy();
    expect(loop.note).toBe('Ring twice');
    expect(loop.allowedNext).toEqual(['PREPARING']);
    // The other store's part of the same order is not theirs.
    expect((await opsCall(app, loopStaff, 'GET', `/ops/orders/${orderId}/stores/${shop.evanston.uuid}`)).statusCode).toBe(404);
    // Nor its refunds or its money: Evanston drops its bread, the Loop staff's part says nothing of it.
    const [breadLine] = (await part(evanstonStaff, orderId, shop.evanston.uuid)).lines;
    await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/lines/${breadLine!.lineId}`, { state: 'UNAVAILABLE' });
    const mine = await part(loopStaff, orderId, shop.loop.uuid);
    expect(mine.refunds).toEqual([]);
    expect(mine.totals).toMatchObject({ subtotalCents: 2 * 449 + 649, refundedCents: 0 });
    expect((await part(admin, orderId, shop.loop.uuid)).refunds.map((r) => r.reason)).toEqual([expect.stringContaining(bread.name)]);
  });

  it('moves along the table; an illegal step is 409; the order follows its least advanced part', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const move = (user: Registered, store: string, status: string) =>
      opsCall(app, user, 'POST', `/ops/orders/${orderId}/stores/${store}/status`, { status });
    const skip = await move(loopStaff, shop.loop.uuid, 'OUT_FOR_DELIVERY');
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ error: { code: 'INVALID_STATUS_TRANSITION', allowed: ['PREPARING', 'CANCELLED'] } });
    expect((await move(loopStaff, shop.loop.uuid, 'CANCELLED')).statusCode).toBe(409);

    expect((await move(loopStaff, shop.loop.uuid, 'PREPARING')).json<OpsStorePart>()).toMatchObject({
      status: 'PREPARING',
      orderStatus: 'CONFIRMED',
    });
    // A retried step changes nothing.
    expect((await move(loopStaff, shop.loop.uuid, 'PREPARING')).statusCode).toBe(200);
    const both = await move(evanstonStaff, shop.evanston.uuid, 'PREPARING');
    expect(both.json<OpsStorePart>()).toMatchObject({ status: 'PREPARING', orderStatus: 'PREPARING' });
    await pickAll(app, loopStaff, orderId, shop.loop.uuid);
    await pickAll(app, evanstonStaff, orderId, shop.evanston.uuid);
    // The booked windows open later today: Delivered now is an explicit early delivery (steps.test.ts has the rule).
    const early = (user: Registered, store: string) =>
      opsCall(app, user, 'POST', `/ops/orders/${orderId}/stores/${store}/status`, { status: 'DELIVERED', deliverEarly: true });
    for (const status of ['READY_FOR_PICKUP', 'OUT_FOR_DELIVERY']) {
      expect((await move(loopStaff, shop.loop.uuid, status)).statusCode).toBe(200);
    }
    expect((await early(loopStaff, shop.loop.uuid)).statusCode).toBe(200);
    const order = await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
    expect(order.json<Order>().orderStatus).toBe('PREPARING');
    for (const status of ['READY_FOR_PICKUP', 'OUT_FOR_DELIVERY']) {
      expect((await move(evanstonStaff, shop.evanston.uuid, status)).statusCode).toBe(200);
    }
    expect((await early(evanstonStaff, shop.evanston.uuid)).statusCode).toBe(200);
    const done = await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
    expect(done.json<Order>().orderStatus).toBe('DELIVERED');
  });
});

describe('marking lines', () => {
  it('replaces and drops lines, re-prices the order on the server and refunds the difference once', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const [before] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const [milkLine, eggLine] = (await part(loopStaff, orderId, shop.loop.uuid)).lines;
    const mark = (lineId: number, body: object) => opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${lineId}`, body);

    // Dearer, unknown, another store's or missing replacements are refused.
    expect((await mark(milkLine!.lineId, { state: 'REPLACED', replacementProductUuid: pricierMilk.uuid })).statusCode).toBe(400);
    expect((await mark(milkLine!.lineId, { state: 'REPLACED', replacementProductUuid: bread.uuid })).statusCode).toBe(400);
    expect((await mark(milkLine!.lineId, { state: 'REPLACED' })).statusCode).toBe(400);
    expect((await mark(milkLine!.lineId, { state: 'FOUND', replacementProductUuid: cheaperMilk.uuid })).statusCode).toBe(400);

    const candidates = await opsCall(app, loopStaff, 'GET', `/ops/orders/${orderId}/lines/${milkLine!.lineId}/replacements`);
    expect(candidates.json<{ products: { productUuid: string }[] }>().products.map((p) => p.productUuid)).toEqual([cheaperMilk.uuid]);

    const stockBefore = await stockOf(app, cheaperMilk.uuid);
    const replaced = await mark(milkLine!.lineId, { state: 'REPLACED', replacementProductUuid: cheaperMilk.uuid });
    expect(replaced.statusCode).toBe(200);
    expect(await stockOf(app, cheaperMilk.uuid)).toBe(stockBefore - 2);
    // A retry answers the same and refunds nothing more.
    expect((await mark(milkLine!.lineId, { state: 'REPLACED', replacementProductUuid: cheaperMilk.uuid })).statusCode).toBe(200);
    const dropped = await mark(eggLine!.lineId, { state: 'UNAVAILABLE' });
    expect(dropped.statusCode).toBe(200);
    expect((await mark(eggLine!.lineId, { state: 'FOUND' })).json()).toMatchObject({ error: { code: 'LINE_SETTLED' } });

    const expected = calculatePricing({ subtotalCents: 2 * 399 + 0 + 549, deliveryFeeCents: before!.deliveryFeeCents, state: 'IL' });
    const after = dropped.json<OpsStorePart>();
    // The whole order's money is the admins' to read (staff see their part's share).
    expect((await part(admin, orderId, shop.loop.uuid)).totals).toMatchObject({
      subtotalCents: expected.subtotal,
      taxCents: expected.tax,
      totalCents: expected.total,
      originalTotalCents: before!.totalCents,
    });
    expect(after.lines.map((l) => l.state)).toEqual(['REPLACED', 'UNAVAILABLE']);
    expect(after.lines[0]!.replacement).toMatchObject({ productUuid: cheaperMilk.uuid, unitPriceCents: 399, lineTotalCents: 798 });

    // PayPal refunded exactly the difference, in one partial refund per line.
    const rows = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === 'COMPLETED')).toBe(true);
    expect(paypal.refundedCents(before!.paypalOrderId)).toBe(before!.totalCents - expected.total);
    expect(after.totals.refundedCents).toBe(before!.totalCents - expected.total);

    // The shopper's order says what happened.
    const order = (await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) })).json<Order>();
    expect(order.totalAmount).toBe(expected.total / 100);
    expect(order.orderItems.map((i) => i.fulfilment?.state)).toEqual(['REPLACED', 'UNAVAILABLE', 'PENDING']);
    expect(order.orderItems[0]!.fulfilment!.replacement).toMatchObject({ productName: cheaperMilk.name, unitPrice: 3.99, lineTotal: 7.98 });
    expect(order.adjustments).toMatchObject({
      originalTotal: before!.totalCents / 100,
      refundedTotal: (before!.totalCents - expected.total) / 100,
    });
    expect(order.adjustments!.refunds).toHaveLength(2);
    expect(order.adjustments!.version).toBeGreaterThan(0);
  });

  it("refuses another store's line as not found, and lines of a part that has left the store", async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const evanston = await part(evanstonStaff, orderId, shop.evanston.uuid);
    const breadLine = evanston.lines[0]!;
    expect((await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${breadLine.lineId}`, { state: 'FOUND' })).statusCode).toBe(
      404,
    );
    await pickAll(app, evanstonStaff, orderId, shop.evanston.uuid);
    for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY']) {
      await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/stores/${shop.evanston.uuid}/status`, { status });
    }
    const late = await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/lines/${breadLine.lineId}`, { state: 'UNAVAILABLE' });
    expect(late.json()).toMatchObject({ error: { code: 'ORDER_PART_CLOSED' } });
  });
});

describe('cancelling', () => {
  it('an admin cancels with a reason: the rest is refunded, stock released, the shopper mailed', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const milkStock = await stockOf(app, milk.uuid);
    const [milkLine] = (await part(loopStaff, orderId, shop.loop.uuid)).lines;
    await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${milkLine!.lineId}`, { state: 'UNAVAILABLE' });
    // The unavailable line gives its stock back when marked; the cancel must not give it back twice.
    expect(await stockOf(app, milk.uuid)).toBe(milkStock + 2);

    expect((await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/cancel`, { reason: 'Storm closed the road' })).statusCode).toBe(
      403,
    );
    const res = await opsCall(app, admin, 'POST', `/ops/orders/${orderId}/cancel`, { reason: 'Storm closed the road' });
    expect(res.statusCode).toBe(200);
    expect(res.json<OpsStorePart>()).toMatchObject({
      orderStatus: 'CANCELLED',
      status: 'CANCELLED',
      cancelReason: 'Storm closed the road',
    });
    // A repeat changes nothing.
    expect((await opsCall(app, admin, 'POST', `/ops/orders/${orderId}/cancel`, { reason: 'Storm closed the road' })).statusCode).toBe(200);
    expect(paypal.refundedCents(order!.paypalOrderId)).toBe(order!.paypalCapturedCents);
    expect(await stockOf(app, milk.uuid)).toBe(milkStock + 2);
    await app.services.outbox.runOnce();
    const mails = await mailbox(app, order!.customerEmail);
    expect(mails.some((m) => m.subject.includes('was cancelled') && m.text.includes('Storm closed the road'))).toBe(true);
    expect(
      (await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/stores/${shop.evanston.uuid}/status`, { status: 'PREPARING' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('inventory', () => {
  it('sets a price (bounded, audited), switches stock and activity; carts meet the new price as 409 PRICE_CHANGED', async () => {
    const url = `/ops/stores/${shop.loop.uuid}/products/${eggs.uuid}`;
    const started = await startPayment(app, shopper, [{ product: eggs, quantity: 1 }]);
    for (const priceCents of [0, 100_001, 1.5]) expect((await opsCall(app, loopStaff, 'PATCH', url, { priceCents })).statusCode).toBe(400);
    expect((await opsCall(app, loopStaff, 'PATCH', url, {})).statusCode).toBe(400);
    const priced = await opsCall(app, loopStaff, 'PATCH', url, { priceCents: 699 });
    expect(priced.json<OpsInventoryProduct>()).toMatchObject({ priceCents: 699, isActive: true, stockStatus: 'IN_STOCK' });
    const history = (await opsCall(app, admin, 'GET', `${url}/price-changes`)).json<{
      changes: { oldPriceCents: number; newPriceCents: number; changedBy: { uuid: string } }[];
    }>();
    expect(history.changes[0]).toMatchObject({ oldPriceCents: 649, newPriceCents: 699, changedBy: { uuid: loopStaff.uuid } });
    // The catalogue answers the new price at once.
    const open = await app.inject({ method: 'GET', url: `/open/product/${eggs.uuid}` });
    expect(open.json<{ product: { price_cents: number } }>().product.price_cents).toBe(699);
    // The checkout started at the old price cannot be placed at it.
    paypal.approve(started.paypalOrderId);
    const { createOrder, orderPayload } = await import('../../testing/checkout.ts');
    const placed = await createOrder(app, shopper, orderPayload(started.paypalOrderId, [{ product: eggs, quantity: 1 }]));
    expect(placed.json()).toMatchObject({ error: { code: 'PRICE_CHANGED' } });

    expect((await opsCall(app, loopStaff, 'PATCH', url, { stockQuantity: 0 })).json<OpsInventoryProduct>()).toMatchObject({
      stockStatus: 'OUT_OF_STOCK',
      stockQuantity: 0,
    });
    expect((await opsCall(app, loopStaff, 'PATCH', url, { stockQuantity: 50 })).json<OpsInventoryProduct>().stockStatus).toBe('IN_STOCK');
    expect((await opsCall(app, loopStaff, 'PATCH', url, { isActive: false })).json<OpsInventoryProduct>().isActive).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/open/product/${eggs.uuid}` })).statusCode).toBe(404);
    expect((await opsCall(app, loopStaff, 'PATCH', url, { isActive: true, priceCents: 649 })).statusCode).toBe(200);
    const [row] = await app.db.select().from(products).where(eq(products.uuid, eggs.uuid));
    expect(row).toMatchObject({ isActive: true, priceCents: 649 });

    // The store's list includes it, found by part of its name; another store's staff cannot touch it.
    const list = await opsCall(app, loopStaff, 'GET', `/ops/stores/${shop.loop.uuid}/products?q=large%20eggs`);
    expect(list.json<{ products: OpsInventoryProduct[] }>().products.map((p) => p.productUuid)).toEqual([eggs.uuid]);
    expect((await opsCall(app, evanstonStaff, 'PATCH', url, { priceCents: 1 })).statusCode).toBe(404);
    expect(
      (await opsCall(app, evanstonStaff, 'PATCH', `/ops/stores/${shop.evanston.uuid}/products/${eggs.uuid}`, { priceCents: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('store settings', () => {
  it('reads and replaces hours, minimum order and radius, with clear errors', async () => {
    const url = `/ops/stores/${shop.loop.uuid}/settings`;
    const body = {
      minOrderCents: 1500,
      deliveryRadiusMiles: 12,
      windowCapacity: 8,
      hours: [{ weekday: 1, opensMinute: 420, closesMinute: 1320 }],
    };
    const saved = await opsCall(app, loopStaff, 'PUT', url, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<OpsStoreSettings>()).toMatchObject(body);
    expect((await opsCall(app, admin, 'GET', url)).json<OpsStoreSettings>()).toMatchObject(body);
    const backwards = await opsCall(app, loopStaff, 'PUT', url, { ...body, hours: [{ weekday: 1, opensMinute: 600, closesMinute: 500 }] });
    expect(backwards.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'hours' } });
    const twice = await opsCall(app, loopStaff, 'PUT', url, { ...body, hours: [body.hours[0], body.hours[0]] });
    expect(twice.statusCode).toBe(400);
    expect((await opsCall(app, loopStaff, 'PUT', url, { ...body, deliveryRadiusMiles: 0 })).statusCode).toBe(400);
    expect((await opsCall(app, evanstonStaff, 'GET', url)).statusCode).toBe(404);
  });
});

describe('the notifications panel', () => {
  it("lists what was sent, staff their store's mail only, and retries a failed mail", async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, twoStoreCart());
    // Make the Loop store's mail fail once, as an SMTP outage would.
    const [loopRow] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, `store:${shop.loop.uuid}`));
    // The worker stops (finishing its pass), so nothing it was sending lands after the rows are marked failed.
    await app.services.outbox.stop();
    // The next automatic attempt is an hour away: only the retry sends it.
    await app.db
      .update(notifications)
      .set({ deliveredAt: null, lastError: 'SMTP down', attempts: 1, nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(notifications.orderId, orderId));
    const staffList = (await opsCall(app, loopStaff, 'GET', '/ops/notifications?limit=100')).json<{ notifications: OpsNotification[] }>()
      .notifications;
    expect(staffList.length).toBeGreaterThan(0);
    expect(staffList.every((n) => n.recipient === `store:${shop.loop.uuid}`)).toBe(true);
    const failed = staffList.find((n) => n.orderId === orderId)!;
    expect(failed).toMatchObject({ state: 'FAILED', lastError: 'SMTP down' });
    expect(loopRow).toBeDefined();

    const adminFailed = (await opsCall(app, admin, 'GET', '/ops/notifications?state=FAILED&limit=100')).json<{
      notifications: OpsNotification[];
    }>().notifications;
    expect(
      adminFailed
        .filter((n) => n.orderId === orderId)
        .map((n) => n.type)
        .sort(),
    ).toEqual(['new_order_items', 'new_order_items', 'order_created']);

    const retried = await opsCall(app, loopStaff, 'POST', `/ops/notifications/${failed.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<OpsNotification>()).toMatchObject({ state: 'SENT', lastError: null });
    expect((await opsCall(app, loopStaff, 'POST', `/ops/notifications/${failed.id}/retry`)).json()).toMatchObject({
      error: { code: 'NOT_RETRYABLE' },
    });
    const evanstonRow = adminFailed.find((n) => n.orderId === orderId && n.recipient === `store:${shop.evanston.uuid}`)!;
    expect((await opsCall(app, loopStaff, 'POST', `/ops/notifications/${evanstonRow.id}/retry`)).statusCode).toBe(404);
  });
});

describe('staff accounts', () => {
  it('an admin invites; the single-use link sets the password; the staff member signs in to their store', async () => {
    const email = uniqueEmail('staff');
    const created = await opsCall(app, admin, 'POST', '/ops/staff', {
      email,
      firstName: 'Sid',
      lastName: 'Staff',
      storeUuid: shop.evanston.uuid,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, status: 'INVITED', store: { uuid: shop.evanston.uuid } });
    expect(
      (
        await opsCall(app, admin, 'POST', '/ops/staff', {
          email: email.toUpperCase(),
          firstName: 'A',
          lastName: 'B',
          storeUuid: shop.loop.uuid,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await opsCall(app, loopStaff, 'POST', '/ops/staff', {
          email: uniqueEmail(),
          firstName: 'A',
          lastName: 'B',
          storeUuid: shop.loop.uuid,
        })
      ).statusCode,
    ).toBe(403);

    const link = (await mailbox(app, email)).flatMap((m) => m.links).find((l) => l.includes('/staff/invitation'))!;
    const token = new URL(link).searchParams.get('token')!;
    expect((await app.inject({ method: 'POST', url: '/auth/accept-invitation', payload: { token, password: 'short' } })).statusCode).toBe(
      400,
    );
    const accepted = await app.inject({ method: 'POST', url: '/auth/accept-invitation', payload: { token, password: 'Tomato-Basil-42' } });
    expect(accepted.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/auth/accept-invitation', payload: { token, password: 'Tomato-Basil-43' } })).statusCode,
    ).toBe(400);

    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Tomato-Basil-42' },
      remoteAddress: '10.77.0.1',
    });
    expect(login.statusCode).toBe(200);
    const token2 = login.json<{ token: string; user: { roleName: string } }>();
    expect(token2.user.roleName).toBe('STORE_STAFF');
    const me = await app.inject({ method: 'GET', url: '/ops/me', headers: bearer(token2.token) });
    expect(me.json()).toMatchObject({ role: 'STORE_STAFF', store: { uuid: shop.evanston.uuid }, stores: [{ uuid: shop.evanston.uuid }] });
    const staff = (await opsCall(app, admin, 'GET', `/ops/staff?storeUuid=${shop.evanston.uuid}`)).json<{
      staff: { email: string; status: string }[];
    }>().staff;
    expect(staff.find((s) => s.email === email)?.status).toBe('ACTIVE');
    expect((await opsCall(app, admin, 'POST', `/ops/staff/${created.json<{ uuid: string }>().uuid}/invitation`)).statusCode).toBe(409);
  });
});
