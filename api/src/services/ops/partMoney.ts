// An order's money once its stores have changed lines, and each store part's share of it (decision 016).
//
// The order: calculatePricing (pricing.ts, the checkout's own function) over the lines as they stand
// and the delivery fees of the parts that still deliver something. A part delivers nothing when it is
// cancelled or every one of its lines is UNAVAILABLE; such a part is CANCELLED, its delivery fee leaves
// the order, and the service and processing fees drop with it by the checkout's rules. What the
// shopper paid beyond the recomputed total goes back as a refund. With no part left delivering, the
// total is 0: everything captured is refunded and the order is cancelled (fulfilment.ts).
//
// A part's share (what its staff see): its own lines and delivery fee, and the order's tax, service
// fee and processing fee split in proportion to the amount each is computed on (tax and service fee:
// the part's subtotal; processing fee: the part's subtotal, tax, service fee and delivery fee), in
// whole cents that add up to the order's (pricing.ts splitCents). What it was paid: that share plus the
// refunds its own lines caused, so the parts' paid amounts add up to the capture.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, orderStoreParts, type OrderLineRow, type OrderRow, type OrderStorePartRow } from '../../db/schema.ts';
import { calculatePricing, splitCents, type PricingCents } from '../pricing.ts';

type Line = Pick<OrderLineRow, 'storeUuid' | 'fulfilmentState' | 'lineTotalCents' | 'replacementUnitPriceCents' | 'quantity'>;
type Part = Pick<OrderStorePartRow, 'storeUuid' | 'status' | 'deliveryFeeCents'>;

/** What a line comes to now: its own total, its replacement's, or nothing when unavailable. */
export function effectiveLineCents(line: Omit<Line, 'storeUuid'>): number {
  if (line.fulfilmentState === 'UNAVAILABLE') return 0;
  if (line.fulfilmentState === 'REPLACED' && line.replacementUnitPriceCents !== null) return line.replacementUnitPriceCents * line.quantity;
  return line.lineTotalCents;
}

/** The refund a line's mark caused is keyed by the line: one per line, however often the mark is retried. */
export const lineRefundKey = (lineId: number) => `line-${lineId}`;

/** A part delivers something: not cancelled, and a line of it is not UNAVAILABLE. */
export function delivers(part: Part, lines: readonly Line[]): boolean {
  return part.status !== 'CANCELLED' && lines.some((l) => l.storeUuid === part.storeUuid && l.fulfilmentState !== 'UNAVAILABLE');
}

/** The order's money by the checkout's rules, over the parts that still deliver and their lines as they stand. */
export function orderMoney(
  state: string,
  parts: readonly Part[],
  lines: readonly Line[],
): { money: PricingCents; subtotals: Map<string, number> } {
  const counted = parts.filter((p) => delivers(p, lines));
  const subtotals = new Map(
    counted.map(
      (p) => [p.storeUuid, lines.filter((l) => l.storeUuid === p.storeUuid).reduce((sum, l) => sum + effectiveLineCents(l), 0)] as const,
    ),
  );
  const money = calculatePricing({
    subtotalCents: [...subtotals.values()].reduce((a, b) => a + b, 0),
    deliveryFeeCents: counted.reduce((sum, p) => sum + p.deliveryFeeCents, 0),
    state,
  });
  return { money, subtotals };
}

/** One part's share of `orderMoney` (all zero for a part that delivers nothing). */
export function partShare(storeUuid: string, parts: readonly Part[], { money, subtotals }: ReturnType<typeof orderMoney>): PricingCents {
  const counted = parts.filter((p) => subtotals.has(p.storeUuid));
  const at = counted.findIndex((p) => p.storeUuid === storeUuid);
  if (at < 0) return { subtotal: 0, tax: 0, serviceFee: 0, deliveryFee: 0, processingFee: 0, total: 0 };
  const subs = counted.map((p) => subtotals.get(p.storeUuid)!);
  const tax = splitCents(money.tax, subs);
  const service = splitCents(money.serviceFee, subs);
  const bases = counted.map((p, i) => subs[i]! + tax[i]! + service[i]! + p.deliveryFeeCents);
  const processing = splitCents(money.processingFee, bases);
  return {
    subtotal: subs[at]!,
    tax: tax[at]!,
    serviceFee: service[at]!,
    deliveryFee: counted[at]!.deliveryFeeCents,
    processingFee: processing[at]!,
    total: bases[at]! + processing[at]!,
  };
}

export interface Repriced {
  /** What the shopper paid beyond the order's new total (0 when nothing changed). */
  back: number;
  /** Parts that delivered until now and deliver nothing any more (now CANCELLED). */
  emptied: string[];
  /** No part delivers anything: the order must be cancelled. */
  nothingLeft: boolean;
}

/**
 * After a line changed, in the transaction that holds the order's row lock: parts left with nothing
 * are cancelled and the order's money columns take the recomputed amounts.
 */
export async function repriceOrder(tx: Database, order: OrderRow, by: string): Promise<Repriced> {
  const parts = await tx.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, order.id));
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const now = new Date();
  const emptied = parts.filter((p) => p.status !== 'CANCELLED' && !delivers(p, lines)).map((p) => p.storeUuid);
  if (emptied.length > 0)
    await tx
      .update(orderStoreParts)
      .set({ status: 'CANCELLED', updatedBy: by, updatedAt: now })
      .where(and(eq(orderStoreParts.orderId, order.id), inArray(orderStoreParts.storeUuid, emptied)));
  const live = parts.map((p) => (emptied.includes(p.storeUuid) ? { ...p, status: 'CANCELLED' as const } : p));
  const { money } = orderMoney(order.deliveryState, live, lines);
  const back = Math.max(0, order.totalCents - money.total);
  if (back > 0) {
    await tx
      .update(orders)
      .set({
        subtotalCents: money.subtotal,
        taxCents: money.tax,
        serviceFeeCents: money.serviceFee,
        deliveryFeeCents: money.deliveryFee,
        processingFeeCents: money.processingFee,
        totalCents: money.total,
        originalTotalCents: order.originalTotalCents ?? order.totalCents,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  }
  return { back, emptied, nothingLeft: live.length > 0 && live.every((p) => p.status === 'CANCELLED') };
}
