// The maintained active-product counts (stores.active_product_count, store_category_counts) that
// listings use for totalItems and categories for productCount, instead of a COUNT(*) per request.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Recomputes every count from the products table: after a bulk load, or to repair drift. */
export async function refreshCatalogueCounts(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update stores s set active_product_count = coalesce(
        (select count(*) from products p where p.store_id = s.id and p.is_active), 0)`);
    await tx.execute(sql`delete from store_category_counts`);
    await tx.execute(sql`
      insert into store_category_counts (store_id, category_id, active_product_count)
      select store_id, category_id, count(*) from products where is_active group by store_id, category_id`);
  });
}

/**
 * Adjusts the counts by `delta` (+1 when a product becomes active, -1 when it stops being active):
 * for anything that changes one product's activity, inside the same transaction as that change.
 */
export async function adjustCatalogueCounts(db: Database, storeId: number, categoryId: number, delta: number): Promise<void> {
  await db.execute(sql`update stores set active_product_count = active_product_count + ${delta} where id = ${storeId}`);
  await db.execute(sql`
    insert into store_category_counts (store_id, category_id, active_product_count) values (${storeId}, ${categoryId}, greatest(${delta}, 0))
    on conflict (store_id, category_id) do update set active_product_count = store_category_counts.active_product_count + ${delta}`);
}
