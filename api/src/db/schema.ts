// The one Drizzle schema for both drivers (PGlite and PostgreSQL).
//
// To change the database: edit or add tables here, then run `npm run db:generate -w api -- --name <what_changed>`.
// drizzle-kit writes a new SQL migration under api/drizzle/; commit it with the schema change.
// The API applies pending migrations at start (src/db/migrate.ts); tests apply them to a fresh database.
// Never edit a migration that has been committed: add a new one.
//
// Money columns are integer cents (DESIGN.md "API").
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about this database (e.g. when seed data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The public catalogue: stores, categories, products, maintained counts.
export * from './schema/catalogue.ts';

export * from './schema/accounts.ts';

// Checkout intents, orders, their lines, tracking and notifications (decision 003).
export * from './schema/orders.ts';

// Core Web Vitals reported by shoppers' browsers.
export * from './schema/vitals.ts';
// Store hours and delivery windows (holds and bookings).
export * from './schema/delivery.ts';

// The store side: order parts per store, price audit, order events.
export * from './schema/operations.ts';

// The /dev/paypal stand-in's orders (development and tests only).
export * from './schema/devPaypal.ts';
