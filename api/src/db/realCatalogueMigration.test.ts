// Migration 0007 on a database with a catalogue from before shelf identities (duplicate names, no
// brand or size), a favourite and an order: it migrates, the start-up rebuild replaces the catalogue,
// the favourite follows its item, and the order reads as it did.
import { eq, sql } from 'drizzle-orm';
import { seedCatalogueIfNeeded } from '../seed/seedCatalogue.ts';
import { toOrderJson } from '../services/orders/orderJson.ts';
import { migrationTestDatabase } from '../testing/olderMigrations.ts';
import { favourites, orderLines, orders, products, stores } from './schema.ts';

// The migrations as they were before 0007.
const database = migrationTestDatabase('0006_refunds_outbox');

it('migrates an old catalogue, rebuilds it at start, keeps favourites on their item and orders as they were', async () => {
  const db = await database.atOlder();
  await db.execute(sql`insert into stores (uuid, public_id, name, address1, address2, city, state, zip, logo, contact_email)
    values ('11111111-1111-4111-8111-111111111111', 'lakeview-fresh', 'Lakeview Fresh', '3531 N Broadway', 'Chicago, IL 60657', 'Chicago', 'IL', '60657', '/o.svg', 'o@example.com')`);
  await db.execute(sql`insert into categories (uuid, name) values ('44444444-4444-4444-8444-444444444444', 'Dairy & Eggs')`);
  // The old catalogue's bug: one name twice at two prices.
  await db.execute(sql`insert into products (uuid, store_id, category_id, name, image, price_cents, stock_quantity) values
    ('55555555-5555-4555-8555-555555555555', 1, 1, 'Organic Whole Milk, 1 gal', '/p.svg', 429, 10),
    ('66666666-6666-4666-8666-666666666666', 1, 1, 'Organic Whole Milk, 1 gal', '/p.svg', 459, 10)`);
  await db.execute(
    sql`insert into users (uuid, email, email_key) values ('22222222-2222-4222-8222-222222222222', 'old@example.com', 'old@example.com')`,
  );
  await db.execute(
    sql`insert into favorites (user_uuid, product_uuid) values ('22222222-2222-4222-8222-222222222222', '55555555-5555-4555-8555-555555555555')`,
  );
  await db.execute(sql`insert into orders (id, tracking_number, user_uuid, paypal_order_id, subtotal_cents, tax_cents, service_fee_cents,
      delivery_fee_cents, processing_fee_cents, total_cents, customer_first_name, customer_last_name, customer_email, customer_phone,
      delivery_street, delivery_city, delivery_state, delivery_zip, delivery_minutes)
    values ('33333333-3333-4333-8333-333333333333', 'GRTOLD', '22222222-2222-4222-8222-222222222222', 'PP-OLD', 429, 0, 200, 0, 0, 629,
      'Old', 'Customer', 'old@example.com', '312-555-0100', '1 Main St', 'Chicago', 'IL', '60606', 30)`);
  await db.execute(sql`insert into order_lines (order_id, product_uuid, product_name, store_uuid, store_name, quantity, unit_price_cents, line_total_cents)
    values ('33333333-3333-4333-8333-333333333333', '55555555-5555-4555-8555-555555555555', 'Organic Whole Milk, 1 gal',
      '11111111-1111-4111-8111-111111111111', 'Lakeview Fresh', 1, 429, 429)`);

  await database.migrate();
  const legacy = await db.select({ itemKey: products.itemKey, sizeUnit: products.sizeUnit }).from(products);
  expect(legacy).toEqual([
    { itemKey: 'legacy:55555555-5555-4555-8555-555555555555', sizeUnit: 'ct' },
    { itemKey: 'legacy:66666666-6666-4666-8666-666666666666', sizeUnit: 'ct' },
  ]);

  expect(await seedCatalogueIfNeeded(db)).toBe('rebuilt');
  const [{ legacyLeft }] = (await db.execute(sql`select count(*)::int as "legacyLeft" from products where item_key like 'legacy:%'`))
    .rows as [{ legacyLeft: number }];
  expect(legacyLeft).toBe(0);
  const kept = await db
    .select({ item: products.item, store: stores.publicId })
    .from(favourites)
    .innerJoin(products, eq(products.uuid, favourites.productUuid))
    .innerJoin(stores, eq(stores.id, products.storeId));
  expect(kept).toEqual([{ item: 'Whole Milk', store: 'lakeview-fresh' }]);

  const [order] = await db.select().from(orders);
  const lines = await db.select().from(orderLines);
  expect(toOrderJson(order!, lines, new Map()).orderItems).toEqual([
    {
      // The product it named is gone: no link, no picture; name and price as sold.
      productUuid: null,
      image: null,
      sizeLabel: null,
      unitPriceLabel: null,
      storePublicId: null,
      productName: 'Organic Whole Milk, 1 gal',
      quantity: 1,
      unitPrice: 4.29,
      lineTotal: 4.29,
      storeName: 'Lakeview Fresh',
      // Lines stored before the choice existed read as the default.
      substitution: { choice: 'BEST_MATCH', substitute: null },
    },
  ]);
}, 120_000);
