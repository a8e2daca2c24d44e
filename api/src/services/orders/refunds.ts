// Refunds: money sent back to the payer against an order's PayPal capture
// (POST /v2/payments/captures/{id}/refund). Every capture that does not end in a paid order is
// refunded: an amount or currency PayPal captured that we did not ask for, and a paid order an admin
// cancels. A later partial refund (a store drops one line) uses the same call: request(tx, { orderId,
// amountCents, reason, key }).
//
// Two steps, so nothing is lost and nothing is paid twice:
//   1. request() records the refund in the caller's transaction (the one that cancels the order),
//      keyed by its PayPal-Request-Id `refund-{orderId}:{key}` (UNIQUE): the same key is one refund.
//      Refunds of an order never add up to more than its capture (checked under the order's row lock).
//   2. send() claims the row (a lease, so two processes never send it at once) and calls PayPal with
//      that request id, so even a send repeated after a crash gets PayPal's first refund back. A
//      failure is recorded (FAILED, last_error) with the next attempt time; the outbox worker sends
//      what is due (sendDue, FOR UPDATE SKIP LOCKED) with exponential backoff.
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { orders, refunds, type RefundRow, type RefundRowStatusValue } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { PaypalClient } from '../paypal/types.ts';
import { centsToDollars } from '../pricing.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { retryDelaySeconds } from './outbox.ts';

/** How long a claimed refund is left to its sender (PayPal answers within its 15 s timeout). */
export const REFUND_LEASE_SECONDS = 120;
/**
 * A refund is sent by the process that requested it, right after its transaction commits; the worker
 * takes it only after this long, so it never claims one under that sender and answers the caller
 * before the outcome is recorded. A sender that dies first leaves it to the worker.
 */
export const FRESH_REFUND_GRACE_SECONDS = 30;
/** Attempts before the worker stops and leaves the refund FAILED for support. */
export const MAX_REFUND_ATTEMPTS = 12;
export const REFUND_LIST_DEFAULT_LIMIT = 20;
export const REFUND_LIST_MAX_LIMIT = 100;
const CURSOR_PREFIX = 'r1:';
const BATCH = 20;

/** Capture statuses with money that may still be refunded (PENDING: PayPal may still complete it). */
const REFUNDABLE_CAPTURES = ['COMPLETED', 'PENDING', 'PARTIALLY_REFUNDED'];

export interface RefundRequest {
  orderId: string;
  /** Cents of the capture's currency, or 'remaining': whatever of the capture no refund has claimed yet. */
  amountCents: number | 'remaining';
  /** Why; also shown to the payer by PayPal (note_to_payer). */
  reason: string;
  /** Names this refund within the order ('cancelled', 'line-{productId}'): the same key is the same refund. */
  key: string;
}

/** A refund as admins read it (GET /admin/refunds). */
export interface AdminRefundJson {
  id: number;
  orderId: string;
  paypalCaptureId: string;
  /** In `currency`, as a decimal (dollars for USD). */
  amount: number;
  currency: string;
  reason: string;
  status: RefundRowStatusValue;
  paypalRefundId: string | null;
  paypalStatus: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface RefundsService {
  /** Records a refund inside `tx`; returns its id (the existing one for a repeated key), or null when nothing is left to refund. */
  request(tx: Database, input: RefundRequest): Promise<number | null>;
  /** Sends one recorded refund to PayPal now; undefined when it is completed already or another process holds it. */
  send(id: number): Promise<RefundRow | undefined>;
  /** Records and sends at once (a refund outside any other change, e.g. one dropped line). */
  refund(input: RefundRequest): Promise<RefundRow | undefined>;
  /** The worker: sends up to a batch of due refunds; returns how many it tried. */
  sendDue(): Promise<number>;
  list(query: {
    limit: number;
    cursor?: string;
    status?: RefundRowStatusValue;
    orderId?: string;
  }): Promise<{ refunds: AdminRefundJson[]; nextCursor: string | null }>;
}

export interface RefundsDeps {
  db: Database;
  log: FastifyBaseLogger;
  paypal: () => PaypalClient;
}

export function toAdminRefund(row: RefundRow): AdminRefundJson {
  return {
    id: row.id,
    orderId: row.orderId,
    paypalCaptureId: row.paypalCaptureId,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    paypalRefundId: row.paypalRefundId,
    paypalStatus: row.paypalStatus,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The PayPal-Request-Id (and UNIQUE key) of an order's refund named `key`. */
export const refundRequestId = (orderId: string, key: string) => `refund-${orderId}:${key}`;

const nothingToRefund = () => httpError(409, 'NOTHING_TO_REFUND', 'This order has no captured payment to refund.');
const refundTooLarge = () =>
  httpError(409, 'REFUND_EXCEEDS_CAPTURE', 'Refunds of an order cannot add up to more than its captured payment.');

export function createRefundsService({ db, log, paypal }: RefundsDeps): RefundsService {
  const stale = sql`now() - make_interval(secs => ${REFUND_LEASE_SECONDS})`;
  const unclaimed = or(isNull(refunds.claimedAt), lt(refunds.claimedAt, stale));

  /** Claims the matching unfinished refunds (attempts + 1); another process's fresh claim is skipped, never waited for. */
  async function claim(which: SQL | undefined): Promise<RefundRow[]> {
    const claimable = db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(ne(refunds.status, 'COMPLETED'), unclaimed, which))
      .orderBy(refunds.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(refunds)
      .set({ claimedAt: sql`now()`, attempts: sql`${refunds.attempts} + 1`, updatedAt: sql`now()` })
      .where(inArray(refunds.id, claimable))
      .returning();
  }

  /** One PayPal call for a claimed row, and its outcome recorded (the claim released). */
  async function deliver(row: RefundRow): Promise<RefundRow> {
    const retryAt = (attempts: number) =>
      attempts >= MAX_REFUND_ATTEMPTS ? null : sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`;
    let update: PgUpdateSetSource<typeof refunds>;
    try {
      const answer = await paypal().refundCapture({
        captureId: row.paypalCaptureId,
        amountCents: row.amountCents,
        currency: row.currency,
        requestId: row.requestId,
        note: row.reason,
      });
      const base = { paypalRefundId: answer.id, paypalStatus: answer.status, lastError: null };
      if (answer.status === 'COMPLETED') update = { ...base, status: 'COMPLETED', completedAt: sql`now()`, nextAttemptAt: null };
      // PENDING: PayPal has it and will finish it; asking again with the request id reads its state.
      else if (answer.status === 'PENDING') update = { ...base, status: 'REQUESTED', nextAttemptAt: retryAt(row.attempts) };
      else update = { ...base, status: 'FAILED', lastError: `PayPal refund ${answer.status}`, nextAttemptAt: retryAt(row.attempts) };
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
      log.warn({ err, refundId: row.id, orderId: row.orderId, attempts: row.attempts }, 'PayPal refund failed; retried later');
      update = { status: 'FAILED', lastError: reason, nextAttemptAt: retryAt(row.attempts) };
    }
    const [saved] = await db
      .update(refunds)
      .set({ ...update, claimedAt: null, updatedAt: sql`now()` })
      .where(eq(refunds.id, row.id))
      .returning();
    if (saved!.status === 'COMPLETED') {
      // The cancelled order reads REFUNDED once its completed refunds cover what was due.
      const completed = sql`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.orderId} = ${row.orderId} and ${refunds.status} = 'COMPLETED')`;
      await db
        .update(orders)
        .set({ refundStatus: 'REFUNDED', updatedAt: new Date() })
        .where(and(eq(orders.id, row.orderId), eq(orders.refundStatus, 'DUE'), lte(orders.refundDueCents, completed)));
      log.info({ refundId: row.id, orderId: row.orderId, amountCents: row.amountCents }, 'refund completed');
    }
    return saved!;
  }

  async function send(id: number): Promise<RefundRow | undefined> {
    const [row] = await claim(eq(refunds.id, id));
    return row ? deliver(row) : undefined;
  }

  async function request(tx: Database, input: RefundRequest): Promise<number | null> {
    // The row lock serialises every refund decision of one order, so their sum is checked against the capture safely.
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (
      !order?.paypalCaptureId ||
      !order.paypalCapturedCents ||
      !order.paypalCapturedCurrency ||
      !REFUNDABLE_CAPTURES.includes(order.paypalCaptureStatus ?? '')
    ) {
      // 'remaining' of a capture already refunded in PayPal itself (its status says REFUNDED) is nothing.
      if (input.amountCents === 'remaining') return null;
      throw nothingToRefund();
    }
    const requestId = refundRequestId(order.id, input.key);
    const [existing] = await tx.select({ id: refunds.id, orderId: refunds.orderId }).from(refunds).where(eq(refunds.requestId, requestId));
    if (existing) return existing.id;
    const [claimed] = await tx
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    const left = order.paypalCapturedCents - (claimed?.cents ?? 0);
    const amountCents = input.amountCents === 'remaining' ? left : input.amountCents;
    if (input.amountCents === 'remaining' && left <= 0) return null;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > left) throw refundTooLarge();
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paypalCaptureId: order.paypalCaptureId,
        amountCents,
        currency: order.paypalCapturedCurrency,
        reason: input.reason,
        requestId,
        nextAttemptAt: sql`now() + make_interval(secs => ${FRESH_REFUND_GRACE_SECONDS})`,
      })
      .returning({ id: refunds.id });
    return row!.id;
  }

  return {
    request,
    send,

    async refund(input) {
      const id = await db.transaction((txn) => request(txn as unknown as Database, input));
      return id === null ? undefined : send(id);
    },

    async sendDue() {
      const rows = await claim(and(lte(refunds.nextAttemptAt, sql`now()`)));
      for (const row of rows) await deliver(row);
      return rows.length;
    },

    async list({ limit, cursor, status, orderId }) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor, CURSOR_PREFIX);
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select()
        .from(refunds)
        .where(
          and(
            status ? eq(refunds.status, status) : undefined,
            orderId ? eq(refunds.orderId, orderId) : undefined,
            before === undefined ? undefined : lt(refunds.id, before),
          ),
        )
        .orderBy(desc(refunds.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        refunds: page.map(toAdminRefund),
        nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.id, CURSOR_PREFIX) : null,
      };
    },
  };
}
