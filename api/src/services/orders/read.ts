// Reading orders back: one order (GET /orders/{id}), the shopper's history, and the visibility rule every
// order use case starts from.
import type { Order } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema.ts';
import type { Caller } from '../caller.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { bookedWindows } from '../delivery/windows.ts';
import { substituteNames } from '../substitutions.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { orderNotFound } from './errors.ts';
import { toOrderJson } from './orderJson.ts';
import { linesOf, linesByOrder, loadOrder, ordersOfUser, refundsOf, refundsOfOrders, storePartsOfOrders } from './orderRows.ts';

export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 50;

export interface OrderHistoryPage {
  orders: Order[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

/** The order if the caller owns it (or is an admin, with `allowAdmin`), else 404 ORDER_NOT_FOUND. */
export async function findVisible(db: Database, caller: Caller, orderId: string, allowAdmin: boolean): Promise<OrderRow> {
  if (!isUuid(orderId)) throw orderNotFound();
  const order = await loadOrder(db, eq(orders.id, orderId.toLowerCase()));
  // Someone else's order is "not found", not "forbidden": ids are not confirmed to strangers.
  if (!order || (order.userUuid !== caller.uuid && !(allowAdmin && caller.role === 'ADMIN'))) throw orderNotFound();
  return order;
}

export async function readOrder(db: Database, caller: Caller, orderId: string): Promise<Order> {
  const order = await findVisible(db, caller, orderId, true);
  const lines = await linesOf(db, order.id);
  const refunded = await refundsOf(db, order.id);
  const booked = (await bookedWindows(db, [order.id])).get(order.id);
  const parts = await storePartsOfOrders(db, [order.id]);
  return toOrderJson(order, lines, await substituteNames(db, lines), refunded, booked, { parts, refunds: refunded });
}

export async function orderHistory(db: Database, caller: Caller, limit: number, cursor: string | undefined): Promise<OrderHistoryPage> {
  const before = cursor === undefined ? undefined : decodeCursor(cursor);
  // One more than asked tells whether there is a next page without counting.
  const rows = await ordersOfUser(db, caller.uuid, before, limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((o) => o.id);
  const lines = await linesByOrder(db, ids);
  const names = await substituteNames(db, [...lines.values()].flat());
  const windows = await bookedWindows(db, ids);
  const parts = await storePartsOfOrders(db, ids);
  const refunded = await refundsOfOrders(db, ids);
  return {
    orders: page.map((o) =>
      toOrderJson(o, lines.get(o.id) ?? [], names, undefined, windows.get(o.id), {
        parts: parts.filter((p) => p.orderId === o.id),
        refunds: refunded.filter((r) => r.orderId === o.id),
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}
