// The store-side rules of a status step, beyond the transition table (status.ts): a part is Ready
// only when every line of it is resolved (found, replaced or unavailable), and Delivered before its
// booked window opens only with an explicit "Deliver early", which is recorded (who, when). Both the
// board (services/ops/board.ts) and a status set for the whole order (an admin's POST /orders/tracking,
// track.ts) run their steps through here, inside their transaction, so neither path can skip a rule.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryHolds, orderLines, orderStoreParts, stores, type OrderStatusValue } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { statusRank } from './storeParts.ts';

export const PART_STEP_MESSAGES = {
  linesUnresolved: (count: number) =>
    `${count} ${count === 1 ? 'line is' : 'lines are'} not picked yet: mark each line found, replaced or unavailable before Ready.`,
  deliverEarly: 'The delivery window has not opened yet. Confirm "Deliver early" to mark it delivered now.',
} as const;

export interface PartStep {
  orderId: string;
  /** The parts that move to `to`. */
  storeUuids: readonly string[];
  to: OrderStatusValue;
  /** Who asks, recorded with an early delivery. */
  by: string;
  now: Date;
  /** The caller confirmed "Deliver early" (a delivery before the booked window opens). */
  deliverEarly: boolean;
}

/** 409 LINES_UNRESOLVED / DELIVER_EARLY_REQUIRED when a rule refuses the step; records an early delivery otherwise. */
export async function checkPartStep(tx: Database, step: PartStep): Promise<void> {
  const { orderId, storeUuids, to } = step;
  if (storeUuids.length === 0 || to === 'CANCELLED') return;
  if (statusRank(to) >= statusRank('READY_FOR_PICKUP')) {
    const parts = await tx
      .select({ status: orderStoreParts.status, storeUuid: orderStoreParts.storeUuid })
      .from(orderStoreParts)
      .where(and(eq(orderStoreParts.orderId, orderId), inArray(orderStoreParts.storeUuid, [...storeUuids])));
    // Only parts not yet past Ready are judged: a part already Ready passed this rule.
    const notReady = parts.filter((p) => statusRank(p.status) < statusRank('READY_FOR_PICKUP')).map((p) => p.storeUuid);
    if (notReady.length > 0) {
      const [pending] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.storeUuid, notReady), eq(orderLines.fulfilmentState, 'PENDING')));
      const count = Number(pending?.count ?? 0);
      if (count > 0) throw httpError(409, 'LINES_UNRESOLVED', PART_STEP_MESSAGES.linesUnresolved(count));
    }
  }
  if (to !== 'DELIVERED') return;
  const early = await tx
    .select({ storeUuid: stores.uuid })
    .from(deliveryHolds)
    .innerJoin(stores, eq(stores.id, deliveryHolds.storeId))
    .where(
      and(
        eq(deliveryHolds.orderId, orderId),
        eq(deliveryHolds.status, 'BOOKED'),
        inArray(stores.uuid, [...storeUuids]),
        sql`${deliveryHolds.startsAt} > ${step.now.toISOString()}`,
      ),
    );
  if (early.length === 0) return;
  if (!step.deliverEarly) throw httpError(409, 'DELIVER_EARLY_REQUIRED', PART_STEP_MESSAGES.deliverEarly);
  await tx
    .update(orderStoreParts)
    .set({ deliveredEarlyAt: step.now, deliveredEarlyBy: step.by })
    .where(
      and(
        eq(orderStoreParts.orderId, orderId),
        inArray(
          orderStoreParts.storeUuid,
          early.map((e) => e.storeUuid),
        ),
      ),
    );
}
