// POST /pricing/calculate: the cart priced from the database for the account's address.
import type { App } from '../../app.ts';
import { calculatePricing, toPaymentBreakdown } from '../../services/pricing.ts';
import { bearer, FAST_HASHING, registerUser, updateUser, type Registered } from '../../testing/accounts.ts';
import { createShop, registerShopper, type ShopProduct, type TestShop } from '../../testing/checkout.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let shop: TestShop;
let alice: Registered;
let milk: ShopProduct;
let bread: ShopProduct;

beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
  shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 399, 5);
  bread = await shop.addProduct('Rye Bread', 549, 5, 'evanston');
  alice = await registerShopper(app);
});
afterAll(() => app.close());

const calculate = (user: Registered, items: object[]) =>
  app.inject({ method: 'POST', url: '/pricing/calculate', headers: bearer(user.token), payload: { items } });

describe('POST /pricing/calculate', () => {
  it('prices from the database, ignoring any price the client adds', async () => {
    const res = await calculate(alice, [
      { productId: milk.uuid, quantity: 2, price: 0.01 },
      { productId: bread.uuid, quantity: 1, price_cents: 1 },
      { productId: milk.uuid.toUpperCase(), quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const delivery = app.services.deliveryFees.quote(
      [
        { uuid: shop.loop.uuid, name: 'Loop Provisions', zip: '60602' },
        { uuid: shop.evanston.uuid, name: 'Evanston Harvest', zip: '60202' },
      ],
      '60606',
    );
    expect(body.pricing).toEqual(
      toPaymentBreakdown(calculatePricing({ subtotalCents: 3 * 399 + 549, deliveryFeeCents: delivery.totalCents, state: 'IL' })),
    );
    expect(body.deliveryFees.totalDeliveryFee).toBe(delivery.totalCents / 100);
    expect(Object.keys(body.deliveryFees.deliveryFees).sort()).toEqual([shop.loop.uuid, shop.evanston.uuid].sort());
    // Duplicates merged.
    expect(body.lines).toEqual([
      {
        productId: milk.uuid,
        name: 'Whole Milk',
        storeId: shop.loop.uuid,
        storeName: 'Loop Provisions',
        quantity: 3,
        unitPrice: 3.99,
        lineTotal: 11.97,
      },
      {
        productId: bread.uuid,
        name: 'Rye Bread',
        storeId: shop.evanston.uuid,
        storeName: 'Evanston Harvest',
        quantity: 1,
        unitPrice: 5.49,
        lineTotal: 5.49,
      },
    ]);
  });

  it('names unknown, inactive and sold-out products (409 PRODUCTS_UNAVAILABLE)', async () => {
    const gone = await shop.addProduct('Old Cheese', 800, 5, 'loop', { isActive: false });
    const none = await shop.addProduct('Sold Out Figs', 300, 0);
    const unknown = crypto.randomUUID();
    const res = await calculate(alice, [
      { productId: milk.uuid, quantity: 6 },
      { productId: gone.uuid, quantity: 1 },
      { productId: none.uuid, quantity: 1 },
      { productId: unknown, quantity: 1 },
      { productId: bread.uuid, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'PRODUCTS_UNAVAILABLE',
      message: expect.stringContaining('Old Cheese (no longer sold)'),
      field: 'items',
      products: [
        { productId: gone.uuid, name: 'Old Cheese', reason: 'INACTIVE' },
        { productId: none.uuid, name: 'Sold Out Figs', reason: 'OUT_OF_STOCK' },
        { productId: unknown, name: '', reason: 'NOT_FOUND' },
      ],
    });
  });

  it('prices a line short of stock as asked and says how many are left, where payment refuses it', async () => {
    const res = await calculate(alice, [
      { productId: milk.uuid, quantity: 7 },
      { productId: bread.uuid, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The summary stays whole: the shopper sees the money while the line is set down.
    expect(body.pricing.subtotal).toBe((7 * 399 + 549) / 100);
    expect(body.problems).toEqual([
      {
        code: 'INSUFFICIENT_STOCK',
        storeId: shop.loop.uuid,
        storeName: 'Loop Provisions',
        productId: milk.uuid,
        available: 5,
        message: 'Only 5 left of Whole Milk.',
      },
    ]);
    const payment = await app.inject({
      method: 'POST',
      url: '/payments/paypal/orders',
      headers: bearer(alice.token),
      payload: { items: [{ productId: milk.uuid, quantity: 7 }] },
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error.products).toEqual([{ productId: milk.uuid, name: 'Whole Milk', reason: 'INSUFFICIENT_STOCK' }]);
    expect((await calculate(alice, [{ productId: milk.uuid, quantity: 5 }])).json().problems).toEqual([]);
  });

  it('needs a complete, valid account address (400)', async () => {
    const noAddress = await registerUser(app);
    let res = await calculate(noAddress, [{ productId: milk.uuid, quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ADDRESS_REQUIRED');

    await updateUser(app, noAddress.uuid, { streetName: '1 Nowhere Rd', city: 'Chicago', state: 'IL', zip: '99999' });
    res = await calculate(noAddress, [{ productId: milk.uuid, quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ADDRESS_INVALID');
  });

  it('validates the body and needs a session', async () => {
    expect((await calculate(alice, [])).statusCode).toBe(400);
    expect((await calculate(alice, [{ productId: milk.uuid, quantity: 0 }])).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/pricing/calculate', payload: { items: [] } })).statusCode).toBe(401);
  });
});
