// Migration 0019 on a database from before stock was audited: every product keeps its count on hand
// (a count of 0 is what "out of stock" was, and stays so), each store gets the default low-stock
// threshold of 5, and the audit table starts empty and takes only counts that are not negative.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0017_part_delivery_fees');

it("carries every product's count over, gives stores a low-stock threshold, and audits from now on", async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (id, uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values (1, '22222222-2222-4222-8222-22222222222a', 'old-store', 'Old Store', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL',
    '60606', '/l.svg', 'old@example.com')`);
  await db.execute(sql`insert into categories (id, uuid, name) values (1, '33333333-3333-4333-8333-333333333333', 'Pantry')`);
  const product = (id: number, name: string, stock: number) =>
    db.execute(sql`insert into products (id, uuid, store_id, category_id, name, brand, item, item_key, size_milli, size_unit,
      unit_price_unit, image, price_cents, stock_quantity)
      values (${id}, ${`44444444-4444-4444-8444-44444444444${id}`}, 1, 1, ${name}, 'Old', ${name}, ${`old|${id}|1-ct`}, 1000, 'ct', 'ct',
      '/p.svg', 399, ${stock})`);
  // One switched "out" (0), one switched back "in" (the old toggle's 50), one as the seed left it.
  await product(1, 'Out Jam', 0);
  await product(2, 'Restocked Jam', 50);
  await product(3, 'Seeded Jam', 137);

  await database.migrate();

  const counts = await db.execute(sql`select id, stock_quantity from products order by id`);
  expect(counts.rows).toEqual([
    { id: 1, stock_quantity: 0 },
    { id: 2, stock_quantity: 50 },
    { id: 3, stock_quantity: 137 },
  ]);
  expect((await db.execute(sql`select low_stock_threshold from stores`)).rows).toEqual([{ low_stock_threshold: 5 }]);
  expect((await db.execute(sql`select count(*)::int as n from stock_changes`)).rows).toEqual([{ n: 0 }]);
  await db.execute(sql`insert into stock_changes (product_id, old_quantity, new_quantity, reason) values (1, 0, 12, 'EDIT')`);
  await expect(
    db.execute(sql`insert into stock_changes (product_id, old_quantity, new_quantity, reason) values (1, 12, -1, 'EDIT')`),
  ).rejects.toThrow();
  await expect(db.execute(sql`update stores set low_stock_threshold = -1`)).rejects.toThrow();
});
