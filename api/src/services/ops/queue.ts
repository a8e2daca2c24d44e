// The board as a queue by due time (GET /ops/queue): every store part still in the store or on its
// way, and those delivered today, each with its booked window, what is left to pick and the store's
// own total (its share of the order's money, partMoney.ts), soonest window first. Staff get their own
// store; an admin every store or the one asked for.
import type { OpsQueue, OpsQueueCard, StorePartStatus } from '@grocer/shared/contracts';
import { and, eq, gte, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, orderStoreParts, stores } from '../../db/schema.ts';
import { bookedWindows } from '../delivery/windows.ts';
import type { BookedWindowJson } from '@grocer/shared/contracts';
import { customerName } from '../orders/orderJson.ts';
import { toOpsStore, type OpsAccess, type OpsCaller } from './access.ts';
import { dayBounds, SHOP_TIME_ZONE } from './board.ts';
import { orderMoney, partShare } from './partMoney.ts';

/** How many cards one queue holds at most: a store's day, with room to spare. */
export const QUEUE_LIMIT = 300;
const ACTIVE: readonly StorePartStatus[] = ['CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'];

/** Midnight today in the shop's calendar (board.ts), as an instant. */
const startOfToday = (now: Date) => dayBounds(new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(now))[0];

export async function readQueue(
  { db, access, now }: { db: Database; access: OpsAccess; now: Date },
  caller: OpsCaller,
  storeUuid: string | undefined,
): Promise<OpsQueue> {
  const scope = storeUuid === undefined ? await access.scopeUuid(caller) : (await access.store(caller, storeUuid)).uuid;
  const rows = await db
    .select({ part: orderStoreParts, order: orders, store: { uuid: stores.uuid, publicId: stores.publicId, name: stores.name } })
    .from(orderStoreParts)
    .innerJoin(orders, eq(orders.id, orderStoreParts.orderId))
    .innerJoin(stores, eq(stores.uuid, orderStoreParts.storeUuid))
    .where(
      and(
        eq(orders.paymentStatus, 'PAID'),
        ne(orders.status, 'CANCELLED'),
        scope === null ? undefined : eq(orderStoreParts.storeUuid, scope),
        or(
          inArray(orderStoreParts.status, [...ACTIVE]),
          and(eq(orderStoreParts.status, 'DELIVERED'), gte(orderStoreParts.updatedAt, startOfToday(now))),
        ),
      ),
    )
    .limit(QUEUE_LIMIT);
  const orderIds = [...new Set(rows.map((r) => r.order.id))];
  const [lines, parts, windows] =
    orderIds.length === 0
      ? [[], [], new Map<string, BookedWindowJson[]>()]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)),
          db.select().from(orderStoreParts).where(inArray(orderStoreParts.orderId, orderIds)),
          bookedWindows(db, orderIds),
        ]);
  const cards = rows.map(({ part, order, store }): OpsQueueCard => {
    const orderLinesOf = lines.filter((l) => l.orderId === order.id);
    const own = orderLinesOf.filter((l) => l.storeUuid === part.storeUuid);
    const orderParts = parts.filter((p) => p.orderId === order.id);
    const share = partShare(part.storeUuid, orderParts, orderMoney(order.deliveryState, orderParts, orderLinesOf));
    const window = windows.get(order.id)?.find((w) => w.storeUuid === part.storeUuid);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      store: toOpsStore(store),
      status: part.status as StorePartStatus,
      customerName: customerName(order),
      createdAt: order.createdAt.toISOString(),
      window: window ? { startsAt: window.startsAt, endsAt: window.endsAt, timeZone: window.timeZone } : null,
      lineCount: own.length,
      itemCount: own.reduce((sum, l) => sum + l.quantity, 0),
      pendingLineCount: own.filter((l) => l.fulfilmentState === 'PENDING').length,
      pendingItemCount: own.filter((l) => l.fulfilmentState === 'PENDING').reduce((sum, l) => sum + l.quantity, 0),
      totalCents: share.total,
      deliveredEarlyAt: part.deliveredEarlyAt?.toISOString() ?? null,
    };
  });
  // Soonest window first; a part without a booked window (orders from before windows) by when it was placed.
  const key = (c: OpsQueueCard) => c.window?.startsAt ?? c.createdAt;
  cards.sort((a, b) => key(a).localeCompare(key(b)) || a.orderNumber.localeCompare(b.orderNumber));
  return { now: now.toISOString(), orders: cards };
}
