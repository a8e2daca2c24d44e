// Migration 0024 on a database with holds from before windows kept their holders on their own row: each
// window's live HELD holds become its holders (user uuid to expiry in epoch ms), a window held without a
// row gets one, and expired, booked and released holds are not holders; a window nobody holds has none.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0022_dietary');

it("carries each window's live holds over to its holders", async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (id, uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values (1, '22222222-2222-4222-8222-22222222222a', 'old-store', 'Old Store', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL',
    '60606', '/l.svg', 'old@example.com')`);
  const users = ['a', 'b', 'c', 'd', 'e'].map((c) => `11111111-1111-4111-8111-11111111111${c}`);
  for (const [i, uuid] of users.entries()) {
    await db.execute(sql`insert into users (uuid, email, email_key) values (${uuid}, ${`old${i}@example.com`}, ${`old${i}@example.com`})`);
  }
  const nine = '2099-12-01T15:00:00Z';
  const eleven = '2099-12-01T17:00:00Z';
  const one = '2099-12-01T19:00:00Z';
  const live = '2099-12-01T10:10:00.123Z';
  const later = '2099-12-01T10:12:30.456Z';
  // Nine and one o'clock have their rows (holds made them); eleven o'clock's row is missing.
  await db.execute(sql`insert into delivery_window_slots (store_id, starts_at) values (1, ${nine}), (1, ${one})`);
  const hold = (user: string, startsAt: string, status: string, expiresAt: string) =>
    db.execute(sql`insert into delivery_holds (store_id, user_uuid, starts_at, ends_at, status, expires_at)
      values (1, ${user}, ${startsAt}, ${startsAt}::timestamptz + interval '2 hours', ${status}, ${expiresAt})`);
  await hold(users[0]!, nine, 'HELD', live);
  await hold(users[1]!, nine, 'HELD', later);
  await hold(users[2]!, nine, 'HELD', '2020-01-01T10:00:00Z');
  await hold(users[3]!, nine, 'BOOKED', live);
  await hold(users[3]!, eleven, 'HELD', live);
  await hold(users[4]!, one, 'RELEASED', live);

  await database.migrate();

  const slots = await db.execute(
    sql`select to_char(starts_at at time zone 'UTC', 'HH24') as hour, holders from delivery_window_slots order by starts_at`,
  );
  expect(slots.rows).toEqual([
    { hour: '15', holders: { [users[0]!]: Date.parse(live), [users[1]!]: Date.parse(later) } },
    { hour: '17', holders: { [users[3]!]: Date.parse(live) } },
    { hour: '19', holders: {} },
  ]);
  // A new window starts with no holders.
  await db.execute(sql`insert into delivery_window_slots (store_id, starts_at) values (1, '2099-12-02T15:00:00Z')`);
  const [fresh] = (await db.execute(sql`select holders from delivery_window_slots where starts_at = '2099-12-02T15:00:00Z'`)).rows;
  expect(fresh).toEqual({ holders: {} });
});
