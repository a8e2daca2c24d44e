// Notifications after an order (spec §4 Checkout: admin, stores, order created). The browser only
// names the order: every payload is built from the stored order, so a tampered request cannot put
// other items, amounts or addresses in front of a store. UNIQUE (order_id, type, recipient) keeps
// one notification per recipient however often the browser retries.
//
//   order-created → 'order_created' to 'customer:{uuid}', e-mailed to the customer
//   admin         → 'new_order' to 'admin': the dashboard (GET /admin/notifications and its stream)
//   stores        → 'new_order_items' to 'store:{uuid}', one per store in the order, e-mailed to the
//                   store's contact address
//
// Mail goes out once per row: a request claims an undelivered row (claimed_at, a lease), sends, and
// marks it delivered; a failure releases the claim, so the next call sends it. A retry of a call
// that succeeded finds nothing undelivered and mails nothing. (A crash between sending and marking
// leaves the claim to expire: only then, after LEASE, can a mail go out twice.)
import type { NewOrderItemsNotification, NewOrderNotification } from '@grocer/shared/contracts';
import { and, desc, eq, inArray, isNull, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notifications, stores, type NotificationRow, type NotificationTypeValue, type OrderLineRow, type OrderRow } from '../../db/schema.ts';
import { httpError } from '../../lib/errors.ts';
import type { MailMessage, MailService } from '../mail.ts';
import { centsToDollars } from '../pricing.ts';
import type { Caller } from './checkout.ts';
import { orderCancelled, orderNotPaid } from './errors.ts';
import { toAdminNotification, type AdminNotificationJson, type NotificationFeed } from './notificationFeed.ts';
import { customerName, deliveryInfoOf } from './orderJson.ts';
import { decodeCursor, encodeCursor, type OrdersService } from './orders.ts';

/** Spec §8: what the browser shows when a notification call fails. */
export const NOTIFICATION_FAILURES = {
  orderCreated: 'Failed to send notifications',
  admin: 'Failed to send admin notification',
  stores: 'Failed to send store notifications',
} as const;

/** How long a claimed, unconfirmed mail is left to its sender before another request may send it. */
export const DELIVERY_LEASE_MINUTES = 15;
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
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicShellUrl'>;
  mail: Pick<MailService, 'send'>;
  orders: Pick<OrdersService, 'findVisible' | 'lines'>;
  feed: Pick<NotificationFeed, 'nudge'>;
}

/** Units, not lines: "3 items" for three cartons of one milk. */
const itemCount = (lines: OrderLineRow[]) => lines.reduce((sum, l) => sum + l.quantity, 0);
const storeUuids = (lines: OrderLineRow[]) => [...new Set(lines.map((l) => l.storeUuid))];

export function newOrderPayload(order: OrderRow, lines: OrderLineRow[]): NewOrderNotification {
  return {
    type: 'new_order',
    orderId: order.id,
    customerName: customerName(order),
    totalAmount: centsToDollars(order.totalCents),
    itemCount: itemCount(lines),
    storeCount: storeUuids(lines).length,
    timestamp: order.createdAt.toISOString(),
  };
}

export function storePayloads(order: OrderRow, lines: OrderLineRow[]): NewOrderItemsNotification[] {
  return storeUuids(lines).map((storeId) => {
    const own = lines.filter((l) => l.storeUuid === storeId);
    return {
      type: 'new_order_items',
      orderId: order.id,
      storeId,
      storeName: own[0]!.storeName,
      customerName: customerName(order),
      items: own.map((l) => ({ productId: l.productUuid, name: l.productName, quantity: l.quantity, price: centsToDollars(l.unitPriceCents) })),
      deliveryInfo: deliveryInfoOf(order),
      timestamp: order.createdAt.toISOString(),
    };
  });
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function confirmationMail(order: OrderRow, lines: OrderLineRow[], shellUrl: string): Omit<MailMessage, 'to'> {
  const items = lines.map((l) => `  ${l.quantity} × ${l.productName} (${l.storeName}) ${money(l.lineTotalCents)}`).join('\n');
  return {
    subject: `Your Grocer order ${order.orderNumber}`,
    text: [
      `Hi ${order.customerFirstName || 'there'},`,
      '',
      `Thank you for your order ${order.orderNumber}. We have told the stores and will deliver to:`,
      `  ${order.deliveryStreet}${order.deliveryApartment ? `, ${order.deliveryApartment}` : ''}, ${order.deliveryCity}, ${order.deliveryState} ${order.deliveryZip}`,
      '',
      items,
      '',
      `Total paid: ${money(order.totalCents)}`,
      `Tracking number: ${order.trackingNumber}`,
      '',
      `Order details: ${shellUrl.replace(/\/$/, '')}/order-details/${order.id}`,
    ].join('\n'),
  };
}

/** A store's new-order mail: exactly what its stored notification says (items and delivery info). */
export function storeMail(order: Pick<OrderRow, 'orderNumber'>, payload: NewOrderItemsNotification): Omit<MailMessage, 'to'> {
  const units = payload.items.reduce((sum, i) => sum + i.quantity, 0);
  const d = payload.deliveryInfo;
  return {
    subject: `New order ${order.orderNumber} for ${payload.storeName}: ${units} item${units === 1 ? '' : 's'}`,
    text: [
      `New order ${order.orderNumber} for ${payload.storeName}.`,
      '',
      'Items to prepare:',
      ...payload.items.map((i) => `  ${i.quantity} × ${i.name}  $${i.price.toFixed(2)} each`),
      '',
      'Deliver to:',
      `  ${payload.customerName}`,
      `  ${d.address}${d.apartment ? `, ${d.apartment}` : ''}`,
      `  ${d.city}, ${d.state} ${d.zipCode}`,
      `  Phone: ${d.phone}`,
      ...(d.deliveryInstructions ? [`  Instructions: ${d.deliveryInstructions}`] : []),
      '',
      `Order id: ${payload.orderId}`,
      `Placed: ${payload.timestamp}`,
    ].join('\n'),
  };
}

interface Entry {
  recipient: string;
  payload: object;
  /** E-mail address, or null for the dashboard (delivered when stored). */
  deliverTo: string | null;
}

export function createNotificationsService({ db, log, config, mail, orders, feed }: NotificationsDeps): NotificationsService {
  /** The caller's paid order (or any, for an admin) and its lines; nobody is told about an unpaid or cancelled one. */
  async function paidOrder(caller: Caller, orderId: string) {
    const order = await orders.findVisible(caller, orderId, true);
    if (order.paymentStatus !== 'PAID') throw orderNotPaid();
    // A store must not start preparing an order an admin has cancelled since.
    if (order.status === 'CANCELLED') throw orderCancelled();
    return { order, lines: await orders.lines(order.id) };
  }

  /** Inserts what is missing (never check-then-insert: the unique constraint decides). */
  async function store(orderId: string, type: NotificationTypeValue, entries: Entry[]): Promise<void> {
    if (entries.length === 0) return;
    const inserted = await db
      .insert(notifications)
      .values(
        entries.map((e) => ({
          orderId,
          type,
          recipient: e.recipient,
          payload: e.payload as Record<string, unknown>,
          deliverTo: e.deliverTo,
          deliveredAt: e.deliverTo === null ? sql`now()` : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (inserted.length > 0) feed.nudge();
  }

  /** Claims the row for sending; false when it is delivered or another request holds a fresh claim. */
  async function claim(id: number): Promise<boolean> {
    const stale = sql`now() - make_interval(mins => ${DELIVERY_LEASE_MINUTES})`;
    const [row] = await db
      .update(notifications)
      .set({ claimedAt: sql`now()`, attempts: sql`${notifications.attempts} + 1` })
      .where(and(eq(notifications.id, id), isNull(notifications.deliveredAt), or(isNull(notifications.claimedAt), lt(notifications.claimedAt, stale))))
      .returning({ id: notifications.id });
    return row !== undefined;
  }

  /** Mails each undelivered row of the order and type once; returns how many could not be sent now. */
  async function deliver(orderId: string, type: NotificationTypeValue, build: (row: NotificationRow) => Omit<MailMessage, 'to'>): Promise<number> {
    const pending = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.type, type), isNull(notifications.deliveredAt), isNotNull(notifications.deliverTo)));
    let failed = 0;
    for (const row of pending) {
      if (!(await claim(row.id))) continue;
      try {
        await mail.send({ to: row.deliverTo!, ...build(row) });
      } catch (err) {
        failed += 1;
        log.warn({ err, notificationId: row.id, orderId, type }, 'notification mail failed; the next call retries it');
        const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
        await db.update(notifications).set({ claimedAt: null, lastError: reason }).where(eq(notifications.id, row.id));
        continue;
      }
      await db.update(notifications).set({ deliveredAt: sql`now()`, claimedAt: null, lastError: null }).where(eq(notifications.id, row.id));
    }
    return failed;
  }

  const deliveryFailed = (message: string) => httpError(502, 'NOTIFICATION_DELIVERY_FAILED', message);

  return {
    async orderCreated(caller, orderId) {
      const { order, lines } = await paidOrder(caller, orderId);
      const payload = {
        type: 'order_created',
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerName: customerName(order),
        email: order.customerEmail,
        totalAmount: centsToDollars(order.totalCents),
        itemCount: itemCount(lines),
        storeCount: storeUuids(lines).length,
        storeIds: storeUuids(lines),
        timestamp: order.createdAt.toISOString(),
      };
      await store(order.id, 'order_created', [{ recipient: `customer:${order.userUuid}`, payload, deliverTo: order.customerEmail }]);
      if ((await deliver(order.id, 'order_created', () => confirmationMail(order, lines, config.publicShellUrl))) > 0) {
        throw deliveryFailed(NOTIFICATION_FAILURES.orderCreated);
      }
      return { success: true, message: `Order confirmation sent to ${order.customerEmail}` };
    },

    async admin(caller, orderId) {
      const { order, lines } = await paidOrder(caller, orderId);
      await store(order.id, 'new_order', [{ recipient: 'admin', payload: newOrderPayload(order, lines), deliverTo: null }]);
      return { success: true, message: 'Admin dashboard notified' };
    },

    async stores(caller, orderId) {
      const { order, lines } = await paidOrder(caller, orderId);
      const payloads = storePayloads(order, lines);
      const contacts = await db
        .select({ uuid: stores.uuid, contactEmail: stores.contactEmail })
        .from(stores)
        .where(inArray(stores.uuid, payloads.map((p) => p.storeId)));
      const emailOf = new Map(contacts.map((c) => [c.uuid, c.contactEmail]));
      await store(
        order.id,
        'new_order_items',
        payloads.map((p) => ({ recipient: `store:${p.storeId}`, payload: p, deliverTo: emailOf.get(p.storeId) ?? null })),
      );
      const failed = await deliver(order.id, 'new_order_items', (row) => storeMail(order, row.payload as unknown as NewOrderItemsNotification));
      if (failed > 0) throw deliveryFailed(NOTIFICATION_FAILURES.stores);
      return { success: true, message: `${payloads.length} store${payloads.length === 1 ? '' : 's'} notified` };
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
