// The public catalogue (spec §3 Store, Category, Product): stores, categories, products and the
// maintained active-product counts that listings read instead of COUNT(*) (DESIGN.md "Performance architecture").
import { sql, type SQL } from 'drizzle-orm';
import { DIETARY_ATTRIBUTES, type DietaryAttribute, type SizeUnit, type UnitPrice } from '@grocer/shared/contracts';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Sorting by name must give the same order on PGlite and on any PostgreSQL whatever its default
// locale (the tie-break contract and the index order depend on it), and "C" is also the cheapest collation.
const textC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    /** The slug in /store/{publicId}. */
    publicId: text('public_id').notNull().unique(),
    name: text('name').notNull(),
    /** Street line, e.g. "1550 N Kingsbury St". */
    address1: text('address1').notNull(),
    /** "City, ST ZIP", as shown under the street. */
    address2: text('address2').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** 5-digit US ZIP: delivery fees are distance-based on ZIP centroids. */
    zip: text('zip').notNull(),
    /** Path on the API (versioned, served immutable). */
    logo: text('logo').notNull(),
    /** Where the store's new-order e-mails go; never shown on the public catalogue. */
    contactEmail: text('contact_email').notNull(),
    /** Active products of this store, kept by whatever changes activity (seed, catalogue service). */
    activeProductCount: integer('active_product_count').notNull().default(0),
    // Store rules (services/stores/rules.ts reads and validates them; store_hours has the opening hours).
    /** IANA zone the hours and windows are in. */
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /** A store part below this subtotal cannot be checked out. */
    minOrderCents: integer('min_order_cents').notNull().default(0),
    /** Delivers to ZIP centroids at most this far (the haversine that prices the fee). */
    deliveryRadiusMiles: integer('delivery_radius_miles').notNull().default(10),
    /** Orders per delivery window. */
    windowCapacity: integer('window_capacity').notNull().default(10),
    /** A product at or below this many on hand is "Low stock" in the inventory (0 and under is out of stock). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    ...timestamps,
  },
  (t) => [
    check('stores_min_order_cents_check', sql`${t.minOrderCents} >= 0`),
    check('stores_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    check('stores_delivery_radius_miles_check', sql`${t.deliveryRadiusMiles} > 0`),
    check('stores_window_capacity_check', sql`${t.windowCapacity} >= 0`),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  uuid: uuid('uuid').notNull().unique(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

/** Active products per store and category: productCount and a category listing's totalItems. */
export const storeCategoryCounts = pgTable(
  'store_category_counts',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    activeProductCount: integer('active_product_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.categoryId] })],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The shelf label: brand, item, size ("Prairie Farms Whole Milk, 1 gal"); unique in its store. */
    name: textC('name').notNull(),
    /** The brand or line ("Prairie Farms"). */
    brand: text('brand').notNull(),
    /** The item without brand or size ("Whole Milk"). */
    item: text('item').notNull(),
    /**
     * brand|item|size as slugs ("prairie-farms|whole-milk|1-gal"): the same product in every store that
     * sells it, one row per store. Rows from before this column have 'legacy:<uuid>' until the
     * catalogue is rebuilt at start (seed/seedCatalogue.ts).
     */
    itemKey: text('item_key').notNull(),
    /** The size in thousandths of size_unit (1 gal → 1000, 10.75 oz → 10750). */
    sizeMilli: integer('size_milli').notNull(),
    sizeUnit: text('size_unit').$type<SizeUnit>().notNull(),
    /** The shelf unit the unit price is quoted per (services/catalogue/unitPrice.ts has the rule). */
    unitPriceUnit: text('unit_price_unit').$type<UnitPrice['unit']>().notNull(),
    /** Path on the API (versioned, served immutable). */
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    /**
     * On hand: the one truth about stock (decision 010). A paid order takes it down, a cancellation or a line
     * staff mark unavailable gives it back, staff set it; each change is audited in stock_changes. Out of stock
     * is a count of 0. The catalogue shows it (stockQuantity) so the shop's steppers stop at the shelf.
     */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * What the label says the product is (gluten-free, organic…: contracts DIETARY_ATTRIBUTES), in that
     * order; the seed sets them (seed/attributes.ts). An array, not a flag set, so a row reads as it is.
     */
    dietary: text('dietary')
      .array()
      .$type<DietaryAttribute[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The category and store names, lower-cased, kept with the product so one index answers search. */
    searchExtra: text('search_extra').notNull().default(''),
    // Search: a GIN-indexed tsvector with the name's words weighted A and the category/store words B.
    // to_tsquery('simple', 'choc:* & milk:*') is an index-served "every word starts a word" match on
    // PGlite and PostgreSQL alike (no extension needed, unlike pg_trgm), and the weights let the ranking
    // tell name matches from category/store matches without re-parsing text per row.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, ${products.name}), 'A') || setweight(to_tsvector('simple'::regconfig, ${products.searchExtra}), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [
    // Listings walk these in order: no sort step, no scan past the page.
    index('products_store_name_idx').on(t.storeId, t.isActive, t.name, t.id),
    index('products_store_price_idx').on(t.storeId, t.isActive, t.priceCents, t.name, t.id),
    index('products_store_category_name_idx').on(t.storeId, t.categoryId, t.isActive, t.name, t.id),
    index('products_store_category_price_idx').on(t.storeId, t.categoryId, t.isActive, t.priceCents, t.name, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    // One row per item per store; also-at walks the item's rows cheapest first.
    uniqueIndex('products_store_item_key_uq').on(t.storeId, t.itemKey),
    index('products_item_key_price_idx').on(t.itemKey, t.isActive, t.priceCents, t.id),
    check('products_size_milli_check', sql`${t.sizeMilli} > 0`),
    // The shelf label (name before its size): suggestions pick one product per label through it.
    index('products_label_idx').on(sql`lower(split_part(${t.name}, ',', 1))`),
    // Checkout decrements with `stock_quantity >= qty`; this is the last line if anything else ever forgets.
    check('products_stock_quantity_check', sql`${t.stockQuantity} >= 0`),
    check('products_dietary_check', sql`${t.dietary} <@ array[${sql.raw(DIETARY_ATTRIBUTES.map((a) => `'${a}'`).join(', '))}]::text[]`),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
