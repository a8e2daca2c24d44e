// The store side (what admins and store staff do, docs/ops-api.md): each store's part of an order, audited price changes, and the order
// events the shopper's page follows. Re-exported from ../schema.ts, which drizzle-kit and the client read.
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { orders, type OrderStatusValue } from './orders.ts';

/**
 * One store's part of an order as staff move it (CONFIRMED → … → DELIVERED). Written when the order is
 * placed (PENDING, with the store's delivery fee) and confirmed with the payment; the order's own status
 * is the least advanced part's.
 */
export const orderStoreParts = pgTable(
  'order_store_parts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeUuid: uuid('store_uuid').notNull(),
    status: text('status').$type<OrderStatusValue>().notNull(),
    /** What this store's delivery cost at checkout (its share of orders.delivery_fee_cents): refunded if the part delivers nothing. */
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    updatedBy: uuid('updated_by').references(() => users.uuid, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff confirmed "Deliver early": the part was delivered before its booked window opened (services/orders/partSteps.ts). */
    deliveredEarlyAt: timestamp('delivered_early_at', { withTimezone: true }),
    deliveredEarlyBy: uuid('delivered_early_by').references(() => users.uuid, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.storeUuid] }),
    check('order_store_parts_delivery_fee_cents_check', sql`${t.deliveryFeeCents} >= 0`),
  ],
);

/** Every price set through the ops API: who, when, from and to (the catalogue keeps only the current price). */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    oldPriceCents: integer('old_price_cents').notNull(),
    newPriceCents: integer('new_price_cents').notNull(),
    changedBy: uuid('changed_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** Kept when the account is deleted later: the audit still says who. */
    changedByEmail: text('changed_by_email').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_changes_product_idx').on(t.productId, t.id.desc()),
    check('price_changes_new_price_check', sql`${t.newPriceCents} > 0`),
  ],
);

/** Why a product's count on hand moved (stock_changes.reason). */
export type StockChangeReason =
  /** A paid order took it (checkout). */
  | 'SALE'
  /** An order that never got paid, or was cancelled, gave it back. */
  | 'ORDER_RELEASED'
  /** Staff marked the line unavailable or replaced it: the shopper's product was not sold. */
  | 'LINE_NOT_SOLD'
  /** Taken for a line as its replacement. */
  | 'REPLACEMENT'
  /** Set by staff: one product, a bulk action, or a CSV import. */
  | 'EDIT'
  | 'BULK'
  | 'IMPORT';

/** Every change of a product's count on hand: who, when, from, to and why (decision 010). */
export const stockChanges = pgTable(
  'stock_changes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    oldQuantity: integer('old_quantity').notNull(),
    newQuantity: integer('new_quantity').notNull(),
    reason: text('reason').$type<StockChangeReason>().notNull(),
    /** The order that took or gave back the stock, when one did. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Null when the system did it (a payment that never completed). */
    changedBy: uuid('changed_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** Kept when the account is deleted later: the audit still says who. */
    changedByEmail: text('changed_by_email'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_changes_product_idx').on(t.productId, t.id.desc()),
    check('stock_changes_quantities_check', sql`${t.oldQuantity} >= 0 and ${t.newQuantity} >= 0`),
  ],
);

/** A change of an order the shopper's page should show (GET /orders/{id}/events reads these in id order). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export type OrderStorePartRow = typeof orderStoreParts.$inferSelect;
export type PriceChangeRow = typeof priceChanges.$inferSelect;
export type StockChangeRow = typeof stockChanges.$inferSelect;
