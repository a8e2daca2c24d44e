// The order aggregate's rows (orders, their lines, the stock they take): the reads and writes the
// order use cases share, so each is written once. Functions take the database or the transaction
// they run in.
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderLines,
  orders,
  orderStoreParts,
  products,
  refunds,
  stockChanges,
  users,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.ts';
import type { UnavailableProduct } from '../../db/errors.ts';
import { recordStockChanges, type StockMove } from '../catalogue/stockChanges.ts';
import { productsUnavailable } from './cartPricing.ts';

export const loadOrder = async (db: Database, where: SQL | undefined): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(where).limit(1))[0];

export const linesOf = (db: Database, orderId: string): Promise<OrderLineRow[]> =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/** The lines of several orders, in line order. */
export const linesOfOrders = async (db: Database, orderIds: string[]): Promise<OrderLineRow[]> =>
  orderIds.length === 0 ? [] : db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));

export const refundsOf = (db: Database, orderId: string) =>
  db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

/** The refunds of several orders, in id order. */
export const refundsOfOrders = async (db: Database, orderIds: string[]) =>
  orderIds.length === 0 ? [] : db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));

/** The store parts of several orders. */
export const storePartsOfOrders = async (db: Database, orderIds: string[]) =>
  orderIds.length === 0 ? [] : db.select().from(orderStoreParts).where(inArray(orderStoreParts.orderId, orderIds));

/** A user's orders, newest first, before the `before` position (seq) when given. */
export const ordersOfUser = (db: Database, userUuid: string, before: number | undefined, limit: number): Promise<OrderRow[]> =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userUuid, userUuid), before === undefined ? undefined : lt(orders.seq, before)))
    .orderBy(desc(orders.seq))
    .limit(limit);

/**
 * Takes each line's quantity off its product's stock, only where that much is left (`stock_quantity >= qty`);
 * throws PRODUCTS_UNAVAILABLE when a line cannot be served, so the caller's transaction rolls back.
 * Each move is audited as a SALE of the order, by the shopper, in the same statement. Returns whether a product sold out.
 */
export async function takeStock(
  tx: Database,
  lines: { productUuid: string; productName: string; quantity: number }[],
  sale: { orderId: string; by: string },
): Promise<boolean> {
  if (lines.length === 0) return false;
  // One statement for every line. Its rows are locked first, in uuid order, so two orders sharing products
  // lock them in the same order and never deadlock; the update then takes each line's quantity where it is
  // left (re-checked on the newest row if another order took some meanwhile) and skips the lines it is not.
  // `no key update` is the lock an update takes anyway: unlike `for update` it lets other orders' lines
  // (whose foreign keys share-lock the product) in, so an order that wrote its lines first never waits on them.
  const wanted = sql.join(
    lines.map((l) => sql`(${l.productUuid}::uuid, ${l.quantity}::int)`),
    sql`, `,
  );
  // Each move is audited as a SALE of the order by the shopper in the same statement (the e-mail kept beside
  // the uuid, as recordStockChanges does); when a line is refused the transaction rolls the audit back too.
  const { rows: taken } = (await tx.execute(sql`
    with wanted (uuid, quantity) as (values ${wanted}),
    locked as materialized (
      select p.id from ${products} p join wanted w on w.uuid = p.uuid order by p.uuid for no key update of p
    ), taken as (
      update ${products} p set stock_quantity = p.stock_quantity - w.quantity
      from wanted w
      where p.uuid = w.uuid and p.id in (select id from locked) and p.is_active and p.stock_quantity >= w.quantity
      returning p.id, p.uuid, p.stock_quantity as stock, w.quantity
    ), audited as (
      insert into ${stockChanges} (product_id, old_quantity, new_quantity, reason, order_id, changed_by, changed_by_email)
      select t.id, t.stock + t.quantity, t.stock, 'SALE', ${sale.orderId}::uuid, ${sale.by}::uuid,
        (select email from ${users} where uuid = ${sale.by}::uuid)
      from taken t where t.quantity <> 0
    )
    select id, uuid, stock from taken`)) as unknown as { rows: { id: number; uuid: string; stock: number }[] };
  const takenOf = new Map(taken.map((t) => [t.uuid, t]));
  const missing = [...lines].sort((a, b) => (a.productUuid < b.productUuid ? -1 : 1)).find((l) => !takenOf.has(l.productUuid));
  if (missing) {
    // Another order took it since we priced: say why, and roll everything back.
    const [now] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.uuid, missing.productUuid));
    const reason: UnavailableProduct['reason'] = (now?.stock ?? 0) > 0 ? 'INSUFFICIENT_STOCK' : 'OUT_OF_STOCK';
    throw productsUnavailable([{ productId: missing.productUuid, name: missing.productName, reason }]);
  }
  return taken.some((t) => t.stock === 0);
}

/** Adds a quantity back to each product (by uuid) and audits it; true when a product came back into stock (from 0). */
export async function giveBackStock(
  tx: Database,
  lines: { productUuid: string; quantity: number }[],
  audit: Parameters<typeof recordStockChanges>[2],
): Promise<boolean> {
  let restocked = false;
  const moves: StockMove[] = [];
  // The same (uuid) order as taking it, so concurrent releases and orders never deadlock.
  for (const line of [...lines].sort((a, b) => (a.productUuid < b.productUuid ? -1 : 1))) {
    const [back] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.uuid, line.productUuid))
      .returning({ id: products.id, stock: products.stockQuantity });
    if (!back) continue;
    if (back.stock === line.quantity) restocked = true;
    moves.push({ productId: back.id, oldQuantity: back.stock - line.quantity, newQuantity: back.stock });
  }
  await recordStockChanges(tx, moves, audit);
  return restocked;
}

/**
 * Gives an order's stock back (a failed payment, a cancellation); true when a product came back into stock.
 * A line marked unavailable gave its stock back when it was marked (fulfilment.ts), and a replaced line
 * gave back the shopper's product then and holds the replacement's: only what the order still holds returns.
 */
export async function releaseStock(tx: Database, orderId: string, by: string | null): Promise<boolean> {
  const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)))
    .filter((l) => l.fulfilmentState !== 'UNAVAILABLE')
    .map((l) => ({
      quantity: l.quantity,
      productUuid: l.fulfilmentState === 'REPLACED' && l.replacementProductUuid ? l.replacementProductUuid : l.productUuid,
    }));
  return giveBackStock(tx, lines, { reason: 'ORDER_RELEASED', orderId, by });
}
