// Migration 0017 on a database with store parts from before they kept their delivery fee: each part
// gets an even share of its order's delivery fee (the odd cents to the first store by uuid), so the
// parts of an order add up to its fee and a part that delivers nothing later has a fee to give back.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0012_web_vitals');

const STORE_A = '22222222-2222-4222-8222-22222222222a';
const STORE_B = '22222222-2222-4222-8222-22222222222b';
const USER = '33333333-3333-4333-8333-333333333333';

it("splits each order's delivery fee between its parts", async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into users (uuid, email, email_key) values (${USER}, 'old@example.com', 'old@example.com')`);
  const order = async (id: string, deliveryFee: number, stores: string[]) => {
    await db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, status, payment_status, subtotal_cents, tax_cents,
      service_fee_cents, delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email,
      customer_phone, delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes)
      values (${id}, ${`GRT${id.slice(-12)}`}, ${USER}, ${`PP-${id}`}, 'CONFIRMED', 'PAID', 1000, 0, 200, ${deliveryFee}, 80,
      ${1280 + deliveryFee}, 'Old', 'Order', 'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 45)`);
    for (const store of stores)
      await db.execute(sql`insert into order_store_parts (order_id, store_uuid, status) values (${id}, ${store}, 'CONFIRMED')`);
  };
  const one = '44444444-4444-4444-8444-444444444441';
  const two = '44444444-4444-4444-8444-444444444442';
  await order(one, 7650, [STORE_A]);
  await order(two, 7951, [STORE_B, STORE_A]);

  await database.migrate();

  const parts = await db.execute(sql`select order_id, store_uuid, delivery_fee_cents from order_store_parts order by order_id, store_uuid`);
  expect(parts.rows).toEqual([
    { order_id: one, store_uuid: STORE_A, delivery_fee_cents: 7650 },
    { order_id: two, store_uuid: STORE_A, delivery_fee_cents: 3976 },
    { order_id: two, store_uuid: STORE_B, delivery_fee_cents: 3975 },
  ]);
  // New parts must say their fee.
  await expect(
    db.execute(sql`insert into order_store_parts (order_id, store_uuid, status) values (${one}, ${STORE_B}, 'PENDING')`),
  ).rejects.toThrow();
});
