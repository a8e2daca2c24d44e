// POST /delivery-fees: per-store fees between ZIP centroids, to the body's address or the account's.
import type { App } from '../../app.ts';
import { haversineMiles } from '../../services/deliveryFees.ts';
import { createZipDirectory } from '../../services/zipDirectory.ts';
import { bearer, FAST_HASHING, registerUser, type Registered } from '../../testing/accounts.ts';
import { createShop, registerShopper, type TestShop } from '../../testing/checkout.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let shop: TestShop;
let alice: Registered;
const zips = createZipDirectory();

beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
  shop = await createShop(app);
  alice = await registerShopper(app);
});
afterAll(() => app.close());

const fees = (user: Registered, body: object) =>
  app.inject({ method: 'POST', url: '/delivery-fees', headers: bearer(user.token), payload: body });
const miles = (from: string, to: string) => Math.round(haversineMiles(zips.lookup(from)!, zips.lookup(to)!) * 10) / 10;

describe('POST /delivery-fees', () => {
  it("charges $7.50 a mile per store to the account's address", async () => {
    const res = await fees(alice, { storeUuids: [shop.loop.uuid, shop.evanston.uuid, shop.loop.uuid] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const loop = miles('60602', '60606');
    const evanston = miles('60202', '60606');
    expect(body.deliveryFees).toEqual({
      [shop.loop.uuid]: {
        storeName: 'Loop Provisions',
        distance: loop,
        deliveryFee: Math.round(loop * 750) / 100,
        duration: Math.round(10 + 3 * loop),
      },
      [shop.evanston.uuid]: {
        storeName: 'Evanston Harvest',
        distance: evanston,
        deliveryFee: Math.round(evanston * 750) / 100,
        duration: Math.round(10 + 3 * evanston),
      },
    });
    expect(body.totalDeliveryFee).toBe((Math.round(loop * 750) + Math.round(evanston * 750)) / 100);
  });

  it('uses the address in the body when it is complete', async () => {
    const res = await fees(alice, {
      storeUuids: [shop.loop.uuid],
      streetName: '1111 Chicago Ave',
      city: 'Evanston',
      state: 'IL',
      zip: '60202',
    });
    expect(res.json().deliveryFees[shop.loop.uuid].distance).toBe(miles('60602', '60202'));
    // Incomplete (no street): the account's address instead.
    const partial = await fees(alice, { storeUuids: [shop.loop.uuid], zip: '60202' });
    expect(partial.json().deliveryFees[shop.loop.uuid].distance).toBe(miles('60602', '60606'));
  });

  it('is 400 without any complete address, or for an unknown ZIP', async () => {
    const nobody = await registerUser(app);
    const none = await fees(nobody, { storeUuids: [shop.loop.uuid] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('ADDRESS_REQUIRED');
    const bad = await fees(nobody, { storeUuids: [shop.loop.uuid], streetName: '1 Main', city: 'X', state: 'IL', zip: '99999' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'INVALID_ADDRESS', field: 'zip' });
  });

  it('is 404 for an unknown store, and empty for no stores', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await fees(alice, { storeUuids: [shop.loop.uuid, id] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('STORE_NOT_FOUND');
    }
    expect((await fees(alice, { storeUuids: [] })).json()).toEqual({ totalDeliveryFee: 0, deliveryFees: {} });
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/delivery-fees', payload: { storeUuids: [] } })).statusCode).toBe(401);
  });
});
