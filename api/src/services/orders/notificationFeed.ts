// The admins' live feed of stored notifications (GET /admin/notifications/stream): every row of the
// notifications table, in id order, to every subscriber.
//
// The table is the source, not an in-process event: with several API replicas the row may be stored
// by another process. One poller per process reads `id > the slowest subscriber's last id` while
// anyone listens (every FEED_POLL_MS, at once when this process stores one: nudge()), so a subscriber
// misses nothing and can resume from an id (SSE Last-Event-ID) after a reconnect.
import { asc, gt, sql } from 'drizzle-orm';
import { createLiveFeed, type FeedDeps } from '../../lib/liveFeed.ts';
import { notifications, type NotificationRow, type NotificationTypeValue } from '../../db/schema.ts';

const BATCH = 100;

/** A stored notification as admins read it (GET /admin/notifications and the stream's `data`). */
export interface AdminNotificationJson {
  id: number;
  type: NotificationTypeValue;
  orderId: string;
  /** 'admin', 'store:{uuid}' or 'customer:{uuid}'. */
  recipient: string;
  /** The e-mail address it is mailed to; null for the dashboard. */
  deliverTo: string | null;
  /** When it was mailed (or stored, for the dashboard); null while not delivered yet. */
  deliveredAt: string | null;
  attempts: number;
  createdAt: string;
  /** The spec's payload (new_order, new_order_items) or the confirmation's summary (order_created). */
  payload: Record<string, unknown>;
}

export function toAdminNotification(row: NotificationRow): AdminNotificationJson {
  return {
    id: row.id,
    type: row.type,
    orderId: row.orderId,
    recipient: row.recipient,
    deliverTo: row.deliverTo,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
  };
}

export interface NotificationFeed {
  /**
   * Calls `send` with every notification stored after id `afterId` (null: from now on), in id order,
   * until the returned function is called.
   */
  subscribe(afterId: number | null, send: (notification: AdminNotificationJson) => void): Promise<() => void>;
  /** This process just stored one: read now rather than at the next poll. */
  nudge(): void;
  /** Stops polling and drops every subscriber (app close). */
  close(): void;
}

interface Subscriber {
  lastId: number;
  send: (notification: AdminNotificationJson) => void;
}

export function createNotificationFeed({ db, log, pollMs }: FeedDeps): NotificationFeed {
  const feed = createLiveFeed<AdminNotificationJson, Subscriber>({ read: readOnce, name: 'notification feed', log, pollMs });

  // Each subscriber has its own cursor; one read from the slowest serves them all.
  async function readOnce(): Promise<boolean> {
    const from = Math.min(...[...feed.subscribers].map((s) => s.lastId));
    const rows = await db.select().from(notifications).where(gt(notifications.id, from)).orderBy(asc(notifications.id)).limit(BATCH);
    for (const row of rows) {
      const json = toAdminNotification(row);
      for (const subscriber of feed.subscribers) {
        if (row.id <= subscriber.lastId) continue;
        subscriber.lastId = row.id;
        feed.deliver(subscriber, json);
      }
    }
    // A full batch means more are waiting (a subscriber resuming from an old id).
    return rows.length === BATCH;
  }

  return {
    async subscribe(afterId, send) {
      let lastId = afterId;
      if (lastId === null) {
        const [row] = await db.select({ max: sql<number | null>`max(${notifications.id})` }).from(notifications);
        lastId = row?.max ?? 0;
      }
      return feed.add({ lastId, send }, afterId === null ? 'at next poll' : 'now');
    },
    nudge: feed.nudge,
    close: feed.close,
  };
}
