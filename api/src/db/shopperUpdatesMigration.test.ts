// Migration 0020 on a database with paid orders whose stores had already moved parts and marked lines:
// each such part and line is recorded as handled (nothing sent), so the shopper's first order event after
// the migration mails nothing of the past; what happens afterwards is still mailed once.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

const database = migrationTestDatabase('0017_part_delivery_fees');

const STORE_A = '22222222-2222-4222-8222-22222222222a';
const STORE_B = '22222222-2222-4222-8222-22222222222b';
const USER = '33333333-3333-4333-8333-333333333333';
const ORDER = '44444444-4444-4444-8444-444444444441';

it('records what the stores had done as told, so it is not mailed late, and keys each row by its part or line', async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into users (uuid, email, email_key) values (${USER}, 'old@example.com', 'old@example.com')`);
  await db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, status, payment_status, subtotal_cents, tax_cents,
    service_fee_cents, delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email,
    customer_phone, delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes)
    values (${ORDER}, 'GRT-OLD-1', ${USER}, 'PP-OLD-1', 'CONFIRMED', 'PAID', 1000, 0, 200, 900, 80,
    2180, 'Old', 'Order', 'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 45)`);
  await db.execute(sql`insert into order_store_parts (order_id, store_uuid, status, delivery_fee_cents)
    values (${ORDER}, ${STORE_A}, 'DELIVERED', 450), (${ORDER}, ${STORE_B}, 'CONFIRMED', 450)`);
  await db.execute(sql`insert into order_lines (order_id, product_uuid, product_name, store_uuid, store_name, quantity, unit_price_cents, line_total_cents, fulfilment_state)
    values (${ORDER}, '55555555-5555-4555-8555-555555555551', 'Milk', ${STORE_A}, 'A', 1, 500, 500, 'UNAVAILABLE'),
           (${ORDER}, '55555555-5555-4555-8555-555555555552', 'Bread', ${STORE_B}, 'B', 1, 500, 500, 'PENDING')`);
  await db.execute(sql`insert into notifications (order_id, type, recipient, payload, deliver_to)
    values (${ORDER}, 'order_created', ${`customer:${USER}`}, '{}'::jsonb, 'old@example.com')`);

  await database.migrate();

  const rows = await db.execute(
    sql`select type, about, delivered_at is not null as handled, attempts, payload->>'backfilled' as backfilled from notifications order by type`,
  );
  const milk = await db.execute(sql`select id from order_lines where product_name = 'Milk'`);
  expect(rows.rows).toEqual([
    { type: 'line_unavailable', about: `line:${(milk.rows[0] as { id: number }).id}`, handled: true, attempts: 0, backfilled: 'true' },
    // The confirmation queued before stays as it was (about '').
    { type: 'order_created', about: '', handled: false, attempts: 0, backfilled: null },
    { type: 'part_delivered', about: `store:${STORE_A}`, handled: true, attempts: 0, backfilled: 'true' },
  ]);
  // One row per event: the same part's delivered mail cannot be queued again.
  await db.execute(sql`insert into notifications (order_id, type, recipient, about, payload, deliver_to)
    values (${ORDER}, 'part_delivered', ${`customer:${USER}`}, ${`store:${STORE_A}`}, '{}'::jsonb, 'old@example.com') on conflict do nothing`);
  expect((await db.execute(sql`select count(*)::int as n from notifications where type = 'part_delivered'`)).rows).toEqual([{ n: 1 }]);
});
