// The live feeds of the store side over real HTTP connections: a staff member's board stream carries
// a new paid order of their store within 2 s and nothing of other stores; the shopper's order stream
// says when a store changed the order, so the details page can refetch it.
import type { AdminNotificationJson } from '../../services/orders/notificationFeed.ts';
import type { OpsStorePart, OrderUpdatedEvent } from '@grocer/shared/contracts';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, placePaidOrder, registerShopper, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { opsCall, registerStaff } from '../../testing/ops.ts';
import { connectSse } from '../../testing/sse.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let evanstonStaff: Registered;
let milk: ShopProduct;
let bread: ShopProduct;
let baseUrl: string;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk, 1 gal', 429, 500);
  bread = await shop.addProduct('Rye Bread, 24 oz', 549, 500, 'evanston');
  shopper = await registerShopper(app);
  evanstonStaff = await registerStaff(app, shop.evanston.id);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

test("a staff member's stream: their store's new order within 2 s, nothing of another store", async () => {
  const ticket = (await opsCall(app, evanstonStaff, 'POST', '/admin/notifications/stream-ticket')).json<{ ticket: string }>().ticket;
  const stream = await connectSse(`${baseUrl}/admin/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
  try {
    expect(stream.response.status).toBe(200);
    const loopOnly = await placePaidOrder(app, paypal, shopper, [{ product: milk, quantity: 1 }]);
    const started = Date.now();
    const both = await placePaidOrder(app, paypal, shopper, [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 1 },
    ]);
    const { data } = await stream.next<AdminNotificationJson>((_e, d) => d.orderId === both, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000 + 1_000);
    expect(data).toMatchObject({ type: 'new_order_items', recipient: `store:${shop.evanston.uuid}` });
    const seen = stream.events.map((e) => JSON.parse(e.data!) as AdminNotificationJson);
    expect(seen.every((n) => n.recipient === `store:${shop.evanston.uuid}`)).toBe(true);
    expect(seen.some((n) => n.orderId === loopOnly)).toBe(false);
  } finally {
    await stream.close();
  }
});

test("the shopper's order stream tells of a store's change", async () => {
  // Two stores: emptying one part leaves the order going (an order with nothing left would be cancelled).
  const orderId = await placePaidOrder(app, paypal, shopper, [
    { product: bread, quantity: 2 },
    { product: milk, quantity: 1 },
  ]);
  const ticket = (await app.inject({ method: 'POST', url: `/orders/${orderId}/events/ticket`, headers: bearer(shopper.token) })).json<{
    ticket: string;
  }>().ticket;
  const stream = await connectSse(`${baseUrl}/orders/${orderId}/events?ticket=${encodeURIComponent(ticket)}`);
  try {
    expect(stream.response.status).toBe(200);
    const part = (await opsCall(app, evanstonStaff, 'GET', `/ops/orders/${orderId}/stores/${shop.evanston.uuid}`)).json<OpsStorePart>();
    await opsCall(app, evanstonStaff, 'POST', `/ops/orders/${orderId}/lines/${part.lines[0]!.lineId}`, { state: 'UNAVAILABLE' });
    const { event, data } = await stream.next<OrderUpdatedEvent>((e) => e.event === 'order_updated', 4_000);
    expect(event.event).toBe('order_updated');
    expect(data).toMatchObject({ orderId, orderStatus: 'CONFIRMED' });
    expect(data.version).toBeGreaterThan(0);
    // A replayed ticket opens nothing.
    const replay = await fetch(`${baseUrl}/orders/${orderId}/events?ticket=${encodeURIComponent(ticket)}`);
    expect(replay.status).toBe(401);
  } finally {
    await stream.close();
  }
});
