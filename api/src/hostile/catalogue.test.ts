// Hostile input, route group "catalogue": the public catalogue reads under /open (testing/hostile.ts
// says how requests are made and what must hold).
import type { App } from '../app.ts';
import { FAST_HASHING, registerUser } from '../testing/accounts.ts';
import { createShop } from '../testing/checkout.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const storeIds: string[] = [];
const categoryUuids: string[] = [];
const productUuids: string[] = [];
const words = [
  'milk',
  'pan',
  'Loop',
  'evanston',
  'oat milk',
  'Pantry',
  'mlik',
  'oat mikl',
  'yoghurt',
  'bnanaz',
  'gluten free',
  'organic mlik',
];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING }));
  const shopper = await registerUser(app);
  tokens = { ...(await attackerTokens(app)), customer: () => shopper.token };
  const shop = await createShop(app);
  // Whole Milk in both stores: the same item, so also-at has an offer to give.
  for (const added of [
    await shop.addProduct('Whole Milk', 429, 10),
    await shop.addProduct('Oat Milk', 499, 0),
    await shop.addProduct('Pantry Flour', 350, 5, 'evanston'),
    await shop.addProduct('Whole Milk', 419, 10, 'evanston'),
  ]) {
    productUuids.push(added.uuid);
  }
  storeIds.push(shop.loop.publicId, shop.loop.uuid, shop.evanston.publicId, shop.evanston.uuid);
  const categories = (await app.inject({ method: 'GET', url: '/open/categories' })).json<{ uuid: string }[]>();
  categoryUuids.push(...categories.map((c) => c.uuid));
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('catalogue', app, routes, {
    tokens,
    pool: {
      id: () => storeIds,
      storeId: () => storeIds,
      storePublicId: () => storeIds,
      uuid: () => categoryUuids,
      categoryUuid: () => categoryUuids,
      productUuid: () => productUuids,
      categoryId: () => categoryUuids,
      inStock: () => [true, false, 'true', 'maybe'],
      minPrice: () => [0, 200, 500, -1, 1.5],
      maxPrice: () => [199, 499, 0, 10_000_001],
      dietary: () => ['gluten-free', 'vegan,kosher', 'paleo', 'organic,,vegan', '', 'Vegan'],
      query: () => words,
      sort: () => ['name', 'price', 'relevance'],
    },
  });
}, 300_000);
