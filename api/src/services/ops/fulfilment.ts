// Staff mark what they found: a line found, replaced by another product of the store at
// the same or a lower price, or unavailable. The order's money is recomputed on the server with the
// checkout's own rules (pricing.ts) and what the shopper paid too much goes back through PayPal as a
// partial refund, recorded in the same transaction as the line (refunds.ts), keyed by the line: a
// replaced or unavailable line is final, so each line is refunded at most once however often the
// call is retried. A store part left with nothing to deliver is cancelled and its delivery fee and
// share of the fees go back with that refund; an order left with nothing is cancelled like an admin's
// cancel (partMoney.ts, decision 016). Admins cancel whole orders (orders.ts transition: refund, stock,
// the shopper's mail).
import type { OpsMarkLinePayload, OpsReplacementList, OpsStorePart } from '@grocer/shared/contracts';
import { and, asc, desc, eq, gt, gte, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, orderStoreParts, orderTracking, products, type OrderLineRow } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import type { DeliveryWindowsService } from '../delivery/windows.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { productSize } from '../catalogue/unitPrice.ts';
import { orderNotFound } from '../orders/errors.ts';
import type { OrdersService } from '../orders/orders.ts';
import type { RefundsService } from '../orders/refunds.ts';
import { bumpOrderVersion, moveStorePartsWithOrder, statusRank } from '../orders/storeParts.ts';
import { cancelPaidOrder } from '../orders/track.ts';
import { giveBackStock } from '../orders/orderRows.ts';
import { recordStockChanges } from '../catalogue/stockChanges.ts';
import type { OpsAccess, OpsCaller } from './access.ts';
import type { BoardService } from './board.ts';
import { lineRefundKey, repriceOrder } from './partMoney.ts';
import { likeContains } from './inventory.ts';
import { nameWords, rankReplacements } from './replacementRank.ts';
import { substitutionsOf } from './substitutions.ts';

export const FULFILMENT_MESSAGES = {
  lineNotFound: 'Order line not found.',
  lineSettled: 'This line was already replaced or marked unavailable, and its refund is on its way; it cannot change again.',
  partClosed: 'This store part has left the store; its lines can no longer change.',
  orderCancelled: 'This order has been cancelled.',
  replacementRequired: 'Choose the product that replaces this line.',
  replacementOnlyForReplaced: 'Only a replaced line takes a replacement product.',
  replacementInvalid: 'The replacement must be another active product of the same store.',
  replacementPricier: "The replacement must cost the same as the shopper's product or less.",
  replacementShort: 'There is not enough of the replacement in stock.',
  replacementRefused: 'The shopper asked not to replace this item: mark it unavailable and it is refunded.',
  nothingLeft: 'None of the items could be supplied, so nothing is delivered and everything paid is refunded.',
} as const;

const REPLACEMENT_LIMIT = 30;
/** Rows read to rank from: a category's worth, cheapest last. */
const CANDIDATE_LIMIT = 500;

export interface FulfilmentService {
  markLine(caller: OpsCaller, orderId: string, lineId: number, payload: OpsMarkLinePayload): Promise<OpsStorePart>;
  replacements(caller: OpsCaller, orderId: string, lineId: number, q: string | undefined): Promise<OpsReplacementList>;
  cancel(caller: OpsCaller, orderId: string, reason: string): Promise<OpsStorePart>;
}

export interface FulfilmentDeps {
  db: Database;
  log: FastifyBaseLogger;
  access: OpsAccess;
  board: Pick<BoardService, 'part'>;
  orders: Pick<OrdersService, 'track'>;
  refunds: Pick<RefundsService, 'request' | 'send'>;
  catalogue: Pick<CatalogueService, 'invalidate'>;
  /** Releases an order's windows when the order ends up with nothing to deliver. */
  windows: () => Pick<DeliveryWindowsService, 'releaseOrder'>;
  /** Wakes the mail worker for the cancellation mail. */
  outbox: { nudge(): void };
  /** The shoppers' order feed: told at once when this process changed an order. */
  events: { nudge(): void };
}

const lineNotFound = () => httpError(404, 'LINE_NOT_FOUND', FULFILMENT_MESSAGES.lineNotFound);
const invalid = (message: string, field = 'replacementProductUuid') => httpError(400, 'VALIDATION_ERROR', message, field);

export function createFulfilmentService({
  db,
  log,
  access,
  board,
  orders: ordersService,
  refunds,
  catalogue,
  windows,
  outbox,
  events,
}: FulfilmentDeps): FulfilmentService {
  /** A line of a paid order, of a store the caller may act on; 404 LINE_NOT_FOUND otherwise. */
  async function loadLine(caller: OpsCaller, orderId: string, lineId: number) {
    if (!isUuid(orderId) || !Number.isSafeInteger(lineId)) throw lineNotFound();
    const [row] = await db
      .select({ line: orderLines, order: orders })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, orderId.toLowerCase()), eq(orders.paymentStatus, 'PAID')));
    if (!row) throw lineNotFound();
    // Another store's line is "not found" for staff, like everything of another store.
    const store = await access.store(caller, row.line.storeUuid).catch(() => {
      throw lineNotFound();
    });
    return { ...row, store };
  }

  /** The store part must still be in the store (CONFIRMED, PREPARING, READY_FOR_PICKUP) and the order live. */
  async function requireOpenPart(tx: Database, line: OrderLineRow): Promise<void> {
    const [part] = await tx
      .select({ status: orderStoreParts.status })
      .from(orderStoreParts)
      .where(and(eq(orderStoreParts.orderId, line.orderId), eq(orderStoreParts.storeUuid, line.storeUuid)));
    if (!part || part.status === 'CANCELLED') throw httpError(409, 'ORDER_CANCELLED', FULFILMENT_MESSAGES.orderCancelled);
    if (statusRank(part.status) > statusRank('READY_FOR_PICKUP')) throw httpError(409, 'ORDER_PART_CLOSED', FULFILMENT_MESSAGES.partClosed);
  }

  /** The replacement product, checked: same store, active, not the line's own, no dearer, enough stock. */
  async function replacementFor(line: OrderLineRow, storeId: number, uuid: string | undefined) {
    if (uuid === undefined) throw invalid(FULFILMENT_MESSAGES.replacementRequired);
    if (!isUuid(uuid)) throw invalid(FULFILMENT_MESSAGES.replacementInvalid);
    const [product] = await db.select().from(products).where(eq(products.uuid, uuid.toLowerCase()));
    if (!product || product.storeId !== storeId || !product.isActive || product.uuid === line.productUuid)
      throw invalid(FULFILMENT_MESSAGES.replacementInvalid);
    if (product.priceCents > line.unitPriceCents) throw invalid(FULFILMENT_MESSAGES.replacementPricier);
    if (product.stockQuantity < line.quantity)
      throw httpError(409, 'REPLACEMENT_OUT_OF_STOCK', FULFILMENT_MESSAGES.replacementShort, 'replacementProductUuid');
    return product;
  }

  return {
    async markLine(caller, orderId, lineId, payload) {
      const { line, order, store } = await loadLine(caller, orderId, lineId);
      const answer = () => board.part(caller, order.id, store.uuid);
      if (payload.state !== 'REPLACED' && payload.replacementProductUuid !== undefined)
        throw invalid(FULFILMENT_MESSAGES.replacementOnlyForReplaced);
      // The same mark again (a retry) answers the same and changes nothing.
      const same =
        line.fulfilmentState === payload.state &&
        (payload.state !== 'REPLACED' || line.replacementProductUuid === payload.replacementProductUuid?.toLowerCase());
      if (same) return answer();
      if (line.fulfilmentState === 'REPLACED' || line.fulfilmentState === 'UNAVAILABLE')
        throw httpError(409, 'LINE_SETTLED', FULFILMENT_MESSAGES.lineSettled);
      // The shopper asked for a refund rather than a replacement.
      if (payload.state === 'REPLACED' && line.substitution === 'NONE')
        throw httpError(409, 'REPLACEMENT_REFUSED', FULFILMENT_MESSAGES.replacementRefused);
      const replacement = payload.state === 'REPLACED' ? await replacementFor(line, store.id, payload.replacementProductUuid) : null;

      let refundId: number | null = null;
      let cancelRefundId: number | null = null;
      let soldOut = false;
      let restocked = false;
      let cancelled = false;
      const changed = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        // The order row first (as cancelling and refunding take it): one money decision at a time per order.
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        if (!locked || locked.status === 'CANCELLED') throw httpError(409, 'ORDER_CANCELLED', FULFILMENT_MESSAGES.orderCancelled);
        await requireOpenPart(tx, line);
        const now = new Date();
        const [updated] = await tx
          .update(orderLines)
          .set({
            fulfilmentState: payload.state,
            markedAt: now,
            markedBy: caller.uuid,
            ...(replacement
              ? {
                  replacementProductUuid: replacement.uuid,
                  replacementName: replacement.name,
                  replacementImage: replacement.image,
                  replacementSizeLabel: productSize(replacement.sizeMilli, replacement.sizeUnit).label,
                  replacementUnitPriceCents: replacement.priceCents,
                }
              : {}),
          })
          // Compare-and-set on the state read: a concurrent mark of the same line loses here.
          .where(and(eq(orderLines.id, line.id), eq(orderLines.fulfilmentState, line.fulfilmentState)))
          .returning();
        if (!updated) return false;
        if (replacement) {
          const [taken] = await tx
            .update(products)
            .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`, updatedAt: now })
            .where(and(eq(products.id, replacement.id), eq(products.isActive, true), gte(products.stockQuantity, line.quantity)))
            .returning({ stock: products.stockQuantity });
          if (!taken) throw httpError(409, 'REPLACEMENT_OUT_OF_STOCK', FULFILMENT_MESSAGES.replacementShort, 'replacementProductUuid');
          soldOut = taken.stock === 0;
          await recordStockChanges(
            tx,
            [{ productId: replacement.id, oldQuantity: taken.stock + line.quantity, newQuantity: taken.stock }],
            { reason: 'REPLACEMENT', orderId: order.id, by: caller.uuid },
          );
        }
        if (payload.state !== 'FOUND') {
          // The shopper's product is not sold: the count the order took goes back on the shelf's books
          // (a later cancellation then releases only what the order still holds: orderRows.releaseStock).
          if (
            await giveBackStock(tx, [{ productUuid: line.productUuid, quantity: line.quantity }], {
              reason: 'LINE_NOT_SOLD',
              orderId: order.id,
              by: caller.uuid,
            })
          )
            restocked = true;
        }
        if (payload.state !== 'FOUND') {
          // Recomputed from every line as it stands, with the checkout's rules; a part left with nothing gives its delivery fee back.
          const { back, emptied, nothingLeft } = await repriceOrder(tx, locked, caller.uuid);
          if (back > 0) {
            const what = payload.state === 'REPLACED' ? `replaced by ${replacement!.name}` : 'unavailable';
            const dropped = emptied.length > 0 ? `; nothing left from ${store.name}, its delivery fee refunded` : '';
            refundId = await refunds.request(tx, {
              orderId: order.id,
              amountCents: back,
              reason: `Grocer order ${locked.orderNumber}: ${line.productName} ${what}${dropped}`,
              key: lineRefundKey(line.id),
            });
          }
          if (nothingLeft) {
            // Nothing to deliver: the order is cancelled (never DELIVERED), as an admin's cancel would.
            const [row] = await tx
              .update(orders)
              .set({
                status: 'CANCELLED',
                cancelledAt: now,
                cancelReason: FULFILMENT_MESSAGES.nothingLeft,
                refundStatus: 'DUE',
                refundDueCents: locked.paypalCapturedCents ?? 0,
                updatedAt: now,
              })
              .where(eq(orders.id, order.id))
              .returning();
            const cancelledOrder = await cancelPaidOrder(tx, { refunds, windows }, row!, caller.uuid);
            cancelRefundId = cancelledOrder.refundId;
            if (cancelledOrder.restocked) restocked = true;
            cancelled = true;
            await moveStorePartsWithOrder(tx, order.id, 'CANCELLED', caller.uuid);
            await tx
              .insert(orderTracking)
              .values({ orderId: order.id, status: 'CANCELLED', notes: FULFILMENT_MESSAGES.nothingLeft, recordedBy: caller.uuid })
              .onConflictDoNothing();
          }
        }
        await bumpOrderVersion(tx, order.id);
        return true;
      });
      if (!changed) {
        // Someone marked it meanwhile: judge the request again against what they did.
        return this.markLine(caller, orderId, lineId, payload);
      }
      events.nudge();
      if (soldOut || restocked) catalogue.invalidate();
      // The shopper's cancellation mail is in the outbox.
      if (cancelled) outbox.nudge();
      for (const id of [refundId, cancelRefundId]) {
        if (id === null) continue;
        try {
          await refunds.send(id);
          // The shopper's page shows the refund's state: tell it PayPal has answered.
          await bumpOrderVersion(db, order.id);
          events.nudge();
        } catch (err) {
          log.warn({ err, refundId: id }, 'partial refund not sent now; the outbox worker retries it');
        }
      }
      return answer();
    },

    async replacements(caller, orderId, lineId, q) {
      const { line, store } = await loadLine(caller, orderId, lineId);
      const substitution = (await substitutionsOf(db, [line])).get(line.id);
      // "Don't replace": the shopper asked for a refund, so there is nothing to offer (markLine refuses too).
      if (substitution?.choice === 'NONE') return { products: [] };
      const preferred = substitution?.substitute?.productUuid ?? null;
      const [own] = await db.select().from(products).where(eq(products.uuid, line.productUuid));
      if (!own) return { products: [] };
      const words = q?.trim().toLowerCase();
      // The shelf and its neighbours: the item's own category, the same item, and names sharing a word with it.
      const alike = [...nameWords(own.item)].map((w) => sql`lower(${products.name}) like ${likeContains(w)}`);
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.storeId, store.id),
            eq(products.isActive, true),
            ne(products.uuid, line.productUuid),
            lte(products.priceCents, line.unitPriceCents),
            gte(products.stockQuantity, line.quantity),
            gt(products.stockQuantity, 0),
            words ? sql`lower(${products.name}) like ${likeContains(words)}` : undefined,
            or(
              eq(products.categoryId, own.categoryId),
              eq(products.item, own.item),
              preferred ? eq(products.uuid, preferred) : undefined,
              ...alike,
            ),
          ),
        )
        .orderBy(desc(products.priceCents), asc(products.id))
        .limit(CANDIDATE_LIMIT);
      const ranked = rankReplacements(own, rows, preferred).slice(0, REPLACEMENT_LIMIT);
      return {
        products: ranked.map(({ product: p, match }) => ({
          productUuid: p.uuid,
          name: p.name,
          image: p.image,
          sizeLabel: productSize(p.sizeMilli, p.sizeUnit).label,
          priceCents: p.priceCents,
          priceDifferenceCents: p.priceCents - line.unitPriceCents,
          stockQuantity: p.stockQuantity,
          match,
          preferred: p.uuid === preferred,
        })),
      };
    },

    async cancel(caller, orderId, reason) {
      if (caller.role !== 'ADMIN') throw httpError(403, 'FORBIDDEN', 'Only an admin can cancel an order.');
      // orders.ts moves the order, its parts, stock and refund in one transaction and queues the shopper's mail.
      await ordersService.track({ uuid: caller.uuid, role: 'ADMIN', authMethod: 'email' }, { orderId, status: 'CANCELLED', notes: reason });
      const [first] = await db
        .select({ storeUuid: orderStoreParts.storeUuid })
        .from(orderStoreParts)
        .where(eq(orderStoreParts.orderId, orderId.toLowerCase()))
        .orderBy(asc(orderStoreParts.storeUuid))
        .limit(1);
      if (!first) throw orderNotFound();
      return board.part(caller, orderId, first.storeUuid);
    },
  };
}
