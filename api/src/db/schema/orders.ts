// Checkout and orders (decision 003): checkout intents (a priced cart with its PayPal order), orders
// with their lines, the tracking history and the notifications sent about them.
// Money is integer cents. Idempotency lives in UNIQUE constraints, never in check-then-insert code:
// orders.paypal_order_id (one order per PayPal payment), (user_uuid, idempotency_key) (one order per
// client retry key) and (order_id, type, recipient, about) (one notification per recipient and event).
// Re-exported from ../schema.ts, which drizzle-kit and the client read.
import { sql, type SQL } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

/** The money columns of a priced cart, shared by intents and orders (see services/pricing.ts). */
const moneyColumns = () => ({
  subtotalCents: integer('subtotal_cents').notNull(),
  taxCents: integer('tax_cents').notNull(),
  serviceFeeCents: integer('service_fee_cents').notNull(),
  deliveryFeeCents: integer('delivery_fee_cents').notNull(),
  processingFeeCents: integer('processing_fee_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
});

/** The delivery address a cart was priced for (a snapshot: later account edits do not move an order). */
const addressColumns = () => ({
  deliveryStreet: text('delivery_street').notNull(),
  deliveryApartment: text('delivery_apartment'),
  deliveryCity: text('delivery_city').notNull(),
  deliveryState: text('delivery_state').notNull(),
  deliveryZip: text('delivery_zip').notNull(),
});

export interface IntentItem {
  /** Product uuid. */
  productId: string;
  quantity: number;
}

/**
 * A cart priced for payment (POST /payments/paypal/orders). Its uuid is the order reference: PayPal's
 * invoice_id and later the order's id. Order creation accepts a PayPal order only through the intent
 * of the same user, so nobody can attach someone else's payment.
 */
export const checkoutIntents = pgTable(
  'checkout_intents',
  {
    orderReference: uuid('order_reference').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** Null only between our insert and PayPal's answer. */
    paypalOrderId: text('paypal_order_id').unique(),
    /** What was priced: merged by product, in the order given. */
    items: jsonb('items').$type<IntentItem[]>().notNull(),
    ...moneyColumns(),
    ...addressColumns(),
    /** Longest store delivery estimate, minutes (deliveryFees.ts). */
    deliveryMinutes: integer('delivery_minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_intents_user_idx').on(t.userUuid)],
);

export type LineStateValue = 'PENDING' | 'FOUND' | 'REPLACED' | 'UNAVAILABLE';

/** Spec §4 order statuses; a customer's order starts PENDING and the browser confirms it once paid. */
export type OrderStatusValue =
  'PENDING' | 'CONFIRMED' | 'PROCESSING' | 'PREPARING' | 'READY_FOR_PICKUP' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'CANCELLED';

/**
 * Our view of the payment: PENDING until the capture is settled, then PAID, or FAILED (declined, not
 * approved, voided) or AMOUNT_MISMATCH (PayPal captured another amount or currency than our total).
 */
export type PaymentStatusValue = 'PENDING' | 'PAID' | 'FAILED' | 'AMOUNT_MISMATCH';

/**
 * DUE: an order was cancelled with money captured, and refund_due_cents must go back; REFUNDED once
 * completed refunds (the refunds table, sent by services/orders/refunds.ts) add up to it.
 */
export type RefundStatusValue = 'DUE' | 'REFUNDED';

export const orders = pgTable(
  'orders',
  {
    /** The checkout intent's order reference. */
    id: uuid('id').primaryKey(),
    /** Insertion order: the order number and the history's keyset cursor. */
    seq: serial('seq').notNull().unique(),
    /** Human-facing: GR-000042 (at least 6 digits; more once the sequence outgrows them). */
    orderNumber: text('order_number')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`'GR-' || lpad(${orders.seq}::text, greatest(6, length(${orders.seq}::text)), '0')`),
    trackingNumber: text('tracking_number').notNull().unique(),
    // No cascade: an order is a financial record; deleting its account must not erase it.
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid),
    paypalOrderId: text('paypal_order_id').notNull(),
    /** The client's Idempotency-Key header, when it sent one. */
    idempotencyKey: text('idempotency_key'),
    status: text('status').$type<OrderStatusValue>().notNull().default('PENDING'),
    paymentStatus: text('payment_status').$type<PaymentStatusValue>().notNull().default('PENDING'),
    /** What PayPal reported for the capture (id, status, amount), kept for support and refunds. */
    paypalCaptureId: text('paypal_capture_id'),
    paypalCaptureStatus: text('paypal_capture_status'),
    paypalCapturedCents: integer('paypal_captured_cents'),
    paypalCapturedCurrency: text('paypal_captured_currency'),
    ...moneyColumns(),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    ...addressColumns(),
    deliveryInstructions: text('delivery_instructions'),
    deliveryMinutes: integer('delivery_minutes').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundStatus: text('refund_status').$type<RefundStatusValue>(),
    refundDueCents: integer('refund_due_cents'),
    /** What the shopper paid, kept once stores change lines (the money columns then hold the recomputed order); null while unchanged. */
    originalTotalCents: integer('original_total_cents'),
    cancelReason: text('cancel_reason'),
    /** Set while one process's reconciler asks PayPal about this PENDING order (services/orders/reconcile.ts); a lease. */
    reconcileClaimedAt: timestamp('reconcile_claimed_at', { withTimezone: true }),
    /** Grows with every change the shopper's page should follow (GET /orders/{id}/events). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One order per PayPal payment and per client retry key: concurrent duplicates lose on these.
    uniqueIndex('orders_paypal_order_id_idx').on(t.paypalOrderId),
    uniqueIndex('orders_user_idempotency_key_idx').on(t.userUuid, t.idempotencyKey),
    // The history: a user's orders newest first.
    index('orders_user_seq_idx').on(t.userUuid, t.seq.desc()),
    // What the reconciler looks for: the few orders whose payment was never recorded.
    index('orders_pending_payment_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'PENDING'`),
    check('orders_total_cents_check', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * What the store does when a line's product is out of stock at picking: pick the closest match, pick the
 * one product the shopper named (same store, same category), or leave it out and refund it.
 */
export type SubstitutionChoiceValue = 'BEST_MATCH' | 'SPECIFIC' | 'NONE';

/**
 * An order's products as sold: name, store and price are copied, so the order reads the same after
 * the catalogue changes (and products stay deletable: no foreign key).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productUuid: uuid('product_uuid').notNull(),
    productName: text('product_name').notNull(),
    storeUuid: uuid('store_uuid').notNull(),
    storeName: text('store_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    // As shown when ordered; null on lines stored before the catalogue had pictures and sizes.
    image: text('image'),
    sizeLabel: text('size_label'),
    unitPriceLabel: text('unit_price_label'),
    storePublicId: text('store_public_id'),
    /** What the store did with it (contracts/ops.ts LineState). */
    fulfilmentState: text('fulfilment_state').$type<LineStateValue>().notNull().default('PENDING'),
    // The product the store delivered instead (REPLACED), copied like the line itself.
    replacementProductUuid: uuid('replacement_product_uuid'),
    replacementName: text('replacement_name'),
    replacementImage: text('replacement_image'),
    replacementSizeLabel: text('replacement_size_label'),
    replacementUnitPriceCents: integer('replacement_unit_price_cents'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markedBy: uuid('marked_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** The shopper's 'If out of stock' choice, as it was when the order was placed (the pick list reads it). */
    substitution: text('substitution').$type<SubstitutionChoiceValue>().notNull().default('BEST_MATCH'),
    /**
     * products.id of the named replacement, only for SPECIFIC. No foreign key, like product_uuid: an
     * order line is a financial record, and the catalogue rebuild's TRUNCATE products ... CASCADE
     * would empty order_lines through one (seed/seedCatalogue.ts clears these ids instead).
     */
    substituteProductId: integer('substitute_product_id'),
  },
  (t) => [
    unique('order_lines_order_product_uq').on(t.orderId, t.productUuid),
    // The ops board: a store's orders.
    index('order_lines_store_order_idx').on(t.storeUuid, t.orderId),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_substitution_check', sql`${t.substitution} IN ('BEST_MATCH', 'SPECIFIC', 'NONE')`),
  ],
);

/**
 * A shopper's remembered 'If out of stock' choice per product: the cart line starts from it, and every
 * order placed updates it. A row exists only once a shopper has ordered or chosen; no row means BEST_MATCH.
 */
export const substitutionPreferences = pgTable(
  'substitution_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<SubstitutionChoiceValue>().notNull(),
    // Cascade: a remembered replacement that no longer exists is no preference at all (back to best match).
    substituteProductId: integer('substitute_product_id').references(() => products.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('substitution_preferences_choice_check', sql`${t.choice} IN ('BEST_MATCH', 'SPECIFIC', 'NONE')`),
    // A replacement is named exactly when the choice is SPECIFIC.
    check('substitution_preferences_specific_check', sql`(${t.choice} = 'SPECIFIC') = (${t.substituteProductId} IS NOT NULL)`),
  ],
);

/** Status changes of an order (POST /orders/tracking). One row per status, so a retried confirm adds nothing. */
export const orderTracking = pgTable(
  'order_tracking',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatusValue>().notNull(),
    notes: text('notes'),
    /** Who recorded it. */
    recordedBy: uuid('recorded_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** The time the client said; kept for reference, never trusted for ordering. */
    clientTimestamp: text('client_timestamp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('order_tracking_order_status_uq').on(t.orderId, t.status)],
);

/** The shopper's mails about one store part or one line, as the stores move them (services/orders/shopperMails.ts). */
export const SHOPPER_UPDATE_TYPES = [
  'part_out_for_delivery',
  'part_delivered',
  'part_cancelled',
  'line_replaced',
  'line_unavailable',
] as const;
export type ShopperUpdateType = (typeof SHOPPER_UPDATE_TYPES)[number];

export type NotificationTypeValue = 'order_created' | 'new_order' | 'new_order_items' | 'order_cancelled' | ShopperUpdateType;

/**
 * Notifications about an order, built from the stored order (never the client's payload).
 * type: 'order_created' (the customer's confirmation mail), 'new_order' (admin dashboard),
 * 'new_order_items' (one per store, also mailed), 'order_cancelled' and the shopper's updates (SHOPPER_UPDATE_TYPES).
 * recipient: 'customer:{uuid}', 'admin', 'store:{uuid}'. about: what within the order the row is about,
 * '' for the order itself, 'store:{uuid}' for a store part, 'line:{id}' for a line: one row per event.
 *
 * Delivery: a row with deliver_to is e-mailed by whoever claims it (claimed_at, a lease) and is done
 * once delivered_at is set, so retries and races mail it once; dashboard rows are delivered when stored.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationTypeValue>().notNull(),
    recipient: text('recipient').notNull(),
    about: text('about').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The e-mail address it goes to (a snapshot of the customer's or store's), null for the dashboard. */
    deliverTo: text('deliver_to'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set while one request is sending it; a lease older than a few minutes may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The outbox worker leaves an undelivered row alone until then (backoff after a failed send). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_order_type_recipient_about_uq').on(t.orderId, t.type, t.recipient, t.about),
    // The admin list filtered by type, newest first.
    index('notifications_type_id_idx').on(t.type, t.id.desc()),
    // What the outbox worker looks for.
    index('notifications_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** REQUESTED: recorded, PayPal has not confirmed it yet; COMPLETED: PayPal refunded it; FAILED: the last attempt failed (retried while next_attempt_at is set). */
export type RefundRowStatusValue = 'REQUESTED' | 'COMPLETED' | 'FAILED';

/**
 * Money sent back to the payer against an order's PayPal capture. request_id is the PayPal-Request-Id
 * the refund is always sent with, so a retry (after a crash, a timeout, by another replica) can only
 * ever get PayPal's first refund back. The row is written before PayPal is called, in the transaction
 * that decides the refund, so a refund is never forgotten.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    // No cascade: a refund is a financial record.
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    paypalCaptureId: text('paypal_capture_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    requestId: text('request_id').notNull().unique(),
    status: text('status').$type<RefundRowStatusValue>().notNull().default('REQUESTED'),
    paypalRefundId: text('paypal_refund_id'),
    /** PayPal's refund status: COMPLETED, PENDING, FAILED, CANCELLED. */
    paypalStatus: text('paypal_status'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may try it again; null: no more automatic attempts (support must look). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} <> 'COMPLETED'`),
    check('refunds_amount_cents_check', sql`${t.amountCents} > 0`),
  ],
);

export type CheckoutIntentRow = typeof checkoutIntents.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type SubstitutionPreferenceRow = typeof substitutionPreferences.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
