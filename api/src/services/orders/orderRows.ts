// The order aggregate's rows (orders, their lines, the stock they take): the reads and writes the
// order use cases share, so each is written once. Functions take the database or the transaction
// they run in.
import { and, asc, desc, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
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
import type { StatementStep } from '../../db/steps.ts';
import { recordStockChanges, type StockMove } from '../catalogue/stockChanges.ts';
import { productsUnavailable } from './cartPricing.ts';

/**
 * The order's columns as a CTE that wrote it hands them back (`returning *`), for a select that adds its own
 * (placing and confirming a payment, each one prepared statement).
 */
export function orderFields(written: object) {
  const columns = getTableColumns(orders);
  return Object.fromEntries(Object.keys(columns).map((key) => [key, (written as Record<string, unknown>)[key]])) as typeof columns;
}

export const loadOrder = async (db: Database, where: SQL | undefined): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(where).limit(1))[0];

export const linesOf = (db: Database, orderId: string): Promise<OrderLineRow[]> =>
  db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/** The lines of several orders, by order id, each order's in line order (an order without lines has no entry). */
export async function linesByOrder(db: Database, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  for (const line of await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id))) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}

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
 * In the order's one statement (place.ts), after `after`'s locks: takes each wanted quantity off its product's
 * stock, only where that much is left (`stock_quantity >= qty`) and the product is on sale, and audits each
 * move as a SALE of the order by the shopper. It refuses when a line cannot be served (stockRefusal says
 * which). `wanted` is a jsonb array of `{ productUuid, quantity }` (a prepared statement's placeholder); `soldOut`
 * is true when a product's stock reached 0.
 */
export function stockStep(input: { wanted: SQL; order: SQL; by: SQL }, after: SQL): StatementStep & { soldOut: SQL } {
  // The rows are locked first, in uuid order, so two orders sharing products lock them in the same order and
  // never deadlock; a locking read hands back each row's newest version (after any wait), so the update takes
  // each line's quantity where it is left and skips the lines it is not. `no key update` is the lock an update
  // takes anyway: unlike `for update` it lets other orders' lines (whose foreign keys share-lock the product)
  // in, so an order that wrote its lines first never waits on them.
  return {
    ctes: [
      [
        'stock_wanted',
        sql`select "productUuid" as uuid, quantity from jsonb_to_recordset(${input.wanted}::jsonb) w ("productUuid" uuid, quantity int)`,
      ],
      [
        'stock_locked',
        sql`select p.id, p.uuid, p.stock_quantity as stock from ${products} p join stock_wanted w on w.uuid = p.uuid
          where ${after} order by p.uuid for no key update of p`,
      ],
      [
        'stock_taken',
        sql`update ${products} p set stock_quantity = p.stock_quantity - w.quantity
          from stock_wanted w
          where p.uuid = w.uuid and p.id in (select id from stock_locked) and p.is_active and p.stock_quantity >= w.quantity
          returning p.id, p.uuid, p.stock_quantity as stock, w.quantity`,
      ],
      // The e-mail kept beside the uuid, as recordStockChanges does; a refused statement writes none of it.
      [
        'stock_audited',
        sql`insert into ${stockChanges} (product_id, old_quantity, new_quantity, reason, order_id, changed_by, changed_by_email)
          select t.id, t.stock + t.quantity, t.stock, 'SALE', ${input.order}::uuid, ${input.by}::uuid,
            (select email from ${users} where uuid = ${input.by}::uuid)
          from stock_taken t where t.quantity <> 0`,
      ],
    ],
    refused: sql`(select count(*) from stock_taken) <> (select count(*) from stock_wanted)`,
    // Each line not served, with its product's stock as the locking read found it (0 when it is gone).
    detail: sql`(select coalesce(jsonb_agg(jsonb_build_object('uuid', w.uuid, 'stock', coalesce(l.stock, 0))), '[]'::jsonb)
      from stock_wanted w left join stock_locked l on l.uuid = w.uuid where w.uuid not in (select uuid from stock_taken))`,
    locked: sql`(select count(*) from stock_locked) >= 0`,
    soldOut: sql`exists (select 1 from stock_taken where stock = 0)`,
  };
}

/** PRODUCTS_UNAVAILABLE for the first line (by uuid) stock taking refused, from the statement's detail. */
export function stockRefusal(
  lines: { productUuid: string; productName: string }[],
  detail: { uuid: string; stock: number }[],
): Error | undefined {
  const stockOf = new Map(detail.map((d) => [d.uuid, d.stock]));
  const missing = [...lines].sort((a, b) => (a.productUuid < b.productUuid ? -1 : 1)).find((l) => stockOf.has(l.productUuid));
  if (!missing) return undefined;
  // Another order took it since we priced.
  const reason: UnavailableProduct['reason'] = stockOf.get(missing.productUuid)! > 0 ? 'INSUFFICIENT_STOCK' : 'OUT_OF_STOCK';
  return productsUnavailable([{ productId: missing.productUuid, name: missing.productName, reason }]);
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
