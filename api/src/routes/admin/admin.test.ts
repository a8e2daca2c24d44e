// /admin/notifications: the list, and the live stream over a real HTTP connection (an
// SSE response never ends, so app.inject cannot read it): with the bearer header as fetch-streaming
import { eq } from 'drizzle-orm';
// clients send it, and with the ticket an EventSource puts in the URL.
import type { NewOrderItemsNotification, NewOrderNotification } from '@grocer/shared/contracts';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app.ts';
import { MAX_STREAMS_PER_ADMIN } from './index.ts';
import { notifications } from '../../db/schema.ts';
import { createTicketJwt } from '../../lib/jwt.ts';
import { createNotificationFeed, type AdminNotificationJson } from '../../services/orders/notificationFeed.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createShop,
  deliveredNotices,
  makeAdmin,
  placePaidOrder,
  registerShopper,
  type CartLine,
  type TestShop,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { connectSse, type SseEvent } from '../../testing/sse.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let alice: Registered;
let admin: Registered;
let cart: CartLine[];
let baseUrl: string;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  cart = [
    { product: await shop.addProduct('Whole Milk', 399, 500), quantity: 2 },
    { product: await shop.addProduct('Rye Bread', 549, 500, 'evanston'), quantity: 1 },
  ];
  alice = await registerShopper(app, 'Alice', 'Appleby');
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const notify = (user: Registered, path: 'admin' | 'stores' | 'order-created', orderId: string) =>
  app.inject({ method: 'POST', url: `/notifications/${path}`, headers: bearer(user.token), payload: { orderId } });

/** The shared SSE client (testing/sse.ts), on this app, with the admin feed's data type. */
async function connect(path: string, headers: Record<string, string> = {}) {
  const stream = await connectSse(`${baseUrl}${path}`, headers);
  return {
    ...stream,
    next: (match: (event: SseEvent, data: AdminNotificationJson) => boolean, timeoutMs?: number) =>
      stream.next<AdminNotificationJson>(match, timeoutMs),
  };
}

describe('GET /admin/notifications/stream', () => {
  it('delivers a new_order event to a connected admin (bearer header)', async () => {
    const stream = await connect('/admin/notifications/stream', bearer(admin.token));
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');

      const orderId = await placePaidOrder(app, paypal, alice, cart);
      expect((await notify(alice, 'admin', orderId)).statusCode).toBe(200);
      const { event, data } = await stream.next((e, d) => e.event === 'new_order' && d.orderId === orderId);
      expect(event.id).toBe(String(data.id));
      expect(data).toMatchObject({ type: 'new_order', orderId, recipient: 'admin', deliverTo: null, deliveredAt: expect.any(String) });
      expect(data.payload as unknown as NewOrderNotification).toEqual({
        type: 'new_order',
        orderId,
        customerName: 'Alice Appleby',
        totalAmount: expect.any(Number),
        itemCount: 3,
        storeCount: 2,
        timestamp: expect.any(String),
      });
      // A retried call stores nothing new, so nothing more is pushed.
      expect((await notify(alice, 'admin', orderId)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.filter((e) => e.event === 'new_order' && e.data!.includes(orderId))).toHaveLength(1);
    } finally {
      await stream.close();
    }
  });

  it('lets an EventSource in with a ticket in the URL, and sends only what is stored after connecting', async () => {
    const before = await placePaidOrder(app, paypal, alice, cart);
    await notify(alice, 'admin', before);

    const issued = await app.inject({ method: 'POST', url: '/admin/notifications/stream-ticket', headers: bearer(admin.token) });
    expect(issued.statusCode).toBe(200);
    const { ticket, expiresAt } = issued.json<{ ticket: string; expiresAt: string }>();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const stream = await connect(`/admin/notifications/stream?ticket=${encodeURIComponent(ticket)}`, { origin: 'http://localhost:3000' });
    try {
      expect(stream.response.status).toBe(200);
      // CORS for the shell's origin survives the hand-written head.
      expect(stream.response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      const orderId = await placePaidOrder(app, paypal, alice, cart);
      await notify(alice, 'stores', orderId);
      const loop = await stream.next(
        (e, d) => e.event === 'new_order_items' && d.recipient === `store:${shop.loop.uuid}` && d.orderId === orderId,
      );
      expect(loop.data).toMatchObject({ deliverTo: shop.loop.contactEmail });
      expect((loop.data.payload as unknown as NewOrderItemsNotification).items.map((i) => i.name)).toEqual(['Whole Milk']);
      await stream.next((e, d) => d.recipient === `store:${shop.evanston.uuid}` && d.orderId === orderId);
      expect(stream.events.some((e) => e.data!.includes(before))).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('resumes after Last-Event-ID (header or ?lastEventId=)', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    await notify(alice, 'admin', orderId);
    await notify(alice, 'stores', orderId);
    const list = (await app.inject({ method: 'GET', url: '/admin/notifications?limit=3', headers: bearer(admin.token) })).json<{
      notifications: AdminNotificationJson[];
    }>();
    const oldest = list.notifications[2]!.id;

    const byHeader = await connect('/admin/notifications/stream', { ...bearer(admin.token), 'last-event-id': String(oldest - 1) });
    const byQuery = await connect(`/admin/notifications/stream?lastEventId=${oldest - 1}`, bearer(admin.token));
    try {
      for (const stream of [byHeader, byQuery]) {
        for (const n of list.notifications) await stream.next((_e, d) => d.id === n.id);
        expect(stream.events.map((e) => Number(e.id))).toEqual(list.notifications.map((n) => n.id).reverse());
      }
    } finally {
      await Promise.all([byHeader.close(), byQuery.close()]);
    }
  });

  it('refuses, as JSON errors, anyone but an admin and any ticket that is not a fresh admin ticket', async () => {
    const customerTicket = createTicketJwt(app.config.jwtSecret, 60).sign(
      { sub: alice.uuid, sid: randomUUID(), issuedAtMs: Date.now() },
      'admin-stream',
    );
    const expired = createTicketJwt(app.config.jwtSecret, 60).sign(
      { sub: admin.uuid, sid: randomUUID(), issuedAtMs: Date.now() - 120_000 },
      'admin-stream',
      {
        issuedAtMs: Date.now() - 120_000,
      },
    );
    const cases: [string, Record<string, string>, number][] = [
      ['/admin/notifications/stream', {}, 401],
      ['/admin/notifications/stream', bearer(alice.token), 403],
      [`/admin/notifications/stream?ticket=${(await customerTicket).ticket}`, {}, 403],
      [`/admin/notifications/stream?ticket=${(await expired).ticket}`, {}, 401],
      // A session token is not a ticket, and a ticket is not a session.
      [`/admin/notifications/stream?ticket=${admin.token}`, {}, 401],
      ['/admin/notifications/stream?ticket=nonsense', {}, 401],
    ];
    const issued = (await app.inject({ method: 'POST', url: '/admin/notifications/stream-ticket', headers: bearer(admin.token) })).json()
      .ticket as string;
    cases.push(['/admin/notifications', bearer(issued), 401]);
    for (const [url, headers, status] of cases) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect([url, res.statusCode, res.json().success]).toEqual([url, status, false]);
    }
    // Customers get no ticket.
    expect((await app.inject({ method: 'POST', url: '/admin/notifications/stream-ticket', headers: bearer(alice.token) })).statusCode).toBe(
      403,
    );
  });
});

describe('stream limits', () => {
  const ticketFor = async (user: Registered) =>
    (await app.inject({ method: 'POST', url: '/admin/notifications/stream-ticket', headers: bearer(user.token) })).json<{
      ticket: string;
    }>().ticket;

  it('takes a ticket once: a replayed ticket is 401', async () => {
    const ticket = await ticketFor(admin);
    const url = `/admin/notifications/stream?ticket=${encodeURIComponent(ticket)}`;
    const first = await connect(url);
    try {
      expect(first.response.status).toBe(200);
      const replay = await app.inject({ method: 'GET', url });
      expect([replay.statusCode, replay.json().error.code]).toEqual([401, 'UNAUTHORIZED']);
    } finally {
      await first.close();
    }
  });

  it(`caps open streams per admin at ${MAX_STREAMS_PER_ADMIN} (429 with Retry-After past it) and frees a slot when one closes`, async () => {
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_ADMIN; i += 1) streams.push(await connect('/admin/notifications/stream', bearer(admin.token)));
      expect(streams.map((s) => s.response.status)).toEqual(Array(MAX_STREAMS_PER_ADMIN).fill(200));
      const refused = await fetch(`${baseUrl}/admin/notifications/stream?ticket=${encodeURIComponent(await ticketFor(admin))}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('3');
      expect((await refused.json()).error.code).toBe('TOO_MANY_STREAMS');
      await streams.pop()!.close();
      // The server sees the close a moment later.
      let again = await connect('/admin/notifications/stream', bearer(admin.token));
      for (let tries = 0; again.response.status === 429 && tries < 50; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await connect('/admin/notifications/stream', bearer(admin.token));
      }
      expect(again.response.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });
});

describe('the feed behind the stream', () => {
  it('reaches subscribers when another API process stores the notification (polling the table)', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    // The payment queued this order's notifications; clear them so the test's own row is the new one.
    await app.db.delete(notifications).where(eq(notifications.orderId, orderId));
    const feed = createNotificationFeed({ db: app.db, log: app.log, pollMs: 50 });
    const received: AdminNotificationJson[] = [];
    const stop = await feed.subscribe(null, (n) => received.push(n));
    try {
      // Stored behind this process's back: no nudge.
      await app.db
        .insert(notifications)
        .values({ orderId, type: 'new_order', recipient: 'admin', payload: { type: 'new_order', orderId } });
      const deadline = Date.now() + 3_000;
      while (!received.some((n) => n.orderId === orderId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received.map((n) => [n.type, n.orderId])).toEqual([['new_order', orderId]]);
    } finally {
      stop();
      feed.close();
    }
  });
});

describe('GET /admin/notifications', () => {
  it('lists every notification newest first, by type if asked, paged by cursor', async () => {
    const orderId = await placePaidOrder(app, paypal, alice, cart);
    for (const path of ['admin', 'stores', 'order-created'] as const) expect((await notify(alice, path, orderId)).statusCode).toBe(200);
    await deliveredNotices(app, orderId);

    const get = (query: string) => app.inject({ method: 'GET', url: `/admin/notifications${query}`, headers: bearer(admin.token) });
    // Queued with the payment in this order: the confirmation, the dashboard's, one per store.
    const first = (await get('?limit=2')).json<{ notifications: AdminNotificationJson[]; nextCursor: string | null }>();
    expect(first.notifications.map((n) => n.type)).toEqual(['new_order_items', 'new_order_items']);
    const second = (await get(`?limit=2&cursor=${first.nextCursor}`)).json<{ notifications: AdminNotificationJson[] }>();
    expect(second.notifications.map((n) => n.type)).toEqual(['new_order', 'order_created']);
    expect(second.notifications[0]!.id).toBeLessThan(first.notifications[1]!.id);
    expect(second.notifications[1]).toEqual({
      id: expect.any(Number),
      type: 'order_created',
      orderId,
      recipient: `customer:${alice.uuid}`,
      deliverTo: alice.email,
      deliveredAt: expect.any(String),
      attempts: 1,
      createdAt: expect.any(String),
      payload: expect.objectContaining({ orderId, customerName: 'Alice Appleby' }),
    });

    const stores = (await get('?type=new_order_items&limit=100')).json<{
      notifications: AdminNotificationJson[];
      nextCursor: string | null;
    }>();
    expect(stores.notifications.every((n) => n.type === 'new_order_items' && n.deliveredAt !== null)).toBe(true);
    expect(stores.nextCursor).toBeNull();

    expect((await get('?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await get('?type=spam')).statusCode).toBe(400);
    expect((await get('?limit=101')).statusCode).toBe(400);
  });
});

describe('closing the app', () => {
  it('ends open streams instead of waiting for them', async () => {
    const other = await buildTestApp({ config: FAST_HASHING });
    const user = await registerShopper(other, 'Root', 'Admin');
    await makeAdmin(other, user);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/admin/notifications/stream`;
    const controller = new AbortController();
    const response = await fetch(url, { headers: bearer(user.token), signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // The server ended the response: the body runs out.
    for (let r = await reader.read(); !r.done; r = await reader.read());
  });
});
