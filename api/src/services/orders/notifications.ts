// Notifications after an order (spec §4 Checkout: admin, stores, order created). The payment's own
// transaction queues them all (outbox.ts) and the outbox worker delivers them, so the browser's three
// calls are confirmations: each makes sure its rows exist (an order paid before the outbox had none),
// mails what is still undelivered at once, and answers as the spec says. Every payload is built from
// the stored order, so a tampered request cannot put other items, amounts or addresses in front of a
// store. UNIQUE (order_id, type, recipient) keeps one notification per recipient, and the outbox's
// claims mail each row once however often the browser retries and whichever process sends it.
//
//   order-created → 'order_created' to 'customer:{uuid}', e-mailed to the customer
//   admin         → 'new_order' to 'admin': the dashboard (GET /admin/notifications and its stream)
//   stores        → 'new_order_items' to 'store:{uuid}', one per store in the order, e-mailed to the
//                   store's contact address
import { and, desc, eq, lt } from 'drizzle-orm';
import type { NotificationTypeValue, OrderRow } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { Caller } from '../caller.ts';
import { orderCancelled, orderNotPaid } from './errors.ts';
import { toAdminNotification, type AdminNotificationJson, type NotificationFeed } from './notificationFeed.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { OrdersService } from './orders.ts';
import { enqueueOrderNotifications, storeUuids, type Outbox } from './outbox.ts';

/** Spec §8: what the browser shows when a notification call fails. */
export const NOTIFICATION_FAILURES = {
  orderCreated: 'Failed to send notifications',
  admin: 'Failed to send admin notification',
  stores: 'Failed to send store notifications',
} as const;

export const ADMIN_LIST_DEFAULT_LIMIT = 20;
export const ADMIN_LIST_MAX_LIMIT = 100;
const ADMIN_CURSOR_PREFIX = 'n1:';

export interface NotificationResult {
  success: true;
  message: string;
}

export interface AdminNotificationPage {
  notifications: AdminNotificationJson[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

export interface NotificationsService {
  orderCreated(caller: Caller, orderId: string): Promise<NotificationResult>;
  admin(caller: Caller, orderId: string): Promise<NotificationResult>;
  stores(caller: Caller, orderId: string): Promise<NotificationResult>;
  /** Every stored notification, newest first (admins; the route checks the role). */
  list(query: { limit: number; cursor?: string; type?: NotificationTypeValue }): Promise<AdminNotificationPage>;
}

export interface NotificationsDeps {
  db: Database;
  orders: Pick<OrdersService, 'findVisible' | 'lines'>;
  outbox: Pick<Outbox, 'deliverOrder'>;
  feed: Pick<NotificationFeed, 'nudge'>;
}

export function createNotificationsService({ db, orders, outbox, feed }: NotificationsDeps): NotificationsService {
  /** The caller's paid order (or any, for an admin), its notifications queued; nobody is told about an unpaid or cancelled one. */
  async function paidOrder(caller: Caller, orderId: string): Promise<OrderRow> {
    const order = await orders.findVisible(caller, orderId, true);
    if (order.paymentStatus !== 'PAID') throw orderNotPaid();
    // A store must not start preparing an order an admin has cancelled since.
    if (order.status === 'CANCELLED') throw orderCancelled();
    if ((await enqueueOrderNotifications(db, order)) > 0) feed.nudge();
    return order;
  }

  const deliveryFailed = (message: string) => httpError(502, 'NOTIFICATION_DELIVERY_FAILED', message);

  return {
    async orderCreated(caller, orderId) {
      const order = await paidOrder(caller, orderId);
      if ((await outbox.deliverOrder(order.id, 'order_created')) > 0) throw deliveryFailed(NOTIFICATION_FAILURES.orderCreated);
      return { success: true, message: `Order confirmation sent to ${order.customerEmail}` };
    },

    async admin(caller, orderId) {
      await paidOrder(caller, orderId);
      return { success: true, message: 'Admin dashboard notified' };
    },

    async stores(caller, orderId) {
      const order = await paidOrder(caller, orderId);
      const count = storeUuids(await orders.lines(order.id)).length;
      if ((await outbox.deliverOrder(order.id, 'new_order_items')) > 0) throw deliveryFailed(NOTIFICATION_FAILURES.stores);
      return { success: true, message: `${count} store${count === 1 ? '' : 's'} notified` };
    },

    async list({ limit, cursor, type }) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, ADMIN_CURSOR_PREFIX);
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select()
        .from(notifications)
        .where(and(type ? eq(notifications.type, type) : undefined, before === undefined ? undefined : lt(notifications.id, before)))
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        notifications: page.map(toAdminNotification),
        nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id, ADMIN_CURSOR_PREFIX) : null,
      };
    },
  };
}
