// The store rules a cart must meet before payment, per store part: its minimum order and its
// delivery radius (the same haversine distance, in tenths of a mile, that priced its fee). A refusal
// is a 409 naming the store, so the shopper knows which part to change.
import { httpError } from '../../db/errors.ts';
import type { PricedCart } from '../orders/cartPricing.ts';
import { centsToDollars } from '../pricing.ts';
import type { StorePart } from './windows.ts';

export const STORE_RULE_MESSAGES = {
  belowMinimum: (store: string, shortCents: number) => `Add $${centsToDollars(shortCents).toFixed(2)} more from ${store} to check out.`,
  outOfRange: (store: string, zip: string) => `${store} does not deliver to ${zip}.`,
} as const;

/** A store rule a part of the cart breaks: what checkout would refuse, in the words it would use. */
export interface StoreRuleProblem {
  code: 'OUT_OF_DELIVERY_AREA' | 'BELOW_MINIMUM_ORDER';
  storeUuid: string;
  storeName: string;
  message: string;
  /** BELOW_MINIMUM_ORDER: how much the part is short of the store's minimum. */
  shortCents?: number;
  /** OUT_OF_DELIVERY_AREA: the ZIP the store does not reach. */
  zip?: string;
}

/**
 * The cart's store parts in cart order, and every store rule they break, per store the delivery area
 * first and then the minimum. The cart page shows all of them (POST /pricing/calculate); payment and
 * order creation refuse with the first (checkStoreParts): one decision, said early and enforced late.
 */
export function readStoreParts(
  cart: Pick<PricedCart, 'lines' | 'delivery' | 'stores'>,
  zip: string,
): { parts: StorePart[]; problems: StoreRuleProblem[] } {
  const uuids = [...new Set(cart.lines.map((l) => l.storeUuid))];
  // The rules came with the cart's products (priceCart): no read of their own.
  const stores = cart.stores;
  const parts: StorePart[] = [];
  const problems: StoreRuleProblem[] = [];
  for (const uuid of uuids) {
    const store = stores.get(uuid)!;
    const quote = cart.delivery.stores.find((q) => q.storeUuid === uuid)!;
    if (quote.distanceTenths > store.deliveryRadiusMiles * 10) {
      problems.push({
        code: 'OUT_OF_DELIVERY_AREA',
        storeUuid: uuid,
        storeName: store.name,
        zip,
        message: STORE_RULE_MESSAGES.outOfRange(store.name, zip),
      });
    }
    const subtotal = cart.lines.filter((l) => l.storeUuid === uuid).reduce((sum, l) => sum + l.lineTotalCents, 0);
    if (subtotal < store.minOrderCents) {
      const shortCents = store.minOrderCents - subtotal;
      problems.push({
        code: 'BELOW_MINIMUM_ORDER',
        storeUuid: uuid,
        storeName: store.name,
        shortCents,
        message: STORE_RULE_MESSAGES.belowMinimum(store.name, shortCents),
      });
    }
    parts.push({ storeId: store.storeId, storeUuid: uuid, storeName: store.name });
  }
  return { parts, problems };
}

/** The cart's store parts in cart order, or 409 BELOW_MINIMUM_ORDER / OUT_OF_DELIVERY_AREA for the first part at fault. */
export function checkStoreParts(cart: Pick<PricedCart, 'lines' | 'delivery' | 'stores'>, zip: string): StorePart[] {
  const { parts, problems } = readStoreParts(cart, zip);
  const first = problems[0];
  if (first) throw httpError(409, first.code, first.message, 'items', { store: { uuid: first.storeUuid, name: first.storeName } });
  return parts;
}
