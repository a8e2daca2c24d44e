// The order board: paid orders per store part, a part's pick list, and moving a part
// along the order status table. The order's own status follows its least advanced part
// (orders/storeParts.ts), with a compare-and-set so two staff moving parts at once cannot both win.
import type {
  LineState,
  OpsOrderPage,
  OpsOrderSummary,
  OpsOrderTotals,
  OpsPickLine,
  OpsQueue,
  OpsStorePart,
  StorePartStatus,
} from '@grocer/shared/contracts';
import { STORE_PART_STATUSES } from '@grocer/shared/contracts';
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  orderLines,
  orders,
  orderStoreParts,
  orderTracking,
  refunds,
  stores,
  type OrderLineRow,
  type OrderRow,
  type OrderStatusValue,
} from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { invalidTransition, orderNotFound } from '../orders/errors.ts';
import { customerName } from '../orders/orderJson.ts';
import { refundRequestId } from '../orders/refunds.ts';
import { allowedNext, canTransition } from '../orders/status.ts';
import { bumpOrderVersion, overallStatus } from '../orders/storeParts.ts';
import { toOpsStore, type OpsAccess, type OpsCaller } from './access.ts';
import { MINUTES_PER_DAY, zonedInstant } from '../stores/rules.ts';
import { substitutionsOf } from './substitutions.ts';
import { effectiveLineCents, lineRefundKey, orderMoney, partShare } from './partMoney.ts';
import type { PricingCents } from '../pricing.ts';
import { bookedWindows, type Clock } from '../delivery/windows.ts';
import { checkPartStep } from '../orders/partSteps.ts';
import { readQueue } from './queue.ts';

export const BOARD_DEFAULT_LIMIT = 25;
export const BOARD_MAX_LIMIT = 100;
/** The shop's calendar: a board `date` is a day in Chicago. */
export const SHOP_TIME_ZONE = 'America/Chicago';

export interface BoardQuery {
  storeUuid?: string;
  status?: StorePartStatus;
  date?: string;
  limit: number;
  cursor?: string;
}

export interface BoardService {
  list(caller: OpsCaller, query: BoardQuery): Promise<OpsOrderPage>;
  part(caller: OpsCaller, orderId: string, storeUuid: string): Promise<OpsStorePart>;
  advance(caller: OpsCaller, orderId: string, storeUuid: string, to: StorePartStatus, deliverEarly?: boolean): Promise<OpsStorePart>;
  queue(caller: OpsCaller, storeUuid: string | undefined): Promise<OpsQueue>;
}

/** [start, end) in UTC of a calendar day (YYYY-MM-DD) in `timeZone`, DST included. */
export function dayBounds(day: string, timeZone = SHOP_TIME_ZONE): [Date, Date] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [zonedInstant(y, m, d, 0, timeZone), zonedInstant(y, m, d, MINUTES_PER_DAY, timeZone)];
}

const CURSOR_PREFIX = 'b1:';
function encodeBoardCursor(seq: number, storeUuid: string): string {
  return Buffer.from(`${CURSOR_PREFIX}${seq}:${storeUuid}`).toString('base64url');
}
function decodeBoardCursor(cursor: string): { seq: number; storeUuid: string } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const match = /^b1:(\d{1,15}):([0-9a-f-]{36})$/.exec(text);
  if (!match || !isUuid(match[2]!)) throw httpError(400, 'VALIDATION_ERROR', 'cursor is invalid', 'cursor');
  return { seq: Number(match[1]), storeUuid: match[2]! };
}

const partStatusOf = (status: OrderStatusValue): StorePartStatus =>
  (STORE_PART_STATUSES as readonly string[]).includes(status) ? (status as StorePartStatus) : 'CONFIRMED';

const centsOf = (p: PricingCents) => ({
  subtotalCents: p.subtotal,
  taxCents: p.tax,
  serviceFeeCents: p.serviceFee,
  deliveryFeeCents: p.deliveryFee,
  processingFeeCents: p.processingFee,
  totalCents: p.total,
});

/** The whole order's money now and what the shopper paid (admins). */
const orderTotals = (order: OrderRow): Omit<OpsOrderTotals, 'refundedCents'> => ({
  subtotalCents: order.subtotalCents,
  taxCents: order.taxCents,
  serviceFeeCents: order.serviceFeeCents,
  deliveryFeeCents: order.deliveryFeeCents,
  processingFeeCents: order.processingFeeCents,
  totalCents: order.totalCents,
  originalTotalCents: order.originalTotalCents ?? order.totalCents,
});

export interface BoardDeps {
  db: Database;
  access: OpsAccess;
  /** The shoppers' order feed: told at once when this process changed an order. */
  events: { nudge(): void };
  /** What time it is: the queue's "due in" and the Deliver-early rule. */
  clock: () => Clock;
}

export function createBoardService({ db, access, events, clock }: BoardDeps): BoardService {
  /** The part of a paid order for a store the caller may act on; 404 ORDER_NOT_FOUND otherwise (whatever the reason). */
  async function loadPart(caller: OpsCaller, orderId: string, storeUuid: string) {
    const store = await access.store(caller, storeUuid);
    if (!isUuid(orderId)) throw orderNotFound();
    const [row] = await db
      .select({ part: orderStoreParts, order: orders })
      .from(orderStoreParts)
      .innerJoin(orders, eq(orders.id, orderStoreParts.orderId))
      .where(
        and(
          eq(orderStoreParts.orderId, orderId.toLowerCase()),
          eq(orderStoreParts.storeUuid, store.uuid),
          eq(orders.paymentStatus, 'PAID'),
        ),
      );
    if (!row) throw orderNotFound();
    return { store, part: row.part, order: row.order };
  }

  /** One store's share of the order's money now (partMoney.ts), for its staff. */
  async function partTotals(order: OrderRow, storeUuid: string, lines: OrderLineRow[]): Promise<PricingCents> {
    const parts = await db
      .select()
      .from(orderStoreParts)
      .where(eq(orderStoreParts.orderId, order.id))
      .orderBy(asc(orderStoreParts.storeUuid));
    return partShare(storeUuid, parts, orderMoney(order.deliveryState, parts, lines));
  }

  async function pickList(caller: OpsCaller, orderId: string, storeUuid: string): Promise<OpsStorePart> {
    const { store, part, order } = await loadPart(caller, orderId, storeUuid);
    const allLines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const lines = allLines.filter((l) => l.storeUuid === store.uuid);
    const allRefunds = await db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.id));
    // Staff see their own part only: the refunds their lines caused and the part's share of the money.
    const own = caller.role === 'ADMIN' ? null : new Set(lines.map((l) => refundRequestId(order.id, lineRefundKey(l.id))));
    const refundRows = own ? allRefunds.filter((r) => own.has(r.requestId)) : allRefunds;
    const refundedCents = refundRows.reduce((sum, r) => sum + r.amountCents, 0);
    // A part was paid what it costs now and what its lines sent back.
    const share = own ? await partTotals(order, store.uuid, allLines) : null;
    const totals = share ? { ...centsOf(share), originalTotalCents: share.total + refundedCents } : orderTotals(order);
    const substitutions = await substitutionsOf(db, lines);
    const status = partStatusOf(part.status);
    const window = (await bookedWindows(db, [order.id])).get(order.id)?.find((w) => w.storeUuid === store.uuid);
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      store: toOpsStore(store),
      status,
      allowedNext: status === 'CANCELLED' ? [] : allowedNext(status).filter((s): s is StorePartStatus => s !== 'CANCELLED'),
      customerName: customerName(order),
      customerPhone: order.customerPhone,
      deliveryAddress: [order.deliveryStreet, order.deliveryApartment, order.deliveryCity, `${order.deliveryState} ${order.deliveryZip}`]
        .filter(Boolean)
        .join(', '),
      note: order.deliveryInstructions?.trim() ? order.deliveryInstructions : null,
      createdAt: order.createdAt.toISOString(),
      window: window ? { startsAt: window.startsAt, endsAt: window.endsAt, timeZone: window.timeZone } : null,
      deliveredEarlyAt: part.deliveredEarlyAt?.toISOString() ?? null,
      lines: lines.map((l): OpsPickLine => ({
        lineId: l.id,
        productUuid: l.productUuid,
        name: l.productName,
        image: l.image,
        sizeLabel: l.sizeLabel,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        state: l.fulfilmentState as LineState,
        replacement:
          l.fulfilmentState === 'REPLACED' && l.replacementProductUuid && l.replacementUnitPriceCents !== null
            ? {
                productUuid: l.replacementProductUuid,
                name: l.replacementName ?? '',
                image: l.replacementImage,
                sizeLabel: l.replacementSizeLabel,
                unitPriceCents: l.replacementUnitPriceCents,
                lineTotalCents: l.replacementUnitPriceCents * l.quantity,
              }
            : null,
        substitution: substitutions.get(l.id) ?? null,
        markedAt: l.markedAt?.toISOString() ?? null,
      })),
      totals: { ...totals, refundedCents },
      refunds: refundRows.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        reason: r.reason,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
      })),
      cancelReason: order.cancelReason,
    };
  }

  /** After a part moved: the order takes its least advanced part's status, if the order table allows that step. */
  async function followParts(tx: Database, order: OrderRow, by: string): Promise<void> {
    const parts = await tx.select({ status: orderStoreParts.status }).from(orderStoreParts).where(eq(orderStoreParts.orderId, order.id));
    const next = overallStatus(parts.map((p) => p.status));
    if (next && next !== order.status && canTransition(order.status, next)) {
      const [moved] = await tx
        .update(orders)
        .set({ status: next, updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning({ id: orders.id });
      if (moved)
        await tx
          .insert(orderTracking)
          .values({ orderId: order.id, status: next, notes: 'All stores moved on', recordedBy: by })
          .onConflictDoNothing();
    }
    await bumpOrderVersion(tx, order.id);
  }

  return {
    part: pickList,

    async list(caller, query) {
      const scope = await access.scopeUuid(caller);
      let storeUuid = scope;
      if (query.storeUuid !== undefined) storeUuid = (await access.store(caller, query.storeUuid)).uuid;
      const after = query.cursor === undefined ? undefined : decodeBoardCursor(query.cursor);
      const bounds = query.date === undefined ? undefined : dayBounds(query.date);
      const conditions: (SQL | undefined)[] = [
        eq(orders.paymentStatus, 'PAID'),
        storeUuid === null ? undefined : eq(orderStoreParts.storeUuid, storeUuid),
        query.status === undefined ? undefined : eq(orderStoreParts.status, query.status),
        bounds ? and(gte(orders.createdAt, bounds[0]), lt(orders.createdAt, bounds[1])) : undefined,
        after
          ? or(lt(orders.seq, after.seq), and(eq(orders.seq, after.seq), sql`${orderStoreParts.storeUuid} > ${after.storeUuid}`))
          : undefined,
      ];
      // One more than asked tells whether there is a next page without counting.
      const rows = await db
        .select({ part: orderStoreParts, order: orders, store: { uuid: stores.uuid, publicId: stores.publicId, name: stores.name } })
        .from(orderStoreParts)
        .innerJoin(orders, eq(orders.id, orderStoreParts.orderId))
        .innerJoin(stores, eq(stores.uuid, orderStoreParts.storeUuid))
        .where(and(...conditions))
        .orderBy(desc(orders.seq), asc(orderStoreParts.storeUuid))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const lines =
        page.length === 0
          ? []
          : await db
              .select()
              .from(orderLines)
              .where(inArray(orderLines.orderId, [...new Set(page.map((r) => r.order.id))]));
      const summaries = page.map(({ part, order, store }): OpsOrderSummary => {
        const own = lines.filter((l) => l.orderId === order.id && l.storeUuid === part.storeUuid);
        return {
          orderId: order.id,
          orderNumber: order.orderNumber,
          store: toOpsStore(store),
          status: partStatusOf(part.status),
          orderStatus: order.status,
          customerName: customerName(order),
          createdAt: order.createdAt.toISOString(),
          lineCount: own.length,
          itemCount: own.reduce((sum, l) => sum + l.quantity, 0),
          pendingLineCount: own.filter((l) => l.fulfilmentState === 'PENDING').length,
          partSubtotalCents: own.reduce((sum, l) => sum + effectiveLineCents(l), 0),
        };
      });
      const last = page[page.length - 1];
      return {
        orders: summaries,
        nextCursor: rows.length > query.limit && last ? encodeBoardCursor(last.order.seq, last.part.storeUuid) : null,
      };
    },

    queue: (caller, storeUuid) => readQueue({ db, access, now: clock().now() }, caller, storeUuid),

    async advance(caller, orderId, storeUuid, to, deliverEarly = false) {
      for (;;) {
        const { store, part, order } = await loadPart(caller, orderId, storeUuid);
        // A retried step changes nothing.
        if (part.status === to) return pickList(caller, orderId, storeUuid);
        // Only an admin cancels, and the whole order (POST /ops/orders/{id}/cancel).
        if (to === 'CANCELLED' || order.status === 'CANCELLED' || !canTransition(part.status, to)) throw invalidTransition(part.status, to);
        const moved = await db.transaction(async (txn) => {
          const tx = txn as unknown as Database;
          // The order row first (as a cancellation takes it), so two parts moving at once judge the
          // overall status one after the other and nothing waits in a cycle.
          const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
          if (!locked || locked.status === 'CANCELLED') return false;
          await checkPartStep(tx, { orderId: order.id, storeUuids: [store.uuid], to, by: caller.uuid, now: clock().now(), deliverEarly });
          const [row] = await tx
            .update(orderStoreParts)
            .set({ status: to, updatedBy: caller.uuid, updatedAt: new Date() })
            .where(
              and(
                eq(orderStoreParts.orderId, order.id),
                eq(orderStoreParts.storeUuid, store.uuid),
                eq(orderStoreParts.status, part.status),
              ),
            )
            .returning();
          if (!row) return false;
          await followParts(tx, locked, caller.uuid);
          return true;
        });
        if (moved) {
          events.nudge();
          return pickList(caller, orderId, storeUuid);
        }
        // Someone else moved it meanwhile: judge again from where it is now.
      }
    },
  };
}
