// Migration 0011 on a database with orders from before the store side: each paid order gets one part
// per store of its lines, at the order's status, and its lines start PENDING; unpaid orders get none.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0010_substitutions');

const STORE_A = '22222222-2222-4222-8222-22222222222a';
const STORE_B = '22222222-2222-4222-8222-22222222222b';
const USER = '33333333-3333-4333-8333-333333333333';

it("gives each paid order its stores' parts at the order's status", async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into users (uuid, email, email_key) values (${USER}, 'old@example.com', 'old@example.com')`);
  const order = (id: string, status: string, payment: string) =>
    db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, status, payment_status, subtotal_cents, tax_cents,
      service_fee_cents, delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email,
      customer_phone, delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes)
      values (${id}, ${`GRT${id.slice(-12)}`}, ${USER}, ${`PP-${id}`}, ${status}, ${payment}, 1000, 0, 200, 750, 80, 2030, 'Old', 'Order',
      'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 45)`);
  const line = (orderId: string, product: string, store: string) =>
    db.execute(sql`insert into order_lines (order_id, product_uuid, product_name, store_uuid, store_name, quantity, unit_price_cents, line_total_cents)
      values (${orderId}, ${product}, 'Milk', ${store}, 'Store', 1, 500, 500)`);
  const paid = '44444444-4444-4444-8444-444444444441';
  const unpaid = '44444444-4444-4444-8444-444444444442';
  await order(paid, 'PREPARING', 'PAID');
  await order(unpaid, 'PENDING', 'PENDING');
  await line(paid, '55555555-5555-4555-8555-555555555551', STORE_A);
  await line(paid, '55555555-5555-4555-8555-555555555552', STORE_B);
  await line(unpaid, '55555555-5555-4555-8555-555555555553', STORE_A);

  await database.migrate();

  const parts = await db.execute(sql`select order_id, store_uuid, status from order_store_parts order by store_uuid`);
  expect(parts.rows).toEqual([
    { order_id: paid, store_uuid: STORE_A, status: 'PREPARING' },
    { order_id: paid, store_uuid: STORE_B, status: 'PREPARING' },
  ]);
  const states = await db.execute(sql`select distinct fulfilment_state from order_lines`);
  expect(states.rows).toEqual([{ fulfilment_state: 'PENDING' }]);
});
