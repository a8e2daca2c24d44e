// Hostile input, route group "fees": the fee calculator, delivery fees and cart pricing
// (testing/hostile.ts says how requests are made and what must hold).
import type { App } from '../app.ts';
import { FAST_HASHING, registerUser } from '../testing/accounts.ts';
import { createShop, registerShopper, SHOPPER_ADDRESS } from '../testing/checkout.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const storeUuids: string[] = [];
const productUuids: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING }));
  const shopper = await registerShopper(app);
  // Without an address: pricing answers ADDRESS_REQUIRED.
  const newcomer = await registerUser(app);
  const customers = [shopper.token, shopper.token, newcomer.token];
  tokens = { ...(await attackerTokens(app)), customer: () => customers[Math.floor(Math.random() * customers.length)]! };
  const shop = await createShop(app);
  storeUuids.push(shop.loop.uuid, shop.evanston.uuid);
  for (const [name, stock, store] of [
    ['Milk', 5, 'loop'],
    ['Bread', 0, 'loop'],
    ['Eggs', 40, 'evanston'],
  ] as const) {
    productUuids.push((await shop.addProduct(name, 299, stock, store)).uuid);
  }
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('fees', app, routes, {
    tokens,
    pool: {
      storeUuids: () => [storeUuids, [storeUuids[0]!], [...storeUuids, ...storeUuids]],
      productId: () => productUuids,
      quantity: () => [1, 2, 5, 999],
      state: () => ['IL', 'Illinois', 'CA', 'XX'],
      streetName: () => [SHOPPER_ADDRESS.streetName],
      city: () => ['Chicago'],
      zip: () => ['60606', '60202', '99999', '606'],
      subtotal: () => [0, 12.34, 0.005, 1_000_000],
      deliveryFee: () => [0, 7.5, 0.015],
    },
  });
}, 300_000);
