// Hostile input, route group "user": the account (profile, address, beta) and favourites
// (testing/hostile.ts says how requests are made and what must hold).
import type { App } from '../app.ts';
import { FAST_HASHING, registerUser } from '../testing/accounts.ts';
import { createShop, makeAdmin, registerShopper, SHOPPER_ADDRESS } from '../testing/checkout.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const productUuids: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING }));
  const shopper = await registerShopper(app);
  const newcomer = await registerUser(app);
  const admin = await registerUser(app);
  await makeAdmin(app, admin);
  // The newcomer has no names yet, so address saves also reach the "names required" rules.
  const customers = [shopper.token, newcomer.token];
  tokens = { ...(await attackerTokens(app)), customer: () => customers[Math.floor(Math.random() * 2)]!, admin: () => admin.token };
  const shop = await createShop(app);
  for (const [name, stock] of [
    ['Milk', 3],
    ['Bread', 0],
    ['Eggs', 12],
  ] as const)
    productUuids.push((await shop.addProduct(name, 299, stock)).uuid);
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('user', app, routes, {
    tokens,
    pool: {
      productUuid: () => productUuids,
      uuid: () => productUuids,
      streetName: () => [SHOPPER_ADDRESS.streetName],
      city: () => ['Chicago', 'Evanston'],
      state: () => ['IL', 'Illinois', 'il', 'NY'],
      zip: () => ['60606', '60202', '60606-1234', '10001', '00000'],
      firstName: () => ['Casey', null],
      reason: () => ['I love groceries', null],
      // Substitution preferences: real products, so some replacements pass the same-store-and-category rule.
      choice: () => ['BEST_MATCH', 'SPECIFIC', 'NONE'],
      substituteProductId: () => [...productUuids, null],
    },
  });
}, 300_000);
