// The delivery promise: each store's opening hours (its rules' other half lives on `stores`:
// time_zone, min_order_cents, delivery_radius_miles, window_capacity) and the delivery windows
// shoppers hold and book.
//
// Capacity is enforced on the window's row in delivery_window_slots, never by check-then-insert from
// the client's view: a hold is inserted only inside a transaction that first locks that row (created
// on first use) and counts the live holds and bookings under that lock; a booking raises the row's
// `booked` count with one conditional update, which takes the same row lock. Every writer of the same
// window queues on that one row, on PGlite and PostgreSQL alike, so a window can never hold more than
// its capacity.
// Re-exported from ../schema.ts, which drizzle-kit and the client read.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stores } from './catalogue.ts';
import { orders } from './orders.ts';

/** Opening hours: one row per weekday the store is open (no row = closed that day), minutes after local midnight. */
export const storeHours = pgTable(
  'store_hours',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, in the store's time zone. */
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.weekday] }),
    check('store_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('store_hours_minutes_check', sql`${t.opensMinute} >= 0 and ${t.opensMinute} < ${t.closesMinute} and ${t.closesMinute} <= 1440`),
  ],
);

/**
 * One store's window: its row is the lock holds are counted under, and `booked` counts its BOOKED
 * holds, so a booking is one conditional `booked = booked + 1 where booked < capacity` rather than a
 * lock, a count and an update.
 */
export const deliveryWindowSlots = pgTable(
  'delivery_window_slots',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.startsAt] }), check('delivery_window_slots_booked_check', sql`${t.booked} >= 0`)],
);

/** HELD: counts against capacity until expires_at; BOOKED: paid, counts for good; RELEASED: counts no more. */
export type DeliveryHoldStatus = 'HELD' | 'BOOKED' | 'RELEASED';

/**
 * A shopper's hold on one store's window, turned into the order's booking at payment (status BOOKED,
 * order_id set) in the payment's transaction. Times are UTC.
 */
export const deliveryHolds = pgTable(
  'delivery_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<DeliveryHoldStatus>().notNull().default('HELD'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What counts against a window's capacity.
    index('delivery_holds_window_idx').on(t.storeId, t.startsAt, t.status),
    // One live hold per shopper and store: choosing another window replaces it.
    uniqueIndex('delivery_holds_user_store_held_uq')
      .on(t.userUuid, t.storeId)
      .where(sql`${t.status} = 'HELD'`),
    // One booked window per store part of an order.
    uniqueIndex('delivery_holds_order_store_uq')
      .on(t.orderId, t.storeId)
      .where(sql`${t.orderId} IS NOT NULL`),
    check('delivery_holds_status_check', sql`${t.status} in ('HELD', 'BOOKED', 'RELEASED')`),
    check('delivery_holds_window_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export type StoreHoursRow = typeof storeHours.$inferSelect;
export type DeliveryHoldRow = typeof deliveryHolds.$inferSelect;
