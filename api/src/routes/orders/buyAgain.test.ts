// Substitution preferences (the cart line's 'If out of stock'), buy again and reorder: what the server
// checks, what an order keeps and tells its store, what it remembers, and what a past order can put
// back into the cart today.
import type {
  BuyAgainResponse,
  NewOrderItemsNotification,
  Order,
  ReorderResponse,
  SubstitutionPreferencesResponse,
} from '@grocer/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { notifications, orderLines, products, stores, substitutionPreferences } from '../../db/schema.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  orderPayload,
  placePaidOrder,
  registerShopper,
  startPayment,
  stockOf,
  updateStore,
  type CartLine,
  type ShopProduct,
  type TestShop,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp } from '../../testing/testApp.ts';
import { storeMail } from '../../services/orders/outbox.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let milk: ShopProduct;
let oatMilk: ShopProduct;
let bread: ShopProduct;
/** Same store, another category: never a valid replacement for milk. */
let soap: ShopProduct;
/** Same category, other store. */
let evanstonMilk: ShopProduct;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 399, 100);
  oatMilk = await shop.addProduct('Oat Milk', 449, 100);
  bread = await shop.addProduct('Rye Bread', 549, 100);
  evanstonMilk = await shop.addProduct('Skim Milk', 379, 100, 'evanston');
  const other = await createShop(app);
  soap = await other.addProduct('Bar Soap', 199, 100, 'loop', { storeId: shop.loop.id });
});
afterAll(() => app.close());

const get = <T>(user: Registered, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const put = (user: Registered, productUuid: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/user/substitution-preferences/${productUuid}`, headers: bearer(user.token), payload });
const reorder = (user: Registered, orderId: string) =>
  app.inject({ method: 'POST', url: `/orders/${orderId}/reorder`, headers: bearer(user.token) });

/** Pays for `cart` with each line's choice in the order payload, as the checkout sends it. */
async function payWithChoices(
  user: Registered,
  cart: CartLine[],
  choices: Record<string, { substitution: string; substituteProductId?: string | null }>,
) {
  const started = await startPayment(app, user, cart);
  paypal.approve(started.paypalOrderId);
  const payload = orderPayload(started.paypalOrderId, cart);
  payload.items = payload.items.map((item) => ({ ...item, ...choices[item.productId] }));
  return { res: await createOrder(app, user, payload), orderId: started.orderReference, paypalOrderId: started.paypalOrderId };
}

describe('GET /open/product/{uuid}/substitutes', () => {
  it('lists in-stock, active products of the same store and category, by name, without the product itself', async () => {
    const res = await app.inject({ method: 'GET', url: `/open/product/${milk.uuid}/substitutes` });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ products: { name: string }[] }>().products.map((p) => p.name);
    expect(names).toEqual(['Oat Milk', 'Rye Bread']);
  });

  it('404 for an unknown product', async () => {
    const res = await app.inject({ method: 'GET', url: `/open/product/${crypto.randomUUID()}/substitutes` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });
});

describe('substitution preferences', () => {
  let shopper: Registered;
  beforeAll(async () => {
    shopper = await registerShopper(app, 'Pia', 'Prefers');
  });

  it('start empty, remember a choice per product, and the latest wins', async () => {
    expect((await get<SubstitutionPreferencesResponse>(shopper, '/user/substitution-preferences')).body).toEqual({ preferences: [] });
    expect((await put(shopper, milk.uuid, { choice: 'NONE' })).json()).toEqual({ productId: milk.uuid, choice: 'NONE', substitute: null });
    const specific = await put(shopper, milk.uuid, { choice: 'SPECIFIC', substituteProductId: oatMilk.uuid });
    expect(specific.statusCode).toBe(200);
    expect(specific.json()).toEqual({ productId: milk.uuid, choice: 'SPECIFIC', substitute: { uuid: oatMilk.uuid, name: 'Oat Milk' } });
    expect((await get<SubstitutionPreferencesResponse>(shopper, '/user/substitution-preferences')).body.preferences).toEqual([
      { productId: milk.uuid, choice: 'SPECIFIC', substitute: { uuid: oatMilk.uuid, name: 'Oat Milk' } },
    ]);
  });

  it.each([
    ['another store', () => evanstonMilk.uuid],
    ['another category', () => soap.uuid],
    ['the product itself', () => milk.uuid],
    ['an unknown product', () => crypto.randomUUID()],
    ['not a uuid', () => 'nope'],
  ])('refuses a replacement from %s: 400, the stored choice unchanged', async (_case, substitute) => {
    const res = await put(shopper, milk.uuid, { choice: 'SPECIFIC', substituteProductId: substitute() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The replacement must be another product of the same store and category',
      error: { code: 'VALIDATION_ERROR', field: 'substituteProductId' },
    });
    expect((await get<SubstitutionPreferencesResponse>(shopper, '/user/substitution-preferences')).body.preferences[0]!.choice).toBe(
      'SPECIFIC',
    );
  });

  it('refuses an inactive replacement', async () => {
    const gone = await shop.addProduct('Goat Milk', 599, 10, 'loop', { isActive: false });
    expect((await put(shopper, milk.uuid, { choice: 'SPECIFIC', substituteProductId: gone.uuid })).statusCode).toBe(400);
  });

  it('400 for SPECIFIC without a product, or another choice with one', async () => {
    expect((await put(shopper, bread.uuid, { choice: 'SPECIFIC' })).json().message).toBe('Choose the product to use instead');
    expect((await put(shopper, bread.uuid, { choice: 'NONE', substituteProductId: oatMilk.uuid })).json().message).toBe(
      'Only a specific replacement names a product',
    );
    expect((await put(shopper, bread.uuid, { choice: 'SOMETIMES' })).statusCode).toBe(400);
  });

  it('404 for an unknown product; 401 without a session', async () => {
    const res = await put(shopper, crypto.randomUUID(), { choice: 'NONE' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    expect((await app.inject({ method: 'GET', url: '/user/substitution-preferences' })).statusCode).toBe(401);
  });

  it("are each shopper's own", async () => {
    const other = await registerShopper(app, 'Otto', 'Other');
    expect((await get<SubstitutionPreferencesResponse>(other, '/user/substitution-preferences')).body.preferences).toEqual([]);
  });
});

describe('an order with substitution choices', () => {
  let shopper: Registered;
  let orderId: string;
  beforeAll(async () => {
    shopper = await registerShopper(app, 'Sam', 'Subs');
    const placed = await payWithChoices(
      shopper,
      [
        { product: milk, quantity: 2 },
        { product: bread, quantity: 1 },
        { product: evanstonMilk, quantity: 1 },
      ],
      {
        [milk.uuid]: { substitution: 'SPECIFIC', substituteProductId: oatMilk.uuid },
        [bread.uuid]: { substitution: 'NONE' },
      },
    );
    expect(placed.res.statusCode).toBe(200);
    orderId = placed.orderId;
  });

  it('keeps each line’s choice on the order (best match where none was sent)', async () => {
    const order = (await get<Order>(shopper, `/orders/${orderId}`)).body;
    const byName = Object.fromEntries(order.orderItems.map((i) => [i.productName, i.substitution]));
    expect(byName).toEqual({
      'Whole Milk': { choice: 'SPECIFIC', substitute: { uuid: oatMilk.uuid, name: 'Oat Milk' } },
      'Rye Bread': { choice: 'NONE', substitute: null },
      'Skim Milk': { choice: 'BEST_MATCH', substitute: null },
    });
    const [line] = await app.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.productUuid, milk.uuid)));
    const [oat] = await app.db.select({ id: products.id }).from(products).where(eq(products.uuid, oatMilk.uuid));
    expect(line).toMatchObject({ substitution: 'SPECIFIC', substituteProductId: oat!.id });
  });

  it('tells the store: its notification and mail say what to do when an item is missing', async () => {
    const [row] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.recipient, `store:${shop.loop.uuid}`)));
    const payload = row!.payload as unknown as NewOrderItemsNotification;
    expect(payload.items.map((i) => [i.name, i.substitution])).toEqual([
      ['Whole Milk', { choice: 'SPECIFIC', substitute: { uuid: oatMilk.uuid, name: 'Oat Milk' } }],
      ['Rye Bread', { choice: 'NONE', substitute: null }],
    ]);
    const mail = storeMail({ orderNumber: 'GR-000001' }, payload).text;
    expect(mail).toContain('2 × Whole Milk  $3.99 each\n      If out of stock: replace with Oat Milk');
    expect(mail).toContain("1 × Rye Bread  $5.49 each\n      If out of stock: don't replace (refund it)");
  });

  it('remembers the choices for the next cart', async () => {
    const { preferences } = (await get<SubstitutionPreferencesResponse>(shopper, '/user/substitution-preferences')).body;
    expect(Object.fromEntries(preferences.map((p) => [p.productId, p.choice]))).toEqual({
      [milk.uuid]: 'SPECIFIC',
      [bread.uuid]: 'NONE',
      [evanstonMilk.uuid]: 'BEST_MATCH',
    });
  });

  it('refuses a bad replacement before anything is captured or taken', async () => {
    const before = await stockOf(app, milk.uuid);
    const placed = await payWithChoices(shopper, [{ product: milk, quantity: 1 }], {
      [milk.uuid]: { substitution: 'SPECIFIC', substituteProductId: evanstonMilk.uuid },
    });
    expect(placed.res.statusCode).toBe(400);
    expect(placed.res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'items.0.substituteProductId' } });
    expect(await stockOf(app, milk.uuid)).toBe(before);
    expect(paypal.order(placed.paypalOrderId)!.capture).toBeNull();
    const history = (await get<Order[]>(shopper, '/orders/user/history?limit=50')).body;
    expect(history.map((o) => o.orderId)).not.toContain(placed.orderId);
  });
});

describe('buy again and reorder', () => {
  let shopper: Registered;
  let first: string;
  let cheese: ShopProduct;
  let jam: ShopProduct;
  let tea: ShopProduct;
  beforeAll(async () => {
    shopper = await registerShopper(app, 'Bea', 'Again');
    cheese = await shop.addProduct('Cheddar', 650, 5);
    jam = await shop.addProduct('Plum Jam', 420, 5);
    tea = await shop.addProduct('Black Tea', 380, 5, 'evanston');
    first = await placePaidOrder(app, paypal, shopper, [
      { product: cheese, quantity: 2 },
      { product: jam, quantity: 1 },
      { product: tea, quantity: 3 },
    ]);
    await placePaidOrder(app, paypal, shopper, [{ product: tea, quantity: 1 }]);
  });

  it('buy again: most often bought first, with today’s price and stock; other shoppers see their own', async () => {
    await app.db.update(products).set({ priceCents: 699 }).where(eq(products.uuid, cheese.uuid));
    const { status, body } = await get<BuyAgainResponse>(shopper, '/orders/buy-again');
    expect(status).toBe(200);
    expect(body.items[0]).toMatchObject({ product: { name: 'Black Tea' }, timesOrdered: 2 });
    expect(
      body.items
        .slice(1)
        .map((i) => [i.product.name, i.timesOrdered])
        .sort(),
    ).toEqual([
      ['Cheddar', 1],
      ['Plum Jam', 1],
    ]);
    expect(body.items.find((i) => i.product.name === 'Cheddar')!.product.price_cents).toBe(699);
    const other = await registerShopper(app, 'Nia', 'New');
    expect((await get<BuyAgainResponse>(other, '/orders/buy-again')).body).toEqual({ items: [] });
  });

  it('reorder: today’s products and prices; out-of-stock and inactive lines skipped with their reason', async () => {
    await app.db.update(products).set({ stockQuantity: 0 }).where(eq(products.uuid, jam.uuid));
    await app.db.update(products).set({ isActive: false }).where(eq(products.uuid, tea.uuid));
    const res = await reorder(shopper, first);
    expect(res.statusCode).toBe(200);
    const body = res.json<ReorderResponse>();
    expect(body.added.map((a) => [a.product.name, a.quantity, a.product.price_cents, a.substitution.choice])).toEqual([
      ['Cheddar', 2, 699, 'BEST_MATCH'],
    ]);
    expect(body.skipped).toEqual([
      { productId: jam.uuid, name: 'Plum Jam', reason: 'OUT_OF_STOCK', message: 'out of stock' },
      { productId: tea.uuid, name: 'Black Tea', reason: 'INACTIVE', message: 'no longer sold' },
    ]);
    // Buy again leaves out what is no longer sold, and shows what is out of stock as such.
    const again = (await get<BuyAgainResponse>(shopper, '/orders/buy-again')).body.items;
    expect(again.map((i) => [i.product.name, i.product.stockStatus])).toEqual(expect.arrayContaining([['Plum Jam', 'OUT_OF_STOCK']]));
    expect(again.map((i) => i.product.name)).not.toContain('Black Tea');
  });

  it('reorder: a product deleted since is skipped as no longer sold', async () => {
    const once = await shop.addProduct('Seasonal Cider', 500, 5);
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: once, quantity: 1 }]);
    await app.db.delete(products).where(eq(products.uuid, once.uuid));
    const body = (await reorder(shopper, orderId)).json<ReorderResponse>();
    expect(body).toEqual({
      added: [],
      skipped: [{ productId: once.uuid, name: 'Seasonal Cider', reason: 'NOT_FOUND', message: 'no longer sold' }],
    });
  });

  it('reorder: a store whose delivery radius no longer reaches the shopper is named as the reason', async () => {
    const far = await shop.addProduct('Sourdough Loaf', 650, 20, 'evanston');
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: far, quantity: 1 }]);
    const [store] = await app.db
      .select({ id: stores.id, name: stores.name, radius: stores.deliveryRadiusMiles })
      .from(stores)
      .where(eq(stores.uuid, far.storeUuid));
    await updateStore(app, store!.id, { deliveryRadiusMiles: 1 });
    try {
      const body = (await reorder(shopper, orderId)).json<ReorderResponse>();
      expect(body).toEqual({
        added: [],
        skipped: [
          {
            productId: far.uuid,
            name: 'Sourdough Loaf',
            reason: 'OUT_OF_DELIVERY_AREA',
            message: `${store!.name} no longer delivers to you`,
          },
        ],
      });
    } finally {
      await updateStore(app, store!.id, { deliveryRadiusMiles: store!.radius });
    }
    expect((await reorder(shopper, orderId)).json<ReorderResponse>().added.map((a) => a.product.name)).toEqual(['Sourdough Loaf']);
  });

  it('reorder keeps a line’s specific replacement while it is sold, and falls back to best match after', async () => {
    const placed = await payWithChoices(shopper, [{ product: milk, quantity: 1 }], {
      [milk.uuid]: { substitution: 'SPECIFIC', substituteProductId: oatMilk.uuid },
    });
    expect(placed.res.statusCode).toBe(200);
    expect((await reorder(shopper, placed.orderId)).json<ReorderResponse>().added[0]!.substitution).toEqual({
      choice: 'SPECIFIC',
      substitute: { uuid: oatMilk.uuid, name: 'Oat Milk' },
    });
    await app.db.update(products).set({ isActive: false }).where(eq(products.uuid, oatMilk.uuid));
    try {
      expect((await reorder(shopper, placed.orderId)).json<ReorderResponse>().added[0]!.substitution).toEqual({
        choice: 'BEST_MATCH',
        substitute: null,
      });
    } finally {
      await app.db.update(products).set({ isActive: true }).where(eq(products.uuid, oatMilk.uuid));
    }
  });

  it("404 for an unknown id, a malformed one, and another shopper's order (the same answer)", async () => {
    const other = await registerShopper(app, 'Ivy', 'Intruder');
    const theirs = await reorder(other, first);
    const unknown = await reorder(other, crypto.randomUUID());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    expect((await reorder(other, 'not-an-id')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/orders/${first}/reorder` })).statusCode).toBe(401);
  });
});

test("a line's replacement id that now names another store's product (ids restart on a catalogue rebuild) reads as best match", async () => {
  const shopper = await registerShopper(app, 'Reb', 'Uilt');
  const placed = await payWithChoices(shopper, [{ product: milk, quantity: 1 }], {
    [milk.uuid]: { substitution: 'SPECIFIC', substituteProductId: oatMilk.uuid },
  });
  expect(placed.res.statusCode).toBe(200);
  const [elsewhere] = await app.db.select({ id: products.id }).from(products).where(eq(products.uuid, evanstonMilk.uuid));
  await app.db.update(orderLines).set({ substituteProductId: elsewhere!.id }).where(eq(orderLines.orderId, placed.orderId));
  const order = (await get<Order>(shopper, `/orders/${placed.orderId}`)).body;
  expect(order.orderItems[0]!.substitution).toEqual({ choice: 'BEST_MATCH', substitute: null });
});

test('deleting a product forgets the preferences that name it', async () => {
  const shopper = await registerShopper(app, 'Del', 'Eted');
  const kale = await shop.addProduct('Kale', 299, 10);
  const chard = await shop.addProduct('Chard', 319, 10);
  expect((await put(shopper, kale.uuid, { choice: 'SPECIFIC', substituteProductId: chard.uuid })).statusCode).toBe(200);
  await app.db.delete(products).where(eq(products.uuid, chard.uuid));
  expect(await app.db.select().from(substitutionPreferences).where(eq(substitutionPreferences.userId, shopper.uuid))).toEqual([]);
});

test('the new calls are in the OpenAPI document', async () => {
  const paths = Object.keys((await app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: object }>().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/open/product/{productUuid}/substitutes',
      '/user/substitution-preferences',
      '/user/substitution-preferences/{productUuid}',
      '/orders/buy-again',
      '/orders/{id}/reorder',
    ]),
  );
});
