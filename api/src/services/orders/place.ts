// Placing an order from an approved PayPal order (POST /orders/create), step 1 of two, each safe to repeat:
// the cart is priced again from the database, then one transaction inserts the order (id = the checkout
// intent's reference) and its lines, books the held windows and takes the stock with `stock_quantity >= qty`. UNIQUE (paypal_order_id)
// and UNIQUE (user_uuid, idempotency_key) make a duplicate request lose the insert; it then reads the
// winner's order instead (never check-then-insert). Step 2, settling the payment, is settle.ts.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation, httpError } from '../../db/errors.ts';
import { checkoutIntents, orderLines, orders, type IntentItem, type OrderRow } from '../../db/schema.ts';
import type { AccountCaller } from '../caller.ts';
import { checkStoreParts } from '../delivery/storeParts.ts';
import { BEST_MATCH, rememberSubstitutionsSql, resolveSubstitutions, type SubstitutionInput } from '../substitutions.ts';
import { mergeItems, priceCart, type CartItemInput } from './cartPricing.ts';
import { ORDER_MESSAGES } from './errors.ts';
import { loadOrder, takeStock } from './orderRows.ts';
import { storePartsInsert } from './storeParts.ts';
import type { OrdersDeps } from './orders.ts';

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

/** Step 1: the order, its lines and the stock, in one transaction. Returns the new order, or the one a duplicate already made. */
export function createOrderInsert({
  db,
  deliveryFees,
  catalogue,
  windows,
}: Pick<OrdersDeps, 'db' | 'deliveryFees' | 'catalogue' | 'windows'>) {
  return async function insertOrder(caller: AccountCaller, input: PlaceOrderInput): Promise<OrderRow> {
    const [intent] = await db
      .select()
      .from(checkoutIntents)
      .where(and(eq(checkoutIntents.paypalOrderId, input.paypalOrderId), eq(checkoutIntents.userUuid, caller.uuid)));
    if (!intent) throw httpError(404, 'PAYPAL_ORDER_NOT_FOUND', ORDER_MESSAGES.paypalOrderNotFound, 'paypalOrderDetails.id');
    // The PayPal amount was computed for the intent's cart; another cart would need another amount.
    if (!sameItems(intent.items, mergeItems(input.items))) throw httpError(409, 'CART_CHANGED', ORDER_MESSAGES.cartChanged, 'items');
    // Checked before anything is written or captured: a bad replacement is a 400 and nothing else happens.
    const substitutions = await resolveSubstitutions(db, input.items);
    const user = caller.account;
    const placedBefore = () => loadOrder(db, and(eq(orders.paypalOrderId, input.paypalOrderId), eq(orders.userUuid, caller.uuid)));

    // Re-priced from the database before the transaction (its reads lock nothing, so inside it they would
    // only hold its connection longer); PayPal will capture the intent's total, so they must agree. The
    // store rules again too. A refusal here leaves nothing written and the PayPal order is never captured.
    let cart: Awaited<ReturnType<typeof priceCart>>;
    let parts: ReturnType<typeof checkStoreParts>;
    try {
      cart = await priceCart(db, deliveryFees, intent.items, { state: intent.deliveryState, zip: intent.deliveryZip });
      if (cart.pricing.total !== intent.totalCents) throw httpError(409, 'PRICE_CHANGED', ORDER_MESSAGES.priceChanged, 'items');
      parts = checkStoreParts(cart, intent.deliveryZip);
    } catch (err) {
      // A repeat of a placed order gets that order, even when its cart cannot be priced now (it took the last of a product).
      const placed = await placedBefore();
      if (placed) return placed;
      throw err;
    }

    try {
      const order = await db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const orderId = intent.orderReference;
        const chosen = cart.lines.map((l) => ({ productUuid: l.productUuid, resolved: substitutions.get(l.productUuid) ?? BEST_MATCH }));
        // The order, its store parts, its lines and the shopper's remembered choices (the next cart starts
        // from them) in one statement: each round trip inside the transaction is one more that its locks
        // and connection wait on. The order's id is known beforehand, so the other inserts need not read it
        // back, and PostgreSQL checks their foreign keys to it at the end of the statement. A duplicate
        // fails the whole statement with the order's UNIQUE violation, as it failed the order's own insert.
        const placed = tx.$with('placed').as(
          tx
            .insert(orders)
            .values({
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
            })
            .returning(),
        );
        const lines = tx.$with('lines').as(
          tx.insert(orderLines).values(
            cart.lines.map((l, i) => ({
              orderId,
              ...l,
              substitution: chosen[i]!.resolved.choice,
              substituteProductId: chosen[i]!.resolved.substituteProductId,
            })),
          ),
        );
        const storeParts = storePartsInsert(tx, orderId, cart.delivery.stores);
        const remembered = rememberSubstitutionsSql(caller.uuid, chosen);
        const [inserted] = await tx
          .with(
            placed,
            lines,
            ...(storeParts ? [tx.$with('store_parts').as(storeParts)] : []),
            ...(remembered ? [tx.$with('remembered', {}).as(remembered)] : []),
          )
          .select()
          .from(placed);
        // The rows other checkouts wait for come last, so they stay locked only until the commit: each store
        // part's held window booked (a refusal rolls the order back and nothing is captured), then the
        // stock. Windows before products is also the order cancellations lock them in (never a deadlock).
        await windows().book(tx, caller.uuid, orderId, parts);
        const soldOut = await takeStock(tx, cart.lines, { orderId, by: caller.uuid });
        return { inserted: inserted!, soldOut };
      });
      // A sell-out changes what shoppers act on (stockStatus, Add to Cart), so the catalogue's answers
      // and indexes are dropped at once. A count that only went down is left to the answers' own TTL
      // (5 s, under the 60 s browsers may keep them anyway): clearing on every sale would throw the
      // whole cache and both in-memory indexes away many times a second at a busy hour, and the
      // order path re-checks stock itself (a stepper set too high is set down at the cart, refused at payment).
      if (order.soldOut) catalogue.invalidate();
      return order.inserted;
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
