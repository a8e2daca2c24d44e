// Orders (decision 003, issue 6): placing one from an approved PayPal order, settling its payment,
// its status changes (POST /orders/tracking, by the table in status.ts), and reading orders back.
//
// Placing is two steps, each safe to repeat:
//   1. One transaction inserts the order (id = the checkout intent's reference) and its lines, priced
//      again from the database, and takes the stock with `stock_quantity >= qty` updates. UNIQUE
//      (paypal_order_id) and UNIQUE (user_uuid, idempotency_key) make a duplicate request lose the
//      insert; it then reads the winner's order instead (never check-then-insert).
//   2. Settling captures the PayPal order (PayPal-Request-Id capture-{id}, so a repeat gets PayPal's
//      first answer) and records the result with `where payment_status = 'PENDING'`, so exactly one
//      request records it. Paid only if the capture is COMPLETED for exactly our total in USD. A paid
//      order is confirmed in that same transaction: its 'confirmed' tracking entry and every
//      notification (outbox.ts) are written with the payment, so the stores and the dashboard hear
//      of it without the shopper's tab. Any other answer cancels the order and gives the stock back
//      in the recording transaction, and money PayPal captured anyway is refunded (refunds.ts).
//      When PayPal does not answer, the order stays PENDING; a retry (or /orders/paypal/complete)
//      settles it later.
//   Cancelling a paid order (an admin, POST /orders/tracking) refunds its capture the same way.
import { randomBytes } from 'node:crypto';
import type { Order } from '@grocer/shared/contracts';
import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  checkoutIntents,
  orderLines,
  orders,
  orderTracking,
  products,
  refunds as refundsTable,
  type IntentItem,
  type OrderLineRow,
  type OrderRow,
  type OrderStatusValue,
  type PaymentStatusValue,
} from '../../db/schema.ts';
import { httpError, type UnavailableProduct } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import type { DeliveryFeesService } from '../deliveryFees.ts';
import { PaypalError, type PaypalClient, type PaypalOrderState } from '../paypal/types.ts';
import { centsToDollars } from '../pricing.ts';
import { BEST_MATCH, rememberSubstitutions, resolveSubstitutions, substituteNames, type SubstitutionInput } from '../substitutions.ts';
import type { UsersService } from '../users.ts';
import { mergeItems, priceCart, productsUnavailable, type CartItemInput } from './cartPricing.ts';
import type { Caller } from './checkout.ts';
import { amountMismatch, invalidTransition, ORDER_MESSAGES, orderNotFound, orderNotPaid, paymentFailed, paymentPending } from './errors.ts';
import { toOrderJson } from './orderJson.ts';
import { enqueueCancellationMail, enqueueOrderNotifications, type Outbox } from './outbox.ts';
import { createStoreParts, moveStorePartsWithOrder, recordOrderEvent } from './storeParts.ts';
import type { RefundsService } from './refunds.ts';
import { checkStoreParts } from '../delivery/storeParts.ts';
import { bookedWindows, type DeliveryWindowsService } from '../delivery/windows.ts';
import { canTransition, parseTrackedStatus, statusWords } from './status.ts';

/** Spec §9: the estimated delivery is 45 minutes from the order unless the route takes longer. */
export const ESTIMATED_DELIVERY_MINUTES = 45;
export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 50;

export interface PlaceOrderInput {
  paypalOrderId: string;
  /** With each line's 'If out of stock' choice. */
  items: (CartItemInput & SubstitutionInput)[];
  phone: string;
  deliveryInstructions: string | null;
  idempotencyKey: string | null;
}

/** POST /orders/create (spec OrderCreateResponse, success branch). */
export interface OrderCreatedJson {
  success: true;
  orderId: string;
  trackingNumber: string;
  message: string;
}

export interface PaymentCompletedJson {
  success: true;
  message: string;
  orderId: string;
  /** The PayPal capture id: the confirmation page's transaction id. */
  transactionId: string | null;
}

export interface TrackingInput {
  orderId: string;
  status: string;
  timestamp?: string | null;
  notes?: string | null;
}

export interface TrackingJson {
  success: true;
  message: string;
  orderId: string;
  orderStatus: OrderStatusValue;
  trackingNumber: string;
  estimatedDelivery: string;
  /** Dollars; only on a cancelled order whose payment must be refunded. */
  refundDue?: number;
}

export interface OrderHistoryPage {
  orders: Order[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
}

export interface OrdersService {
  place(caller: Caller, input: PlaceOrderInput): Promise<OrderCreatedJson>;
  completePayment(caller: Caller, orderId: string): Promise<PaymentCompletedJson>;
  track(caller: Caller, input: TrackingInput): Promise<TrackingJson>;
  get(caller: Caller, orderId: string): Promise<Order>;
  history(caller: Caller, limit: number, cursor: string | undefined): Promise<OrderHistoryPage>;
  /** The order if the caller owns it (or is an admin, with `allowAdmin`), else 404 ORDER_NOT_FOUND. */
  findVisible(caller: Caller, orderId: string, allowAdmin: boolean): Promise<OrderRow>;
  lines(orderId: string): Promise<OrderLineRow[]>;
}

export interface OrdersDeps {
  db: Database;
  log: FastifyBaseLogger;
  users: Pick<UsersService, 'get'>;
  deliveryFees: Pick<DeliveryFeesService, 'quote'>;
  /** Stock changes can flip stockStatus; the catalogue's answer cache must not keep the old one. */
  catalogue: Pick<CatalogueService, 'invalidate'>;
  paypal: () => PaypalClient;
  refunds: Pick<RefundsService, 'request' | 'send'>;
  /** Told when a payment has queued notifications. */
  outbox: Pick<Outbox, 'nudge'>;
  windows: () => Pick<DeliveryWindowsService, 'book' | 'releaseOrder'>;
}

/** Crockford base32 (no I, L, O, U): easy to read out on the phone. 256 % 32 = 0, so every letter is equally likely. */
const TRACKING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newTrackingNumber(): string {
  return `GRT${[...randomBytes(12)].map((b) => TRACKING_ALPHABET[b & 31]).join('')}`;
}

/** Keyset cursors: "before this position" as opaque text; the prefix names what they page (orders by default). */
const CURSOR_PREFIX = 'o1:';
export function encodeCursor(seq: number, prefix = CURSOR_PREFIX): string {
  return Buffer.from(`${prefix}${seq}`).toString('base64url');
}
export function decodeCursor(cursor: string, prefix = CURSOR_PREFIX): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const seq = text.startsWith(prefix) ? Number(text.slice(prefix.length)) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 1) throw httpError(400, 'VALIDATION_ERROR', 'cursor is invalid', 'cursor');
  return seq;
}

/** Same products and quantities, in any order. */
function sameItems(a: IntentItem[], b: IntentItem[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((i) => [i.productId, i.quantity]));
  return b.every((i) => quantities.get(i.productId) === i.quantity);
}

type Settlement = Pick<
  OrderRow,
  'paymentStatus' | 'paypalCaptureId' | 'paypalCaptureStatus' | 'paypalCapturedCents' | 'paypalCapturedCurrency'
>;

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

function trackingMessage(order: OrderRow): string {
  if (order.status === 'CONFIRMED') return 'Order confirmed';
  if (order.status === 'CANCELLED' && order.refundStatus === 'DUE' && order.refundDueCents !== null) {
    return `Order cancelled; a refund of $${(order.refundDueCents / 100).toFixed(2)} is due`;
  }
  return `Order is now ${statusWords(order.status)}`;
}

/** A capture that took the payer's money (or may still): it must end in a paid order or a refund. */
const moneyTaken = (s: Settlement) =>
  s.paypalCaptureId !== null &&
  (s.paypalCaptureStatus === 'COMPLETED' || s.paypalCaptureStatus === 'PENDING') &&
  (s.paypalCapturedCents ?? 0) > 0;

export function createOrdersService({
  db,
  log,
  users,
  deliveryFees,
  catalogue,
  paypal,
  refunds,
  outbox,
  windows,
}: OrdersDeps): OrdersService {
  /** Sends a refund recorded by a committed transaction; a failure is left to the worker's retries. */
  async function sendRefund(refundId: number | null): Promise<void> {
    if (refundId === null) return;
    try {
      await refunds.send(refundId);
    } catch (err) {
      log.warn({ err, refundId }, 'refund not sent now; the outbox worker retries it');
    }
  }

  const loadOrder = async (where: SQL | undefined) => (await db.select().from(orders).where(where).limit(1))[0];

  const linesOf = (orderId: string) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

  async function findVisible(caller: Caller, orderId: string, allowAdmin: boolean): Promise<OrderRow> {
    if (!isUuid(orderId)) throw orderNotFound();
    const order = await loadOrder(eq(orders.id, orderId.toLowerCase()));
    // Someone else's order is "not found", not "forbidden": ids are not confirmed to strangers.
    if (!order || (order.userUuid !== caller.uuid && !(allowAdmin && caller.role === 'ADMIN'))) throw orderNotFound();
    return order;
  }

  /** Step 1: the order, its lines and the stock, in one transaction. Returns the new order, or the one a duplicate already made. */
  async function insertOrder(caller: Caller, input: PlaceOrderInput): Promise<OrderRow> {
    const [intent] = await db
      .select()
      .from(checkoutIntents)
      .where(and(eq(checkoutIntents.paypalOrderId, input.paypalOrderId), eq(checkoutIntents.userUuid, caller.uuid)));
    if (!intent) throw httpError(404, 'PAYPAL_ORDER_NOT_FOUND', ORDER_MESSAGES.paypalOrderNotFound, 'paypalOrderDetails.id');
    // The PayPal amount was computed for the intent's cart; another cart would need another amount.
    if (!sameItems(intent.items, mergeItems(input.items))) throw httpError(409, 'CART_CHANGED', ORDER_MESSAGES.cartChanged, 'items');
    // Checked before anything is written or captured: a bad replacement is a 400 and nothing else happens.
    const substitutions = await resolveSubstitutions(db, input.items);
    const user = await users.get(caller.uuid);

    let soldOut = false;
    try {
      const order = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const [inserted] = await tx
          .insert(orders)
          .values({
            id: intent.orderReference,
            trackingNumber: newTrackingNumber(),
            userUuid: caller.uuid,
            paypalOrderId: input.paypalOrderId,
            idempotencyKey: input.idempotencyKey,
            subtotalCents: intent.subtotalCents,
            taxCents: intent.taxCents,
            serviceFeeCents: intent.serviceFeeCents,
            deliveryFeeCents: intent.deliveryFeeCents,
            processingFeeCents: intent.processingFeeCents,
            totalCents: intent.totalCents,
            customerFirstName: user.firstName ?? '',
            customerLastName: user.lastName ?? '',
            customerEmail: user.email,
            customerPhone: input.phone,
            deliveryStreet: intent.deliveryStreet,
            deliveryApartment: intent.deliveryApartment,
            deliveryCity: intent.deliveryCity,
            deliveryState: intent.deliveryState,
            deliveryZip: intent.deliveryZip,
            deliveryInstructions: input.deliveryInstructions,
            deliveryMinutes: intent.deliveryMinutes,
          })
          .returning();

        // Re-priced from the database now; PayPal will capture the intent's total, so they must agree.
        const cart = await priceCart(tx, deliveryFees, intent.items, { state: intent.deliveryState, zip: intent.deliveryZip });
        if (cart.pricing.total !== intent.totalCents) throw httpError(409, 'PRICE_CHANGED', ORDER_MESSAGES.priceChanged, 'items');
        // The store rules again, and each store part's held window booked, before anything is captured:
        // a refusal here rolls the order back and the PayPal order is never captured.
        const parts = await checkStoreParts(tx, cart, intent.deliveryZip);
        await windows().book(tx, caller.uuid, inserted!.id, parts);

        // Fixed (uuid) order, so two orders sharing products lock their rows in the same order and never deadlock.
        const byProduct = [...cart.lines].sort((a, b) => (a.productUuid < b.productUuid ? -1 : 1));
        for (const line of byProduct) {
          const [taken] = await tx
            .update(products)
            .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}` })
            .where(
              and(eq(products.uuid, line.productUuid), eq(products.isActive, true), sql`${products.stockQuantity} >= ${line.quantity}`),
            )
            .returning({ stock: products.stockQuantity });
          if (!taken) {
            // Another order took it since we priced: say why, and roll everything back.
            const [now] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.uuid, line.productUuid));
            const reason: UnavailableProduct['reason'] = (now?.stock ?? 0) > 0 ? 'INSUFFICIENT_STOCK' : 'OUT_OF_STOCK';
            throw productsUnavailable([{ productId: line.productUuid, name: line.productName, reason }]);
          }
          if (taken.stock === 0) soldOut = true;
        }
        const chosen = cart.lines.map((l) => ({ productUuid: l.productUuid, resolved: substitutions.get(l.productUuid) ?? BEST_MATCH }));
        await tx.insert(orderLines).values(
          cart.lines.map((l, i) => ({ orderId: inserted!.id, ...l, substitution: chosen[i]!.resolved.choice, substituteProductId: chosen[i]!.resolved.substituteProductId })),
        );
        // The shopper's next cart starts from these choices.
        await rememberSubstitutions(tx, caller.uuid, chosen);
        return inserted!;
      });
      // Only a product that sold out changes what the catalogue shows (stockStatus).
      if (soldOut) catalogue.invalidate();
      return order;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A duplicate lost the race (or came later): the database decided; return what the winner made.
      const byPaypal = await loadOrder(and(eq(orders.paypalOrderId, input.paypalOrderId), eq(orders.userUuid, caller.uuid)));
      if (byPaypal) return byPaypal;
      if (input.idempotencyKey !== null) {
        const byKey = await loadOrder(and(eq(orders.userUuid, caller.uuid), eq(orders.idempotencyKey, input.idempotencyKey)));
        if (byKey) throw httpError(409, 'IDEMPOTENCY_KEY_REUSED', ORDER_MESSAGES.idempotencyKeyReused);
      }
      throw err;
    }
  }

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

  /** Gives an order's stock back (a failed payment, a cancellation); true when a product came back into stock. */
  async function releaseStock(tx: Database, orderId: string): Promise<boolean> {
    let restocked = false;
    // A replaced line took the replacement's stock, not the original's.
    const lines = (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((l) => ({
      quantity: l.quantity,
      productUuid: l.fulfilmentState === 'REPLACED' && l.replacementProductUuid ? l.replacementProductUuid : l.productUuid,
    }));
    // The same (uuid) order as taking it, so concurrent releases and orders never deadlock.
    for (const line of lines.sort((a, b) => (a.productUuid < b.productUuid ? -1 : 1))) {
      const [back] = await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
        .where(eq(products.uuid, line.productUuid))
        .returning({ stock: products.stockQuantity });
      if (back && back.stock === line.quantity) restocked = true;
    }
    return restocked;
  }

  /**
   * Records a settlement once. Paid: the order is confirmed and its notifications queued in the same
   * transaction. Not paid: the stock comes back, and money PayPal took anyway is refunded.
   */
  async function record(order: OrderRow, settlement: Settlement): Promise<OrderRow> {
    let restocked = false;
    let refundId: number | null = null;
    const paid = settlement.paymentStatus === 'PAID';
    const refund = !paid && moneyTaken(settlement);
    const updated = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const now = new Date();
      const outcome = paid
        ? { status: 'CONFIRMED' as const, confirmedAt: now }
        : {
            status: 'CANCELLED' as const,
            cancelledAt: now,
            ...(refund ? { refundStatus: 'DUE' as const, refundDueCents: settlement.paypalCapturedCents } : {}),
          };
      const [row] = await tx
        .update(orders)
        .set({ ...settlement, ...outcome, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'PENDING')))
        .returning();
      if (!row) return row;
      if (paid) {
        await tx.insert(orderTracking).values({ orderId: row.id, status: 'CONFIRMED', notes: 'Payment received' }).onConflictDoNothing();
        await enqueueOrderNotifications(tx, row);
        await createStoreParts(tx, row);
        return row;
      }
      restocked = await releaseStock(tx, order.id);
      await windows().releaseOrder(tx, order.id);
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
    if (updated && paid) outbox.nudge();
    await sendRefund(refundId);
    // Another request recorded it first: theirs stands.
    return updated ?? (await loadOrder(eq(orders.id, order.id)))!;
  }

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
        const now = new Date();
        const [row] = await tx
          .update(orders)
          .set({
            status: to,
            updatedAt: now,
            ...(to === 'CONFIRMED' ? { confirmedAt: now } : {}),
            ...(to === 'CANCELLED' ? { cancelledAt: now, refundStatus: 'DUE' as const, refundDueCents: current.totalCents, cancelReason: input.notes ?? null } : {}),
            version: sql`${orders.version} + 1`,
          })
          .where(and(eq(orders.id, current.id), eq(orders.status, from), eq(orders.paymentStatus, 'PAID')))
          .returning();
        if (!row) return undefined;
        if (to === 'CANCELLED') {
          restocked = await releaseStock(tx, row.id);
          await windows().releaseOrder(tx, row.id);
          refundId = await refunds.request(tx, { orderId: row.id, amountCents: 'remaining', reason: `Grocer order ${row.orderNumber} was cancelled`, key: 'cancelled' });
          // The shopper hears of it from the outbox, with the refund.
          await enqueueCancellationMail(tx, row);
        }
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
      current = (await loadOrder(eq(orders.id, order.id)))!;
    }
  }

  async function settle(order: OrderRow): Promise<OrderRow> {
    if (order.paymentStatus !== 'PENDING') return order;
    const settlement = judgeCapture(order, await captureState(order));
    if (settlement.paymentStatus !== 'PAID') log.warn({ orderId: order.id, ...settlement }, 'PayPal payment not accepted; order cancelled');
    return record(order, settlement);
  }

  function requirePaid(order: OrderRow): void {
    const outcomes: Record<Exclude<PaymentStatusValue, 'PAID'>, () => Error> = {
      PENDING: paymentPending,
      FAILED: paymentFailed,
      AMOUNT_MISMATCH: amountMismatch,
    };
    if (order.paymentStatus !== 'PAID') throw outcomes[order.paymentStatus]();
  }

  return {
    findVisible,
    lines: linesOf,

    async place(caller, input) {
      const order = await settle(await insertOrder(caller, input));
      requirePaid(order);
      return { success: true, orderId: order.id, trackingNumber: order.trackingNumber, message: 'Order placed successfully' };
    },

    async completePayment(caller, orderId) {
      // An admin may settle a customer's stuck payment too (e.g. before cancelling the order).
      let order = await findVisible(caller, orderId, true);
      if (order.paymentStatus === 'PENDING') {
        order = await settle(order);
      } else if (order.paymentStatus === 'PAID') {
        // Re-read PayPal's record and keep its capture status (e.g. a later REFUNDED) for support.
        try {
          const state = await paypal().getOrder(order.paypalOrderId);
          if (state.capture && state.capture.id === order.paypalCaptureId && state.capture.status !== order.paypalCaptureStatus) {
            await db
              .update(orders)
              .set({ paypalCaptureStatus: state.capture.status, updatedAt: new Date() })
              .where(eq(orders.id, order.id));
          }
        } catch (err) {
          // Our record already says paid; a PayPal hiccup here changes nothing for the shopper.
          log.warn({ err, orderId: order.id }, 'PayPal order re-read failed');
        }
      }
      requirePaid(order);
      return { success: true, message: 'Payment completed', orderId: order.id, transactionId: order.paypalCaptureId };
    },

    async track(caller, input) {
      const order = await findVisible(caller, input.orderId, true);
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
      return {
        success: true,
        message: trackingMessage(row),
        orderId: row.id,
        orderStatus: row.status,
        trackingNumber: row.trackingNumber,
        estimatedDelivery: windowEnd ?? new Date(from.getTime() + minutes * 60_000).toISOString(),
        ...(row.status === 'CANCELLED' && row.refundStatus === 'DUE' && row.refundDueCents !== null
          ? { refundDue: centsToDollars(row.refundDueCents) }
          : {}),
      };
    },

    async get(caller, orderId) {
      const order = await findVisible(caller, orderId, true);
      const lines = await linesOf(order.id);
      const refunded = await db.select().from(refundsTable).where(eq(refundsTable.orderId, order.id)).orderBy(asc(refundsTable.id));
      const booked = (await bookedWindows(db, [order.id])).get(order.id);
      return toOrderJson(order, lines, await substituteNames(db, lines), refunded, booked);
    },

    async history(caller, limit, cursor) {
      const before = cursor === undefined ? undefined : decodeCursor(cursor);
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userUuid, caller.uuid), before === undefined ? undefined : lt(orders.seq, before)))
        .orderBy(desc(orders.seq))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const lines =
        page.length === 0
          ? []
          : await db
              .select()
              .from(orderLines)
              .where(
                inArray(
                  orderLines.orderId,
                  page.map((o) => o.id),
                ),
              )
              .orderBy(asc(orderLines.id));
      const linesByOrder = new Map<string, OrderLineRow[]>();
      for (const line of lines) linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
      const names = await substituteNames(db, lines);
      const windows = await bookedWindows(
        db,
        page.map((o) => o.id),
      );
      return {
        orders: page.map((o) => toOrderJson(o, linesByOrder.get(o.id) ?? [], names, undefined, windows.get(o.id))),
        nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.seq) : null,
      };
    },
  };
}
