// Settling an order's payment (step 2 of placing, and POST /orders/paypal/complete): capture the PayPal
// order (PayPal-Request-Id capture-{id}, so a repeat gets PayPal's first answer) and record the result with
// `where payment_status = 'PENDING'`, so exactly one request records it. Paid only if the capture is
// COMPLETED for exactly our total in USD. A paid order is confirmed by that same statement: its
// 'confirmed' tracking entry and every notification (outbox.ts) are written with the payment, so the
// stores and the dashboard hear of it without the shopper's tab. Any other answer cancels the order and
// gives the stock back in the recording transaction, and money PayPal captured anyway is refunded
// (refunds.ts). When PayPal does not answer, the order stays PENDING; a retry settles it later, or the
// reconciler (reconcile.ts) does from PayPal's record of the order without capturing anything.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import { orders, orderStoreParts, orderTracking, type OrderRow, type PaymentStatusValue } from '../../db/schema.ts';
import type { Caller } from '../caller.ts';
import { PaypalError, type PaypalOrderState } from '../paypal/types.ts';
import { amountMismatch, paymentFailed, paymentPending } from './errors.ts';
import { loadOrder, orderFields, releaseStock } from './orderRows.ts';
import type { OrdersDeps } from './orders.ts';
import { buildOrderNotices, insertNoticeRows, noticeRows, orderNotices, type NoticeFacts } from './outbox.ts';
import { findVisible } from './read.ts';
import { createStoreParts } from './storeParts.ts';

export interface PaymentCompletedJson {
  success: true;
  message: string;
  orderId: string;
  /** The PayPal capture id: the confirmation page's transaction id. */
  transactionId: string | null;
}

type Settlement = Pick<
  OrderRow,
  'paymentStatus' | 'paypalCaptureId' | 'paypalCaptureStatus' | 'paypalCapturedCents' | 'paypalCapturedCurrency'
>;

const SETTLEMENT_COLUMNS = [
  'paymentStatus',
  'paypalCaptureId',
  'paypalCaptureStatus',
  'paypalCapturedCents',
  'paypalCapturedCurrency',
] as const satisfies readonly (keyof Settlement)[];

/**
 * Recording a PAID settlement, as one statement prepared once per database handle (building it was about
 * 1 ms of the API's CPU per order): the order confirmed, its notifications queued, its 'confirmed' tracking
 * entry and every store part confirmed, all or none, or nothing when the order is no longer PENDING.
 * Placeholders: the settlement's columns, `orderId`, `now` and `notices` (outbox.ts noticeRows).
 */
const confirmingStatement = perDatabase((db: Database) => {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const settlement = Object.fromEntries(SETTLEMENT_COLUMNS.map((column) => [column, sql`${sql.placeholder(column)}`])) as Record<
    keyof Settlement,
    SQL
  >;
  const paid = db.$with('paid').as(
    db
      .update(orders)
      .set({ ...settlement, status: 'CONFIRMED', confirmedAt: now, updatedAt: now })
      .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.paymentStatus, 'PENDING')))
      .returning(),
  );
  // Written, never selected from (PostgreSQL runs every data-modifying CTE once, to completion), so no fields.
  const notified = db.$with('notified', {}).as(insertNoticeRows(sql`paid`, sql`${sql.placeholder('notices')}`));
  const tracked = db.$with('tracked', {}).as(
    sql`insert into ${orderTracking} (order_id, status, notes) select id, 'CONFIRMED', 'Payment received' from paid
      on conflict do nothing`,
  );
  const parts = db.$with('parts', {}).as(
    sql`update ${orderStoreParts} set status = 'CONFIRMED', updated_at = ${now}
      where order_id = (select id from paid) and status = 'PENDING' returning 1`,
  );
  return db
    .with(paid, notified, tracked, parts)
    .select({ ...orderFields(paid), partsConfirmed: sql<number>`(select count(*) from parts)::int` })
    .from(paid)
    .prepare('confirm_paid');
});

/** Paid only if the capture COMPLETED for exactly our total, in USD, on the PayPal order we created for this order. */
export function judgeCapture(order: Pick<OrderRow, 'id' | 'totalCents'>, state: PaypalOrderState): Settlement {
  const capture = state.capture;
  if (!capture) {
    return {
      paymentStatus: 'FAILED',
      paypalCaptureId: null,
      paypalCaptureStatus: state.status,
      paypalCapturedCents: null,
      paypalCapturedCurrency: null,
    };
  }
  const recorded = {
    // A decline before any capture existed comes back with an empty id.
    paypalCaptureId: capture.id || null,
    paypalCaptureStatus: capture.status,
    paypalCapturedCents: capture.amountCents,
    paypalCapturedCurrency: capture.currency,
  };
  if (capture.status !== 'COMPLETED') return { paymentStatus: 'FAILED', ...recorded };
  const matches =
    capture.amountCents === order.totalCents && capture.currency === 'USD' && (state.invoiceId === null || state.invoiceId === order.id);
  return { paymentStatus: matches ? 'PAID' : 'AMOUNT_MISMATCH', ...recorded };
}

/** A PayPal refusal that will not change on retry (not approved, declined, unknown order); 409/429/5xx/network may. */
function isDefinitiveRefusal(err: unknown): boolean {
  return (
    err instanceof PaypalError && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 409 && err.status !== 429
  );
}

/** A capture that took the payer's money (or may still): it must end in a paid order or a refund. */
const moneyTaken = (s: Settlement) =>
  s.paypalCaptureId !== null &&
  (s.paypalCaptureStatus === 'COMPLETED' || s.paypalCaptureStatus === 'PENDING') &&
  (s.paypalCapturedCents ?? 0) > 0;

/** Sends a refund recorded by a committed transaction; a failure is left to the worker's retries. */
export function createRefundSender({ log, refunds }: Pick<OrdersDeps, 'log' | 'refunds'>) {
  return async function sendRefund(refundId: number | null): Promise<void> {
    if (refundId === null) return;
    try {
      await refunds.send(refundId);
    } catch (err) {
      log.warn({ err, refundId }, 'refund not sent now; the outbox worker retries it');
    }
  };
}

export function requirePaid(order: OrderRow): void {
  const outcomes: Record<Exclude<PaymentStatusValue, 'PAID'>, () => Error> = {
    PENDING: paymentPending,
    FAILED: paymentFailed,
    AMOUNT_MISMATCH: amountMismatch,
  };
  if (order.paymentStatus !== 'PAID') throw outcomes[order.paymentStatus]();
}

export function createSettlement(
  deps: Pick<OrdersDeps, 'db' | 'log' | 'paypal' | 'refunds' | 'outbox' | 'catalogue' | 'windows'>,
  sendRefund: (refundId: number | null) => Promise<void>,
) {
  const { db, log, paypal, refunds, outbox, catalogue, windows } = deps;

  /** PayPal's answer to the capture; throws 502 (order left PENDING) when PayPal's answer may still change. */
  async function captureState(order: OrderRow): Promise<PaypalOrderState> {
    try {
      return await paypal().captureOrder(order.paypalOrderId, `capture-${order.id}`);
    } catch (err) {
      // The capture may have happened anyway (lost response, already captured): PayPal's record decides.
      const current = await paypal()
        .getOrder(order.paypalOrderId)
        .catch(() => null);
      if (current?.capture) return current;
      if (isDefinitiveRefusal(err)) {
        const issue = (err as PaypalError).issue;
        return {
          id: order.paypalOrderId,
          status: issue ?? current?.status ?? 'FAILED',
          invoiceId: current?.invoiceId ?? null,
          capture: null,
        };
      }
      log.warn({ err, orderId: order.id }, 'PayPal capture did not answer; the order stays pending');
      throw paymentPending();
    }
  }

  /**
   * Records a settlement once. Paid: the order is confirmed and its notifications queued in the same
   * transaction. Not paid: the stock comes back, and money PayPal took anyway is refunded.
   */
  async function record(order: OrderRow, settlement: Settlement, facts?: NoticeFacts | null): Promise<OrderRow> {
    if (settlement.paymentStatus === 'PAID') {
      const confirmed = await confirmPaid(order, settlement, facts);
      if (confirmed) {
        outbox.nudge();
        return confirmed;
      }
    }
    let restocked = false;
    let refundId: number | null = null;
    const paid = settlement.paymentStatus === 'PAID';
    const refund = !paid && moneyTaken(settlement);
    const updated = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const now = new Date();
      // A PAID settlement gets here only when confirmPaid found the order settled already.
      const [row] = paid
        ? []
        : await tx
            .update(orders)
            .set({
              ...settlement,
              status: 'CANCELLED',
              cancelledAt: now,
              ...(refund ? { refundStatus: 'DUE' as const, refundDueCents: settlement.paypalCapturedCents } : {}),
              updatedAt: now,
            })
            .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'PENDING')))
            .returning();
      if (!row) {
        // Settled first elsewhere. A capture that landed after the reconciler cancelled the order still took money: refund it.
        if (moneyTaken(settlement)) refundId = await refundLateCapture(tx, order, settlement);
        return row;
      }
      // The payment never completed: the system gives the stock back, nobody did.
      // Windows before stock, the lock order of placing an order (track.ts, cancelPaidOrder).
      await windows().releaseOrder(tx, order.id);
      restocked = await releaseStock(tx, order.id, null);
      if (refund)
        refundId = await refunds.request(tx, {
          orderId: row.id,
          amountCents: 'remaining',
          reason: `Payment for Grocer order ${row.orderNumber} not accepted`,
          key: 'payment-not-accepted',
        });
      return row;
    });
    if (restocked) catalogue.invalidate();
    await sendRefund(refundId);
    // Another request recorded it first: theirs stands.
    return updated ?? (await loadOrder(db, eq(orders.id, order.id)))!;
  }

  /**
   * Records a PAID settlement in one statement, which is its own transaction (confirmingStatement). The
   * notifications are built first, from what placing knew (`facts`) or else from reads that lock nothing,
   * so no transaction is held open across round trips while other checkouts wait. Null when another
   * request settled the order first.
   */
  async function confirmPaid(order: OrderRow, settlement: Settlement, facts?: NoticeFacts | null): Promise<OrderRow | null> {
    // The payloads use only what placing wrote and nothing changes (ids, totals, lines, windows).
    const notices = facts ? buildOrderNotices(order, facts) : await orderNotices(db, order);
    const [row] = await confirmingStatement(db).execute({
      ...settlement,
      orderId: order.id,
      now: new Date().toISOString(),
      notices: noticeRows(notices),
    });
    if (!row) return null;
    const { partsConfirmed, ...confirmed } = row;
    // An order placed before its parts were recorded at placing has none to confirm: createStoreParts makes them.
    if (partsConfirmed === 0) await db.transaction((txn) => createStoreParts(txn as unknown as Database, confirmed));
    return confirmed;
  }

  /** Records a capture on an order cancelled without one, and requests its refund; null when the order has a capture already. */
  async function refundLateCapture(tx: Database, order: OrderRow, settlement: Settlement): Promise<number | null> {
    const [late] = await tx
      .update(orders)
      .set({
        ...settlement,
        // Not accepted: the order it paid for is gone, so the shopper is told the payment failed.
        paymentStatus: settlement.paymentStatus === 'PAID' ? 'FAILED' : settlement.paymentStatus,
        refundStatus: 'DUE',
        refundDueCents: settlement.paypalCapturedCents,
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'CANCELLED'), isNull(orders.paypalCaptureId)))
      .returning();
    if (!late) return null;
    log.warn({ orderId: order.id, ...settlement }, 'PayPal captured an order already cancelled; refunding');
    return refunds.request(tx, {
      orderId: order.id,
      amountCents: 'remaining',
      reason: `Payment for Grocer order ${late.orderNumber} arrived after it was cancelled`,
      key: 'payment-not-accepted',
    });
  }

  /** `facts`: what the notifications tell, when the caller has just placed the order; read back otherwise. */
  async function settle(order: OrderRow, facts?: NoticeFacts | null): Promise<OrderRow> {
    if (order.paymentStatus !== 'PENDING') return order;
    const settlement = judgeCapture(order, await captureState(order));
    if (settlement.paymentStatus !== 'PAID') log.warn({ orderId: order.id, ...settlement }, 'PayPal payment not accepted; order cancelled');
    return record(order, settlement, facts);
  }

  /**
   * The reconciler's settlement of an order left PENDING: PayPal's record of it decides and nothing is
   * captured. A capture for our total pays it; any other capture is refunded; no capture cancels it.
   * Throws (the order stays PENDING) when PayPal does not answer or refuses for another reason than
   * not knowing the order: bad credentials must never cancel orders.
   */
  async function reconcile(order: OrderRow): Promise<OrderRow> {
    if (order.paymentStatus !== 'PENDING') return order;
    let state: PaypalOrderState;
    try {
      state = await paypal().getOrder(order.paypalOrderId);
    } catch (err) {
      if (!(err instanceof PaypalError && err.status === 404)) throw err;
      // PayPal does not know it (never approved and expired): nothing was captured.
      state = { id: order.paypalOrderId, status: err.issue ?? 'NOT_FOUND', invoiceId: null, capture: null };
    }
    return record(order, judgeCapture(order, state));
  }

  async function completePayment(caller: Caller, orderId: string): Promise<PaymentCompletedJson> {
    // An admin may settle a customer's stuck payment too (e.g. before cancelling the order).
    let order = await findVisible(db, caller, orderId, true);
    if (order.paymentStatus === 'PENDING') {
      order = await settle(order);
    } else if (order.paymentStatus === 'PAID') {
      // Re-read PayPal's record and keep its capture status (e.g. a later REFUNDED) for support.
      try {
        const state = await paypal().getOrder(order.paypalOrderId);
        if (state.capture && state.capture.id === order.paypalCaptureId && state.capture.status !== order.paypalCaptureStatus) {
          await db.update(orders).set({ paypalCaptureStatus: state.capture.status, updatedAt: new Date() }).where(eq(orders.id, order.id));
        }
      } catch (err) {
        // Our record already says paid; a PayPal hiccup here changes nothing for the shopper.
        log.warn({ err, orderId: order.id }, 'PayPal order re-read failed');
      }
    }
    requirePaid(order);
    return { success: true, message: 'Payment completed', orderId: order.id, transactionId: order.paypalCaptureId };
  }

  return { settle, reconcile, completePayment };
}
