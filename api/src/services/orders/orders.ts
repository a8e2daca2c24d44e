// Orders (decision 003): placing one from an approved PayPal order (place.ts, then settle.ts), settling
// its payment (settle.ts), its status changes (track.ts) and reading orders back (read.ts). Each use
// case is its own module over the order rows (orderRows.ts); this one puts them together as the
// service the routes call.
import type { Order } from '@grocer/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OrderLineRow, OrderRow } from '../../db/schema.ts';
import type { AccountCaller, Caller } from '../caller.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import type { DeliveryFeesService } from '../deliveryFees.ts';
import type { Clock, DeliveryWindowsService } from '../delivery/windows.ts';
import type { PaypalClient } from '../paypal/types.ts';
import { linesOf } from './orderRows.ts';
import type { Outbox } from './outbox.ts';
import { sharedWhileRunning } from '../../lib/sharedWhileRunning.ts';
import { createOrderInsert, type OrderCreatedJson, type PlaceOrderInput } from './place.ts';
import { findVisible, orderHistory, readOrder, type OrderHistoryPage } from './read.ts';
import type { RefundsService } from './refunds.ts';
import { createRefundSender, createSettlement, requirePaid, type PaymentCompletedJson } from './settle.ts';
import { createTracking, type TrackingInput, type TrackingJson } from './track.ts';

export interface OrdersService {
  place(caller: AccountCaller, input: PlaceOrderInput): Promise<OrderCreatedJson>;
  completePayment(caller: Caller, orderId: string): Promise<PaymentCompletedJson>;
  /** Settles an order left PENDING from PayPal's record, capturing nothing (the reconciler, reconcile.ts). */
  reconcile(order: OrderRow): Promise<OrderRow>;
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
  deliveryFees: Pick<DeliveryFeesService, 'quote'>;
  /** Stock changes can flip stockStatus; the catalogue's answer cache must not keep the old one. */
  catalogue: Pick<CatalogueService, 'invalidate'>;
  paypal: () => PaypalClient;
  refunds: Pick<RefundsService, 'request' | 'send'>;
  /** Told when a payment has queued notifications. */
  outbox: Pick<Outbox, 'nudge'>;
  windows: () => Pick<DeliveryWindowsService, 'releaseOrder'>;
  /** What time it is: a delivery before its booked window opens must be confirmed (partSteps.ts). */
  clock: () => Clock;
}

export function createOrdersService(deps: OrdersDeps): OrdersService {
  const { db } = deps;
  const sendRefund = createRefundSender(deps);
  const insertOrder = createOrderInsert(deps);
  const { settle, reconcile, completePayment } = createSettlement(deps, sendRefund);
  return {
    findVisible: (caller, orderId, allowAdmin) => findVisible(db, caller, orderId, allowAdmin),
    lines: (orderId) => linesOf(db, orderId),

    // Identical requests at once (a double click, a client retrying before the first answer) share the first
    // one's answer: the database would refuse each duplicate anyway, after parsing and planning the whole
    // placing statement for it. Requests that differ in anything, and duplicates reaching other processes,
    // are still decided by the database (place.ts).
    place: sharedWhileRunning(
      (caller, input) => JSON.stringify([caller.uuid, input]),
      async (caller, input) => {
        const placed = await insertOrder(caller, input);
        const order = await settle(placed.order, placed.facts);
        requirePaid(order);
        return { success: true, orderId: order.id, trackingNumber: order.trackingNumber, message: 'Order placed successfully' };
      },
    ),

    completePayment,
    reconcile,
    track: createTracking(deps, sendRefund),
    get: (caller, orderId) => readOrder(db, caller, orderId),
    history: (caller, limit, cursor) => orderHistory(db, caller, limit, cursor),
  };
}
