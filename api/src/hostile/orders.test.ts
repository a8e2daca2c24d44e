// Hostile input, route group "orders": PayPal order creation, order placement and payment completion,
// history and order reads (testing/hostile.ts says how requests are made and what must hold).
// Every PayPal order the fuzzer creates is approved, so placements that match their cart succeed,
// take stock and store orders whose totals the invariants then check.
import type { App } from '../app.ts';
import { FAST_HASHING } from '../testing/accounts.ts';
import { createShop, makeAdmin, orderPayload, placePaidOrder, registerShopper, type CartLine } from '../testing/checkout.ts';
import { createFakePaypal } from '../testing/fakePaypal.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const paypal = createFakePaypal();
const productUuids: string[] = [];
const carts: { productId: string; quantity: number }[][] = [];
/** Valid-looking placements: a PayPal order the fuzzer created, with the cart it was created for. */
const placements: object[] = [];
const orderIds: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING, services: { paypal } }));
  const shopper = await registerShopper(app);
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  tokens = { ...(await attackerTokens(app)), customer: () => shopper.token, admin: () => admin.token };
  const shop = await createShop(app);
  const lines: CartLine[] = [];
  for (const [name, stock, store] of [
    ['Milk', 30, 'loop'],
    ['Bread', 2, 'loop'],
    ['Eggs', 25, 'evanston'],
    ['Gone', 0, 'evanston'],
  ] as const) {
    const product = await shop.addProduct(name, 299 + name.length, stock, store);
    productUuids.push(product.uuid);
    lines.push({ product, quantity: 1 });
  }
  carts.push(
    [{ productId: productUuids[0]!, quantity: 1 }],
    [
      { productId: productUuids[0]!, quantity: 2 },
      { productId: productUuids[2]!, quantity: 1 },
    ],
    [{ productId: productUuids[1]!, quantity: 2 }],
  );
  orderIds.push(await placePaidOrder(app, paypal, shopper, [lines[0]!]));
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('orders', app, routes, {
    tokens,
    pool: {
      'POST /payments/paypal/orders body': () => carts.map((items) => ({ items })),
      'POST /orders/create body': () => placements,
      productId: () => productUuids,
      orderId: () => orderIds,
      id: () => orderIds,
      phone: () => ['312-555-0100', '(312) 555-0100', '555'],
      substitution: () => ['BEST_MATCH', 'SPECIFIC', 'NONE'],
      substituteProductId: () => [...productUuids, null],
    },
    harvest: (route, request, body) => {
      if (route.key === 'POST /payments/paypal/orders') {
        const { paypalOrderId } = JSON.parse(body) as { paypalOrderId: string };
        paypal.approve(paypalOrderId);
        const { items } = JSON.parse(request.payload!) as { items: { productId: string; quantity: number }[] };
        const cart = items.map((i) => ({ product: { uuid: i.productId, name: 'x', priceCents: 1, storeUuid: 'x' }, quantity: i.quantity }));
        placements.push(orderPayload(paypalOrderId, cart));
      }
      if (route.key === 'POST /orders/create') orderIds.push((JSON.parse(body) as { orderId: string }).orderId);
    },
  });
}, 300_000);
