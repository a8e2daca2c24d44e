// Before the order: the cart priced for the signed-in shopper (POST /pricing/calculate) and the PayPal
// order for it (POST /payments/paypal/orders). The PayPal amount is our computed total, and the
// checkout intent remembers what was priced, for whom and for where, so order creation can refuse a
// PayPal order that is not the caller's and re-check the total it is about to capture.
import { randomUUID } from 'node:crypto';
import type { CartProblem, DeliveryFeeResponse, Dollars, PaymentBreakdown } from '@grocer/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { checkoutIntents } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { AccountCaller } from '../caller.ts';
import { toDeliveryFeeResponse, type DeliveryFeesService } from '../deliveryFees.ts';
import type { PaypalClient } from '../paypal/types.ts';
import { centsToDollars, toPaymentBreakdown } from '../pricing.ts';
import type { UsersService } from '../users.ts';
import { priceCart, type CartItemInput, type DeliveryAddress } from './cartPricing.ts';
import { ORDER_MESSAGES, paypalUnavailable } from './errors.ts';
import { checkStoreParts, readStoreParts } from '../delivery/storeParts.ts';
import { requireHeld, WINDOW_MESSAGES, type Clock, type DeliveryWindowsService } from '../delivery/windows.ts';

export interface PricedLineJson {
  productId: string;
  name: string;
  storeId: string;
  storeName: string;
  quantity: number;
  unitPrice: Dollars;
  lineTotal: Dollars;
}

/** POST /pricing/calculate. */
export interface CartPricingJson {
  pricing: PaymentBreakdown;
  deliveryFees: DeliveryFeeResponse;
  lines: PricedLineJson[];
  /** What payment would refuse, per store, while the shopper can still act on it. */
  problems: CartProblem[];
}

/** POST /payments/paypal/orders. */
export interface PaypalOrderJson {
  paypalOrderId: string;
  orderReference: string;
  pricing: PaymentBreakdown;
}

export interface CheckoutService {
  /** The account's delivery address: 400 ADDRESS_REQUIRED / ADDRESS_INVALID; with `forPayment`, 403 EMAIL_NOT_VERIFIED. */
  deliveryAddress(caller: AccountCaller, forPayment: boolean): Promise<DeliveryAddress>;
  price(caller: AccountCaller, items: CartItemInput[]): Promise<CartPricingJson>;
  createPaypalOrder(caller: AccountCaller, items: CartItemInput[]): Promise<PaypalOrderJson>;
}

export interface CheckoutDeps {
  db: Database;
  log: FastifyBaseLogger;
  users: Pick<UsersService, 'profile'>;
  deliveryFees: Pick<DeliveryFeesService, 'quote'>;
  /** Read at call time: tests (and the config) decide which PayPal the app talks to. */
  paypal: () => PaypalClient;
  windows: () => Pick<DeliveryWindowsService, 'listStores'>;
  /** What time it is: whether a hold has expired (tests set it). */
  clock: () => Clock;
}

export function createCheckoutService({ db, log, users, deliveryFees, paypal, windows, clock }: CheckoutDeps): CheckoutService {
  const holderOf = (caller: AccountCaller) => ({ userUuid: caller.uuid, now: clock().now() });

  async function deliveryAddress(caller: AccountCaller, forPayment: boolean): Promise<DeliveryAddress> {
    const profile = users.profile(caller);
    if (!profile.address) throw httpError(400, 'ADDRESS_REQUIRED', ORDER_MESSAGES.addressRequired);
    if (!profile.hasValidAddress) throw httpError(400, 'ADDRESS_INVALID', ORDER_MESSAGES.addressInvalid);
    // Spec §4 "Checkout eligibility": the server decides, whatever the browser's guard showed.
    if (forPayment && !profile.canCheckout) throw httpError(403, 'EMAIL_NOT_VERIFIED', ORDER_MESSAGES.emailNotVerified);
    const a = profile.address;
    return { street: a.streetName, apartment: a.apartmentName || null, city: a.city, state: a.state, zip: a.zip };
  }

  return {
    deliveryAddress,

    async price(caller, items) {
      const address = await deliveryAddress(caller, false);
      const cart = await priceCart(db, deliveryFees, items, address, holderOf(caller), { shortStock: 'report', windows: true });
      // The refusals of createPaypalOrder (short stock, then each store's area and minimum), as a list.
      const { problems: storeProblems } = readStoreParts(cart, address.zip);
      const problems: CartProblem[] = [];
      for (const short of cart.shortStock) {
        problems.push({
          code: 'INSUFFICIENT_STOCK',
          storeId: short.storeUuid,
          storeName: short.storeName,
          productId: short.productUuid,
          available: short.available,
          message: `Only ${short.available} left of ${short.productName}.`,
        });
      }
      for (const p of storeProblems) {
        problems.push({
          code: p.code,
          storeId: p.storeUuid,
          storeName: p.storeName,
          message: p.message,
          ...(p.shortCents !== undefined && { shortBy: centsToDollars(p.shortCents) }),
          ...(p.zip !== undefined && { zip: p.zip }),
        });
      }
      // Payment needs a held window per store (DELIVERY_WINDOW_REQUIRED); a store with none free in
      // the days it offers leaves nothing to pick in step 1, so the cart says so while it can be acted on.
      for (const store of await windows().listStores(caller.uuid, [...cart.stores.values()], cart.windowUse)) {
        if (!store.windows.some((w) => w.available)) {
          problems.push({
            code: 'NO_DELIVERY_WINDOW',
            storeId: store.storeUuid,
            storeName: store.storeName,
            message: WINDOW_MESSAGES.noneFree(store.storeName),
          });
        }
      }
      return {
        problems,
        pricing: toPaymentBreakdown(cart.pricing),
        deliveryFees: toDeliveryFeeResponse(cart.delivery),
        lines: cart.lines.map((l) => ({
          productId: l.productUuid,
          name: l.productName,
          storeId: l.storeUuid,
          storeName: l.storeName,
          quantity: l.quantity,
          unitPrice: centsToDollars(l.unitPriceCents),
          lineTotal: centsToDollars(l.lineTotalCents),
        })),
      };
    },

    async createPaypalOrder(caller, items) {
      const address = await deliveryAddress(caller, true);
      const cart = await priceCart(db, deliveryFees, items, address, holderOf(caller));
      // Store rules and a held window per store before the shopper is asked to approve any money.
      const parts = checkStoreParts(cart, address.zip);
      requireHeld(parts, cart.heldStores);
      const orderReference = randomUUID();
      let paypalOrderId: string;
      try {
        // PayPal-Request-Id from the reference: a retried create returns the same PayPal order.
        const created = await paypal().createOrder({
          orderReference,
          amountCents: cart.pricing.total,
          currency: 'USD',
          requestId: `create-${orderReference}`,
        });
        paypalOrderId = created.id;
      } catch (err) {
        // Nothing was written: there is no intent, so nothing can be captured for this attempt.
        log.warn({ err, orderReference }, 'PayPal order creation failed');
        throw paypalUnavailable();
      }
      // The intent is written once, with its PayPal order, after PayPal made it: one statement instead of an
      // insert and an update. Should this insert fail, the PayPal order is never shown to the shopper, so it
      // is never approved, and order creation (which looks the intent up by it) could not use it anyway.
      await db.insert(checkoutIntents).values({
        orderReference,
        userUuid: caller.uuid,
        paypalOrderId,
        items: cart.items,
        subtotalCents: cart.pricing.subtotal,
        taxCents: cart.pricing.tax,
        serviceFeeCents: cart.pricing.serviceFee,
        deliveryFeeCents: cart.pricing.deliveryFee,
        processingFeeCents: cart.pricing.processingFee,
        totalCents: cart.pricing.total,
        deliveryStreet: address.street,
        deliveryApartment: address.apartment,
        deliveryCity: address.city,
        deliveryState: address.state,
        deliveryZip: address.zip,
        deliveryMinutes: cart.delivery.longestDurationMinutes,
      });
      return { paypalOrderId, orderReference, pricing: toPaymentBreakdown(cart.pricing) };
    },
  };
}
