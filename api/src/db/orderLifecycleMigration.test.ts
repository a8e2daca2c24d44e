// Migration 0004 (0004_order_lifecycle.sql) on a database that already has stores and notifications: every store gets
// a contact address, and earlier notifications get the delivery state they really had.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

// The migrations as they were before 0004.
const database = migrationTestDatabase('0003_orders');

it('backfills store contact e-mails and the delivery state of existing notifications', async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (uuid, public_id, name, address1, address2, city, state, zip, logo)
    values ('11111111-1111-4111-8111-111111111111', 'old-corner-shop', 'Old Corner Shop', '1 Main St', 'Chicago, IL 60606', 'Chicago', 'IL', '60606', '/o.svg')`);
  await db.execute(
    sql`insert into users (uuid, email, email_key) values ('22222222-2222-4222-8222-222222222222', 'old@example.com', 'old@example.com')`,
  );
  await db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, subtotal_cents, tax_cents, service_fee_cents,
      delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email, customer_phone,
      delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes)
    values ('33333333-3333-4333-8333-333333333333', 'GRTOLD', '22222222-2222-4222-8222-222222222222', 'PP-OLD', 100, 0, 200, 0, 0, 300,
      'Old', 'Customer', 'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 30)`);
  await db.execute(sql`insert into notifications (order_id, type, recipient, payload) values
    ('33333333-3333-4333-8333-333333333333', 'order_created', 'customer:22222222-2222-4222-8222-222222222222', '{}'),
    ('33333333-3333-4333-8333-333333333333', 'new_order', 'admin', '{}'),
    ('33333333-3333-4333-8333-333333333333', 'new_order_items', 'store:11111111-1111-4111-8111-111111111111', '{}')`);

  await database.migrate();

  const stores = await db.execute(sql`select contact_email from stores`);
  expect(stores.rows).toEqual([{ contact_email: 'orders+old-corner-shop@grocer.test' }]);
  const rows = await db.execute(
    sql`select type, deliver_to, delivered_at is not null as delivered, attempts from notifications order by id`,
  );
  expect(rows.rows).toEqual([
    // Mailed when it was stored.
    { type: 'order_created', deliver_to: 'old@example.com', delivered: true, attempts: 1 },
    { type: 'new_order', deliver_to: null, delivered: true, attempts: 0 },
    // Never mailed before 0004: pending, to the store's address.
    { type: 'new_order_items', deliver_to: 'orders+old-corner-shop@grocer.test', delivered: false, attempts: 0 },
  ]);
  const order = await db.execute(sql`select status, refund_status, refund_due_cents, cancelled_at from orders`);
  expect(order.rows).toEqual([{ status: 'PENDING', refund_status: null, refund_due_cents: null, cancelled_at: null }]);
});
