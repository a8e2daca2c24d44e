// Notifications after an order: built from the stored order (the request's contents are ignored),
// one per order and recipient however often the browser sends them.
import type { NewOrderItemsNotification, NewOrderNotification } from '@grocer/shared/contracts';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { notifications, orders } from '../../db/schema.ts';
import { bearer, FAST_HASHING, mailbox, type Registered } from '../../testing/accounts.ts';
import { createOrder, createShop, makeAdmin, orderPayload, registerShopper, startPayment, type CartLine, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let alice: Registered;
let bob: Registered;
let cart: CartLine[];

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  const milk = await shop.addProduct('Whole Milk', 399, 20);
  const eggs = await shop.addProduct('Free Range Eggs', 459, 20);
  const bread = await shop.addProduct('Rye Bread', 549, 20, 'evanston');
  cart = [
    { product: milk, quantity: 2 },
    { product: eggs, quantity: 1 },
    { product: bread, quantity: 3 },
  ];
  alice = await registerShopper(app, 'Alice', 'Appleby');
  bob = await registerShopper(app, 'Bob', 'Baker');
});
afterAll(() => app.close());

async function place(user: Registered, approve = true) {
  const started = await startPayment(app, user, cart);
  if (approve) paypal.approve(started.paypalOrderId);
  await createOrder(app, user, orderPayload(started.paypalOrderId, cart));
  return started.orderReference;
}

const post = (user: Registered, path: string, payload: object) => app.inject({ method: 'POST', url: `/notifications/${path}`, headers: bearer(user.token), payload });

/** What a tampering browser sends: other names, amounts, stores and items. */
const forged = (orderId: string) => ({
  'order-created': { orderId, orderData: { customerName: 'Mallory', totalAmount: 0.01, itemCount: 99, storeCount: 9, storeIds: ['x'] } },
  admin: { type: 'new_order', orderId, customerName: 'Mallory', totalAmount: 0.01, itemCount: 99, storeCount: 9, timestamp: '2000-01-01T00:00:00Z' },
  stores: { orderId, storeOrderData: [{ storeId: 'x', storeName: 'Fake', customerName: 'Mallory', items: [{ productId: 'x', name: 'Gold', quantity: 1, price: 0 }] }] },
});

describe('POST /notifications/*', () => {
  it('stores one notification per recipient, built from the order, however often it is sent', async () => {
    const orderId = await place(alice);
    for (let round = 0; round < 2; round++) {
      for (const [path, body] of Object.entries(forged(orderId))) {
        const res = await post(alice, path, body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: expect.any(String) });
      }
    }
    const rows = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(asc(notifications.recipient));
    expect(rows.map((r) => [r.type, r.recipient]).sort()).toEqual(
      [
        ['new_order', 'admin'],
        ['new_order_items', `store:${shop.evanston.uuid}`],
        ['new_order_items', `store:${shop.loop.uuid}`],
        ['order_created', `customer:${alice.uuid}`],
      ].sort(),
    );

    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    const admin = rows.find((r) => r.type === 'new_order')!.payload as unknown as NewOrderNotification;
    expect(admin).toEqual({
      type: 'new_order',
      orderId,
      customerName: 'Alice Appleby',
      totalAmount: order!.totalCents / 100,
      itemCount: 6,
      storeCount: 2,
      timestamp: order!.createdAt.toISOString(),
    });

    const loop = rows.find((r) => r.recipient === `store:${shop.loop.uuid}`)!.payload as unknown as NewOrderItemsNotification;
    expect(loop).toMatchObject({ type: 'new_order_items', orderId, storeId: shop.loop.uuid, storeName: 'Loop Provisions', customerName: 'Alice Appleby' });
    expect(loop.items).toEqual([
      { productId: cart[0]!.product.uuid, name: 'Whole Milk', quantity: 2, price: 3.99 },
      { productId: cart[1]!.product.uuid, name: 'Free Range Eggs', quantity: 1, price: 4.59 },
    ]);
    expect(loop.deliveryInfo).toMatchObject({ firstName: 'Alice', phone: '312-555-0100', address: '233 S Wacker Dr', zipCode: '60606', deliveryInstructions: 'Ring twice' });
    const evanston = rows.find((r) => r.recipient === `store:${shop.evanston.uuid}`)!.payload as unknown as NewOrderItemsNotification;
    expect(evanston.items).toEqual([{ productId: cart[2]!.product.uuid, name: 'Rye Bread', quantity: 3, price: 5.49 }]);

    // The confirmation e-mail went out once.
    const mails = (await mailbox(app, alice.email)).filter((m) => m.subject.includes(order!.orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(order!.trackingNumber);
    expect(mails[0]!.links).toEqual([expect.stringMatching(new RegExp(`/order-details/${orderId}$`))]);
  });

  it('keeps one row per recipient when the calls race', async () => {
    const orderId = await place(alice);
    const bodies = forged(orderId);
    await Promise.all(Array.from({ length: 5 }, () => Object.entries(bodies).map(([path, body]) => post(alice, path, body))).flat());
    const rows = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
    expect(rows).toHaveLength(4);
  });

  it("is 404 for someone else's order, but an admin may send them", async () => {
    const orderId = await place(alice);
    expect((await post(bob, 'stores', { orderId })).statusCode).toBe(404);
    expect((await post(bob, 'admin', { orderId: 'nope' })).statusCode).toBe(404);
    const admin = await registerShopper(app, 'Ada', 'Admin');
    await makeAdmin(app, admin);
    expect((await post(admin, 'admin', { orderId })).statusCode).toBe(200);
  });

  it('tells nobody about an order that was not paid (409)', async () => {
    const orderId = await place(alice, false);
    for (const path of ['order-created', 'admin', 'stores']) {
      const res = await post(alice, path, { orderId });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('ORDER_NOT_PAID');
    }
    expect(await app.db.select().from(notifications).where(eq(notifications.orderId, orderId))).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/notifications/admin', payload: { orderId: 'x' } })).statusCode).toBe(401);
  });
});
