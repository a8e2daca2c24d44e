// The shopper's mails about what the stores did with a paid order: a store part out for delivery,
// delivered, or cancelled (nothing of it could be supplied), and a line replaced or unavailable with
// what it refunded. They are derived from the order as it stands whenever an order event is recorded
// (storeParts.ts recordOrderEvent: every change the shopper's page follows records one, in the
// transaction that made the change), and stored in the outbox (the notifications table), one row per
// event: UNIQUE (order_id, type, recipient, about) with about = the part or the line. So each mail is
// queued once however often the order changes afterwards, by whichever path moved it (staff, an admin's
// status for the whole order), and the outbox worker (outbox.ts) sends it once.
//
// A cancelled order queues none: its own cancellation mail (outbox.ts) says it all, and the outbox sends
// nothing else about a cancelled order.
import type { BookedWindowJson } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  notifications,
  orders,
  orderStoreParts,
  type NotificationTypeValue,
  type OrderLineRow,
  type OrderRow,
  type OrderStatusValue,
  type ShopperUpdateType,
  SHOPPER_UPDATE_TYPES,
} from '../../db/schema.ts';
import { bookedWindows, windowLabel } from '../delivery/windows.ts';
import { userText, type MailMessage } from '../mail.ts';
import { centsToDollars, dollarsText, dollarsToCents } from '../pricing.ts';
import { lineRefunds } from './orderJson.ts';
import { linesOf, loadOrder, refundsOf } from './orderRows.ts';

/** What a shopper update mail is built from: a snapshot taken when the event was recorded. */
export interface ShopperUpdatePayload {
  type: ShopperUpdateType;
  orderId: string;
  storeUuid: string;
  storeName: string;
  /** The part's booked window (part mails), when it has one. */
  deliveryWindow?: BookedWindowJson;
  /** Line mails: the line as ordered, its replacement, and what its mark refunded (dollars; 0 when nothing). */
  productName?: string;
  quantity?: number;
  replacementName?: string | null;
  refunded?: number;
}

export const isShopperUpdate = (type: NotificationTypeValue): type is ShopperUpdateType =>
  (SHOPPER_UPDATE_TYPES as readonly string[]).includes(type);

/** A part's status that tells the shopper something. Out for delivery is not sent once delivered (a part delivered early skips it). */
const PART_MAILS: Partial<Record<OrderStatusValue, ShopperUpdateType>> = {
  OUT_FOR_DELIVERY: 'part_out_for_delivery',
  DELIVERED: 'part_delivered',
  CANCELLED: 'part_cancelled',
};

const LINE_MAILS: Partial<Record<OrderLineRow['fulfilmentState'], ShopperUpdateType>> = {
  REPLACED: 'line_replaced',
  UNAVAILABLE: 'line_unavailable',
};

/** Queues, in `tx`, every shopper update the order's state calls for that is not queued yet; returns how many were new. */
export async function enqueueShopperUpdates(tx: Database, orderId: string): Promise<number> {
  const order = await loadOrder(tx, eq(orders.id, orderId));
  if (!order || order.paymentStatus !== 'PAID' || order.status === 'CANCELLED') return 0;
  const parts = await tx.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, orderId));
  const lines = await linesOf(tx, orderId);
  const storeName = (storeUuid: string) => lines.find((l) => l.storeUuid === storeUuid)?.storeName ?? 'Store';
  const windows = parts.some((p) => PART_MAILS[p.status]) ? ((await bookedWindows(tx, [orderId])).get(orderId) ?? []) : [];
  const refunded = lines.some((l) => LINE_MAILS[l.fulfilmentState]) ? lineRefunds(orderId, lines, await refundsOf(tx, orderId)) : new Map();

  const rows: { type: ShopperUpdateType; about: string; payload: ShopperUpdatePayload }[] = [];
  // A line first: its mark is what may have emptied (cancelled) its part.
  for (const line of lines) {
    const type = LINE_MAILS[line.fulfilmentState];
    if (!type) continue;
    rows.push({
      type,
      about: `line:${line.id}`,
      payload: {
        type,
        orderId,
        storeUuid: line.storeUuid,
        storeName: line.storeName,
        productName: line.productName,
        quantity: line.quantity,
        replacementName: line.replacementName,
        refunded: centsToDollars(refunded.get(line.id) ?? 0),
      },
    });
  }
  for (const part of parts) {
    const type = PART_MAILS[part.status];
    if (!type) continue;
    const window = windows.find((w) => w.storeUuid === part.storeUuid);
    rows.push({
      type,
      about: `store:${part.storeUuid}`,
      payload: {
        type,
        orderId,
        storeUuid: part.storeUuid,
        storeName: storeName(part.storeUuid),
        ...(window ? { deliveryWindow: window } : {}),
      },
    });
  }
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(notifications)
    .values(
      rows.map((r) => ({
        orderId,
        type: r.type,
        recipient: `customer:${order.userUuid}`,
        about: r.about,
        payload: r.payload as unknown as Record<string, unknown>,
        deliverTo: order.customerEmail,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return inserted.length;
}

/** "$3.20 is being refunded to your PayPal account.", or `none` when nothing was refunded. */
function refundSentence(refunded: number, none: string): string {
  return refunded > 0 ? `${dollarsText(dollarsToCents(refunded))} is being refunded to your PayPal account.` : none;
}

/** The subject and the sentences of one update. */
function updateText(p: ShopperUpdatePayload): { subject: string; lines: string[] } {
  const store = userText(p.storeName, 'Store');
  const item = `${p.quantity ?? 1} × ${userText(p.productName)}`;
  const window = p.deliveryWindow ? ` (your window: ${windowLabel(p.deliveryWindow)})` : '';
  switch (p.type) {
    case 'part_out_for_delivery':
      return { subject: `${store} is on its way`, lines: [`Your items from ${store} are out for delivery${window}.`] };
    case 'part_delivered':
      return { subject: `${store} delivered`, lines: [`Your items from ${store} have been delivered.`] };
    case 'part_cancelled':
      return {
        subject: `nothing from ${store}`,
        lines: [
          `None of your items from ${store} could be supplied, so ${store} will not deliver; its delivery fee is refunded with them.`,
        ],
      };
    case 'line_replaced':
      return {
        subject: `${userText(p.productName)} replaced`,
        lines: [
          `${store} did not have ${item} and replaced it with ${userText(p.replacementName, 'a similar product')}.`,
          refundSentence(p.refunded ?? 0, 'It costs you the same.'),
        ],
      };
    case 'line_unavailable':
      return {
        subject: `${userText(p.productName)} unavailable`,
        lines: [`${store} did not have ${item}.`, refundSentence(p.refunded ?? 0, 'Nothing was charged for it.')],
      };
  }
}

export function shopperUpdateMail(order: OrderRow, payload: ShopperUpdatePayload, shellUrl: string): Omit<MailMessage, 'to'> {
  const { subject, lines } = updateText(payload);
  return {
    subject: `Your Grocer order ${order.orderNumber}: ${subject}`,
    text: [
      `Hi ${userText(order.customerFirstName, 'there')},`,
      '',
      ...lines,
      '',
      `Order details: ${shellUrl.replace(/\/$/, '')}/order-details/${order.id}`,
    ].join('\n'),
  };
}
