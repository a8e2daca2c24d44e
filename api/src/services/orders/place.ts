// Placing an order from an approved PayPal order (POST /orders/create), step 1 of two, each safe to repeat:
// the cart is priced again from the database, then one statement inserts the order (id = the checkout
// intent's reference) and its lines, books the held windows and takes the stock with `stock_quantity >= qty`. UNIQUE (paypal_order_id)
// and UNIQUE (user_uuid, idempotency_key) make a duplicate request lose the insert; it then reads the
// winner's order instead (never check-then-insert). Step 2, settling the payment, is settle.ts.
import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation, httpError, statementRefusal } from '../../db/errors.ts';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import { afterCte, verdictCte } from '../../db/steps.ts';
import { checkoutIntents, orderLines, orders, products, stores, type IntentItem, type OrderRow } from '../../db/schema.ts';
import type { AccountCaller } from '../caller.ts';
import { checkStoreParts } from '../delivery/storeParts.ts';
import { bookingRefusal, bookingStep, type BookedByPlacing } from '../delivery/windows.ts';
import { BEST_MATCH, rememberChoicesSql, resolveSubstitutions, type SubstituteNames, type SubstitutionInput } from '../substitutions.ts';
import { cartColumns, cartIds, mergeItems, priceRows, type CartItemInput, type CartRow, type PricedCart } from './cartPricing.ts';
import { ORDER_MESSAGES } from './errors.ts';
import { loadOrder, orderFields, stockRefusal, stockStep } from './orderRows.ts';
import { storePartsSql } from './storeParts.ts';
import type { OrdersDeps } from './orders.ts';
import type { NoticeFacts } from './outbox.ts';

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

/** Crockford base32 (no I, L, O, U): easy to read out on the phone. 256 % 32 = 0, so every letter is equally likely. */
const TRACKING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newTrackingNumber(): string {
  return `GRT${[...randomBytes(12)].map((b) => TRACKING_ALPHABET[b & 31]).join('')}`;
}

/** Same products and quantities, in any order. */
function sameItems(a: IntentItem[], b: IntentItem[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((i) => [i.productId, i.quantity]));
  return b.every((i) => quantities.get(i.productId) === i.quantity);
}

/** The order's columns a placing request sets; the rest take their defaults. */
const ORDER_VALUES = [
  'id',
  'trackingNumber',
  'userUuid',
  'paypalOrderId',
  'idempotencyKey',
  'subtotalCents',
  'taxCents',
  'serviceFeeCents',
  'deliveryFeeCents',
  'processingFeeCents',
  'totalCents',
  'customerFirstName',
  'customerLastName',
  'customerEmail',
  'customerPhone',
  'deliveryStreet',
  'deliveryApartment',
  'deliveryCity',
  'deliveryState',
  'deliveryZip',
  'deliveryInstructions',
  'deliveryMinutes',
] as const;

/** The placing statement's parameters: the order's values, then its lines, store parts and windows as JSON or arrays. */
type PlacingParam = (typeof ORDER_VALUES)[number] | 'lines' | 'storeParts' | 'storeIds' | 'now' | 'nowMs';
const param = (name: PlacingParam): SQL => sql`${sql.placeholder(name)}`;

/**
 * Placing an order, as one statement prepared once per database handle: a statement of this size costs
 * PostgreSQL more to parse and plan than to run, so every cart uses the same text (its lines, store parts and
 * store ids are JSON and array parameters) and each connection parses it once.
 *
 * The order, its store parts, its lines and the shopper's remembered choices (the next cart starts from them)
 * are inserted first, then each store part's held window is booked, then the stock is taken: windows before
 * products is the order cancellations lock them in (never a deadlock), and the rows other checkouts wait for
 * are locked last, for the rest of this statement only, with no transaction held across round trips. A full
 * window or a product gone refuses the statement (db/steps.ts) and a duplicate fails it with the order's
 * UNIQUE violation, so nothing of it is written and the PayPal order is never captured. The order's id is
 * known beforehand, so the other inserts need not read it back; PostgreSQL checks their foreign keys to it at
 * the end of the statement.
 */
function preparePlacing(db: Database) {
  const values = Object.fromEntries(ORDER_VALUES.map((name) => [name, param(name)])) as unknown as typeof orders.$inferInsert;
  const placed = db.$with('placed').as(db.insert(orders).values(values).returning());
  const lines = sql`jsonb_to_recordset(${param('lines')}::jsonb) l (
    "productUuid" uuid, "productName" text, "storeUuid" uuid, "storeName" text, quantity int, "unitPriceCents" int,
    "lineTotalCents" int, image text, "sizeLabel" text, "unitPriceLabel" text, "storePublicId" text, substitution text,
    "substituteProductId" int)`;
  const booking = bookingStep(
    { user: param('userUuid'), order: param('id'), now: param('now'), nowMs: param('nowMs'), storeIds: param('storeIds') },
    afterCte('placed'),
  );
  const stock = stockStep({ wanted: param('lines'), order: param('id'), by: param('userUuid') }, booking.locked);
  const ctes: [string, SQL][] = [
    [
      'lines',
      sql`insert into ${orderLines} (order_id, product_uuid, product_name, store_uuid, store_name, quantity, unit_price_cents,
        line_total_cents, image, size_label, unit_price_label, store_public_id, substitution, substitute_product_id)
        select ${param('id')}::uuid, l."productUuid", l."productName", l."storeUuid", l."storeName", l.quantity, l."unitPriceCents",
          l."lineTotalCents", l.image, l."sizeLabel", l."unitPriceLabel", l."storePublicId", l.substitution, l."substituteProductId"
        from ${lines}`,
    ],
    ['store_parts', storePartsSql(param('id'), param('storeParts'))],
    [
      'remembered',
      rememberChoicesSql(
        param('userUuid'),
        sql`(select l."productUuid" as uuid, l.substitution as choice, l."substituteProductId" as substitute from ${lines}) c`,
      ),
    ],
    ...booking.ctes,
    ...stock.ctes,
    ['verdict', verdictCte({ windows: booking, stock })],
  ];
  return db
    .with(placed, ...ctes.map(([name, body]) => db.$with(name, {}).as(body)))
    .select({ ...orderFields(placed), soldOut: sql<boolean>`${stock.soldOut}`, booked: sql<BookedByPlacing[]>`${booking.booked}` })
    .from(placed)
    .where(sql`(select ok from verdict)`)
    .prepare('place_order');
}

const placingStatement = perDatabase(preparePlacing);

/**
 * What placing hands on: the order as stored, and what its notifications tell (the lines just written, the
 * windows just booked), so settling it need not read them back; null for an order a duplicate made before.
 */
export interface Placed {
  order: OrderRow;
  facts: NoticeFacts | null;
}

/**
 * The checkout intent of a PayPal order with the cart's products (cartPricing.ts), in one statement: a row per
 * product found, or a single row without one. The products are those of the request, which must be the
 * intent's (CART_CHANGED is checked before they are priced); no intent, no row.
 */
const intentWithCart = perDatabase((db) =>
  db
    .select({ intent: checkoutIntents, ...cartColumns })
    .from(checkoutIntents)
    .leftJoin(products, sql`${products.uuid} = any(${sql.placeholder('ids')}::uuid[])`)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(checkoutIntents.paypalOrderId, sql.placeholder('paypalOrderId')), eq(checkoutIntents.userUuid, sql.placeholder('user'))))
    .prepare('intent_with_cart'),
);

/** Step 1: the order, its lines and the stock, in one statement. Returns the new order, or the one a duplicate already made. */
export function createOrderInsert({ db, deliveryFees, catalogue, clock }: Pick<OrdersDeps, 'db' | 'deliveryFees' | 'catalogue' | 'clock'>) {
  return async function insertOrder(caller: AccountCaller, input: PlaceOrderInput): Promise<Placed> {
    const items = mergeItems(input.items);
    const now = clock().now();
    const rows = await intentWithCart(db).execute({
      paypalOrderId: input.paypalOrderId,
      user: caller.uuid,
      ids: cartIds(items),
      now: now.toISOString(),
    });
    const intent = rows[0]?.intent;
    if (!intent) throw httpError(404, 'PAYPAL_ORDER_NOT_FOUND', ORDER_MESSAGES.paypalOrderNotFound, 'paypalOrderDetails.id');
    // The PayPal amount was computed for the intent's cart; another cart would need another amount.
    if (!sameItems(intent.items, items)) throw httpError(409, 'CART_CHANGED', ORDER_MESSAGES.cartChanged, 'items');
    // Checked before anything is written or captured: a bad replacement is a 400 and nothing else happens.
    const substitutions = await resolveSubstitutions(db, input.items);
    const user = caller.account;
    const placedBefore = async (): Promise<Placed | null> => {
      const order = await loadOrder(db, and(eq(orders.paypalOrderId, input.paypalOrderId), eq(orders.userUuid, caller.uuid)));
      return order ? { order, facts: null } : null;
    };

    // Re-priced from the database before placing (its reads lock nothing, so inside the placing statement
    // they would only hold its locks longer); PayPal will capture the intent's total, so they must agree. The
    // store rules again too. A refusal here leaves nothing written and the PayPal order is never captured.
    let cart: PricedCart;
    let parts: ReturnType<typeof checkStoreParts>;
    try {
      const found = rows.flatMap((r) => (r.uuid === null ? [] : [r as CartRow]));
      cart = priceRows(found, intent.items, deliveryFees, { state: intent.deliveryState, zip: intent.deliveryZip });
      if (cart.pricing.total !== intent.totalCents) throw httpError(409, 'PRICE_CHANGED', ORDER_MESSAGES.priceChanged, 'items');
      parts = checkStoreParts(cart, intent.deliveryZip);
    } catch (err) {
      // A repeat of a placed order gets that order, even when its cart cannot be priced now (it took the last of a product).
      const placed = await placedBefore();
      if (placed) return placed;
      throw err;
    }

    try {
      const orderId = intent.orderReference;
      const lines = cart.lines.map((l) => {
        const chosen = substitutions.get(l.productUuid) ?? BEST_MATCH;
        return { ...l, substitution: chosen.choice, substituteProductId: chosen.substituteProductId };
      });
      const params: Record<PlacingParam, unknown> = {
        id: orderId,
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
        lines: JSON.stringify(lines),
        storeParts: JSON.stringify(cart.delivery.stores.map((q) => ({ storeUuid: q.storeUuid, feeCents: q.feeCents }))),
        storeIds: parts.map((p) => p.storeId),
        now: now.toISOString(),
        nowMs: now.getTime(),
      };
      let order: { inserted: OrderRow; soldOut: boolean; booked: BookedByPlacing[] };
      try {
        const [row] = await placingStatement(db).execute(params);
        const { soldOut, booked, ...inserted } = row!;
        order = { inserted, soldOut, booked };
      } catch (err) {
        const refusal = statementRefusal(err) as
          { windows?: Parameters<typeof bookingRefusal>[1]; stock?: Parameters<typeof stockRefusal>[1] } | undefined;
        if (!refusal) throw err;
        throw (
          (refusal.windows && bookingRefusal(parts, refusal.windows)) ?? (refusal.stock && stockRefusal(cart.lines, refusal.stock)) ?? err
        );
      }
      // A sell-out changes what shoppers act on (stockStatus, Add to Cart), so the catalogue's answers
      // and indexes are dropped at once. A count that only went down is left to the answers' own TTL
      // (5 s, under the 60 s browsers may keep them anyway): clearing on every sale would throw the
      // whole cache and both in-memory indexes away many times a second at a busy hour, and the
      // order path re-checks stock itself (a stepper set too high is set down at the cart, refused at payment).
      if (order.soldOut) catalogue.invalidate();
      const substitutes: SubstituteNames = new Map();
      for (const line of lines) {
        const chosen = substitutions.get(line.productUuid);
        // Checked to be of the line's store (resolveSubstitutions).
        if (chosen?.substitute && chosen.substituteProductId !== null)
          substitutes.set(chosen.substituteProductId, { ...chosen.substitute, storeUuid: line.storeUuid });
      }
      const facts: NoticeFacts = {
        lines,
        substitutes,
        windows: order.booked.map((w) => ({
          storeUuid: w.storeUuid,
          storeName: w.storeName,
          timeZone: w.timeZone,
          startsAt: new Date(w.startsMs).toISOString(),
          endsAt: new Date(w.endsMs).toISOString(),
        })),
        contactEmails: new Map(order.booked.map((w) => [w.storeUuid, w.contactEmail])),
      };
      return { order: order.inserted, facts };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A duplicate lost the race (or came later): the database decided; return what the winner made.
      const byPaypal = await placedBefore();
      if (byPaypal) return byPaypal;
      if (input.idempotencyKey !== null) {
        const byKey = await loadOrder(db, and(eq(orders.userUuid, caller.uuid), eq(orders.idempotencyKey, input.idempotencyKey)));
        if (byKey) throw httpError(409, 'IDEMPOTENCY_KEY_REUSED', ORDER_MESSAGES.idempotencyKeyReused);
      }
      throw err;
    }
  };
}
