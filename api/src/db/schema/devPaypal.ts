// The /dev/paypal stand-in's book (api/src/dev/paypal): its orders and the answers it keeps for
// PayPal-Request-Id replays, in the database so a restarted (or killed) API finds what PayPal would
// still know, as the reconciler needs. Development and tests only: production never writes here.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One PayPal order as the stand-in keeps it (its JSON shape is orderBook.ts's DevOrder). */
export const devPaypalOrders = pgTable(
  'dev_paypal_orders',
  {
    id: text('id').primaryKey(),
    /** The capture's id once captured: what the Payments API (refunds, GET capture) finds it by. */
    captureId: text('capture_id').unique(),
    order: jsonb('order').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_paypal_orders_created_idx').on(t.createdAt)],
);

/** The first answer to a PayPal-Request-Id (or the order a create made), replayed to a repeat. */
export const devPaypalRequests = pgTable(
  'dev_paypal_requests',
  {
    key: text('key').primaryKey(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_paypal_requests_created_idx').on(t.createdAt)],
);
