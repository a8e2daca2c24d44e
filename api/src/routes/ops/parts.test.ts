// A store part that delivers nothing charges nothing for that store, and a part is only its own
// store's. Through the API: lines marked unavailable until a part (then the whole order) has nothing
// left; the order re-priced by the checkout's calculatePricing, the difference refunded through PayPal
// (GET /admin/refunds), refunds equal to what no longer costs anything; staff read their part's lines,
// refunds and share of the money only. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { OpsStorePart, Order } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { orders, orderStoreParts, refunds } from '../../db/schema.ts';
import { FULFILMENT_MESSAGES } from '../../services/ops/fulfilment.ts';
import { calculatePricing } from '../../services/pricing.ts';
import { bearer, mailbox, type Registered } from '../../testing/accounts.ts';
import { placePaidOrder, track, type CartLine, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import type { FakePaypal } from '../../testing/fakePaypal.ts';
import { assertInvariants } from '../../testing/hostile.ts';
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
let bread: ShopProduct;
let sourdough: ShopProduct;

beforeAll(async () => {
  ({ app, paypal, shop, shopper, admin, loopStaff, evanstonStaff } = await createOpsWorld());
  milk = await shop.addProduct('Prairie Farms Whole Milk, 1 gal', 449, 100);
  eggs = await shop.addProduct('Vital Farms Large Eggs, 12 ct', 649, 100);
  bread = await shop.addProduct('Rye Bread, 24 oz', 549, 100, 'evanston');
  sourdough = await shop.addProduct('Sourdough Loaf, 24 oz', 699, 100, 'evanston');
});
afterAll(() => app.close());

const part = (user: Registered, orderId: string, storeUuid: string) => readPart(app, user, orderId, storeUuid);
const orderRow = async (orderId: string) => (await app.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const feeOf = async (orderId: string, storeUuid: string) =>
  (await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, orderId))).find((p) => p.storeUuid === storeUuid)!
    .deliveryFeeCents;
const markAll = async (user: Registered, orderId: string, storeUuid: string) => {
  for (const line of (await part(user, orderId, storeUuid)).lines) {
    const res = await opsCall(app, user, 'POST', `/ops/orders/${orderId}/lines/${line.lineId}`, { state: 'UNAVAILABLE' });
    expect(res.statusCode).toBe(200);
  }
};
const move = (user: Registered, orderId: string, storeUuid: string, status: string) =>
  opsCall(app, user, 'POST', `/ops/orders/${orderId}/stores/${storeUuid}/status`, { status });
const adminRefunds = async (orderId: string) =>
  (await opsCall(app, admin, 'GET', `/admin/refunds?orderId=${orderId}`)).json<{
    refunds: { amount: number; status: string; reason: string }[];
  }>().refunds;

it('each part records the delivery fee its store added at checkout', async () => {
  const cart: CartLine[] = [
    { product: milk, quantity: 1 },
    { product: bread, quantity: 1 },
  ];
  const orderId = await placePaidOrder(app, paypal, shopper, cart);
  const order = await orderRow(orderId);
  const quote = app.services.deliveryFees.quote(
    [
      { uuid: shop.loop.uuid, name: 'Loop', zip: '60602' },
      { uuid: shop.evanston.uuid, name: 'Evanston', zip: '60202' },
    ],
    order.deliveryZip,
  );
  expect(await feeOf(orderId, shop.loop.uuid)).toBe(quote.stores[0]!.feeCents);
  expect(await feeOf(orderId, shop.evanston.uuid)).toBe(quote.stores[1]!.feeCents);
  expect(order.deliveryFeeCents).toBe(quote.totalCents);
});

it('a part with every line unavailable is cancelled and gives back its delivery fee and its share of the fees', async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 2 },
    { product: eggs, quantity: 1 },
    { product: bread, quantity: 1 },
  ]);
  const before = await orderRow(orderId);
  const loopFee = await feeOf(orderId, shop.loop.uuid);
  const evanstonFee = await feeOf(orderId, shop.evanston.uuid);
  expect(evanstonFee).toBeGreaterThan(0);

  await markAll(evanstonStaff, orderId, shop.evanston.uuid);
  const evanston = await part(evanstonStaff, orderId, shop.evanston.uuid);
  expect(evanston).toMatchObject({ status: 'CANCELLED', allowedNext: [], orderStatus: 'CONFIRMED' });

  // The checkout's own function over what is left: the Loop lines and the Loop delivery fee only.
  const expected = calculatePricing({ subtotalCents: 2 * 449 + 649, deliveryFeeCents: loopFee, state: 'IL' });
  const after = await orderRow(orderId);
  expect(after).toMatchObject({
    subtotalCents: expected.subtotal,
    taxCents: expected.tax,
    serviceFeeCents: expected.serviceFee,
    deliveryFeeCents: loopFee,
    processingFeeCents: expected.processingFee,
    totalCents: expected.total,
    originalTotalCents: before.totalCents,
  });
  const back = before.totalCents - expected.total;
  // More than the bread: its store's delivery fee went back too.
  expect(back).toBeGreaterThan(549 + evanstonFee);
  const listed = await adminRefunds(orderId);
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({ amount: back / 100, status: 'COMPLETED' });
  expect(listed[0]!.reason).toContain('its delivery fee refunded');
  expect(paypal.refundedCents(before.paypalOrderId)).toBe(back);

  // The empty part goes nowhere; the rest is delivered and the order with it.
  expect((await move(evanstonStaff, orderId, shop.evanston.uuid, 'PREPARING')).statusCode).toBe(409);
  await pickAll(app, loopStaff, orderId, shop.loop.uuid);
  for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'])
    expect((await move(loopStaff, orderId, shop.loop.uuid, status)).statusCode).toBe(200);
  const delivered = await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/stores/${shop.loop.uuid}/status`, {
    status: 'DELIVERED',
    deliverEarly: true,
  });
  expect(delivered.statusCode).toBe(200);
  expect((await orderRow(orderId)).status).toBe('DELIVERED');
  await assertInvariants(app);
});

it('an order with nothing left is cancelled, refunded in full and never delivered', async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 1 },
    { product: bread, quantity: 1 },
  ]);
  const before = await orderRow(orderId);
  await markAll(evanstonStaff, orderId, shop.evanston.uuid);
  await markAll(loopStaff, orderId, shop.loop.uuid);

  const after = await orderRow(orderId);
  expect(after).toMatchObject({
    status: 'CANCELLED',
    cancelReason: FULFILMENT_MESSAGES.nothingLeft,
    deliveryFeeCents: 0,
    processingFeeCents: 0,
    totalCents: 0,
    refundStatus: 'REFUNDED',
    refundDueCents: before.paypalCapturedCents,
  });
  const rows = await app.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(before.paypalCapturedCents);
  expect(paypal.refundedCents(before.paypalOrderId)).toBe(before.paypalCapturedCents);

  expect((await move(loopStaff, orderId, shop.loop.uuid, 'PREPARING')).statusCode).toBe(409);
  expect((await track(app, admin, orderId, 'DELIVERED')).statusCode).toBe(409);
  const shown = (await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) })).json<Order>();
  expect(shown.orderStatus).toBe('CANCELLED');
  // The cancellation mail: the outbox worker was woken and may be sending it already.
  const told = async () => {
    await app.services.outbox.runOnce();
    return (await mailbox(app, before.customerEmail)).some(
      (m) => m.subject.includes('was cancelled') && m.text.includes(FULFILMENT_MESSAGES.nothingLeft),
    );
  };
  for (let i = 0; i < 50 && !(await told()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await told()).toBe(true);
  await assertInvariants(app);
});

it("staff read only their own part's lines, refunds and money; admins the whole order", async () => {
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: milk, quantity: 2 },
    { product: eggs, quantity: 1 },
    { product: bread, quantity: 1 },
    { product: sourdough, quantity: 1 },
  ]);
  const [, eggLine] = (await part(loopStaff, orderId, shop.loop.uuid)).lines;
  const [breadLine] = (await part(evanstonStaff, orderId, shop.evanston.uuid)).lines;
  await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${eggLine!.lineId}`, { state: 'UNAVAILABLE' });
  await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/lines/${breadLine!.lineId}`, { state: 'UNAVAILABLE' });
  const order = await orderRow(orderId);

  const loop = await part(loopStaff, orderId, shop.loop.uuid);
  const evanston = await part(evanstonStaff, orderId, shop.evanston.uuid);
  expect(loop.lines.map((l) => l.name)).toEqual([milk.name, eggs.name]);
  expect(loop.refunds.map((r) => r.reason)).toEqual([expect.stringContaining(eggs.name)]);
  expect(evanston.refunds.map((r) => r.reason)).toEqual([expect.stringContaining(bread.name)]);
  expect(loop.totals).toMatchObject({
    subtotalCents: 2 * 449,
    deliveryFeeCents: await feeOf(orderId, shop.loop.uuid),
    refundedCents: loop.refunds[0]!.amountCents,
  });
  expect(evanston.totals).toMatchObject({ subtotalCents: 699, deliveryFeeCents: await feeOf(orderId, shop.evanston.uuid) });
  // Each part was paid what it costs now and what its lines sent back; the parts add up to the order, to the cent.
  for (const { totals } of [loop, evanston]) expect(totals.originalTotalCents - totals.refundedCents).toBe(totals.totalCents);
  const sum = (key: keyof OpsStorePart['totals']) => loop.totals[key] + evanston.totals[key];
  expect([sum('taxCents'), sum('serviceFeeCents'), sum('processingFeeCents'), sum('totalCents'), sum('originalTotalCents')]).toEqual([
    order.taxCents,
    order.serviceFeeCents,
    order.processingFeeCents,
    order.totalCents,
    order.originalTotalCents,
  ]);

  // Admins see all of it.
  const whole = await part(admin, orderId, shop.loop.uuid);
  expect(whole.refunds).toHaveLength(2);
  expect(whole.totals).toMatchObject({
    subtotalCents: order.subtotalCents,
    totalCents: order.totalCents,
    originalTotalCents: order.originalTotalCents,
    refundedCents: order.originalTotalCents! - order.totalCents,
  });
});
