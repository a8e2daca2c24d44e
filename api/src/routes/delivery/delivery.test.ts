// The delivery promise end to end through the routes: store rules (minimum, radius, hours), windows,
// 10-minute holds against capacity (counted on the window's row: its holders and its bookings), expiry,
// what a hold costs in round trips, booking at payment (409 naming the store, nothing captured), release
// on payment failure and cancel, and the races: 20 shoppers holding 5 places (and 20 more once those
// expired), 12 switching their holds to a window of 4, 10 holding while 4 pay for a window of 6, 30 paying
// at once for 10 places, and 24 paying at once for windows at two stores. The clock is set by the test;
// runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { jest } from '@jest/globals';
import type { DeliveryCoverage, Order, StoreRulesJson, StoreWindowsJson } from '@grocer/shared/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { DbConnection } from '../../db/client.ts';
import { emptyPoolUse, trackPoolUse, type PoolUseTracker } from '../../db/poolUse.ts';
import { deliveryHolds, deliveryWindowSlots, notifications, orders, stores, users } from '../../db/schema.ts';
import type { Clock } from '../../services/delivery/windows.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import {
  createOrder,
  createShop,
  holdEarliestWindows,
  makeAdmin,
  orderPayload,
  registerShopper,
  setStoreHours,
  startPayment,
  track,
  updateStore,
  type CartLine,
  type ShopProduct,
  type TestShop,
} from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp, createTestDatabase } from '../../testing/testApp.ts';

/** Monday 2026-11-30, 9:10 AM in Chicago (CST, UTC-6). */
const MONDAY_0910 = new Date('2026-11-30T15:10:00Z');

let connection: DbConnection;
let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let now: Date;
const clock: Clock = { now: () => now };
const minutes = (n: number) => (now = new Date(now.getTime() + n * 60_000));

let milk: ShopProduct;
let bread: ShopProduct;
let alice: Registered;

beforeAll(async () => {
  paypal = createFakePaypal();
  now = MONDAY_0910;
  connection = await createTestDatabase();
  app = await buildTestApp({ db: connection, config: FAST_HASHING, services: { paypal, clock } });
  shop = await createShop(app);
  milk = await shop.addProduct('Whole Milk', 500, 1000);
  bread = await shop.addProduct('Rye Bread', 700, 1000, 'evanston');
  alice = await registerShopper(app, 'Alice', 'Appleby');
}, 60_000);
afterAll(() => app.close());

beforeEach(() => {
  now = MONDAY_0910;
});

/** Loop: 7:00 AM – 9:00 PM Monday to Saturday, closed Sundays, in Chicago. */
async function setLoopRules(rules: Partial<typeof stores.$inferInsert> = {}) {
  await updateStore(app, shop.loop.id, { windowCapacity: 10, minOrderCents: 0, deliveryRadiusMiles: 25, ...rules });
  await setStoreHours(
    app,
    shop.loop.id,
    [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 420, closesMinute: 1260 })),
  );
}

async function clearHolds() {
  await app.db.update(deliveryHolds).set({ status: 'RELEASED' }).where(eq(deliveryHolds.status, 'HELD'));
  await app.db.delete(deliveryHolds).where(eq(deliveryHolds.storeId, shop.loop.id));
  // The windows' booking counts go with the bookings.
  await app.db.delete(deliveryWindowSlots).where(eq(deliveryWindowSlots.storeId, shop.loop.id));
}

async function windows(user: Registered, storeUuids: string[]) {
  const res = await app.inject({ method: 'POST', url: '/delivery/windows', headers: bearer(user.token), payload: { storeUuids } });
  expect(res.statusCode).toBe(200);
  return res.json<StoreWindowsJson[]>();
}

const hold = (user: Registered, storeUuid: string, startsAt: string) =>
  app.inject({ method: 'POST', url: '/delivery/holds', headers: bearer(user.token), payload: { storeUuid, startsAt } });

/** Each shopper's PayPal order for `cart`, started (their windows held) and approved, in turn. */
async function approvedPayments(shoppers: Registered[], cart: CartLine[]) {
  const started: Awaited<ReturnType<typeof startPayment>>[] = [];
  for (const shopper of shoppers) {
    const s = await startPayment(app, shopper, cart);
    paypal.approve(s.paypalOrderId);
    started.push(s);
  }
  return started;
}

/** The uuids, sorted, of the shoppers whose answer (same index) had this status. */
const uuidsAnswered = (shoppers: Registered[], answers: { statusCode: number }[], status: number) =>
  shoppers
    .filter((_, i) => answers[i]!.statusCode === status)
    .map((s) => s.uuid)
    .sort();

/** The window's BOOKED holds; the count the window keeps on its own row must agree. */
async function bookedCount(storeId: number, startsAt: string) {
  const [row] = await app.db
    .select({ n: count() })
    .from(deliveryHolds)
    .where(and(eq(deliveryHolds.storeId, storeId), eq(deliveryHolds.startsAt, new Date(startsAt)), eq(deliveryHolds.status, 'BOOKED')));
  const [slot] = await app.db
    .select({ booked: deliveryWindowSlots.booked })
    .from(deliveryWindowSlots)
    .where(and(eq(deliveryWindowSlots.storeId, storeId), eq(deliveryWindowSlots.startsAt, new Date(startsAt))));
  expect(slot?.booked ?? 0).toBe(row!.n);
  return row!.n;
}

/** The window's live holders (at the test's clock), by user uuid, as its row keeps them. */
async function holdersOf(storeId: number, startsAt: string): Promise<string[]> {
  const [slot] = await app.db
    .select({ holders: deliveryWindowSlots.holders })
    .from(deliveryWindowSlots)
    .where(and(eq(deliveryWindowSlots.storeId, storeId), eq(deliveryWindowSlots.startsAt, new Date(startsAt))));
  return Object.entries(slot?.holders ?? {})
    .filter(([, expiresAt]) => expiresAt > now.getTime())
    .map(([user]) => user)
    .sort();
}

/**
 * Every window of the store: its live holders are exactly the shoppers whose live HELD hold is there,
 * and its bookings and live holders together stay within the store's capacity.
 */
async function expectWindowsConsistent(storeId: number) {
  const [store] = await app.db.select({ capacity: stores.windowCapacity }).from(stores).where(eq(stores.id, storeId));
  const slots = await app.db.select().from(deliveryWindowSlots).where(eq(deliveryWindowSlots.storeId, storeId));
  const held = await app.db
    .select()
    .from(deliveryHolds)
    .where(and(eq(deliveryHolds.storeId, storeId), eq(deliveryHolds.status, 'HELD')));
  for (const slot of slots) {
    const startsAt = slot.startsAt.toISOString();
    const holders = await holdersOf(storeId, startsAt);
    const live = held.filter((h) => h.startsAt.getTime() === slot.startsAt.getTime() && h.expiresAt > now);
    expect({ startsAt, holders }).toEqual({ startsAt, holders: live.map((h) => h.userUuid).sort() });
    expect(slot.booked + holders.length).toBeLessThanOrEqual(store!.capacity);
  }
}

let tracker: PoolUseTracker | undefined;
/**
 * What `run` sends to the database: its statements (begin, commit and rollback apart) and transactions.
 * PostgreSQL's pool counts them; PGlite has no pool, so its query() (every statement outside a transaction)
 * and transaction() calls are.
 */
async function sentBy(run: () => Promise<unknown>): Promise<{ statements: number; transactions: number }> {
  if (connection.driver === 'postgres') {
    const use = emptyPoolUse();
    await (tracker ??= trackPoolUse(connection.db.$client)).run(use, run);
    return { statements: use.queries, transactions: use.transactions };
  }
  const queries = jest.spyOn(connection.db.$client, 'query');
  const transactions = jest.spyOn(connection.db.$client, 'transaction');
  try {
    await run();
    return { statements: queries.mock.calls.length, transactions: transactions.mock.calls.length };
  } finally {
    queries.mockRestore();
    transactions.mockRestore();
  }
}

describe('windows', () => {
  beforeAll(() => setLoopRules());

  it('offers two-hour windows inside the hours, from an hour after now, for today and the next 6 days (none on a closed day)', async () => {
    const [loop] = await windows(alice, [shop.loop.uuid]);
    expect(loop!.timeZone).toBe('America/Chicago');
    const starts = loop!.windows.map((w) => w.startsAt);
    // 9:10 AM: 7–9 and 9–11 start too soon (under an hour away); 11 AM, 1, 3, 5, 7 PM (7–9 PM ends at closing).
    expect(starts.slice(0, 5)).toEqual(
      ['17:00', '19:00', '21:00', '23:00', '01:00'].map((t, i) => `2026-${i < 4 ? '11-30' : '12-01'}T${t}:00.000Z`),
    );
    expect(loop!.windows[0]!.endsAt).toBe('2026-11-30T19:00:00.000Z');
    // Seven a day: 5 left today, 7 on each of Tuesday to Saturday; Sunday 2026-12-06 is closed.
    expect(loop!.windows).toHaveLength(5 + 5 * 7);
    expect(starts.filter((s) => s >= '2026-12-06T06:00' && s < '2026-12-07T06:00')).toEqual([]);
    expect(starts.at(-1)).toBe('2026-12-06T01:00:00.000Z');
    expect(loop!.windows.every((w) => w.available)).toBe(true);
    expect(loop!.hold).toBeNull();
  });

  it('answers 404 for an unknown store and 401 without a session', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/delivery/windows',
      headers: bearer(alice.token),
      payload: { storeUuids: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('STORE_NOT_FOUND');
    const anonymous = await app.inject({ method: 'POST', url: '/delivery/windows', payload: { storeUuids: [shop.loop.uuid] } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('publishes every store rule, hours included', async () => {
    const res = await app.inject({ method: 'GET', url: '/open/store-rules' });
    expect(res.statusCode).toBe(200);
    const loop = res.json<StoreRulesJson[]>().find((r) => r.storeUuid === shop.loop.uuid)!;
    expect(loop).toMatchObject({ storeName: 'Loop Provisions', timeZone: 'America/Chicago', minOrderCents: 0, deliveryRadiusMiles: 25 });
    expect(loop.hours).toEqual([1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 420, closesMinute: 1260 })));
  });
});

describe('holds', () => {
  beforeEach(async () => {
    await setLoopRules({ windowCapacity: 2 });
    await clearHolds();
  });

  it('counts holds against capacity: the third shopper gets 409 naming the store, and sees the window full', async () => {
    const [bob, carol] = [await registerShopper(app, 'Bob', 'Baker'), await registerShopper(app, 'Carol', 'Cook')];
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const first = loop!.windows[0]!.startsAt;
    expect((await hold(alice, shop.loop.uuid, first)).statusCode).toBe(200);
    const held = await hold(bob, shop.loop.uuid, first);
    expect(held.json()).toEqual({
      storeUuid: shop.loop.uuid,
      startsAt: first,
      endsAt: loop!.windows[0]!.endsAt,
      expiresAt: '2026-11-30T15:20:00.000Z',
    });
    const full = await hold(carol, shop.loop.uuid, first);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatchObject({ code: 'WINDOW_FULL', store: { uuid: shop.loop.uuid, name: 'Loop Provisions' } });
    expect(full.json().message).toBe('The delivery window you picked for Loop Provisions is full. Please pick another.');
    // The window's row holds the two places taken, and no more.
    expect(await holdersOf(shop.loop.id, first)).toEqual([alice.uuid, bob.uuid].sort());
    const [seenByCarol] = await windows(carol, [shop.loop.uuid]);
    expect(seenByCarol!.windows[0]!.available).toBe(false);
    expect(seenByCarol!.windows[1]!.available).toBe(true);
    // Alice's own hold stays selectable for her.
    const [seenByAlice] = await windows(alice, [shop.loop.uuid]);
    expect(seenByAlice!.windows[0]!.available).toBe(true);
    expect(seenByAlice!.hold?.startsAt).toBe(first);
  });

  it("lists what the windows' rows hold: a place a move left behind counts until it expires, and the newer hold is the shopper's", async () => {
    const [bob, carol] = [await registerShopper(app, 'Bob', 'Baker'), await registerShopper(app, 'Carol', 'Cook')];
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const [first, second] = [loop!.windows[0]!.startsAt, loop!.windows[1]!.startsAt];
    const before = (await hold(alice, shop.loop.uuid, first)).json() as { expiresAt: string };
    minutes(1);
    expect((await hold(alice, shop.loop.uuid, second)).statusCode).toBe(200);
    // As if the process had died between moving Alice's hold and giving the first window its place back.
    await app.db
      .update(deliveryWindowSlots)
      .set({
        holders: sql`${deliveryWindowSlots.holders} || jsonb_build_object(${alice.uuid}::text, ${new Date(before.expiresAt).getTime()}::bigint)`,
      })
      .where(and(eq(deliveryWindowSlots.storeId, shop.loop.id), eq(deliveryWindowSlots.startsAt, new Date(first))));
    expect((await hold(bob, shop.loop.uuid, first)).statusCode).toBe(200);
    const [seenByCarol] = await windows(carol, [shop.loop.uuid]);
    expect(seenByCarol!.windows[0]!.available).toBe(false);
    const [seenByAlice] = await windows(alice, [shop.loop.uuid]);
    expect(seenByAlice!.hold).toMatchObject({ startsAt: second, expiresAt: '2026-11-30T15:21:00.000Z' });
    expect(seenByAlice!.windows[0]!.available).toBe(false);
    // The place left behind expires with the hold Alice moved.
    minutes(9);
    const [later] = await windows(carol, [shop.loop.uuid]);
    expect(later!.windows[0]!.available).toBe(true);
  });

  it('lets a hold expire after 10 minutes, and a released or replaced hold stops counting', async () => {
    const [bob, carol] = [await registerShopper(app, 'Bob', 'Baker'), await registerShopper(app, 'Carol', 'Cook')];
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const [first, second] = [loop!.windows[0]!.startsAt, loop!.windows[1]!.startsAt];
    await hold(alice, shop.loop.uuid, first);
    await hold(bob, shop.loop.uuid, first);
    minutes(9);
    expect((await hold(carol, shop.loop.uuid, first)).statusCode).toBe(409);
    minutes(1);
    // Ten minutes on, Alice's and Bob's holds count no more, and Carol's hold wrote them out of the row.
    expect((await hold(carol, shop.loop.uuid, first)).statusCode).toBe(200);
    expect((await windows(alice, [shop.loop.uuid]))[0]!.hold).toBeNull();
    const [row] = await app.db
      .select()
      .from(deliveryWindowSlots)
      .where(eq(deliveryWindowSlots.startsAt, new Date(first)));
    expect(Object.keys(row!.holders)).toEqual([carol.uuid]);
    // Bob takes the last place again, then moves to another window: the place is free once more.
    expect((await hold(bob, shop.loop.uuid, first)).statusCode).toBe(200);
    expect((await hold(alice, shop.loop.uuid, first)).statusCode).toBe(409);
    expect((await hold(bob, shop.loop.uuid, second)).statusCode).toBe(200);
    expect(await holdersOf(shop.loop.id, second)).toEqual([bob.uuid]);
    expect((await hold(alice, shop.loop.uuid, first)).statusCode).toBe(200);
    // Giving a hold back frees it; giving back nothing is a 404.
    const released = await app.inject({ method: 'DELETE', url: `/delivery/holds/${shop.loop.uuid}`, headers: bearer(alice.token) });
    expect(released.json()).toEqual({ success: true });
    expect(await holdersOf(shop.loop.id, first)).toEqual([carol.uuid]);
    await expectWindowsConsistent(shop.loop.id);
    const again = await app.inject({ method: 'DELETE', url: `/delivery/holds/${shop.loop.uuid}`, headers: bearer(alice.token) });
    expect(again.statusCode).toBe(404);
    expect((await hold(bob, shop.loop.uuid, first)).statusCode).toBe(200);
  });

  it('takes, renews, moves, refuses and gives back a hold in one statement, the store kept from the windows, in no transaction', async () => {
    const bob = await registerShopper(app, 'Bob', 'Baker');
    // Listing the windows keeps the store's rules (services/stores/rulesCache.ts): the hold reads no store.
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const [first, second] = [loop!.windows[0]!.startsAt, loop!.windows[1]!.startsAt];
    const holds = app.services.deliveryWindows;
    const once = { statements: 1, transactions: 0 };
    expect(await sentBy(() => holds.hold(alice.uuid, shop.loop.uuid, first))).toEqual(once);
    minutes(1);
    expect(await sentBy(() => holds.hold(alice.uuid, shop.loop.uuid, first))).toEqual(once);
    // Moving to another window gives the first its place back: one statement more.
    expect(await sentBy(() => holds.hold(alice.uuid, shop.loop.uuid, second))).toEqual({ statements: 2, transactions: 0 });
    expect(await holdersOf(shop.loop.id, first)).toEqual([]);
    expect(await sentBy(() => holds.release(alice.uuid, shop.loop.uuid))).toEqual(once);
    await holds.hold(alice.uuid, shop.loop.uuid, second);
    await holds.hold(bob.uuid, shop.loop.uuid, first);
    await setLoopRules({ windowCapacity: 1 });
    // A full window refuses, and the hold the shopper had stays as it was.
    const refused = sentBy(() => holds.hold(alice.uuid, shop.loop.uuid, first));
    await expect(refused).rejects.toMatchObject({ statusCode: 409, code: 'WINDOW_FULL' });
    expect((await windows(alice, [shop.loop.uuid]))[0]!.hold).toMatchObject({ startsAt: second, expiresAt: '2026-11-30T15:21:00.000Z' });
    await expectWindowsConsistent(shop.loop.id);
  });

  it('lets a holder the window kept by mistake refuse holds only until it expires', async () => {
    const [bob, carol] = [await registerShopper(app, 'Bob', 'Baker'), await registerShopper(app, 'Carol', 'Cook')];
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const first = loop!.windows[0]!.startsAt;
    expect((await hold(alice, shop.loop.uuid, first)).statusCode).toBe(200);
    // Bob moved on, but the process died before his old window's row gave his place back (5 minutes left).
    await app.db
      .update(deliveryWindowSlots)
      .set({ holders: sql`${deliveryWindowSlots.holders} || jsonb_build_object(${bob.uuid}::text, ${now.getTime() + 5 * 60_000}::bigint)` })
      .where(eq(deliveryWindowSlots.startsAt, new Date(first)));
    // The window counts it: it refuses a hold it might have given, never gives one it should refuse.
    expect((await hold(carol, shop.loop.uuid, first)).statusCode).toBe(409);
    minutes(5);
    expect((await hold(carol, shop.loop.uuid, first)).statusCode).toBe(200);
    expect(await holdersOf(shop.loop.id, first)).toEqual([alice.uuid, carol.uuid].sort());
  });

  it('answers 404 for a hold at an unknown or malformed store, whatever the window, and holds nothing', async () => {
    const [offered] = await windows(alice, [shop.loop.uuid]);
    const startsAt = offered!.windows[0]!.startsAt;
    for (const [storeUuid, at] of [
      ['00000000-0000-4000-8000-000000000000', startsAt],
      ['00000000-0000-4000-8000-000000000000', 'not a time'],
      ['not-a-uuid', startsAt],
    ] as const) {
      const res = await hold(alice, storeUuid, at);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('STORE_NOT_FOUND');
    }
    const [held] = await app.db.select({ n: count() }).from(deliveryHolds).where(eq(deliveryHolds.userUuid, alice.uuid));
    expect(held!.n).toBe(0);
  });

  it('refuses a window the store does not offer (closed, too soon, not on the grid)', async () => {
    for (const startsAt of ['2026-12-06T17:00:00.000Z', '2026-11-30T15:00:00.000Z', '2026-11-30T17:30:00.000Z', 'soon']) {
      const res = await hold(alice, shop.loop.uuid, startsAt);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('WINDOW_NOT_OFFERED');
    }
  });
});

describe('store rules at checkout', () => {
  beforeEach(async () => {
    await setLoopRules();
    await clearHolds();
  });

  it('refuses a store part below its minimum with 409 naming the store and what is missing', async () => {
    await setLoopRules({ minOrderCents: 1320 });
    await holdEarliestWindows(app, alice, [shop.loop.uuid]);
    const res = await app.inject({
      method: 'POST',
      url: '/payments/paypal/orders',
      headers: bearer(alice.token),
      payload: { items: [{ productId: milk.uuid, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BELOW_MINIMUM_ORDER', store: { name: 'Loop Provisions' } });
    expect(res.json().message).toBe('Add $3.20 more from Loop Provisions to check out.');
    // At the minimum exactly, it goes through.
    await setLoopRules({ minOrderCents: 1000 });
    const ok = await startPayment(app, alice, [{ product: milk, quantity: 2 }]);
    expect(ok.paypalOrderId).toBeTruthy();
  });

  it('refuses a store out of range, with the same distance that prices the fee, and tells the coverage', async () => {
    // The shopper is at 60606; the Loop store's ZIP 60602 is 0.4 mi away, Evanston 10.2 mi.
    await updateStore(app, shop.evanston.id, { deliveryRadiusMiles: 10 });
    try {
      const coverage = (
        await app.inject({ method: 'GET', url: '/delivery/coverage', headers: bearer(alice.token) })
      ).json<DeliveryCoverage>();
      expect(coverage.zip).toBe('60606');
      expect(coverage.stores[shop.evanston.uuid]).toEqual({ delivers: false, distance: 10.2 });
      expect(coverage.stores[shop.loop.uuid]).toEqual({ delivers: true, distance: 0.4 });
      await holdEarliestWindows(app, alice, [shop.loop.uuid, shop.evanston.uuid]);
      const res = await app.inject({
        method: 'POST',
        url: '/payments/paypal/orders',
        headers: bearer(alice.token),
        payload: {
          items: [
            { productId: milk.uuid, quantity: 1 },
            { productId: bread.uuid, quantity: 1 },
          ],
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'OUT_OF_DELIVERY_AREA',
        store: { uuid: shop.evanston.uuid, name: 'Evanston Harvest' },
      });
      expect(res.json().message).toBe('Evanston Harvest does not deliver to 60606.');
    } finally {
      await updateStore(app, shop.evanston.id, { deliveryRadiusMiles: 25 });
    }
    const newcomer = await app.inject({
      method: 'GET',
      url: '/delivery/coverage',
      headers: bearer((await registerShopperWithoutAddress()).token),
    });
    expect(newcomer.statusCode).toBe(400);
  });

  it("tells the cart every store rule payment would refuse, with the refusal's own code and message (POST /pricing/calculate)", async () => {
    const price = async (items: object[]) =>
      app.inject({ method: 'POST', url: '/pricing/calculate', headers: bearer(alice.token), payload: { items } });
    const pay = async (items: object[]) =>
      app.inject({ method: 'POST', url: '/payments/paypal/orders', headers: bearer(alice.token), payload: { items } });
    const cart = [
      { productId: milk.uuid, quantity: 2 },
      { productId: bread.uuid, quantity: 1 },
    ];
    await setLoopRules({ minOrderCents: 1320 });
    await updateStore(app, shop.evanston.id, { deliveryRadiusMiles: 10 });
    try {
      await holdEarliestWindows(app, alice, [shop.loop.uuid, shop.evanston.uuid]);
      const priced = await price(cart);
      expect(priced.statusCode).toBe(200);
      expect(priced.json().problems).toEqual([
        {
          code: 'BELOW_MINIMUM_ORDER',
          storeId: shop.loop.uuid,
          storeName: 'Loop Provisions',
          shortBy: 3.2,
          message: 'Add $3.20 more from Loop Provisions to check out.',
        },
        {
          code: 'OUT_OF_DELIVERY_AREA',
          storeId: shop.evanston.uuid,
          storeName: 'Evanston Harvest',
          zip: '60606',
          message: 'Evanston Harvest does not deliver to 60606.',
        },
      ]);
      // Payment refuses with the first of them, as before.
      const refused = await pay(cart);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'BELOW_MINIMUM_ORDER', store: { uuid: shop.loop.uuid } });
      expect(refused.json().message).toBe(priced.json().problems[0].message);
      // The shopper acts on both: one more milk, and the Evanston line removed. Nothing is left to say.
      const fixed = [{ productId: milk.uuid, quantity: 3 }];
      expect((await price(fixed)).json().problems).toEqual([]);
      expect((await pay(fixed)).statusCode).toBe(200);
    } finally {
      await updateStore(app, shop.evanston.id, { deliveryRadiusMiles: 25 });
    }
  });

  it('tells the cart a store with no free window in its days, which payment would refuse for want of a held window', async () => {
    // Loop closes all week: nothing to hold, so payment could only answer DELIVERY_WINDOW_REQUIRED.
    await setStoreHours(app, shop.loop.id, []);
    const items = [{ productId: milk.uuid, quantity: 1 }];
    const priced = await app.inject({ method: 'POST', url: '/pricing/calculate', headers: bearer(alice.token), payload: { items } });
    expect(priced.json().problems).toEqual([
      {
        code: 'NO_DELIVERY_WINDOW',
        storeId: shop.loop.uuid,
        storeName: 'Loop Provisions',
        message: 'Loop Provisions has no delivery time free in the next 7 days.',
      },
    ]);
    const refused = await app.inject({ method: 'POST', url: '/payments/paypal/orders', headers: bearer(alice.token), payload: { items } });
    expect(refused.json().error).toMatchObject({ code: 'DELIVERY_WINDOW_REQUIRED', store: { uuid: shop.loop.uuid } });
    // Open again: windows are free, and the cart has nothing to say.
    await setLoopRules();
    const again = await app.inject({ method: 'POST', url: '/pricing/calculate', headers: bearer(alice.token), payload: { items } });
    expect(again.json().problems).toEqual([]);
  });

  it('refuses a store part without a held window before any PayPal order exists', async () => {
    const created = paypal.calls.create;
    const res = await app.inject({
      method: 'POST',
      url: '/payments/paypal/orders',
      headers: bearer(alice.token),
      payload: { items: [{ productId: milk.uuid, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'DELIVERY_WINDOW_REQUIRED', store: { name: 'Loop Provisions' } });
    expect(res.json().message).toBe('Please pick a delivery time for Loop Provisions.');
    expect(paypal.calls.create).toBe(created);
  });
});

async function registerShopperWithoutAddress() {
  const user = await registerShopper(app, 'No', 'Address');
  await app.db.update(users).set({ streetName: null, city: null, state: null, zip: null }).where(eq(users.uuid, user.uuid));
  return user;
}

describe('booking at payment', () => {
  beforeEach(async () => {
    await setLoopRules();
    await clearHolds();
  });

  it('books each store part in the payment, shows the windows on the order, history, tracking and store mail', async () => {
    const cart: CartLine[] = [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 1 },
    ];
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    expect(await holdersOf(shop.loop.id, '2026-11-30T17:00:00.000Z')).toEqual([alice.uuid]);
    const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart));
    expect(res.statusCode).toBe(200);
    const orderId = started.orderReference;

    const order = (await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(alice.token) })).json<Order>();
    // Loop: 11 AM – 1 PM today; Evanston opens round the clock, its grid starts at midnight: 12 PM – 2 PM.
    expect(order.deliveryWindows).toEqual([
      {
        storeUuid: shop.loop.uuid,
        storeName: 'Loop Provisions',
        timeZone: 'America/Chicago',
        startsAt: '2026-11-30T17:00:00.000Z',
        endsAt: '2026-11-30T19:00:00.000Z',
      },
      {
        storeUuid: shop.evanston.uuid,
        storeName: 'Evanston Harvest',
        timeZone: 'America/Chicago',
        startsAt: '2026-11-30T18:00:00.000Z',
        endsAt: '2026-11-30T20:00:00.000Z',
      },
    ]);
    const history = (await app.inject({ method: 'GET', url: '/orders/user/history', headers: bearer(alice.token) })).json<Order[]>();
    expect(history.find((o) => o.orderId === orderId)?.deliveryWindows).toEqual(order.deliveryWindows);
    // The confirmation's estimated delivery: the end of the latest window, not 45 minutes from now.
    const tracked = await track(app, alice, orderId, 'confirmed');
    expect(tracked.json().estimatedDelivery).toBe('2026-11-30T20:00:00.000Z');
    // The store's mail payload carries its window.
    const [storeRow] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.recipient, `store:${shop.loop.uuid}`)));
    expect(storeRow!.payload.deliveryWindow).toMatchObject({ startsAt: '2026-11-30T17:00:00.000Z', endsAt: '2026-11-30T19:00:00.000Z' });
    expect(await bookedCount(shop.loop.id, '2026-11-30T17:00:00.000Z')).toBe(1);
    // The hold became the booking: no hold is left to list, and the window counts her once, as booked.
    expect(await holdersOf(shop.loop.id, '2026-11-30T17:00:00.000Z')).toEqual([]);
    expect((await windows(alice, [shop.loop.uuid]))[0]!.hold).toBeNull();

    // An admin cancels: the booking is released.
    const admin = await registerShopper(app, 'Ada', 'Admin');
    await makeAdmin(app, admin);
    expect((await track(app, admin, orderId, 'cancelled')).statusCode).toBe(200);
    expect(await bookedCount(shop.loop.id, '2026-11-30T17:00:00.000Z')).toBe(0);
  });

  it('refuses an expired hold at payment with 409 naming the store, and captures nothing', async () => {
    const cart: CartLine[] = [{ product: milk, quantity: 1 }];
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    minutes(11);
    const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'WINDOW_HOLD_EXPIRED', store: { name: 'Loop Provisions' } });
    expect(paypal.order(started.paypalOrderId)!.capture).toBeNull();
    const [n] = await app.db.select({ n: count() }).from(orders).where(eq(orders.paypalOrderId, started.paypalOrderId));
    expect(n!.n).toBe(0);
  });

  it("prices the cart with its stores' window use in one round trip: every window taken is said, the shopper's own stays hers", async () => {
    await setLoopRules({ windowCapacity: 1 });
    const callerOf = async (who: Registered) => {
      const [account] = await app.db.select().from(users).where(eq(users.uuid, who.uuid));
      return { uuid: who.uuid, role: 'CUSTOMER' as const, authMethod: 'email' as const, account: account! };
    };
    const items = [{ productId: milk.uuid, quantity: 1 }];
    const problems = async (who: Registered) => (await app.services.checkout.price(await callerOf(who), items)).problems.map((p) => p.code);
    const asAlice = await callerOf(alice);
    expect(await sentBy(() => app.services.checkout.price(asAlice, items))).toEqual({ statements: 1, transactions: 0 });
    // Alice holds the first window; every other one is booked to its capacity.
    const [loop] = await windows(alice, [shop.loop.uuid]);
    const [first, ...rest] = loop!.windows.map((w) => w.startsAt);
    expect((await hold(alice, shop.loop.uuid, first!)).statusCode).toBe(200);
    await app.db
      .insert(deliveryWindowSlots)
      .values(rest.map((startsAt) => ({ storeId: shop.loop.id, startsAt: new Date(startsAt), booked: 1 })));
    expect(await problems(alice)).toEqual([]);
    expect(await problems(await registerShopper(app, 'Bob', 'Baker'))).toEqual(['NO_DELIVERY_WINDOW']);
  });

  it('reads the held windows with the cart: an expired hold is none, and the PayPal order makes two round trips', async () => {
    const [account] = await app.db.select().from(users).where(eq(users.uuid, alice.uuid));
    const caller = { uuid: alice.uuid, role: 'CUSTOMER' as const, authMethod: 'email' as const, account: account! };
    const items = [{ productId: milk.uuid, quantity: 1 }];
    await holdEarliestWindows(app, alice, [shop.loop.uuid]);
    const created = paypal.calls.create;
    // The cart priced with the shopper's live holds, then the intent written once PayPal made the order.
    expect(await sentBy(() => app.services.checkout.createPaypalOrder(caller, items))).toEqual({ statements: 2, transactions: 0 });
    expect(paypal.calls.create).toBe(created + 1);
    minutes(11);
    await expect(app.services.checkout.createPaypalOrder(caller, items)).rejects.toMatchObject({
      statusCode: 409,
      code: 'DELIVERY_WINDOW_REQUIRED',
      details: { store: { uuid: shop.loop.uuid, name: 'Loop Provisions' } },
    });
    expect(paypal.calls.create).toBe(created + 1);
  });

  it('releases the booking when the payment is declined', async () => {
    const cart: CartLine[] = [{ product: milk, quantity: 1 }];
    const started = await startPayment(app, alice, cart);
    paypal.approve(started.paypalOrderId);
    paypal.declineOnCapture(started.paypalOrderId);
    const res = await createOrder(app, alice, orderPayload(started.paypalOrderId, cart));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.orderId, started.orderReference));
    expect(row!.status).toBe('RELEASED');
  });
});

describe('the race: 20 shoppers, 5 places, all holding at once', () => {
  it('holds exactly 5 and refuses 15 with 409 WINDOW_FULL, then 5 of 20 more once those expired', async () => {
    await clearHolds();
    await setLoopRules({ windowCapacity: 5 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => registerShopper(app, `Holder${i}`, 'Shopper')));
    const [offered] = await windows(shoppers[0]!, [shop.loop.uuid]);
    const startsAt = offered!.windows[0]!.startsAt;

    const results = await Promise.all(shoppers.map((shopper) => hold(shopper, shop.loop.uuid, startsAt)));

    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json().error.code).toBe('WINDOW_FULL');
    const [held] = await app.db
      .select({ n: count() })
      .from(deliveryHolds)
      .where(
        and(eq(deliveryHolds.storeId, shop.loop.id), eq(deliveryHolds.startsAt, new Date(startsAt)), eq(deliveryHolds.status, 'HELD')),
      );
    expect(held!.n).toBe(5);
    expect(await holdersOf(shop.loop.id, startsAt)).toEqual(uuidsAnswered(shoppers, results, 200));
    await expectWindowsConsistent(shop.loop.id);

    // Ten minutes on, the five places are free again, and the row keeps only the new holders.
    minutes(10);
    const later = await Promise.all(Array.from({ length: 20 }, (_, i) => registerShopper(app, `Later${i}`, 'Shopper')));
    const again = await Promise.all(later.map((shopper) => hold(shopper, shop.loop.uuid, startsAt)));
    expect(again.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(again.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const [row] = await app.db
      .select()
      .from(deliveryWindowSlots)
      .where(eq(deliveryWindowSlots.startsAt, new Date(startsAt)));
    expect(Object.keys(row!.holders).sort()).toEqual(uuidsAnswered(later, again, 200));
    await expectWindowsConsistent(shop.loop.id);
  }, 120_000);
});

describe('the race: 12 shoppers, each holding another window, all switching to one with 4 places', () => {
  it('moves exactly 4, and the 8 refused keep the hold they had', async () => {
    await clearHolds();
    await setLoopRules({ windowCapacity: 4 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => registerShopper(app, `Switcher${i}`, 'Shopper')));
    const [offered] = await windows(shoppers[0]!, [shop.loop.uuid]);
    const wanted = offered!.windows[0]!.startsAt;
    // Three shoppers per other window, so those hold them without filling them.
    const before = shoppers.map((_, i) => offered!.windows[1 + Math.floor(i / 3)]!.startsAt);
    for (const [i, shopper] of shoppers.entries()) expect((await hold(shopper, shop.loop.uuid, before[i]!)).statusCode).toBe(200);

    const results = await Promise.all(shoppers.map((shopper) => hold(shopper, shop.loop.uuid, wanted)));

    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.json().error.code).toBe('WINDOW_FULL');
    // Each shopper holds exactly one window: the new one, or (refused) the old one, whose release rolled back.
    for (const [i, shopper] of shoppers.entries()) {
      const live = await app.db
        .select()
        .from(deliveryHolds)
        .where(and(eq(deliveryHolds.userUuid, shopper.uuid), eq(deliveryHolds.status, 'HELD')));
      expect(live).toHaveLength(1);
      expect(live[0]!.startsAt.toISOString()).toBe(results[i]!.statusCode === 200 ? wanted : before[i]);
    }
    // Each window's row counts the same: the 4 who moved left their old windows, the 8 refused stayed.
    await expectWindowsConsistent(shop.loop.id);
  }, 120_000);
});

describe('the race: 4 shoppers paying for a window of 6 while 10 more try to hold it', () => {
  it('books the 4 and holds exactly 2 more: a booking moves its shopper from holders to booked, never frees a place', async () => {
    await clearHolds();
    await setLoopRules({ windowCapacity: 6 });
    const payers = await Promise.all(Array.from({ length: 4 }, (_, i) => registerShopper(app, `Payer${i}`, 'Shopper')));
    const holders = await Promise.all(Array.from({ length: 10 }, (_, i) => registerShopper(app, `Latecomer${i}`, 'Shopper')));
    const cart: CartLine[] = [{ product: milk, quantity: 1 }];
    const started = await approvedPayments(payers, cart);
    const window = (
      await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.userUuid, payers[0]!.uuid))
    )[0]!.startsAt.toISOString();

    const [paid, held] = await Promise.all([
      Promise.all(payers.map((payer, i) => createOrder(app, payer, orderPayload(started[i]!.paypalOrderId, cart)))),
      Promise.all(holders.map((shopper) => hold(shopper, shop.loop.uuid, window))),
    ]);

    expect(paid.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(held.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = held.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.json().error.code).toBe('WINDOW_FULL');
    expect(await bookedCount(shop.loop.id, window)).toBe(4);
    expect(await holdersOf(shop.loop.id, window)).toEqual(uuidsAnswered(holders, held, 200));
    await expectWindowsConsistent(shop.loop.id);
  }, 120_000);
});

describe('the race: 30 shoppers, 10 places, all paying at once', () => {
  it('books exactly 10, refuses 20 with 409 naming the store, and captures nothing for the 20', async () => {
    await clearHolds();
    // Thirty shoppers held the window while it had 30 places; the store then cut it to 10.
    await setLoopRules({ windowCapacity: 30 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, (_, i) => registerShopper(app, `Racer${i}`, 'Shopper')));
    const cart: CartLine[] = [{ product: milk, quantity: 1 }];
    const started = await approvedPayments(shoppers, cart);
    const window = (
      await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.userUuid, shoppers[0]!.uuid))
    )[0]!.startsAt.toISOString();
    await updateStore(app, shop.loop.id, { windowCapacity: 10 });
    const captures = paypal.calls.capture;

    const results = await Promise.all(
      shoppers.map((shopper, i) => createOrder(app, shopper, orderPayload(started[i]!.paypalOrderId, cart))),
    );

    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.json().error).toMatchObject({ code: 'WINDOW_FULL', store: { name: 'Loop Provisions' } });
    expect(await bookedCount(shop.loop.id, window)).toBe(10);
    // The 10 booked left the window's holders; the 20 refused still hold it.
    expect(await holdersOf(shop.loop.id, window)).toEqual(uuidsAnswered(shoppers, results, 409));
    expect(paypal.calls.capture - captures).toBe(10);
    started.forEach((s, i) => {
      if (results[i]!.statusCode === 409) expect(paypal.order(s.paypalOrderId)!.capture).toBeNull();
    });
  }, 120_000);
});

describe('the race: 24 shoppers buying from two stores, all paying at once', () => {
  it('books both windows of exactly 8 orders, the second store deciding, and leaves no count raised by a refused order', async () => {
    await clearHolds();
    await app.db.delete(deliveryHolds).where(eq(deliveryHolds.storeId, shop.evanston.id));
    await app.db.delete(deliveryWindowSlots).where(eq(deliveryWindowSlots.storeId, shop.evanston.id));
    await setLoopRules({ windowCapacity: 30 });
    await updateStore(app, shop.evanston.id, { windowCapacity: 30, minOrderCents: 0 });
    const shoppers = await Promise.all(Array.from({ length: 24 }, (_, i) => registerShopper(app, `Pair${i}`, 'Shopper')));
    const cart: CartLine[] = [
      { product: milk, quantity: 1 },
      { product: bread, quantity: 1 },
    ];
    const started = await approvedPayments(shoppers, cart);
    const held = await app.db.select().from(deliveryHolds).where(eq(deliveryHolds.userUuid, shoppers[0]!.uuid));
    const windowAt = (storeId: number) => held.find((h) => h.storeId === storeId)!.startsAt.toISOString();
    // One booking locks both stores' windows: the first store (lower id) keeps 12 places, the second only 8,
    // so four orders raise the first window's count and then find the second full.
    expect(shop.loop.id).toBeLessThan(shop.evanston.id);
    await updateStore(app, shop.loop.id, { windowCapacity: 12 });
    await updateStore(app, shop.evanston.id, { windowCapacity: 8 });
    const captures = paypal.calls.capture;

    const results = await Promise.all(
      shoppers.map((shopper, i) => createOrder(app, shopper, orderPayload(started[i]!.paypalOrderId, cart))),
    );

    // Every answer is a booking or a refusal naming a store: a deadlock between two bookings would be a 500.
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(16);
    for (const r of refused) expect(r.json().error.code).toBe('WINDOW_FULL');
    expect(await bookedCount(shop.loop.id, windowAt(shop.loop.id))).toBe(8);
    expect(await bookedCount(shop.evanston.id, windowAt(shop.evanston.id))).toBe(8);
    expect(paypal.calls.capture - captures).toBe(8);
    // A refused order's holds are still the shopper's to pay with later.
    const stillHeld = await app.db.select({ n: count() }).from(deliveryHolds).where(eq(deliveryHolds.status, 'HELD'));
    expect(stillHeld[0]!.n).toBe(32);
  }, 120_000);
});
