// Hostile input, route group "admin": the notification list, stream tickets, the SSE stream and the
// refund list (testing/hostile.ts says how requests are made and what must hold).
import type { App } from '../app.ts';
import { bearer, FAST_HASHING } from '../testing/accounts.ts';
import { createShop, makeAdmin, placePaidOrder, registerShopper, track } from '../testing/checkout.ts';
import { createFakePaypal } from '../testing/fakePaypal.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const paypal = createFakePaypal();
const tickets: string[] = [];
const cursors: string[] = [];
const orderIds: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING, services: { paypal } }));
  const shopper = await registerShopper(app);
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  tokens = { ...(await attackerTokens(app)), customer: () => shopper.token, admin: () => admin.token };
  const shop = await createShop(app);
  const milk = await shop.addProduct('Milk', 429, 50);
  for (let i = 0; i < 3; i += 1) {
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: milk, quantity: 1 }]);
    await app.inject({ method: 'POST', url: '/notifications/admin', headers: bearer(shopper.token), payload: { orderId } });
    await app.inject({ method: 'POST', url: '/notifications/stores', headers: bearer(shopper.token), payload: { orderId } });
    orderIds.push(orderId);
  }
  // Two cancelled (so refunded) orders: refunds to list and page through.
  for (const orderId of orderIds.slice(1)) await track(app, admin, orderId, 'CANCELLED');
  for (const list of ['notifications', 'refunds']) {
    const page = await app.inject({ method: 'GET', url: `/admin/${list}?limit=1`, headers: bearer(admin.token) });
    cursors.push(page.json<{ nextCursor: string }>().nextCursor);
  }
}, 120_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('admin', app, routes, {
    tokens,
    pool: {
      ticket: () => tickets,
      cursor: () => cursors,
      type: () => ['new_order', 'new_order_items', 'order_created'],
      lastEventId: () => [0, 1, 2],
      status: () => ['REQUESTED', 'COMPLETED', 'FAILED'],
      orderId: () => orderIds,
    },
    harvest: (route, _request, body) => {
      if (route.key === 'POST /admin/notifications/stream-ticket') tickets.push((JSON.parse(body) as { ticket: string }).ticket);
    },
  });
}, 300_000);
