// The shoppers' live order feed (GET /orders/{id}/events): each change a store or an admin makes to an
// order (a marked line, a part moved, a cancellation) is an order_events row written in the same
// transaction as the change. Like the admin feed (notificationFeed.ts), the table is the source, so a
// change made by another API replica reaches this one's subscribers within one poll.
import type { OrderStatus, OrderUpdatedEvent } from '@grocer/shared/contracts';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { orderEvents, orders } from '../../db/schema.ts';
import { createLiveFeed, type FeedDeps } from '../../lib/liveFeed.ts';

const BATCH = 200;

export interface OrderEventFeed {
  /** Calls `send` for every change of `orderId` from now on, until the returned function is called. */
  subscribe(orderId: string, send: (event: OrderUpdatedEvent) => void): Promise<() => void>;
  /** This process just changed an order: read now rather than at the next poll. */
  nudge(): void;
  close(): void;
}

interface Subscriber {
  orderId: string;
  send: (event: OrderUpdatedEvent) => void;
}

export function createOrderEventFeed({ db, log, pollMs }: FeedDeps): OrderEventFeed {
  // One cursor for the process: every subscriber listens from now on, to its own order only.
  let lastId = 0;
  const feed = createLiveFeed<OrderUpdatedEvent, Subscriber>({ read: readOnce, name: 'order event feed', log, pollMs });

  async function readOnce(): Promise<boolean> {
    const rows = await db
      .select({ id: orderEvents.id, orderId: orderEvents.orderId, version: orderEvents.version, status: orders.status })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(gt(orderEvents.id, lastId))
      .orderBy(asc(orderEvents.id))
      .limit(BATCH);
    for (const row of rows) {
      lastId = row.id;
      for (const s of feed.subscribers) {
        if (s.orderId !== row.orderId) continue;
        feed.deliver(s, { orderId: row.orderId, version: row.version, orderStatus: row.status as OrderStatus });
      }
    }
    return rows.length === BATCH;
  }

  return {
    async subscribe(orderId, send) {
      if (feed.subscribers.size === 0) {
        // Only what happens from now on: the page has just read the order.
        const [row] = await db.select({ max: sql<number | null>`max(${orderEvents.id})` }).from(orderEvents);
        lastId = Math.max(lastId, row?.max ?? 0);
      }
      return feed.add({ orderId, send }, 'at next poll');
    },
    nudge: feed.nudge,
    close: feed.close,
  };
}
