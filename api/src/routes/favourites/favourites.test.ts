import { randomUUID } from 'node:crypto';
import type { App } from '../../app.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { bearer, FAST_HASHING, registerUser, type Registered } from '../../testing/accounts.ts';
import { shelfFields } from '../../testing/catalogue.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let alice: Registered;
let bob: Registered;
const milk = randomUUID();
const bread = randomUUID();

beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
  const [store] = await app.db
    .insert(stores)
    .values({
      uuid: randomUUID(),
      publicId: 'fav-store',
      name: 'Fav Foods',
      address1: '1 Main St',
      address2: '',
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
      logo: '/logo.png',
      contactEmail: 'orders@fav.example.com',
    })
    .returning();
  const [category] = await app.db.insert(categories).values({ uuid: randomUUID(), name: 'Fav Dairy' }).returning();
  await app.db.insert(products).values([
    {
      uuid: milk,
      storeId: store!.id,
      categoryId: category!.id,
      name: 'Whole Milk',
      ...shelfFields('Whole Milk', '1 gal'),
      image: '/milk.png',
      priceCents: 399,
      stockQuantity: 5,
    },
    {
      uuid: bread,
      storeId: store!.id,
      categoryId: category!.id,
      name: 'Rye Bread',
      ...shelfFields('Rye Bread', '24 oz'),
      image: '/rye.png',
      priceCents: 549,
      stockQuantity: 0,
    },
  ]);
  alice = await registerUser(app);
  bob = await registerUser(app);
});
afterAll(() => app.close());

const list = (user: Registered) => app.inject({ method: 'GET', url: '/favorites', headers: bearer(user.token) });
const add = (user: Registered, productUuid: string) =>
  app.inject({ method: 'POST', url: '/favorites', headers: bearer(user.token), payload: { productUuid } });
const remove = (user: Registered, productUuid: string) =>
  app.inject({ method: 'DELETE', url: `/favorites/${productUuid}`, headers: bearer(user.token) });

describe('favourites', () => {
  it('needs a session', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/favorites' }),
      await app.inject({ method: 'POST', url: '/favorites', payload: { productUuid: milk } }),
      await app.inject({ method: 'DELETE', url: `/favorites/${milk}` }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication failed. Please sign in again.');
    }
  });

  it('adds (201 with the full product), lists newest first, refuses duplicates with 409 and removes with 204', async () => {
    expect((await list(alice)).json()).toEqual([]);
    const added = await add(alice, milk);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      product: {
        id: expect.any(Number),
        uuid: milk,
        name: 'Whole Milk',
        brand: 'Test Brand',
        item: 'Whole Milk',
        itemKey: 'test-brand|whole-milk|1-gal',
        size: { amount: 1, unit: 'gal', label: '1 gal' },
        unitPrice: { tenthCents: 31, unit: 'fl oz', label: '$0.03/fl oz' },
        image: '/milk.png',
        price_cents: 399,
        stockStatus: 'IN_STOCK',
        stockQuantity: 5,
        isActive: true,
        dietary: [],
        storeUuid: expect.any(String),
        categoryUuid: expect.any(String),
        store: { uuid: expect.any(String), name: 'Fav Foods', publicId: 'fav-store' },
        category: { uuid: expect.any(String), name: 'Fav Dairy' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await add(alice, bread)).statusCode).toBe(201);
    expect(
      (await list(alice)).json().map((f: { product: { name: string; stockStatus: string } }) => [f.product.name, f.product.stockStatus]),
    ).toEqual([
      ['Rye Bread', 'OUT_OF_STOCK'],
      ['Whole Milk', 'IN_STOCK'],
    ]);

    const duplicate = await add(alice, milk);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({ code: 'ALREADY_FAVORITE' });

    const removed = await remove(alice, milk);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await remove(alice, milk)).statusCode).toBe(404);
    expect((await list(alice)).json()).toHaveLength(1);
  });

  it('is 404 for an unknown product', async () => {
    for (const productUuid of [randomUUID(), 'not-a-uuid']) {
      const res = await add(alice, productUuid);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found' });
    }
    expect((await remove(alice, 'not-a-uuid')).statusCode).toBe(404);
  });

  it("keeps each shopper's favourites to themselves", async () => {
    await add(alice, milk);
    expect((await list(bob)).json()).toEqual([]);
    // Bob cannot remove Alice's favourite: for him it is not a favourite.
    expect((await remove(bob, milk)).statusCode).toBe(404);
    expect((await list(alice)).json().some((f: { product: { uuid: string } }) => f.product.uuid === milk)).toBe(true);
  });
});
