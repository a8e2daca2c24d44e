// The reconciler (decision 009): settles every order whose payment was never recorded. Only a request
// settles an order (settle.ts); a process killed between PayPal's capture and the recording
// transaction, or a shopper who closed the tab while PayPal did not answer, leaves it PENDING with its
// stock and delivery windows held and, maybe, the payer's money captured. Every API process runs this:
// at start and every RECONCILE_INTERVAL_SECONDS, it claims orders still PENDING RECONCILE_AFTER_SECONDS
// after creation and settles each from PayPal's record of it (orders.reconcile, which captures nothing):
// captured for our total → paid, with its mails; captured otherwise → cancelled and refunded; never
// captured → cancelled, stock and windows released.
//
// With several replicas, a pass claims with FOR UPDATE SKIP LOCKED and a lease (reconcile_claimed_at),
// as the outbox does: no two processes ask PayPal about one order at once, and a process killed
// mid-pass leaves its claims to expire after RECONCILE_LEASE_SECONDS. Recording stays safe anyway: it
// only changes an order still PENDING.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema.ts';
import { createWorker } from '../../lib/poller.ts';
import type { OrdersService } from './orders.ts';

/** Longer than one order's settlement can take (two PayPal calls of at most 15 s, and the recording). */
export const RECONCILE_LEASE_SECONDS = 120;
const BATCH = 20;

export interface Reconciler {
  /** One pass: claims and settles up to a batch of stale PENDING orders. True when the batch was full (more may wait). */
  runOnce(): Promise<boolean>;
  start(): void;
  /** Stops polling and waits for the pass in progress (app close). */
  stop(): Promise<void>;
}

export interface ReconcilerDeps {
  db: Database;
  log: FastifyBaseLogger;
  config: Pick<Config, 'reconcileAfterSeconds' | 'reconcileIntervalSeconds'>;
  orders: Pick<OrdersService, 'reconcile'>;
}

/** What an operator reads in the log line: paid, refunded (captured but not usable) or cancelled (never captured). */
function outcomeOf(row: OrderRow): 'paid' | 'refunded' | 'cancelled' | 'pending' {
  if (row.paymentStatus === 'PAID' && row.status !== 'CANCELLED') return 'paid';
  if (row.refundStatus !== null) return 'refunded';
  return row.status === 'CANCELLED' ? 'cancelled' : 'pending';
}

export function createReconciler({ db, log, config, orders: ordersService }: ReconcilerDeps): Reconciler {
  const stale = sql`now() - make_interval(secs => ${RECONCILE_LEASE_SECONDS})`;
  const old = sql`now() - make_interval(secs => ${config.reconcileAfterSeconds})`;

  async function claim(): Promise<OrderRow[]> {
    const claimable = db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, 'PENDING'),
          lt(orders.createdAt, old),
          or(isNull(orders.reconcileClaimedAt), lt(orders.reconcileClaimedAt, stale)),
        ),
      )
      .orderBy(orders.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(orders)
      .set({ reconcileClaimedAt: sql`now()` })
      .where(inArray(orders.id, claimable))
      .returning();
  }

  async function settleOne(order: OrderRow): Promise<void> {
    const ageSeconds = Math.round((Date.now() - order.createdAt.getTime()) / 1000);
    const context = { orderId: order.id, orderNumber: order.orderNumber, paypalOrderId: order.paypalOrderId, ageSeconds };
    try {
      const settled = await ordersService.reconcile(order);
      log.warn(
        {
          ...context,
          outcome: outcomeOf(settled),
          paymentStatus: settled.paymentStatus,
          paypalCaptureStatus: settled.paypalCaptureStatus,
          refundDueCents: settled.refundDueCents,
        },
        'reconciler settled an order left pending',
      );
    } catch (err) {
      log.warn({ ...context, err }, 'reconciler could not settle an order left pending; it stays pending and is retried next pass');
      // Retried at the next pass rather than after the lease.
      await db.update(orders).set({ reconcileClaimedAt: null }).where(eq(orders.id, order.id));
    }
  }

  async function runOnce(): Promise<boolean> {
    const claimed = await claim();
    for (const order of claimed) await settleOne(order);
    return claimed.length === BATCH;
  }

  const worker = createWorker({
    pass: runOnce,
    pollMs: config.reconcileIntervalSeconds * 1000,
    log,
    failure: 'reconciler pass failed; retrying at the next poll',
  });
  return { runOnce, start: worker.start, stop: worker.stop };
}
