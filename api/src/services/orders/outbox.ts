// The order outbox: what a paid order must set off, written by the statement that records the
// payment (settle.ts), and a worker in every API process that delivers it. The notifications table is the
// outbox: the customer's confirmation and each store's new-order mail are rows with deliver_to, the
// admin dashboard's row is delivered by being stored (the feed reads the table). So a paid order
// reaches its stores and the dashboard whether or not the shopper's tab makes its follow-up calls.
//
// Delivery, with several replicas: a worker claims due rows with FOR UPDATE SKIP LOCKED and a lease
// (claimed_at), sends, and marks them delivered; a failure releases the claim and waits
// next_attempt_at (exponential backoff). Closing the app stops the worker after its current batch,
// so a restart loses nothing and sends nothing twice. (Only a process killed between sending a mail
// and marking it leaves a claim to expire, after DELIVERY_LEASE_MINUTES: then the mails it sent in the last
// MARK_EVERY_MS can go twice.)
// The same worker retries refunds that are due (refunds.ts).
import type { BookedWindowJson, NewOrderItemsNotification, NewOrderNotification, Substitution } from '@grocer/shared/contracts';
import { and, asc, eq, exists, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createWorker } from '../../lib/poller.ts';
import type { Database } from '../../db/client.ts';
import {
  deliveryHolds,
  notifications,
  orderLines,
  orders,
  stores,
  type NotificationRow,
  type NotificationTypeValue,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.ts';
import { userText, type MailMessage, type MailService } from '../mail.ts';
import { centsToDollars, dollarsText } from '../pricing.ts';
import { lineSubstitution, substituteNames, type SubstituteNames } from '../substitutions.ts';
import { bookedWindows, windowLabel } from '../delivery/windows.ts';
import { customerName, deliveryInfoOf } from './orderJson.ts';
import { linesByOrder } from './orderRows.ts';
import type { RefundsService } from './refunds.ts';
import { isShopperUpdate, shopperUpdateMail, type ShopperUpdatePayload } from './shopperMails.ts';

/** How long a claimed, unconfirmed mail is left to its sender before another process may send it. */
export const DELIVERY_LEASE_MINUTES = 15;
/** The worker's poll; a payment recorded by this process wakes it at once (nudge). */
export const OUTBOX_POLL_MS = 1_000;
const BATCH = 20;
/** Sent mails wait at most this long to be marked delivered with the ones after them (send). */
const MARK_EVERY_MS = 250;

/** 10 s, 20 s, 40 s ... up to an hour: for mails and refunds that failed. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(attempts - 1, 0), 3_600);
}

/** What a notice tells of an order line: a stored one, or one the placing statement is writing. */
export type NoticeLine = Pick<
  OrderLineRow,
  'productUuid' | 'productName' | 'storeUuid' | 'storeName' | 'quantity' | 'unitPriceCents' | 'substitution' | 'substituteProductId'
>;

/** Units, not lines: "3 items" for three cartons of one milk. */
const itemCount = (lines: NoticeLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);
export const storeUuids = (lines: Pick<NoticeLine, 'storeUuid'>[]) => [...new Set(lines.map((l) => l.storeUuid))];

export function newOrderPayload(order: OrderRow, lines: NoticeLine[]): NewOrderNotification {
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

export function storePayloads(
  order: OrderRow,
  lines: NoticeLine[],
  substitutes: SubstituteNames,
  windows: BookedWindowJson[] = [],
): NewOrderItemsNotification[] {
  return storeUuids(lines).map((storeId) => {
    const own = lines.filter((l) => l.storeUuid === storeId);
    const window = windows.find((w) => w.storeUuid === storeId);
    return {
      type: 'new_order_items',
      orderId: order.id,
      storeId,
      storeName: own[0]!.storeName,
      customerName: customerName(order),
      items: own.map((l) => ({
        productId: l.productUuid,
        name: l.productName,
        quantity: l.quantity,
        price: centsToDollars(l.unitPriceCents),
        substitution: lineSubstitution(l, substitutes),
      })),
      deliveryInfo: deliveryInfoOf(order),
      ...(window ? { deliveryWindow: window } : {}),
      timestamp: order.createdAt.toISOString(),
    };
  });
}

function orderCreatedPayload(order: OrderRow, lines: NoticeLine[]) {
  return {
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
}

/** One notification of a paid order, before it is stored against the order. */
export interface OrderNotice {
  type: NotificationTypeValue;
  recipient: string;
  payload: Record<string, unknown>;
  /** null for the dashboard's row, which is delivered by being stored. */
  deliverTo: string | null;
}

/**
 * What an order's notifications are built from besides its row: its lines in order, the named
 * replacements, and each store's booked window and contact address. Placing an order knows all of it
 * (place.ts); an order settled later reads it back (orderNotices).
 */
export interface NoticeFacts {
  lines: NoticeLine[];
  substitutes: SubstituteNames;
  windows: BookedWindowJson[];
  /** By store uuid; null (or missing) for a store without one, whose mail is not sent. */
  contactEmails: Map<string, string | null>;
}

/** Every notification a paid order sets off. */
export function buildOrderNotices(order: OrderRow, { lines, substitutes, windows, contactEmails }: NoticeFacts): OrderNotice[] {
  return [
    {
      type: 'order_created',
      recipient: `customer:${order.userUuid}`,
      payload: orderCreatedPayload(order, lines),
      deliverTo: order.customerEmail,
    },
    { type: 'new_order', recipient: 'admin', payload: { ...newOrderPayload(order, lines) }, deliverTo: null },
    ...storePayloads(order, lines, substitutes, windows).map((p) => ({
      type: 'new_order_items' as const,
      recipient: `store:${p.storeId}`,
      payload: { ...p },
      deliverTo: contactEmails.get(p.storeId) ?? null,
    })),
  ];
}

/**
 * The facts of a stored order's notifications, read back: its lines, each with its store's contact e-mail
 * and booked window, in one statement (and the replacements' names when a line names one). Reads only: the
 * caller stores the notices with insertNotices, so a payment's single statement can write them without a
 * transaction held open for this read.
 */
export async function orderNotices(db: Database, order: OrderRow): Promise<OrderNotice[]> {
  const rows = await db
    .select({
      line: orderLines,
      contactEmail: stores.contactEmail,
      storeName: stores.name,
      timeZone: stores.timeZone,
      startsAt: deliveryHolds.startsAt,
      endsAt: deliveryHolds.endsAt,
    })
    .from(orderLines)
    .leftJoin(stores, eq(stores.uuid, orderLines.storeUuid))
    .leftJoin(deliveryHolds, and(eq(deliveryHolds.storeId, stores.id), eq(deliveryHolds.orderId, order.id)))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const lines = rows.map((r) => r.line);
  const windows = new Map<string, BookedWindowJson>();
  for (const { line, storeName, timeZone, startsAt, endsAt } of rows) {
    if (storeName === null || timeZone === null || startsAt === null || endsAt === null) continue;
    windows.set(line.storeUuid, {
      storeUuid: line.storeUuid,
      storeName,
      timeZone,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    });
  }
  return buildOrderNotices(order, {
    lines,
    substitutes: await substituteNames(db, lines),
    windows: [...windows.values()],
    contactEmails: new Map(rows.map((r) => [r.line.storeUuid, r.contactEmail])),
  });
}

/**
 * The statement that stores `notices` for every order `orders` yields (a query or a CTE with an `id`
 * column: none, and nothing is written). UNIQUE (order_id, type, recipient, about) keeps the ones
 * already there (never check-then-insert); returns one `id` per new row.
 */
export function insertNotices(orders: SQL, notices: OrderNotice[]): SQL {
  return insertNoticeRows(orders, sql`${noticeRows(notices)}`);
}

/** `notices` as the JSON text insertNoticeRows reads. */
export const noticeRows = (notices: OrderNotice[]): string =>
  JSON.stringify(notices.map((n) => ({ type: n.type, recipient: n.recipient, payload: n.payload, deliver_to: n.deliverTo })));

/** insertNotices with the notices as noticeRows' JSON: a value, or a prepared statement's placeholder. */
export function insertNoticeRows(orders: SQL, rows: SQL): SQL {
  // The dashboard's row is delivered by being stored.
  return sql`insert into ${notifications} (order_id, type, recipient, payload, deliver_to, delivered_at)
    select o.id, n.type, n.recipient, n.payload, n.deliver_to, case when n.deliver_to is null then now() end
    from ${orders} o cross join jsonb_to_recordset(${rows}::jsonb) as n (type text, recipient text, payload jsonb, deliver_to text)
    on conflict do nothing
    returning id`;
}

/**
 * Stores every notification of a paid order that is missing, through `db`: a browser's follow-up call
 * for an order paid before the outbox existed. Returns how many rows were new.
 */
export async function enqueueOrderNotifications(db: Database, order: OrderRow): Promise<number> {
  const { rows } = (await db.execute(insertNotices(sql`(select ${order.id}::uuid as id)`, await orderNotices(db, order)))) as unknown as {
    rows: unknown[];
  };
  return rows.length;
}

/** The shopper's mail about an admin's cancellation (the reason is the admin's, shown as given). */
export async function enqueueCancellationMail(tx: Database, order: OrderRow): Promise<void> {
  await tx
    .insert(notifications)
    .values({
      orderId: order.id,
      type: 'order_cancelled',
      recipient: `customer:${order.userUuid}`,
      payload: {
        type: 'order_cancelled',
        orderId: order.id,
        orderNumber: order.orderNumber,
        reason: order.cancelReason,
        refundDue: centsToDollars(order.refundDueCents ?? 0),
      },
      deliverTo: order.customerEmail,
    })
    .onConflictDoNothing();
}

/** "233 S Wacker Dr, Apt 12": the user's own address text, made mail-safe. */
const street = (address: string, apartment: string | null | undefined) =>
  [userText(address), userText(apartment)].filter(Boolean).join(', ');

/** Each store's items under its name and booked window ("Loop Provisions, delivery Mon, Nov 30, 5:00 PM – 7:00 PM:"). */
function itemsByStore(lines: OrderLineRow[], windows: BookedWindowJson[]): string {
  return storeUuids(lines)
    .map((storeUuid) => {
      const own = lines.filter((l) => l.storeUuid === storeUuid);
      const window = windows.find((w) => w.storeUuid === storeUuid);
      return [
        `${own[0]!.storeName}${window ? `, delivery ${windowLabel(window)}` : ''}:`,
        ...own.map((l) => `  ${l.quantity} × ${l.productName} ${dollarsText(l.lineTotalCents)}`),
      ].join('\n');
    })
    .join('\n\n');
}

export function confirmationMail(
  order: OrderRow,
  lines: OrderLineRow[],
  shellUrl: string,
  windows: BookedWindowJson[] = [],
): Omit<MailMessage, 'to'> {
  const items = itemsByStore(lines, windows);
  return {
    subject: `Your Grocer order ${order.orderNumber}`,
    text: [
      `Hi ${userText(order.customerFirstName, 'there')},`,
      '',
      `Thank you for your order ${order.orderNumber}. We have told the stores and will deliver to:`,
      `  ${street(order.deliveryStreet, order.deliveryApartment)}, ${userText(order.deliveryCity)}, ${userText(order.deliveryState)} ${userText(order.deliveryZip)}`,
      '',
      items,
      '',
      `Total paid: ${dollarsText(order.totalCents)}`,
      `Tracking number: ${order.trackingNumber}`,
      '',
      `Order details: ${shellUrl.replace(/\/$/, '')}/order-details/${order.id}`,
    ].join('\n'),
  };
}

export function cancellationMail(order: OrderRow, shellUrl: string): Omit<MailMessage, 'to'> {
  const reason = userText(order.cancelReason);
  return {
    subject: `Your Grocer order ${order.orderNumber} was cancelled`,
    text: [
      `Hi ${userText(order.customerFirstName, 'there')},`,
      '',
      `We are sorry: your order ${order.orderNumber} was cancelled.`,
      ...(reason ? [`Reason: ${reason}`] : []),
      '',
      order.refundDueCents
        ? `Everything you paid (${dollarsText(order.refundDueCents)}) is being refunded to your PayPal account.`
        : 'Nothing was charged for it.',
      '',
      `Order details: ${shellUrl.replace(/\/$/, '')}/order-details/${order.id}`,
    ].join('\n'),
  };
}

/** The shopper's 'If out of stock' choice, as the store's staff read it. */
export function substitutionText(substitution: Substitution | undefined): string {
  if (substitution?.choice === 'NONE') return "don't replace (refund it)";
  if (substitution?.choice === 'SPECIFIC' && substitution.substitute) return `replace with ${substitution.substitute.name}`;
  return 'replace with the best match';
}

/** A store's new-order mail: exactly what its stored notification says (items and delivery info). */
export function storeMail(order: Pick<OrderRow, 'orderNumber'>, payload: NewOrderItemsNotification): Omit<MailMessage, 'to'> {
  const units = payload.items.reduce((sum, i) => sum + i.quantity, 0);
  const d = payload.deliveryInfo;
  const instructions = userText(d.deliveryInstructions);
  return {
    subject: `New order ${order.orderNumber} for ${payload.storeName}: ${units} item${units === 1 ? '' : 's'}`,
    text: [
      `New order ${order.orderNumber} for ${payload.storeName}.`,
      '',
      'Items to prepare:',
      ...payload.items.map(
        (i) => `  ${i.quantity} × ${i.name}  $${i.price.toFixed(2)} each\n      If out of stock: ${substitutionText(i.substitution)}`,
      ),
      '',
      'Deliver to:',
      `  ${userText(payload.customerName, 'Customer')}`,
      `  ${street(d.address, d.apartment)}`,
      `  ${userText(d.city)}, ${userText(d.state)} ${userText(d.zipCode)}`,
      `  Phone: ${userText(d.phone)}`,
      ...(instructions ? [`  Instructions: ${instructions}`] : []),
      ...(payload.deliveryWindow ? ['', `Delivery window: ${windowLabel(payload.deliveryWindow)}`] : []),
      '',
      `Order id: ${payload.orderId}`,
      `Placed: ${payload.timestamp}`,
    ].join('\n'),
  };
}

export interface Outbox {
  /**
   * Mails the order's undelivered rows of `type` now (the browser's follow-up call), whatever their
   * backoff; rows another process is sending are left to it. Returns how many could not be sent.
   */
  deliverOrder(orderId: string, type: NotificationTypeValue): Promise<number>;
  /** Mails one undelivered row now, whatever its backoff (a retry from the ops panel); false when it was not claimable or failed. */
  deliverOne(id: number): Promise<boolean>;
  /** One worker pass: due mails, then due refunds. True when a batch was full (more may wait). */
  runOnce(): Promise<boolean>;
  /** Something was just queued: deliver now rather than at the next poll. */
  nudge(): void;
  start(): void;
  /** Stops polling and waits for the pass in progress (app close). */
  stop(): Promise<void>;
}

export interface OutboxDeps {
  db: Database;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicShellUrl'>;
  mail: Pick<MailService, 'send'>;
  refunds: Pick<RefundsService, 'sendDue'>;
  /** The admin feed: told when a row may have appeared. */
  feed: { nudge(): void };
  pollMs?: number;
}

export function createOutbox({ db, log, config, mail, refunds, feed, pollMs = OUTBOX_POLL_MS }: OutboxDeps): Outbox {
  const stale = sql`now() - make_interval(mins => ${DELIVERY_LEASE_MINUTES})`;
  // Nobody is told about an order an admin cancelled before its mail went out.
  const orderLive = exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      // ...except the mail that tells the shopper of the cancellation.
      .where(and(eq(orders.id, notifications.orderId), or(ne(orders.status, 'CANCELLED'), eq(notifications.type, 'order_cancelled')))),
  );

  /** Claims undelivered mail rows (attempts + 1), skipping rows another process has locked or holds a fresh claim on. */
  async function claim(which: SQL | undefined): Promise<NotificationRow[]> {
    const claimable = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          isNull(notifications.deliveredAt),
          isNotNull(notifications.deliverTo),
          or(isNull(notifications.claimedAt), lt(notifications.claimedAt, stale)),
          orderLive,
          which,
        ),
      )
      .orderBy(notifications.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(notifications)
      .set({ claimedAt: sql`now()`, attempts: sql`${notifications.attempts} + 1` })
      .where(inArray(notifications.id, claimable))
      .returning();
    // RETURNING keeps no order: mail them in the order they were queued (a shopper's updates as they happened).
    return claimed.sort((a, b) => a.id - b.id);
  }

  /**
   * Sends claimed rows; returns how many failed. The batch's orders, and the lines and windows its
   * confirmations tell, are read once for the whole batch. Sent rows are marked delivered together, at most
   * MARK_EVERY_MS apart: one statement for a batch when the mail goes out quickly, one per mail when each
   * takes longer. A process killed in between leaves only those rows' claims to expire (and them to go twice).
   */
  async function send(rows: NotificationRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const confirmed = [...new Set(rows.filter((r) => r.type === 'order_created').map((r) => r.orderId))];
    const byOrder = new Map((await db.select().from(orders).where(inArray(orders.id, orderIds))).map((o) => [o.id, o]));
    const lines = await linesByOrder(db, confirmed);
    const windowsByOrder = await bookedWindows(db, confirmed);

    const delivered: number[] = [];
    let markedAt = Date.now();
    async function markDelivered() {
      if (delivered.length === 0) return;
      await db
        .update(notifications)
        .set({ deliveredAt: sql`now()`, claimedAt: null, lastError: null })
        .where(inArray(notifications.id, delivered.splice(0)));
      markedAt = Date.now();
    }

    let failed = 0;
    for (const row of rows) {
      const order = byOrder.get(row.orderId);
      if (!order) continue;
      try {
        let message: Omit<MailMessage, 'to'>;
        if (row.type === 'order_created')
          message = confirmationMail(order, lines.get(order.id) ?? [], config.publicShellUrl, windowsByOrder.get(order.id));
        else if (row.type === 'order_cancelled') message = cancellationMail(order, config.publicShellUrl);
        else if (isShopperUpdate(row.type))
          message = shopperUpdateMail(order, row.payload as unknown as ShopperUpdatePayload, config.publicShellUrl);
        else message = storeMail(order, row.payload as unknown as NewOrderItemsNotification);
        await mail.send({ to: row.deliverTo!, ...message });
      } catch (err) {
        failed += 1;
        log.warn(
          { err, notificationId: row.id, orderId: row.orderId, type: row.type, attempts: row.attempts },
          'notification mail failed; retried later',
        );
        const reason = err instanceof Error ? err.message.slice(0, 500) : 'unknown error';
        await db
          .update(notifications)
          .set({
            claimedAt: null,
            lastError: reason,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          })
          .where(eq(notifications.id, row.id));
        continue;
      }
      delivered.push(row.id);
      if (Date.now() - markedAt >= MARK_EVERY_MS) await markDelivered();
    }
    await markDelivered();
    return failed;
  }

  async function runOnce(): Promise<boolean> {
    const due = await claim(lte(notifications.nextAttemptAt, sql`now()`));
    await send(due);
    const refunded = await refunds.sendDue();
    return due.length === BATCH || refunded === BATCH;
  }

  const worker = createWorker({ pass: runOnce, pollMs, log, failure: 'outbox pass failed; retrying at the next poll' });

  return {
    async deliverOrder(orderId, type) {
      return send(await claim(and(eq(notifications.orderId, orderId), eq(notifications.type, type))));
    },
    async deliverOne(id) {
      const rows = await claim(eq(notifications.id, id));
      return rows.length > 0 && (await send(rows)) === 0;
    },
    runOnce,
    nudge() {
      feed.nudge();
      worker.nudge();
    },
    start: worker.start,
    stop: worker.stop,
  };
}
