// The delivery promise: each store's opening hours (its rules' other half lives on `stores`:
// time_zone, min_order_cents, delivery_radius_miles, window_capacity) and the delivery windows
// shoppers hold and book.
//
// Capacity is enforced on the window's row in delivery_window_slots, never by check-then-insert from
// the client's view: the row carries both what counts against the window, its bookings (`booked`) and
// its live holds (`holders`), and every writer changes them with one conditional update of that row. A
// hold adds its holder only while bookings and the other live holders leave a place; a booking raises
// `booked` while it stays under capacity and takes its holder out. PostgreSQL re-checks such an update on
// the row's newest version after waiting for its lock (PGlite has one connection), so a window can never
// take more live holds than its capacity less its bookings, and no row is locked across round trips.
// Re-exported from ../schema.ts, which drizzle-kit and the client read.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * One store's window, with all that counts against its capacity: `booked` counts its BOOKED holds, and
 * `holders` its live holds as { user uuid: expiry in epoch ms }. A holder counts while its expiry is in
 * the future, so no sweeper is needed: every write of the row drops the expired ones. A stale holder
 * (its hold replaced or released by a process that died before updating the row) only refuses a hold
 * until it expires, never lets one in over capacity.
 */
export const deliveryWindowSlots = pgTable(
  'delivery_window_slots',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
    holders: jsonb('holders').$type<Record<string, number>>().notNull().default({}),
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
