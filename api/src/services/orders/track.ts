// An order's status changes (POST /orders/tracking), by the transition table in status.ts. Cancelling a
// paid order (an admin) gives the stock back and refunds its capture the way settle.ts does.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orders, orderStoreParts, orderTracking, type OrderRow, type OrderStatusValue } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { Caller } from '../caller.ts';
import { bookedWindows, type DeliveryWindowsService } from '../delivery/windows.ts';
import { centsToDollars, dollarsText } from '../pricing.ts';
import { invalidTransition, ORDER_MESSAGES, orderNotPaid } from './errors.ts';
import { loadOrder, releaseStock } from './orderRows.ts';
import type { OrdersDeps } from './orders.ts';
import { enqueueCancellationMail } from './outbox.ts';
import type { RefundsService } from './refunds.ts';
import { findVisible } from './read.ts';
import { canTransition, parseTrackedStatus, statusWords } from './status.ts';
import { checkPartStep } from './partSteps.ts';
import { moveStorePartsWithOrder, recordOrderEvent, statusRank } from './storeParts.ts';

/** Spec §9: the estimated delivery is 45 minutes from the order unless the route takes longer. */
export const ESTIMATED_DELIVERY_MINUTES = 45;

export interface TrackingInput {
  orderId: string;
  status: string;
  timestamp?: string | null;
  notes?: string | null;
  /** Confirms a delivery before the booked window opens (partSteps.ts); without it that is 409 DELIVER_EARLY_REQUIRED. */
  deliverEarly?: boolean;
}

export interface TrackingJson {
  success: true;
  message: string;
  orderId: string;
  orderStatus: OrderStatusValue;
  trackingNumber: string;
  estimatedDelivery: string;
  /** Dollars; only on a cancelled order whose payment is being or has been refunded. */
  refundDue?: number;
}

/** The refund a cancelled order carries, due or already sent; null for any other order. */
function cancellationRefundCents(order: OrderRow): number | null {
  return order.status === 'CANCELLED' && order.refundStatus !== null ? order.refundDueCents : null;
}

function trackingMessage(order: OrderRow): string {
  if (order.status === 'CONFIRMED') return 'Order confirmed';
  const refundCents = cancellationRefundCents(order);
  if (refundCents !== null) {
    const amount = dollarsText(refundCents);
    // A repeated cancel (or one of several racing) may read the order after PayPal has refunded it.
    return order.refundStatus === 'REFUNDED' ? `Order cancelled; ${amount} refunded` : `Order cancelled; a refund of ${amount} is due`;
  }
  return `Order is now ${statusWords(order.status)}`;
}

/**
 * What cancelling a paid order does once the caller's transaction has set its row CANCELLED: the stock
 * back, its windows released, what is left of the capture refunded and the shopper's mail queued.
 * The refund is to be sent after the commit (refunds.send).
 */
export async function cancelPaidOrder(
  tx: Database,
  { refunds, windows }: { refunds: Pick<RefundsService, 'request'>; windows: () => Pick<DeliveryWindowsService, 'releaseOrder'> },
  row: OrderRow,
  /** Who cancelled (the stock audit's changed_by). */
  by: string,
): Promise<{ restocked: boolean; refundId: number | null }> {
  // Windows before stock: the lock order of placing an order (window counts, then products), so a
  // cancellation and a checkout sharing both never deadlock.
  await windows().releaseOrder(tx, row.id);
  const restocked = await releaseStock(tx, row.id, by);
  const refundId = await refunds.request(tx, {
    orderId: row.id,
    amountCents: 'remaining',
    reason: `Grocer order ${row.orderNumber} was cancelled`,
    key: 'cancelled',
  });
  // The shopper hears of it from the outbox, with the refund.
  await enqueueCancellationMail(tx, row);
  return { restocked, refundId };
}

export function createTracking(
  deps: Pick<OrdersDeps, 'db' | 'log' | 'refunds' | 'outbox' | 'catalogue' | 'windows' | 'clock'>,
  sendRefund: (refundId: number | null) => Promise<void>,
) {
  const { db, log, refunds, outbox, catalogue, windows, clock } = deps;

  /**
   * Moves the order to `to` if the transition table allows it from its current status, with a
   * compare-and-set on that status so two concurrent changes cannot both apply. Repeating the status
   * the order already has changes nothing (a retry); so does the owner's confirm of an order that
   * has moved on since (the checkout's retried last step). Cancelling gives the stock back and
   * records the refund that is due.
   */
  async function transition(caller: Caller, order: OrderRow, to: OrderStatusValue, input: TrackingInput): Promise<OrderRow> {
    let current = order;
    // A lost compare-and-set re-reads and judges again; the status only moves forward, so this ends.
    for (;;) {
      if (current.status === to) return current;
      const ownersRetriedConfirm =
        to === 'CONFIRMED' && current.userUuid === caller.uuid && current.confirmedAt !== null && current.status !== 'CANCELLED';
      if (ownersRetriedConfirm) return current;
      if (current.paymentStatus !== 'PAID') throw orderNotPaid();
      if (!canTransition(current.status, to)) throw invalidTransition(current.status, to);

      const from = current.status;
      let restocked = false;
      let refundId: number | null = null;
      const updated = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const now = clock().now();
        // The parts this moves (those behind `to`) meet the same Ready and Deliver-early rules as on the board.
        if (to !== 'CANCELLED') {
          const parts = await tx.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, current.id));
          const behind = parts.filter((p) => statusRank(p.status) < statusRank(to)).map((p) => p.storeUuid);
          await checkPartStep(tx, {
            orderId: current.id,
            storeUuids: behind,
            to,
            by: caller.uuid,
            now,
            deliverEarly: input.deliverEarly === true,
          });
        }
        const [row] = await tx
          .update(orders)
          .set({
            status: to,
            updatedAt: now,
            ...(to === 'CONFIRMED' ? { confirmedAt: now } : {}),
            ...(to === 'CANCELLED'
              ? { cancelledAt: now, refundStatus: 'DUE' as const, refundDueCents: current.totalCents, cancelReason: input.notes ?? null }
              : {}),
            version: sql`${orders.version} + 1`,
          })
          .where(and(eq(orders.id, current.id), eq(orders.status, from), eq(orders.paymentStatus, 'PAID')))
          .returning();
        if (!row) return undefined;
        if (to === 'CANCELLED') ({ restocked, refundId } = await cancelPaidOrder(tx, { refunds, windows }, row, caller.uuid));
        // The stores' parts follow a status set for the whole order (an admin's tracking call).
        await moveStorePartsWithOrder(tx, row.id, to, caller.uuid);
        await recordOrderEvent(tx, row);
        await tx
          .insert(orderTracking)
          .values({
            orderId: row.id,
            status: to,
            notes: input.notes ?? null,
            recordedBy: caller.uuid,
            clientTimestamp: input.timestamp ?? null,
          })
          .onConflictDoNothing();
        return row;
      });
      if (updated) {
        outbox.nudge();
        if (restocked) catalogue.invalidate();
        if (to === 'CANCELLED')
          log.info({ orderId: updated.id, refundDueCents: updated.refundDueCents, by: caller.uuid }, 'paid order cancelled; refunding');
        await sendRefund(refundId);
        return updated;
      }
      current = (await loadOrder(db, eq(orders.id, order.id)))!;
    }
  }

  async function track(caller: Caller, input: TrackingInput): Promise<TrackingJson> {
    const order = await findVisible(db, caller, input.orderId, true);
    const to = parseTrackedStatus(input.status);
    if (!to) throw httpError(400, 'VALIDATION_ERROR', ORDER_MESSAGES.unknownStatus, 'status');
    // Customers confirm their own new order (the checkout's last step); everything else is for admins.
    if (caller.role !== 'ADMIN' && to !== 'CONFIRMED') throw httpError(403, 'FORBIDDEN', ORDER_MESSAGES.onlyConfirm, 'status');
    const row = await transition(caller, order, to, input);
    const from = row.confirmedAt ?? row.createdAt;
    const minutes = Math.max(ESTIMATED_DELIVERY_MINUTES, row.deliveryMinutes);
    // The promise is the booked windows: the order is all delivered by the end of the latest one.
    const windows = (await bookedWindows(db, [row.id])).get(row.id) ?? [];
    const windowEnd = windows.reduce<string | null>((latest, w) => (latest === null || w.endsAt > latest ? w.endsAt : latest), null);
    const refundCents = cancellationRefundCents(row);
    return {
      success: true,
      message: trackingMessage(row),
      orderId: row.id,
      orderStatus: row.status,
      trackingNumber: row.trackingNumber,
      estimatedDelivery: windowEnd ?? new Date(from.getTime() + minutes * 60_000).toISOString(),
      ...(refundCents !== null ? { refundDue: centsToDollars(refundCents) } : {}),
    };
  }

  return track;
}
