// Hostile input, route group "notifications": the order notifications and order tracking (status
// changes, cancellation with stock given back) (testing/hostile.ts says how requests are made and what must hold).
import { ORDER_STATUSES } from '@grocer/shared/contracts';
import type { App } from '../app.ts';
import { FAST_HASHING } from '../testing/accounts.ts';
import { createShop, makeAdmin, placePaidOrder, registerShopper, type CartLine } from '../testing/checkout.ts';
import { createFakePaypal } from '../testing/fakePaypal.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const paypal = createFakePaypal();
const orderIds: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING, services: { paypal } }));
  const shopper = await registerShopper(app);
  const other = await registerShopper(app, 'Olive', 'Other');
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  tokens = {
    ...(await attackerTokens(app)),
    customer: () => shopper.token,
    admin: () => admin.token,
    others: () => [`Bearer ${other.token}`],
  };
  const shop = await createShop(app);
  const milk = await shop.addProduct('Milk', 429, 50);
  const eggs = await shop.addProduct('Eggs', 389, 50, 'evanston');
  const carts: CartLine[][] = [
    [{ product: milk, quantity: 2 }],
    [
      { product: milk, quantity: 1 },
      { product: eggs, quantity: 3 },
    ],
  ];
  for (const user of [shopper, shopper, shopper, other])
    for (const cart of carts) orderIds.push(await placePaidOrder(app, paypal, user, cart));
}, 120_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('notifications', app, routes, {
    tokens,
    pool: {
      orderId: () => orderIds,
      status: () => [...ORDER_STATUSES, 'confirmed', 'out for delivery', 'Cancelled'],
      timestamp: () => [new Date().toISOString(), 'yesterday'],
    },
  });
}, 300_000);
