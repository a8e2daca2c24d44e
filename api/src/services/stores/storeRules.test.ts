// The stores' rules across API processes: two apps on one database, as two replicas. Each keeps a store's
// rules (rulesCache.ts) while it hears of every change, so the windows and a hold read no store, and an edit
// made anywhere (the other replica, plain SQL) applies on B as soon as its notice arrives.
import type { DeliveryHoldJson, StoreWindowsJson } from '@grocer/shared/contracts';
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/listen.ts';
import { bearer, FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, makeAdmin, registerShopper, type TestShop } from '../../testing/checkout.ts';
import { opsCall } from '../../testing/ops.ts';
import { buildReplicas, TEST_DATABASE_URL } from '../../testing/testApp.ts';
import { until } from '../../testing/until.ts';

let replicas: Awaited<ReturnType<typeof buildReplicas>>;
let a: App;
let b: App;
let shop: TestShop;
let shopper: Registered;
let admin: Registered;
beforeAll(async () => {
  replicas = await buildReplicas(FAST_HASHING);
  ({ a, b } = replicas);
  shop = await createShop(a);
  shopper = await registerShopper(a);
  admin = await registerShopper(a, 'Ada', 'Admin');
  await makeAdmin(a, admin);
}, 60_000);
afterAll(() => replicas?.close());

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 0, closesMinute: 1440 }));

const windows = (app: App, storeUuids: string[]) =>
  app.inject({ method: 'POST', url: '/delivery/windows', headers: bearer(shopper.token), payload: { storeUuids } });

const loopWindows = async (app: App) => (await windows(app, [shop.loop.uuid])).json<StoreWindowsJson[]>()[0]!.windows;

/**
 * How many statements reading a store's rules `run` sent through `app`'s client (the one read joins
 * store_hours; nothing else on these routes does). On PGlite the two apps share one instance, so run only
 * one app's requests inside.
 */
async function storeReads(app: App, run: () => Promise<unknown>): Promise<number> {
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = jest.spyOn(client, 'query');
  try {
    await run();
    return query.mock.calls
      .map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text))
      .filter((text) => /"store_hours"/.test(text)).length;
  } finally {
    query.mockRestore();
  }
}

/** The Loop store's rules, read once on B and kept there. */
async function keptOnB(): Promise<void> {
  expect(await storeReads(b, () => windows(b, [shop.loop.uuid]))).toBeLessThanOrEqual(1);
  expect(await storeReads(b, () => windows(b, [shop.loop.uuid]))).toBe(0);
}

describe("the stores' rules", () => {
  it('are kept once the app listens, on the one listening connection the session check uses', async () => {
    expect(b.services.storeRules.trusted()).toBe(true);
    expect(b.services.sessionCache.trusted()).toBe(true);
    if (TEST_DATABASE_URL) {
      const { rows } = (await a.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      )) as unknown as { rows: { n: number }[] };
      // One per app.
      expect(rows[0]!.n).toBe(2);
    }
  });

  it('list the windows, hold one and give it back without reading the store', async () => {
    await keptOnB();
    const listed = await windows(b, [shop.loop.uuid, shop.evanston.uuid]);
    expect(listed.statusCode).toBe(200);
    expect(await storeReads(b, () => windows(b, [shop.loop.uuid, shop.evanston.uuid]))).toBe(0);
    const startsAt = listed.json<StoreWindowsJson[]>()[0]!.windows.find((w) => w.available)!.startsAt;
    let held: DeliveryHoldJson | undefined;
    const hold = () =>
      b.inject({
        method: 'POST',
        url: '/delivery/holds',
        headers: bearer(shopper.token),
        payload: { storeUuid: shop.loop.uuid, startsAt },
      });
    expect(await storeReads(b, async () => (held = (await hold()).json<DeliveryHoldJson>()))).toBe(0);
    expect(held).toMatchObject({ storeUuid: shop.loop.uuid, startsAt });
    const release = () => b.inject({ method: 'DELETE', url: `/delivery/holds/${shop.loop.uuid}`, headers: bearer(shopper.token) });
    expect(await storeReads(b, async () => expect((await release()).json()).toEqual({ success: true }))).toBe(0);
  });

  it('changed by another writer (plain SQL) apply on B once the notice arrives', async () => {
    await keptOnB();
    expect((await loopWindows(b)).length).toBeGreaterThan(0);
    await a.db.execute(sql`delete from store_hours where store_id = ${shop.loop.id}`);
    expect(await until(async () => (await loopWindows(b)).length === 0)).toBe(true);

    await keptOnB();
    await a.db.execute(sql`insert into store_hours (store_id, weekday, opens_minute, closes_minute)
      select ${shop.loop.id}, d, 0, 1440 from generate_series(0, 6) d`);
    expect(await until(async () => (await loopWindows(b)).length > 0)).toBe(true);
  });

  it("changed through this app's store settings apply here at once", async () => {
    await keptOnB();
    const url = `/ops/stores/${shop.loop.uuid}/settings`;
    const settings = { minOrderCents: 0, deliveryRadiusMiles: 25, windowCapacity: 10 };
    expect((await opsCall(b, admin, 'PUT', url, { ...settings, hours: [] })).statusCode).toBe(200);
    expect(await loopWindows(b)).toEqual([]);
    expect((await opsCall(b, admin, 'PUT', url, { ...settings, hours: ALL_WEEK })).statusCode).toBe(200);
    expect((await loopWindows(b)).length).toBeGreaterThan(0);
  });

  it('are not kept for a store that does not exist: it is 404 until it does, and then found', async () => {
    const uuid = randomUUID();
    for (let i = 0; i < 2; i++) {
      const missing = await windows(b, [uuid]);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: { code: 'STORE_NOT_FOUND', field: 'storeUuid' } });
    }
    await a.db.execute(sql`insert into stores (uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
      values (${uuid}, ${`new-${uuid}`}, 'New Store', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL', '60606', '/n.svg', 'new@example.com')`);
    expect((await windows(b, [uuid])).statusCode).toBe(200);
  });

  (TEST_DATABASE_URL ? it : it.skip)(
    'are read each time while the listening connection is gone, and kept again once it is back',
    async () => {
      await keptOnB();
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      expect(await until(() => !b.services.storeRules.trusted())).toBe(true);
      // Written while B hears nothing: B still sees it at once, since it no longer answers from memory.
      await a.db.execute(sql`delete from store_hours where store_id = ${shop.loop.id}`);
      expect(await storeReads(b, async () => expect(await loopWindows(b)).toEqual([]))).toBe(1);
      await a.db.execute(sql`insert into store_hours (store_id, weekday, opens_minute, closes_minute)
      select ${shop.loop.id}, d, 0, 1440 from generate_series(0, 6) d`);
      expect(await storeReads(b, async () => expect((await loopWindows(b)).length).toBeGreaterThan(0))).toBe(1);

      expect(await until(() => b.services.storeRules.trusted())).toBe(true);
      expect(b.services.sessionCache.trusted()).toBe(true);
      expect(await storeReads(b, () => windows(b, [shop.loop.uuid]))).toBe(1);
      expect(await storeReads(b, () => windows(b, [shop.loop.uuid]))).toBe(0);
      // And notices reach it again.
      await a.db.execute(sql`update stores set window_capacity = 0 where id = ${shop.loop.id}`);
      expect(await until(async () => (await loopWindows(b)).every((w) => !w.available))).toBe(true);
      await a.db.execute(sql`update stores set window_capacity = 10 where id = ${shop.loop.id}`);
    },
  );
});
