// Migration 0021 on a database with bookings from before windows counted them on their own row: every
// window with a booking gets its row if it had none, and its count is its BOOKED holds (live and
// released holds do not count); the count can never go below 0.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0020_shopper_updates');

it("carries each window's bookings over to its count", async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (id, uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values (1, '22222222-2222-4222-8222-22222222222a', 'old-store', 'Old Store', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL',
    '60606', '/l.svg', 'old@example.com')`);
  const users = ['a', 'b', 'c', 'd'].map((c) => `11111111-1111-4111-8111-11111111111${c}`);
  for (const [i, uuid] of users.entries()) {
    await db.execute(sql`insert into users (uuid, email, email_key) values (${uuid}, ${`old${i}@example.com`}, ${`old${i}@example.com`})`);
  }
  const nine = '2026-12-01T15:00:00Z';
  const eleven = '2026-12-01T17:00:00Z';
  const one = '2026-12-01T19:00:00Z';
  // The nine o'clock window had its row (a hold made it); eleven o'clock's row is missing; one o'clock has only a live hold.
  await db.execute(sql`insert into delivery_window_slots (store_id, starts_at) values (1, ${nine}), (1, ${one})`);
  const hold = (user: string, startsAt: string, status: string) =>
    db.execute(sql`insert into delivery_holds (store_id, user_uuid, starts_at, ends_at, status, expires_at)
      values (1, ${user}, ${startsAt}, ${startsAt}::timestamptz + interval '2 hours', ${status}, now() + interval '10 minutes')`);
  await hold(users[0]!, nine, 'BOOKED');
  await hold(users[1]!, nine, 'BOOKED');
  await hold(users[2]!, nine, 'RELEASED');
  await hold(users[2]!, eleven, 'BOOKED');
  await hold(users[3]!, one, 'HELD');

  await database.migrate();

  const slots = await db.execute(
    sql`select to_char(starts_at at time zone 'UTC', 'HH24') as hour, booked from delivery_window_slots order by starts_at`,
  );
  expect(slots.rows).toEqual([
    { hour: '15', booked: 2 },
    { hour: '17', booked: 1 },
    { hour: '19', booked: 0 },
  ]);
  await expect(db.execute(sql`update delivery_window_slots set booked = -1`)).rejects.toThrow();
});
