// Migration 0009 on a database seeded before store rules: the demo stores get their minimums, radii
// and opening hours (a fresh database gets the same from the seed), other stores keep the defaults.
import { sql } from 'drizzle-orm';
import { STORE_SEEDS } from '../seed/catalogueData.ts';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0008_search');

it('fills the demo stores rules and hours, and leaves other stores on the defaults', async () => {
  const db = await database.atOlder();
  const insertStore = (uuid: string, publicId: string) =>
    db.execute(sql`insert into stores (uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
      values (${uuid}, ${publicId}, ${publicId}, '1 Main St', 'Chicago, IL 60608', 'Chicago', 'IL', '60608', '/l.svg', 'x@example.com')`);
  await insertStore('11111111-1111-4111-8111-111111111111', 'pilsen-mercado');
  await insertStore('11111111-1111-4111-8111-111111111112', 'somebody-else');

  await database.migrate();

  const rows = await db.execute(
    sql`select public_id, time_zone, min_order_cents, delivery_radius_miles, window_capacity from stores order by public_id`,
  );
  const pilsen = STORE_SEEDS.find((s) => s.publicId === 'pilsen-mercado')!.rules;
  expect(rows.rows).toEqual([
    {
      public_id: 'pilsen-mercado',
      time_zone: 'America/Chicago',
      min_order_cents: pilsen.minOrderCents,
      delivery_radius_miles: pilsen.deliveryRadiusMiles,
      window_capacity: 10,
    },
    { public_id: 'somebody-else', time_zone: 'America/Chicago', min_order_cents: 0, delivery_radius_miles: 10, window_capacity: 10 },
  ]);
  const hours = await db.execute(
    sql`select s.public_id, h.weekday, h.opens_minute, h.closes_minute from store_hours h join stores s on s.id = h.store_id order by s.public_id, h.weekday`,
  );
  // Pilsen is closed on Sundays: six rows, Monday to Saturday, 7:00 AM to 9:00 PM.
  expect(hours.rows).toEqual(
    [1, 2, 3, 4, 5, 6].map((weekday) => ({ public_id: 'pilsen-mercado', weekday, opens_minute: 420, closes_minute: 1260 })),
  );
});
