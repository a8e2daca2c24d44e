// The access matrix of the ops API: every /ops route (the app's own list, so a new route without a row
// here fails), called by an admin, a staff member of the store the resource belongs to (A), a staff
// member of another store (B), a customer and nobody. Anonymous: 401. Customer: 403. Staff of B: 404
// for anything of store A (ids are not confirmed), 403 on admin-only routes, like staff of A. Callers
// without access go first, so nothing they could have changed is mistaken for a success later.
import type { OpsStorePart } from '@grocer/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { notifications, products } from '../../db/schema.ts';
import { bearer, FAST_HASHING, STRONG_PASSWORD, uniqueEmail, type Registered } from '../../testing/accounts.ts';
import { createShop, makeAdmin, placePaidOrder, registerShopper, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal } from '../../testing/fakePaypal.ts';
import { buildAppWithRoutes, type RouteInfo } from '../../testing/hostile.ts';
import { registerStaff } from '../../testing/ops.ts';

type Who = 'anonymous' | 'customer' | 'staffB' | 'staffA' | 'admin';
const CALLERS: Who[] = ['anonymous', 'customer', 'staffB', 'staffA', 'admin'];

interface Case {
  /** As the app lists it: `METHOD /ops/...:param`. */
  route: string;
  /** `csv`: a text/csv body (the inventory import). */
  request: () => { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object; csv?: string };
  adminOnly?: boolean;
  /** About the caller's own account (no store in it): every ops user may, staff of B too. */
  self?: boolean;
}

let app: App;
let routes: RouteInfo[];
let shop: TestShop;
let users: Record<Exclude<Who, 'anonymous'>, Registered>;
let orderId: string;
let cancelOrderId: string;
let lineId: number;
let productUuid: string;
let invitedUuid: string;
let mailId: number;

beforeAll(async () => {
  const paypal = createFakePaypal();
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING, services: { paypal } }));
  shop = await createShop(app);
  const milk = await shop.addProduct('Whole Milk, 1 gal', 429, 500);
  await shop.addProduct('Store Milk, 1 gal', 329, 500);
  productUuid = milk.uuid;
  const customer = await registerShopper(app);
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  users = { customer, admin, staffA: await registerStaff(app, shop.loop.id), staffB: await registerStaff(app, shop.evanston.id) };
  orderId = await placePaidOrder(app, paypal, customer, [{ product: milk, quantity: 2 }]);
  cancelOrderId = await placePaidOrder(app, paypal, customer, [{ product: milk, quantity: 1 }]);
  const part = await app.inject({ method: 'GET', url: `/ops/orders/${orderId}/stores/${shop.loop.uuid}`, headers: bearer(admin.token) });
  lineId = part.json<OpsStorePart>().lines[0]!.lineId;
  const invited = await app.inject({
    method: 'POST',
    url: '/ops/staff',
    headers: bearer(admin.token),
    payload: { email: uniqueEmail('invited'), firstName: 'Ivy', lastName: 'Invited', storeUuid: shop.loop.uuid },
  });
  invitedUuid = invited.json<{ uuid: string }>().uuid;
  const [mail] = await app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.recipient, `store:${shop.loop.uuid}`), eq(notifications.orderId, orderId)));
  mailId = mail!.id;
  // The worker stops (finishing its pass), so nothing it was sending lands after the row is marked failed;
  // failed, with the next automatic attempt an hour away: only the retry sends it.
  await app.services.outbox.stop();
  await app.db
    .update(notifications)
    .set({ deliveredAt: null, lastError: 'SMTP down', nextAttemptAt: new Date(Date.now() + 3_600_000) })
    .where(eq(notifications.id, mailId));
}, 120_000);
afterAll(() => app.close());

const A = () => shop.loop.uuid;
const CASES: Case[] = [
  { route: 'GET /ops/me', request: () => ({ method: 'GET', url: '/ops/me' }), self: true },
  {
    route: 'POST /ops/me/password',
    // Every helper account has the same password: "changing" it to itself is a real change that leaves the next calls working.
    request: () => ({
      method: 'POST',
      url: '/ops/me/password',
      payload: { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD },
    }),
    self: true,
  },
  { route: 'GET /ops/queue', request: () => ({ method: 'GET', url: `/ops/queue?storeUuid=${A()}` }) },
  { route: 'GET /ops/staff', request: () => ({ method: 'GET', url: `/ops/staff?storeUuid=${A()}` }), adminOnly: true },
  {
    route: 'POST /ops/staff',
    request: () => ({
      method: 'POST',
      url: '/ops/staff',
      payload: { email: uniqueEmail('new-staff'), firstName: 'Nia', lastName: 'New', storeUuid: A() },
    }),
    adminOnly: true,
  },
  {
    route: 'POST /ops/staff/:userUuid/invitation',
    request: () => ({ method: 'POST', url: `/ops/staff/${invitedUuid}/invitation` }),
    adminOnly: true,
  },
  { route: 'GET /ops/orders', request: () => ({ method: 'GET', url: `/ops/orders?storeUuid=${A()}` }) },
  { route: 'GET /ops/orders/:orderId/stores/:storeUuid', request: () => ({ method: 'GET', url: `/ops/orders/${orderId}/stores/${A()}` }) },
  {
    route: 'POST /ops/orders/:orderId/stores/:storeUuid/status',
    request: () => ({ method: 'POST', url: `/ops/orders/${orderId}/stores/${A()}/status`, payload: { status: 'PREPARING' } }),
  },
  {
    route: 'POST /ops/orders/:orderId/lines/:lineId',
    request: () => ({ method: 'POST', url: `/ops/orders/${orderId}/lines/${lineId}`, payload: { state: 'FOUND' } }),
  },
  {
    route: 'GET /ops/orders/:orderId/lines/:lineId/replacements',
    request: () => ({ method: 'GET', url: `/ops/orders/${orderId}/lines/${lineId}/replacements` }),
  },
  {
    route: 'POST /ops/orders/:orderId/cancel',
    request: () => ({ method: 'POST', url: `/ops/orders/${cancelOrderId}/cancel`, payload: { reason: 'Customer asked by phone' } }),
    adminOnly: true,
  },
  { route: 'GET /ops/stores/:storeUuid/products', request: () => ({ method: 'GET', url: `/ops/stores/${A()}/products` }) },
  {
    route: 'PATCH /ops/stores/:storeUuid/products/:productUuid',
    request: () => ({ method: 'PATCH', url: `/ops/stores/${A()}/products/${productUuid}`, payload: { stockQuantity: 500 } }),
  },
  {
    route: 'GET /ops/stores/:storeUuid/products/:productUuid/price-changes',
    request: () => ({ method: 'GET', url: `/ops/stores/${A()}/products/${productUuid}/price-changes` }),
  },
  {
    route: 'GET /ops/stores/:storeUuid/products/:productUuid/stock-changes',
    request: () => ({ method: 'GET', url: `/ops/stores/${A()}/products/${productUuid}/stock-changes` }),
  },
  {
    route: 'POST /ops/stores/:storeUuid/products/bulk',
    request: () => ({
      method: 'POST',
      url: `/ops/stores/${A()}/products/bulk`,
      payload: { productUuids: [productUuid], action: 'SET_STOCK', stockQuantity: 500 },
    }),
  },
  { route: 'GET /ops/stores/:storeUuid/inventory.csv', request: () => ({ method: 'GET', url: `/ops/stores/${A()}/inventory.csv` }) },
  {
    route: 'POST /ops/stores/:storeUuid/inventory/import/preview',
    request: () => ({
      method: 'POST',
      url: `/ops/stores/${A()}/inventory/import/preview`,
      csv: `uuid,price,stock\n${productUuid},4.29,1\n`,
    }),
  },
  {
    route: 'POST /ops/stores/:storeUuid/inventory/import',
    request: () => ({ method: 'POST', url: `/ops/stores/${A()}/inventory/import`, csv: `uuid,price,stock\n${productUuid},4.29,500\n` }),
  },
  { route: 'GET /ops/stores/:storeUuid/settings', request: () => ({ method: 'GET', url: `/ops/stores/${A()}/settings` }) },
  {
    route: 'PUT /ops/stores/:storeUuid/settings',
    request: () => ({
      method: 'PUT',
      url: `/ops/stores/${A()}/settings`,
      payload: { minOrderCents: 1000, deliveryRadiusMiles: 10, windowCapacity: 10, hours: [] },
    }),
  },
  { route: 'GET /ops/notifications', request: () => ({ method: 'GET', url: `/ops/notifications?storeUuid=${A()}` }) },
  { route: 'POST /ops/notifications/:id/retry', request: () => ({ method: 'POST', url: `/ops/notifications/${mailId}/retry` }) },
];

/** What `who` must get: a status, or 'allowed' (a 2xx, or a 409 of a repeat such as retrying a mail that went out). */
function expected(who: Who, c: Case): number | 'allowed' {
  if (who === 'anonymous') return 401;
  if (who === 'customer') return 403;
  if (c.adminOnly) return who === 'admin' ? 'allowed' : 403;
  if (who === 'staffB') return c.self ? 'allowed' : 404;
  return 'allowed';
}

test('the matrix has a row for every ops route the app serves', () => {
  const served = routes.filter((r) => r.url.startsWith('/ops/')).map((r) => r.key);
  expect(served.sort()).toEqual(CASES.map((c) => c.route).sort());
});

test.each(CASES.map((c) => [c.route, c] as const))(
  '%s: admin, staff of the store, staff of another store, customer, anonymous',
  async (_route, c) => {
    const outcome: Record<string, number | string> = {};
    const wanted: Record<string, number | string> = {};
    for (const who of CALLERS) {
      const { method, url, payload, csv } = c.request();
      const res = await app.inject({
        method,
        url,
        headers: { ...(who === 'anonymous' ? {} : bearer(users[who].token)), ...(csv === undefined ? {} : { 'content-type': 'text/csv' }) },
        ...(payload ? { payload } : csv === undefined ? {} : { payload: csv }),
      });
      const want = expected(who, c);
      wanted[who] = want;
      outcome[who] =
        want === 'allowed' && (res.statusCode < 300 || (res.statusCode === 409 && who === 'admin')) ? 'allowed' : res.statusCode;
      if (res.statusCode >= 400) expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(outcome).toEqual(wanted);
  },
);

test("staff of another store cannot reach store A's products through their own store either", async () => {
  const B = shop.evanston.uuid;
  const before = (await app.db.select().from(products).where(eq(products.uuid, productUuid)))[0]!;
  const asB = (method: 'POST', url: string, body: { payload?: object; csv?: string }) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(users.staffB.token), ...(body.csv === undefined ? {} : { 'content-type': 'text/csv' }) },
      payload: body.csv ?? body.payload,
    });
  const bulk = await asB('POST', `/ops/stores/${B}/products/bulk`, {
    payload: { productUuids: [productUuid], action: 'SET_STOCK', stockQuantity: 1 },
  });
  expect(bulk.statusCode).toBe(404);
  const csv = `uuid,price,stock\n${productUuid},0.01,1\n`;
  const preview = await asB('POST', `/ops/stores/${B}/inventory/import/preview`, { csv });
  expect(preview.json()).toMatchObject({ changed: [], errors: [{ line: 2, message: expect.stringMatching(/Unknown product id/) }] });
  expect((await asB('POST', `/ops/stores/${B}/inventory/import`, { csv })).statusCode).toBe(400);
  const exported = await app.inject({ method: 'GET', url: `/ops/stores/${B}/inventory.csv`, headers: bearer(users.staffB.token) });
  expect(exported.body).not.toContain(productUuid);
  const after = (await app.db.select().from(products).where(eq(products.uuid, productUuid)))[0]!;
  expect([after.priceCents, after.stockQuantity]).toEqual([before.priceCents, before.stockQuantity]);
});

test("the live feeds: staff open the board's stream; an order's stream is its owner's (and admins')", async () => {
  const ticket = (who: Exclude<Who, 'anonymous'>, url: string) =>
    app.inject({ method: 'POST', url, headers: bearer(users[who].token) }).then((r) => r.statusCode);
  expect(await ticket('staffA', '/admin/notifications/stream-ticket')).toBe(200);
  expect(await ticket('customer', '/admin/notifications/stream-ticket')).toBe(403);
  const orderTicket = `/orders/${orderId}/events/ticket`;
  expect(await ticket('customer', orderTicket)).toBe(200);
  expect(await ticket('admin', orderTicket)).toBe(200);
  expect(await ticket('staffA', orderTicket)).toBe(404);
  const stranger = await registerShopper(app);
  const res = await app.inject({ method: 'POST', url: orderTicket, headers: bearer(stranger.token) });
  expect(res.statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: `/orders/${orderId}/events`, headers: bearer(stranger.token) })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: `/orders/${orderId}/events` })).statusCode).toBe(401);
});
