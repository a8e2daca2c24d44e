// Hostile input, route group "ops": the board, pick lists, fulfilment, cancellation, inventory, store
// settings, staff accounts and the notifications panel, fuzzed as a store's staff member, an admin and
// a customer (testing/hostile.ts says how requests are made and what must hold: among others, every
// order's money still adds up after lines were replaced or dropped, a part or an order left with nothing
// charges nothing for it, and refunds equal what was captured beyond the order's total).
import type { OpsStorePart } from '@grocer/shared/contracts';
import type { App } from '../app.ts';
import { bearer, FAST_HASHING } from '../testing/accounts.ts';
import { createShop, makeAdmin, placePaidOrder, registerShopper } from '../testing/checkout.ts';
import { createFakePaypal } from '../testing/fakePaypal.ts';
import { assertInvariants, attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';
import { registerStaff } from '../testing/ops.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const paypal = createFakePaypal();
const orderIds: string[] = [];
const storeUuids: string[] = [];
const productUuids: string[] = [];
const lineIds: number[] = [];
const userUuids: string[] = [];
const notificationIds: number[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING, services: { paypal } }));
  const shopper = await registerShopper(app);
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  const shop = await createShop(app);
  const staff = await registerStaff(app, shop.loop.id);
  userUuids.push(staff.uuid, shopper.uuid);
  storeUuids.push(shop.loop.uuid, shop.evanston.uuid);
  const milk = await shop.addProduct('Whole Milk, 1 gal', 429, 5000);
  const cheaper = await shop.addProduct('Store Milk, 1 gal', 329, 5000);
  const bread = await shop.addProduct('Rye Bread, 24 oz', 549, 5000, 'evanston');
  productUuids.push(milk.uuid, cheaper.uuid, bread.uuid);
  for (let i = 0; i < 3; i += 1) {
    const orderId = await placePaidOrder(app, paypal, shopper, [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 1 },
    ]);
    orderIds.push(orderId);
    const part = await app.inject({ method: 'GET', url: `/ops/orders/${orderId}/stores/${shop.loop.uuid}`, headers: bearer(admin.token) });
    lineIds.push(...part.json<OpsStorePart>().lines.map((l) => l.lineId));
    const other = await app.inject({
      method: 'GET',
      url: `/ops/orders/${orderId}/stores/${shop.evanston.uuid}`,
      headers: bearer(admin.token),
    });
    lineIds.push(...other.json<OpsStorePart>().lines.map((l) => l.lineId));
  }
  // Runs also start from emptied parts: the first order's Evanston part has nothing left, the second order nothing at all.
  const emptied: [string, number][] = [
    [orderIds[0]!, lineIds[1]!],
    [orderIds[1]!, lineIds[2]!],
    [orderIds[1]!, lineIds[3]!],
  ];
  for (const [orderId, lineId] of emptied) {
    const url = `/ops/orders/${orderId}/lines/${lineId}`;
    const res = await app.inject({ method: 'POST', url, headers: bearer(admin.token), payload: { state: 'UNAVAILABLE' } });
    expect(res.statusCode).toBe(200);
  }
  await assertInvariants(app);
  const list = await app.inject({ method: 'GET', url: '/ops/notifications?limit=50', headers: bearer(admin.token) });
  notificationIds.push(...list.json<{ notifications: { id: number }[] }>().notifications.map((n) => n.id));
  tokens = {
    ...(await attackerTokens(app)),
    customer: () => staff.token,
    admin: () => admin.token,
    others: () => [`Bearer ${shopper.token}`, `Bearer ${staff.token}`],
  };
}, 120_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('ops', app, routes, {
    tokens,
    pool: {
      orderId: () => orderIds,
      storeUuid: () => storeUuids,
      productUuid: () => productUuids,
      replacementProductUuid: () => productUuids,
      lineId: () => lineIds,
      userUuid: () => userUuids,
      id: () => notificationIds,
      status: () => ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'],
      state: () => ['FOUND', 'REPLACED', 'UNAVAILABLE', 'SENT', 'FAILED', 'PENDING', 'DASHBOARD'],
      date: () => ['2026-11-25', '2026-03-08', '2026-11-01'],
    },
  });
}, 300_000);
