// Migration 0025's triggers: every write of a store's rules or hours notifies 'grocer_stores' with the
// store's id, a TRUNCATE with '*', and an update of the store's other columns (its maintained product
// count) nothing. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { STORE_CHANNEL } from '../services/stores/rulesCache.ts';
import { createTestDatabase } from '../testing/testApp.ts';
import { until } from '../testing/until.ts';
import type { DbConnection } from './client.ts';
import { listenOn, type ChannelListener, type ListenOptions } from './listen.ts';

const FAST: ListenOptions = { probeEveryMs: 60_000, probeTimeoutMs: 2_000, retryMinMs: 50, retryMaxMs: 200 };

let db: DbConnection;
let listener: ChannelListener;
const heard: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  listener = listenOn(
    db,
    { [STORE_CHANNEL]: { notice: (payload) => heard.push(payload), up: () => undefined, down: () => undefined } },
    FAST,
  );
  await listener.started;
});
afterAll(async () => {
  await listener.stop();
  await db.close();
});

/** Waits until every notice sent so far has arrived: a marker sent now arrives after them. */
async function heardAll(): Promise<void> {
  const marker = `marker:${Math.random()}`;
  await db.db.execute(sql`select pg_notify(${STORE_CHANNEL}, ${marker})`);
  expect(await until(() => heard.includes(marker))).toBe(true);
}

/** What `write` made the triggers say (and only it: what earlier writes said is heard first, and dropped). */
async function noticesOf(write: () => Promise<unknown>): Promise<string[]> {
  await heardAll();
  heard.length = 0;
  await write();
  await heardAll();
  return heard.filter((p) => !p.startsWith('marker:')).sort();
}

const insertStore = (id: number) =>
  db.db.execute(sql`insert into stores (id, uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values (${id}, gen_random_uuid(), ${`s${id}`}, ${`Store ${id}`}, '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL', '60606', '/l.svg',
    ${`s${id}@example.com`})`);

it('notifies the store id for an insert, an update of its rules and a delete of a store', async () => {
  expect(await noticesOf(() => insertStore(901))).toEqual(['901']);
  expect(await noticesOf(() => db.db.execute(sql`update stores set window_capacity = 3 where id = 901`))).toEqual(['901']);
  expect(await noticesOf(() => db.db.execute(sql`update stores set name = 'Renamed', zip = '60602' where id = 901`))).toEqual(['901']);
  expect(await noticesOf(() => db.db.execute(sql`delete from stores where id = 901`))).toEqual(['901']);
});

it('says nothing for an update that leaves the rules as they were (the product count, the same value again)', async () => {
  await insertStore(902);
  expect(
    await noticesOf(() => db.db.execute(sql`update stores set active_product_count = active_product_count + 1 where id = 902`)),
  ).toEqual([]);
  expect(await noticesOf(() => db.db.execute(sql`update stores set window_capacity = window_capacity where id = 902`))).toEqual([]);
});

it("notifies the store id for an insert, update and delete of a store's hours, once per transaction", async () => {
  await insertStore(903);
  await insertStore(904);
  expect(
    await noticesOf(() =>
      db.db.execute(sql`insert into store_hours (store_id, weekday, opens_minute, closes_minute)
        values (903, 1, 420, 1260), (903, 2, 420, 1260), (904, 1, 0, 1440)`),
    ),
  ).toEqual(['903', '904']);
  expect(await noticesOf(() => db.db.execute(sql`update store_hours set closes_minute = 1200 where store_id = 903`))).toEqual(['903']);
  // Moved to another store: both stores' hours changed.
  expect(await noticesOf(() => db.db.execute(sql`update store_hours set store_id = 904 where store_id = 903 and weekday = 2`))).toEqual([
    '903',
    '904',
  ]);
  expect(await noticesOf(() => db.db.execute(sql`delete from store_hours where store_id = 904`))).toEqual(['904']);
});

it('notifies every store (*) for a TRUNCATE of either table', async () => {
  expect(await noticesOf(() => db.db.execute(sql`truncate store_hours`))).toEqual(['*']);
  expect(await noticesOf(() => db.db.execute(sql`truncate stores cascade`))).toEqual(['*']);
});

it('says nothing for a write that rolls back', async () => {
  await insertStore(905);
  expect(
    await noticesOf(() =>
      db.db
        .transaction(async (tx) => {
          await tx.execute(sql`update stores set min_order_cents = 999 where id = 905`);
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    ),
  ).toEqual([]);
});
