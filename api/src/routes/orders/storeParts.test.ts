// The order told per store, through the API the shopper's pages and mails use:
// staff move one store's part and mark lines, and the shopper's GET /orders/{id} and history carry each
// part's own status, booked window and refunds, and each line's fate and refund. Each change mails the
// shopper once, through the outbox (the worker is driven by hand here: runOnce), and nothing is mailed
// twice however often the order changes afterwards. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { BookedWindowJson, Order } from '@grocer/shared/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { devMail, notifications, orders, refunds } from '../../db/schema.ts';
import { windowLabel } from '../../services/delivery/windows.ts';
import { lineRefundKey } from '../../services/ops/partMoney.ts';
import { refundRequestId } from '../../services/orders/refunds.ts';
import { bearer, type Registered } from '../../testing/accounts.ts';
import { placePaidOrder, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import type { FakePaypal } from '../../testing/fakePaypal.ts';
import { createOpsWorld, opsCall, pickAll, readPart } from '../../testing/ops.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let admin: Registered;
let loopStaff: Registered;
let evanstonStaff: Registered;
let milk: ShopProduct;
let eggs: ShopProduct;
let storeEggs: ShopProduct;
let bread: ShopProduct;
let sourdough: ShopProduct;

beforeAll(async () => {
  ({ app, paypal, shop, shopper, admin, loopStaff, evanstonStaff } = await createOpsWorld());
  // The mails are sent only when a test asks (runOnce), so each can be counted.
  await app.services.outbox.stop();
  milk = await shop.addProduct('Prairie Farms Whole Milk, 1 gal', 449, 100);
  eggs = await shop.addProduct('Vital Farms Large Eggs, 12 ct', 649, 100);
  storeEggs = await shop.addProduct('Store Brand Large Eggs, 12 ct', 399, 100);
  bread = await shop.addProduct('Rye Bread, 24 oz', 549, 100, 'evanston');
  sourdough = await shop.addProduct('Sourdough Loaf, 24 oz', 699, 100, 'evanston');
});
afterAll(() => app.close());

const getOrder = async (orderId: string) => {
  const res = await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
  expect(res.statusCode).toBe(200);
  return res.json<Order>();
};
const historyEntry = async (orderId: string) => {
  const res = await app.inject({ method: 'GET', url: '/orders/user/history?limit=50', headers: bearer(shopper.token) });
  expect(res.statusCode).toBe(200);
  return res.json<Order[]>().find((o) => o.orderId === orderId)!;
};
const lineId = async (staff: Registered, orderId: string, storeUuid: string, product: ShopProduct) =>
  (await readPart(app, staff, orderId, storeUuid)).lines.find((l) => l.productUuid === product.uuid)!.lineId;
const mark = async (staff: Registered, orderId: string, storeUuid: string, product: ShopProduct, body: object) => {
  const res = await opsCall(app, staff, 'POST', `/ops/orders/${orderId}/lines/${await lineId(staff, orderId, storeUuid, product)}`, body);
  expect(res.statusCode).toBe(200);
};
/** Moves a part on as staff would: lines still pending are found before Ready, and Delivered is early (the window is later). */
const move = async (staff: Registered, orderId: string, storeUuid: string, ...statuses: string[]) => {
  for (const status of statuses) {
    if (status === 'READY_FOR_PICKUP') await pickAll(app, staff, orderId, storeUuid);
    const body = status === 'DELIVERED' ? { status, deliverEarly: true } : { status };
    const res = await opsCall(app, staff, 'POST', `/ops/orders/${orderId}/stores/${storeUuid}/status`, body);
    expect(res.statusCode).toBe(200);
  }
};
/** Dollars refunded for a line's mark, read from the refunds table by its key. */
const lineRefund = async (staff: Registered, orderId: string, storeUuid: string, product: ShopProduct) => {
  const id = await lineId(staff, orderId, storeUuid, product);
  const [row] = await app.db
    .select()
    .from(refunds)
    .where(eq(refunds.requestId, refundRequestId(orderId, lineRefundKey(id))));
  return row ? row.amountCents / 100 : 0;
};
/** Runs the outbox until nothing is due, then the shopper's mails about the order (subjects carry its number). */
async function shopperMails(orderId: string) {
  while (await app.services.outbox.runOnce());
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return app.db
    .select()
    .from(devMail)
    .where(and(eq(devMail.to, shopper.email), like(devMail.subject, `%${order!.orderNumber}%`)))
    .orderBy(devMail.id);
}

it("the shopper's order carries each store's part: its status, its window, its lines' fate and refunds", async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 2 },
    { product: eggs, quantity: 1 },
    { product: bread, quantity: 1 },
    { product: sourdough, quantity: 1 },
  ]);
  await mark(loopStaff, orderId, shop.loop.uuid, milk, { state: 'FOUND' });
  await mark(loopStaff, orderId, shop.loop.uuid, eggs, { state: 'REPLACED', replacementProductUuid: storeEggs.uuid });
  await mark(evanstonStaff, orderId, shop.evanston.uuid, bread, { state: 'UNAVAILABLE' });
  await move(loopStaff, orderId, shop.loop.uuid, 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED');
  const eggsRefund = await lineRefund(loopStaff, orderId, shop.loop.uuid, eggs);
  const breadRefund = await lineRefund(evanstonStaff, orderId, shop.evanston.uuid, bread);
  expect(eggsRefund).toBeGreaterThan(0);
  expect(breadRefund).toBeGreaterThan(0);

  const order = await getOrder(orderId);
  // The order stands where its least advanced part stands; each part says its own.
  expect(order.orderStatus).toBe('CONFIRMED');
  const windowOf = (storeUuid: string) => order.deliveryWindows!.find((w) => w.storeUuid === storeUuid)!;
  expect(windowOf(shop.loop.uuid)).toBeDefined();
  expect(order.storeParts).toEqual([
    {
      storeUuid: shop.loop.uuid,
      storeName: 'Loop Provisions',
      status: 'DELIVERED',
      updatedAt: expect.any(String),
      deliveryWindow: windowOf(shop.loop.uuid),
      refunded: eggsRefund,
    },
    {
      storeUuid: shop.evanston.uuid,
      storeName: expect.any(String),
      status: 'CONFIRMED',
      updatedAt: expect.any(String),
      deliveryWindow: windowOf(shop.evanston.uuid),
      refunded: breadRefund,
    },
  ]);
  const item = (product: ShopProduct) => order.orderItems.find((i) => i.productUuid === product.uuid)!;
  expect(item(milk)).toMatchObject({ storeUuid: shop.loop.uuid, fulfilment: { state: 'FOUND', replacement: null } });
  expect(item(milk).fulfilment).not.toHaveProperty('refunded');
  expect(item(eggs)).toMatchObject({
    fulfilment: { state: 'REPLACED', replacement: { productName: storeEggs.name, unitPrice: 3.99 }, refunded: eggsRefund },
  });
  expect(item(bread)).toMatchObject({ storeUuid: shop.evanston.uuid, fulfilment: { state: 'UNAVAILABLE', refunded: breadRefund } });
  expect(item(sourdough).fulfilment).toEqual({ state: 'PENDING', replacement: null });

  // The history tells the same parts and lines (it has no adjustments: those are the details page's).
  const listed = await historyEntry(orderId);
  expect(listed.storeParts).toEqual(order.storeParts);
  expect(listed.orderItems).toEqual(order.orderItems);
  expect(listed).not.toHaveProperty('adjustments');
});

it('each store update mails the shopper once, through the outbox; the confirmation lists each store window', async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 1 },
    { product: eggs, quantity: 2 },
    { product: bread, quantity: 1 },
    { product: sourdough, quantity: 1 },
  ]);
  const confirmation = await shopperMails(orderId);
  expect(confirmation).toHaveLength(1);
  const windows = (await getOrder(orderId)).deliveryWindows!;
  expect(windows).toHaveLength(2);
  for (const w of windows as BookedWindowJson[]) expect(confirmation[0]!.text).toContain(`${w.storeName}, delivery ${windowLabel(w)}:`);

  await mark(loopStaff, orderId, shop.loop.uuid, eggs, { state: 'REPLACED', replacementProductUuid: storeEggs.uuid });
  await mark(evanstonStaff, orderId, shop.evanston.uuid, bread, { state: 'UNAVAILABLE' });
  await move(loopStaff, orderId, shop.loop.uuid, 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY');
  const eggsRefund = await lineRefund(loopStaff, orderId, shop.loop.uuid, eggs);
  const breadRefund = await lineRefund(evanstonStaff, orderId, shop.evanston.uuid, bread);
  const loopWindow = windows.find((w) => w.storeUuid === shop.loop.uuid)!;

  let mails = await shopperMails(orderId);
  const subjects = (list: typeof mails) => list.slice(1).map((m) => m.subject.replace(/^Your Grocer order GR-\d+: /, ''));
  expect(subjects(mails)).toEqual([
    'Vital Farms Large Eggs, 12 ct replaced',
    'Rye Bread, 24 oz unavailable',
    'Loop Provisions is on its way',
  ]);
  expect(mails[1]!.text).toContain(`did not have 2 × Vital Farms Large Eggs, 12 ct and replaced it with ${storeEggs.name}.`);
  expect(mails[1]!.text).toContain(`$${eggsRefund.toFixed(2)} is being refunded to your PayPal account.`);
  expect(mails[2]!.text).toContain(`$${breadRefund.toFixed(2)} is being refunded to your PayPal account.`);
  expect(mails[3]!.text).toContain(`out for delivery (your window: ${windowLabel(loopWindow)})`);

  // More changes: only what is new is mailed; retries and later events send nothing twice.
  await mark(loopStaff, orderId, shop.loop.uuid, eggs, { state: 'REPLACED', replacementProductUuid: storeEggs.uuid });
  await mark(evanstonStaff, orderId, shop.evanston.uuid, sourdough, { state: 'FOUND' });
  await move(loopStaff, orderId, shop.loop.uuid, 'DELIVERED');
  await move(loopStaff, orderId, shop.loop.uuid, 'DELIVERED');
  mails = await shopperMails(orderId);
  expect(subjects(mails)).toEqual([
    'Vital Farms Large Eggs, 12 ct replaced',
    'Rye Bread, 24 oz unavailable',
    'Loop Provisions is on its way',
    'Loop Provisions delivered',
  ]);
  const queued = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
  expect(queued.filter((n) => n.recipient === `customer:${shopper.uuid}`).every((n) => n.deliveredAt !== null)).toBe(true);
});

it('a store left with nothing and a cancelled order are each told once; nothing else follows a cancellation', async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 1 },
    { product: bread, quantity: 1 },
  ]);
  await shopperMails(orderId);
  const evanstonName = (await getOrder(orderId)).storeParts!.find((p) => p.storeUuid === shop.evanston.uuid)!.storeName;
  await mark(evanstonStaff, orderId, shop.evanston.uuid, bread, { state: 'UNAVAILABLE' });
  expect((await getOrder(orderId)).storeParts!.map((p) => p.status)).toEqual(['CONFIRMED', 'CANCELLED']);
  let mails = (await shopperMails(orderId)).map((m) => m.subject.replace(/^Your Grocer order GR-\d+(: )?/, ''));
  expect(mails.slice(1)).toEqual(['Rye Bread, 24 oz unavailable', `nothing from ${evanstonName}`]);

  const cancelled = await opsCall(app, admin, 'POST', `/ops/orders/${orderId}/cancel`, { reason: 'Shop closed for the storm' });
  expect(cancelled.statusCode).toBe(200);
  mails = (await shopperMails(orderId)).map((m) => m.subject.replace(/^Your Grocer order GR-\d+(: )?/, ''));
  // The order's own cancellation mail, and no part mail for the Loop part the cancellation moved.
  expect(mails.slice(3)).toEqual([' was cancelled']);
  expect((await getOrder(orderId)).storeParts!.map((p) => [p.status, p.deliveryWindow])).toEqual([
    ['CANCELLED', null],
    ['CANCELLED', null],
  ]);
});
