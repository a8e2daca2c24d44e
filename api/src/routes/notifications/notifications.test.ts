// Notifications after an order: queued with the payment and delivered by the outbox worker; the
// browser's calls confirm them. Built from the stored order (the request's contents are ignored),
// one per order and recipient however often the browser sends them, and each e-mail (the customer's
// confirmation, every store's new-order mail) sent exactly once.
import type { NewOrderItemsNotification, NewOrderNotification } from '@grocer/shared/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { notifications, orders } from '../../db/schema.ts';
import type { MailService } from '../../services/mail.ts';
import { bearer, FAST_HASHING, mailbox, type MailJson, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  deliveredNotices,
  makeAdmin,
  orderPayload,
  registerShopper,
  startPayment,
  track,
  type CartLine,
  type TestShop,
} from '../../testing/checkout.ts';
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
  const milk = await shop.addProduct('Whole Milk', 399, 200);
  const eggs = await shop.addProduct('Free Range Eggs', 459, 200);
  const bread = await shop.addProduct('Rye Bread', 549, 200, 'evanston');
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

/** The mails to `to` about this order (subjects carry the order number). */
async function mailsAbout(to: string, orderId: string): Promise<MailJson[]> {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  return (await mailbox(app, to)).filter((m) => m.subject.includes(order!.orderNumber));
}

/**
 * Waits for the worker's attempt at the order's mails (nudged by the payment): each row delivered, or
 * failed and released. A browser call made while the worker still holds a row finds nothing to send.
 */
async function attemptedAbout(orderId: string) {
  for (let tries = 0; tries < 250; tries++) {
    const rows = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
    if (rows.every((row) => row.deliverTo === null || row.deliveredAt !== null || (row.attempts > 0 && row.claimedAt === null))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the outbox did not try the mails about ${orderId} within 5 s`);
}

/** Replaces the mailer for one test: the services reach it through app.services at call time. */
function withMail(send: MailService['send']): () => void {
  const real = app.services.mail;
  app.services.mail = { ...real, send };
  return () => {
    app.services.mail = real;
  };
}

const post = (user: Registered, path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/notifications/${path}`, headers: bearer(user.token), payload });

/** What a tampering browser sends: other names, amounts, stores and items. */
const forged = (orderId: string) => ({
  'order-created': { orderId, orderData: { customerName: 'Mallory', totalAmount: 0.01, itemCount: 99, storeCount: 9, storeIds: ['x'] } },
  admin: {
    type: 'new_order',
    orderId,
    customerName: 'Mallory',
    totalAmount: 0.01,
    itemCount: 99,
    storeCount: 9,
    timestamp: '2000-01-01T00:00:00Z',
  },
  stores: {
    orderId,
    storeOrderData: [
      { storeId: 'x', storeName: 'Fake', customerName: 'Mallory', items: [{ productId: 'x', name: 'Gold', quantity: 1, price: 0 }] },
    ],
  },
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
    expect(loop).toMatchObject({
      type: 'new_order_items',
      orderId,
      storeId: shop.loop.uuid,
      storeName: 'Loop Provisions',
      customerName: 'Alice Appleby',
    });
    expect(loop.items).toEqual([
      // No choice sent: the store picks the best match.
      {
        productId: cart[0]!.product.uuid,
        name: 'Whole Milk',
        quantity: 2,
        price: 3.99,
        substitution: { choice: 'BEST_MATCH', substitute: null },
      },
      {
        productId: cart[1]!.product.uuid,
        name: 'Free Range Eggs',
        quantity: 1,
        price: 4.59,
        substitution: { choice: 'BEST_MATCH', substitute: null },
      },
    ]);
    expect(loop.deliveryInfo).toMatchObject({
      firstName: 'Alice',
      phone: '312-555-0100',
      address: '233 S Wacker Dr',
      zipCode: '60606',
      deliveryInstructions: 'Ring twice',
    });
    const evanston = rows.find((r) => r.recipient === `store:${shop.evanston.uuid}`)!.payload as unknown as NewOrderItemsNotification;
    expect(evanston.items).toEqual([
      {
        productId: cart[2]!.product.uuid,
        name: 'Rye Bread',
        quantity: 3,
        price: 5.49,
        substitution: { choice: 'BEST_MATCH', substitute: null },
      },
    ]);

    // The confirmation e-mail went out once.
    const mails = (await mailbox(app, alice.email)).filter((m) => m.subject.includes(order!.orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(order!.trackingNumber);
    expect(mails[0]!.links).toEqual([expect.stringMatching(new RegExp(`/order-details/${orderId}$`))]);
  });

  it('keeps one row per recipient, and sends each mail once, when the calls race', async () => {
    const orderId = await place(alice);
    const bodies = forged(orderId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => Object.entries(bodies).map(([path, body]) => post(alice, path, body))).flat(),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    const rows = await deliveredNotices(app, orderId);
    expect(rows).toHaveLength(4);
    expect(await mailsAbout(shop.loop.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(shop.evanston.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(alice.email, orderId)).toHaveLength(1);
  });

  it("mails each store its own items and the delivery info, once, to the store's contact address", async () => {
    const orderId = await place(alice);
    for (let i = 0; i < 3; i++) expect((await post(alice, 'stores', forged(orderId).stores)).statusCode).toBe(200);
    // An admin re-sending it mails nothing either.
    const admin = await registerShopper(app, 'Ada', 'Admin');
    await makeAdmin(app, admin);
    expect((await post(admin, 'stores', { orderId })).statusCode).toBe(200);

    const loop = await mailsAbout(shop.loop.contactEmail, orderId);
    expect(loop).toHaveLength(1);
    expect(loop[0]!.subject).toMatch(/^New order GR-\d{6} for Loop Provisions: 3 items$/);
    expect(loop[0]!.text).toContain('2 × Whole Milk  $3.99 each');
    expect(loop[0]!.text).toContain('1 × Free Range Eggs  $4.59 each');
    expect(loop[0]!.text).not.toContain('Rye Bread');
    for (const line of [
      'Alice Appleby',
      '233 S Wacker Dr, Apt 12',
      'Chicago, IL 60606',
      'Phone: 312-555-0100',
      'Instructions: Ring twice',
      orderId,
    ]) {
      expect(loop[0]!.text).toContain(line);
    }
    // Nothing the forged request said.
    expect(loop[0]!.text).not.toMatch(/Mallory|Gold|Fake/);
    const evanston = await mailsAbout(shop.evanston.contactEmail, orderId);
    expect(evanston).toHaveLength(1);
    expect(evanston[0]!.text).toContain('3 × Rye Bread  $5.49 each');

    // The contact address is never on the public catalogue.
    expect((await app.inject({ method: 'GET', url: '/open/stores' })).body).not.toContain(shop.loop.contactEmail);

    const rows = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.type, 'new_order_items')));
    expect(rows.map((r) => [r.recipient, r.deliverTo, r.deliveredAt !== null, r.attempts]).sort()).toEqual(
      [
        [`store:${shop.evanston.uuid}`, shop.evanston.contactEmail, true, 1],
        [`store:${shop.loop.uuid}`, shop.loop.contactEmail, true, 1],
      ].sort(),
    );
  });

  it("reports a mail that could not be sent with the spec's message, and sends it on the next call", async () => {
    // The mailer fails from the payment on: the worker's attempt and the browser's both.
    const restore = withMail(async () => {
      throw new Error('SMTP 421 try again later');
    });
    const orderId = await place(alice).catch((err: unknown) => {
      restore();
      throw err;
    });
    let stores, created;
    try {
      await attemptedAbout(orderId);
      stores = await post(alice, 'stores', { orderId });
      created = await post(alice, 'order-created', { orderId });
    } finally {
      restore();
    }
    expect(stores.statusCode).toBe(502);
    expect(stores.json()).toEqual({
      success: false,
      message: 'Failed to send store notifications',
      error: { code: 'NOTIFICATION_DELIVERY_FAILED', message: 'Failed to send store notifications' },
    });
    expect(created.statusCode).toBe(502);
    expect(created.json().message).toBe('Failed to send notifications');
    const pending = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), isNotNull(notifications.deliverTo)));
    expect(pending.map((r) => [r.deliveredAt, r.claimedAt, r.attempts > 0, r.lastError])).toEqual(
      Array(3).fill([null, null, true, 'SMTP 421 try again later']),
    );

    for (let i = 0; i < 2; i++) {
      expect((await post(alice, 'stores', { orderId })).statusCode).toBe(200);
      expect((await post(alice, 'order-created', { orderId })).statusCode).toBe(200);
    }
    expect(await mailsAbout(shop.loop.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(shop.evanston.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(alice.email, orderId)).toHaveLength(1);
  });

  it('retries only the store whose mail failed', async () => {
    const real = app.services.mail;
    const undo = withMail(async (message) => {
      if (message.to === shop.evanston.contactEmail) throw new Error('mailbox full');
      await real.send(message);
    });
    const orderId = await place(alice).catch((err: unknown) => {
      undo();
      throw err;
    });
    try {
      await attemptedAbout(orderId);
      expect((await post(alice, 'stores', { orderId })).statusCode).toBe(502);
    } finally {
      undo();
    }
    expect(await mailsAbout(shop.loop.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(shop.evanston.contactEmail, orderId)).toHaveLength(0);
    expect((await post(alice, 'stores', { orderId })).statusCode).toBe(200);
    expect(await mailsAbout(shop.loop.contactEmail, orderId)).toHaveLength(1);
    expect(await mailsAbout(shop.evanston.contactEmail, orderId)).toHaveLength(1);
  });

  it("reports any other failure with the spec's default message", async () => {
    const orderId = await place(alice);
    const findVisible = app.services.orders.findVisible;
    app.services.orders.findVisible = async () => {
      throw new Error('relation "orders" is on fire');
    };
    try {
      for (const [path, message] of [
        ['admin', 'Failed to send admin notification'],
        ['stores', 'Failed to send store notifications'],
        ['order-created', 'Failed to send notifications'],
      ] as const) {
        const res = await post(alice, path, { orderId });
        expect([path, res.statusCode, res.json()]).toEqual([
          path,
          500,
          { success: false, message, error: { code: 'NOTIFICATION_FAILED', message } },
        ]);
      }
    } finally {
      app.services.orders.findVisible = findVisible;
    }
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

  it('tells nobody about a paid order an admin has cancelled (409 ORDER_CANCELLED)', async () => {
    const orderId = await place(alice);
    const admin = await registerShopper(app, 'Ada', 'Admin');
    await makeAdmin(app, admin);
    expect((await track(app, admin, orderId, 'CANCELLED')).statusCode).toBe(200);
    // The worker sends what the payment and the cancellation queued in the background; taken while a
    // mail was on its way, the snapshot below would differ from the end by that delivery alone.
    const before = await deliveredNotices(app, orderId);
    for (const path of ['order-created', 'admin', 'stores']) {
      const res = await post(alice, path, { orderId });
      expect([path, res.statusCode, res.json().error.code]).toEqual([path, 409, 'ORDER_CANCELLED']);
    }
    // Nothing new stored or sent by the calls.
    expect(await app.db.select().from(notifications).where(eq(notifications.orderId, orderId))).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/notifications/admin', payload: { orderId: 'x' } })).statusCode).toBe(401);
  });
});
