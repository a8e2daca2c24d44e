// Who may call which order route: the order's owner, another customer, an admin, and no
// session. Anyone but the owner (or an admin, where admins may) gets exactly the 404 an unknown id
// gets, never a 403, so order ids cannot be probed.
import type { Order } from '@grocer/shared/contracts';
import type { App } from '../../app.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createOrder, createShop, makeAdmin, orderPayload, registerShopper, startPayment, type CartLine } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let owner: Registered;
let other: Registered;
let admin: Registered;
let cart: CartLine[];
let orderId: string;
let paypalOrderId: string;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  const shop = await createShop(app);
  cart = [
    { product: await shop.addProduct('Whole Milk', 399, 100), quantity: 1 },
    { product: await shop.addProduct('Rye Bread', 549, 100, 'evanston'), quantity: 1 },
  ];
  owner = await registerShopper(app, 'Olive', 'Owner');
  other = await registerShopper(app, 'Otto', 'Other');
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  const started = await startPayment(app, owner, cart);
  paypal.approve(started.paypalOrderId);
  expect((await createOrder(app, owner, orderPayload(started.paypalOrderId, cart))).statusCode).toBe(200);
  ({ orderReference: orderId, paypalOrderId } = started);
});
afterAll(() => app.close());

type Who = 'owner' | 'other' | 'admin' | 'nobody';
const users = (): Record<Exclude<Who, 'nobody'>, Registered> => ({ owner, other, admin });

interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

function call(who: Who, { method, url, payload }: Call) {
  const headers = who === 'nobody' ? {} : bearer(users()[who].token);
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** Each order route for one order id, as the browser calls it. */
const routes = (id: string): Record<string, Call> => ({
  'GET /orders/{id}': { method: 'GET', url: `/orders/${id}` },
  'POST /orders/paypal/complete': {
    method: 'POST',
    url: '/orders/paypal/complete',
    payload: { orderId: id, paymentDetails: { id: paypalOrderId } },
  },
  'POST /orders/tracking': {
    method: 'POST',
    url: '/orders/tracking',
    payload: { orderId: id, status: 'confirmed', timestamp: null, notes: null },
  },
  'POST /orders/{id}/reorder': { method: 'POST', url: `/orders/${id}/reorder` },
  'POST /notifications/order-created': { method: 'POST', url: '/notifications/order-created', payload: { orderId: id, orderData: {} } },
  'POST /notifications/admin': { method: 'POST', url: '/notifications/admin', payload: { orderId: id, type: 'new_order' } },
  'POST /notifications/stores': { method: 'POST', url: '/notifications/stores', payload: { orderId: id, storeOrderData: [] } },
});

/** Owner and admin may; another customer gets the unknown-id 404. */
const MATRIX: Record<string, Record<Exclude<Who, 'nobody'>, 200 | 404>> = {
  'GET /orders/{id}': { owner: 200, other: 404, admin: 200 },
  'POST /orders/paypal/complete': { owner: 200, other: 404, admin: 200 },
  'POST /orders/tracking': { owner: 200, other: 404, admin: 200 },
  // Reorder fills the caller's own cart: nobody else's order, an admin's neither.
  'POST /orders/{id}/reorder': { owner: 200, other: 404, admin: 404 },
  'POST /notifications/order-created': { owner: 200, other: 404, admin: 200 },
  'POST /notifications/admin': { owner: 200, other: 404, admin: 200 },
  'POST /notifications/stores': { owner: 200, other: 404, admin: 200 },
};

describe.each(Object.keys(MATRIX))('%s', (name) => {
  it.each(['owner', 'other', 'admin'] as const)('as %s', async (who) => {
    const res = await call(who, routes(orderId)[name]!);
    expect(res.statusCode).toBe(MATRIX[name]![who]);
    if (res.statusCode === 404) {
      // Byte for byte what an order that does not exist gets.
      const unknown = await call(who, routes(crypto.randomUUID())[name]!);
      expect(unknown.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'ORDER_NOT_FOUND' } });
    }
  });

  it('without a session: 401', async () => {
    expect((await call('nobody', routes(orderId)[name]!)).statusCode).toBe(401);
  });
});

describe('POST /orders/create with the owner’s PayPal order', () => {
  const create = (who: Exclude<Who, 'nobody'>) => createOrder(app, users()[who], orderPayload(paypalOrderId, cart));

  it('as owner: the same order again', async () => {
    const res = await create('owner');
    expect(res.statusCode).toBe(200);
    expect(res.json().orderId).toBe(orderId);
  });

  it.each(['other', 'admin'] as const)('as %s: 404, no order made from it', async (who) => {
    const res = await create(who);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PAYPAL_ORDER_NOT_FOUND');
  });
});

describe('GET /orders/user/history', () => {
  const ids = async (who: Exclude<Who, 'nobody'>) =>
    (await call(who, { method: 'GET', url: '/orders/user/history?limit=50' })).json<Order[]>().map((o) => o.orderId);

  it("is each caller's own: the owner's lists the order, nobody else's does (admins' included)", async () => {
    expect(await ids('owner')).toContain(orderId);
    expect(await ids('other')).not.toContain(orderId);
    expect(await ids('admin')).not.toContain(orderId);
  });

  it('without a session: 401', async () => {
    expect((await call('nobody', { method: 'GET', url: '/orders/user/history' })).statusCode).toBe(401);
  });
});

describe('admin routes', () => {
  const adminRoutes: Call[] = [
    { method: 'GET', url: '/admin/notifications' },
    { method: 'POST', url: '/admin/notifications/stream-ticket' },
    { method: 'GET', url: '/admin/notifications/stream' },
    { method: 'GET', url: '/admin/refunds' },
  ];

  it.each(adminRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: 403 for customers, 401 without a session',
    async (_name, route) => {
      for (const who of ['owner', 'other'] as const) {
        const res = await call(who, route);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      expect((await call('nobody', route)).statusCode).toBe(401);
    },
  );

  it('answers an admin (the stream itself is tested over a real connection in routes/admin)', async () => {
    expect((await call('admin', adminRoutes[0]!)).statusCode).toBe(200);
    expect((await call('admin', adminRoutes[1]!)).statusCode).toBe(200);
    expect((await call('admin', adminRoutes[3]!)).statusCode).toBe(200);
  });
});
