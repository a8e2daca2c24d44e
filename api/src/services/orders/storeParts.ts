// Each store's part of a paid order (order_store_parts) and the order's overall status that follows
// from them: the order stands where its least advanced part stands. Parts are written when the order
// is placed (place.ts), confirmed with the payment (settle.ts) and moved by staff
// (services/ops/fulfilment.ts) or, all together, by a status set for the whole order (an admin's POST /orders/tracking, a cancellation).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderEvents, orderLines, orders, orderStoreParts, type OrderRow, type OrderStatusValue } from '../../db/schema.ts';
import { splitCents } from '../pricing.ts';
import { enqueueShopperUpdates } from './shopperMails.ts';

/** Lifecycle rank of a status a part can stand at; PENDING/PROCESSING count as CONFIRMED (a paid order's start). */
const RANK: Record<OrderStatusValue, number> = {
  PENDING: 1,
  CONFIRMED: 1,
  PROCESSING: 1,
  PREPARING: 2,
  READY_FOR_PICKUP: 3,
  OUT_FOR_DELIVERY: 4,
  DELIVERED: 5,
  CANCELLED: 6,
};

export const statusRank = (status: OrderStatusValue) => RANK[status];

/** The least advanced of the parts' statuses (CANCELLED only when every part is). */
export function overallStatus(parts: readonly OrderStatusValue[]): OrderStatusValue | null {
  if (parts.length === 0) return null;
  return parts.reduce((least, s) => (RANK[s] < RANK[least] ? s : least));
}

/**
 * One PENDING part per store of a new order, with the delivery fee its quote added to the order's
 * (cartPricing.ts): the insert, for the order's own statement (place.ts), since the fee is known only
 * there, at its checkout price. `quotes` is a jsonb array of `{ storeUuid, feeCents }` (a placeholder).
 */
export const storePartsSql = (order: SQL, quotes: SQL) => sql`
  insert into ${orderStoreParts} (order_id, store_uuid, status, delivery_fee_cents)
  select ${order}::uuid, q."storeUuid", 'PENDING', q."feeCents" from jsonb_to_recordset(${quotes}::jsonb) q ("storeUuid" uuid, "feeCents" int)
  on conflict do nothing`;

/**
 * The payment confirms every part of the order (at the order's status). An order placed before parts
 * were recorded at placing gets them now, its delivery fee split evenly (the quotes are gone).
 */
export async function createStoreParts(tx: Database, order: Pick<OrderRow, 'id' | 'status' | 'deliveryFeeCents'>): Promise<void> {
  const status = order.status === 'PENDING' || order.status === 'PROCESSING' ? 'CONFIRMED' : order.status;
  // An order placed with its parts (every one since they are recorded at placing) needs this one statement.
  const confirmed = await tx
    .update(orderStoreParts)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orderStoreParts.orderId, order.id), eq(orderStoreParts.status, 'PENDING')))
    .returning({ storeUuid: orderStoreParts.storeUuid });
  if (confirmed.length > 0) return;
  const stores = await tx.selectDistinct({ storeUuid: orderLines.storeUuid }).from(orderLines).where(eq(orderLines.orderId, order.id));
  if (stores.length === 0) return;
  const uuids = stores.map((s) => s.storeUuid).sort();
  const fees = splitCents(
    order.deliveryFeeCents,
    uuids.map(() => 1),
  );
  await tx
    .insert(orderStoreParts)
    .values(uuids.map((storeUuid, i) => ({ orderId: order.id, storeUuid, status, deliveryFeeCents: fees[i]! })))
    .onConflictDoNothing();
}

/** A status set for the whole order: parts behind it catch up (a cancellation reaches every part). */
export async function moveStorePartsWithOrder(tx: Database, orderId: string, to: OrderStatusValue, by: string): Promise<void> {
  if (to === 'PENDING' || to === 'PROCESSING') return;
  const behind = (await tx.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, orderId))).filter(
    (p) => to === 'CANCELLED' || RANK[p.status] < RANK[to],
  );
  if (behind.length === 0) return;
  await tx
    .update(orderStoreParts)
    .set({ status: to, updatedBy: by, updatedAt: new Date() })
    .where(
      and(
        eq(orderStoreParts.orderId, orderId),
        inArray(
          orderStoreParts.storeUuid,
          behind.map((p) => p.storeUuid),
        ),
      ),
    );
}

/**
 * Tells the shopper's page (GET /orders/{id}/events) that the order changed: its version, bumped by the
 * caller's update. The shopper's mails about what changed (a part out or delivered, a line replaced or
 * unavailable) are queued here too, in the same transaction, once each (shopperMails.ts).
 */
export async function recordOrderEvent(tx: Database, order: Pick<OrderRow, 'id' | 'version'>): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: order.id, version: order.version });
  await enqueueShopperUpdates(tx, order.id);
}

/** Bumps the order's version and records the event, in `tx`; returns the new version. */
export async function bumpOrderVersion(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id, version: orders.version });
  await recordOrderEvent(tx, row!);
  return row!.version;
}
