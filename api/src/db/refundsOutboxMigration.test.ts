// Migration 0006 on a database with orders cancelled before refunds were automatic: money still
// captured on a cancelled order (an amount mismatch, a paid order an admin cancelled) gets its refund
// requested, for the worker to send; a declined capture took nothing and gets none.
import { sql } from 'drizzle-orm';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';

// The migrations as they were before 0006.
const database = migrationTestDatabase('0004_order_lifecycle');

it('requests a refund for every cancelled order whose capture took money', async () => {
  const db = await database.atOlder();
  await db.execute(
    sql`insert into users (uuid, email, email_key) values ('22222222-2222-4222-8222-222222222222', 'old@example.com', 'old@example.com')`,
  );
  const order = (
    id: string,
    paypal: string,
    status: string,
    payment: string,
    capture: string | null,
    cents: number | null,
    refundStatus: string | null,
  ) =>
    db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, subtotal_cents, tax_cents, service_fee_cents,
        delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email, customer_phone,
        delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes, status, payment_status, paypal_capture_id,
        paypal_capture_status, paypal_captured_cents, paypal_captured_currency, refund_status, refund_due_cents)
      values (${id}, ${`GRT${paypal}`}, '22222222-2222-4222-8222-222222222222', ${paypal}, 6862, 0, 200, 0, 0, 7062, 'Old', 'Customer',
        'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 30, ${status}, ${payment}, ${capture ? `CAP${paypal}` : null},
        ${capture}, ${cents}, ${cents === null ? null : 'USD'}, ${refundStatus}, ${refundStatus ? 7062 : null})`);
  await order('44444444-4444-4444-8444-444444444441', 'PP-MISMATCH', 'CANCELLED', 'AMOUNT_MISMATCH', 'COMPLETED', 7061, null);
  await order('44444444-4444-4444-8444-444444444442', 'PP-ADMIN', 'CANCELLED', 'PAID', 'COMPLETED', 7062, 'DUE');
  await order('44444444-4444-4444-8444-444444444443', 'PP-DECLINED', 'CANCELLED', 'FAILED', 'DECLINED', 7062, null);
  await order('44444444-4444-4444-8444-444444444444', 'PP-PAID', 'CONFIRMED', 'PAID', 'COMPLETED', 7062, null);

  await database.migrate();

  const refunds = await db.execute(
    sql`select order_id, paypal_capture_id, amount_cents, currency, status, request_id from refunds order by order_id`,
  );
  expect(refunds.rows).toEqual([
    {
      order_id: '44444444-4444-4444-8444-444444444441',
      paypal_capture_id: 'CAPPP-MISMATCH',
      amount_cents: 7061,
      currency: 'USD',
      status: 'REQUESTED',
      request_id: 'refund-44444444-4444-4444-8444-444444444441:cancelled',
    },
    {
      order_id: '44444444-4444-4444-8444-444444444442',
      paypal_capture_id: 'CAPPP-ADMIN',
      amount_cents: 7062,
      currency: 'USD',
      status: 'REQUESTED',
      request_id: 'refund-44444444-4444-4444-8444-444444444442:cancelled',
    },
  ]);
  const orders = await db.execute(sql`select paypal_order_id, refund_status, refund_due_cents from orders order by id`);
  expect(orders.rows).toEqual([
    { paypal_order_id: 'PP-MISMATCH', refund_status: 'DUE', refund_due_cents: 7061 },
    { paypal_order_id: 'PP-ADMIN', refund_status: 'DUE', refund_due_cents: 7062 },
    { paypal_order_id: 'PP-DECLINED', refund_status: null, refund_due_cents: null },
    { paypal_order_id: 'PP-PAID', refund_status: null, refund_due_cents: null },
  ]);
});
