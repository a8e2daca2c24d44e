// Migration 0022 on a database from before dietary attributes: every product starts with none (the seed
// gives them to a new catalogue), and only the contract's attributes can be stored.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0021_window_booked_count');

it('gives every product an empty attribute list and refuses an attribute the contract does not know', async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (id, uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values (1, '22222222-2222-4222-8222-22222222222b', 'diet-store', 'Diet Store', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL',
    '60606', '/l.svg', 'diet@example.com')`);
  await db.execute(sql`insert into categories (id, uuid, name) values (1, '33333333-3333-4333-8333-33333333333b', 'Pantry')`);
  await db.execute(sql`insert into products (id, uuid, store_id, category_id, name, brand, item, item_key, size_milli, size_unit,
      unit_price_unit, image, price_cents, stock_quantity)
      values (1, '44444444-4444-4444-8444-44444444444b', 1, 1, 'Old Quinoa', 'Old', 'Quinoa', 'old|quinoa|1-ct', 1000, 'ct', 'ct',
      '/p.svg', 599, 10)`);

  await database.migrate();

  expect((await db.execute(sql`select dietary from products`)).rows).toEqual([{ dietary: [] }]);
  await db.execute(sql`update products set dietary = '{gluten-free,vegan}'::text[]`);
  expect((await db.execute(sql`select dietary from products`)).rows).toEqual([{ dietary: ['gluten-free', 'vegan'] }]);
  await expect(db.execute(sql`update products set dietary = '{paleo}'::text[]`)).rejects.toThrow();
});
