// Notifications after an order (spec §4 Checkout: admin, stores, order created). The browser only
// names the order: every payload is built from the stored order, so a tampered request cannot put
// other items, amounts or addresses in front of a store. UNIQUE (order_id, type, recipient) keeps
// one notification per recipient however often the browser retries.
//
//   order-created → 'order_created' to 'customer:{uuid}', and the confirmation e-mail (once)
//   admin         → 'new_order' to 'admin' (the dashboard reads the table)
//   stores        → 'new_order_items' to 'store:{uuid}', one per store in the order
import type { NewOrderItemsNotification, NewOrderNotification } from '@grocer/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notifications, type OrderLineRow, type OrderRow } from '../../db/schema.ts';
import type { MailService } from '../mail.ts';
import { centsToDollars } from '../pricing.ts';
import type { Caller } from './checkout.ts';
import { orderNotPaid } from './errors.ts';
import { customerName, deliveryInfoOf } from './orderJson.ts';
import type { OrdersService } from './orders.ts';

export interface NotificationResult {
  success: true;
  message: string;
}

export interface NotificationsService {
  orderCreated(caller: Caller, orderId: string): Promise<NotificationResult>;
  admin(caller: Caller, orderId: string): Promise<NotificationResult>;
  stores(caller: Caller, orderId: string): Promise<NotificationResult>;
}

export interface NotificationsDeps {
  db: Database;
  config: Pick<Config, 'publicShellUrl'>;
  mail: Pick<MailService, 'send'>;
  orders: Pick<OrdersService, 'findVisible' | 'lines'>;
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

function confirmationMail(order: OrderRow, lines: OrderLineRow[], shellUrl: string) {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const items = lines.map((l) => `  ${l.quantity} × ${l.productName} (${l.storeName}) ${money(l.lineTotalCents)}`).join('\n');
  return {
    to: order.customerEmail,
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

export function createNotificationsService({ db, config, mail, orders }: NotificationsDeps): NotificationsService {
  /** The caller's paid order (or any, for an admin) and its lines; nobody is told about an unpaid order. */
  async function paidOrder(caller: Caller, orderId: string) {
    const order = await orders.findVisible(caller, orderId, true);
    if (order.paymentStatus !== 'PAID') throw orderNotPaid();
    return { order, lines: await orders.lines(order.id) };
  }

  /** Inserts what is missing; returns how many were new. */
  async function store(orderId: string, type: string, entries: { recipient: string; payload: object }[]): Promise<number> {
    const inserted = await db
      .insert(notifications)
      .values(entries.map((e) => ({ orderId, type, recipient: e.recipient, payload: e.payload as Record<string, unknown> })))
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    return inserted.length;
  }

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
      const recipient = `customer:${order.userUuid}`;
      // Whoever inserts the row sends the mail, so a retry never mails twice.
      if ((await store(order.id, 'order_created', [{ recipient, payload }])) > 0) {
        try {
          await mail.send(confirmationMail(order, lines, config.publicShellUrl));
        } catch (err) {
          // Not sent: forget the row so a retry sends it.
          await db
            .delete(notifications)
            .where(and(eq(notifications.orderId, order.id), eq(notifications.type, 'order_created'), eq(notifications.recipient, recipient)));
          throw err;
        }
      }
      return { success: true, message: `Order confirmation sent to ${order.customerEmail}` };
    },

    async admin(caller, orderId) {
      const { order, lines } = await paidOrder(caller, orderId);
      await store(order.id, 'new_order', [{ recipient: 'admin', payload: newOrderPayload(order, lines) }]);
      return { success: true, message: 'Admin dashboard notified' };
    },

    async stores(caller, orderId) {
      const { order, lines } = await paidOrder(caller, orderId);
      const payloads = storePayloads(order, lines);
      await store(
        order.id,
        'new_order_items',
        payloads.map((p) => ({ recipient: `store:${p.storeId}`, payload: p })),
      );
      return { success: true, message: `${payloads.length} store${payloads.length === 1 ? '' : 's'} notified` };
    },
  };
}
