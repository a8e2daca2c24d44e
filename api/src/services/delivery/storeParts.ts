// The store rules a cart must meet before payment, per store part: its minimum order and its
// delivery radius (the same haversine distance, in tenths of a mile, that priced its fee). A refusal
// is a 409 naming the store, so the shopper knows which part to change.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import type { PricedCart } from '../orders/cartPricing.ts';
import { centsToDollars } from '../pricing.ts';
import { readStoreRules } from '../stores/rules.ts';
import type { StorePart } from './windows.ts';

export const STORE_RULE_MESSAGES = {
  belowMinimum: (store: string, shortCents: number) => `Add $${centsToDollars(shortCents).toFixed(2)} more from ${store} to check out.`,
  outOfRange: (store: string, zip: string) => `${store} does not deliver to ${zip}.`,
} as const;

/** The cart's store parts in cart order, or 409 BELOW_MINIMUM_ORDER / OUT_OF_DELIVERY_AREA for the first part at fault. */
export async function checkStoreParts(db: Database, cart: Pick<PricedCart, 'lines' | 'delivery'>, zip: string): Promise<StorePart[]> {
  const uuids = [...new Set(cart.lines.map((l) => l.storeUuid))];
  if (uuids.length === 0) return [];
  const rows = await db.select({ id: stores.id, uuid: stores.uuid, name: stores.name }).from(stores).where(inArray(stores.uuid, uuids));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const rules = await readStoreRules(
    db,
    rows.map((r) => r.id),
  );
  const parts: StorePart[] = [];
  for (const uuid of uuids) {
    const store = byUuid.get(uuid)!;
    const rule = rules.get(store.id)!;
    const named = { store: { uuid, name: store.name } };
    const quote = cart.delivery.stores.find((q) => q.storeUuid === uuid)!;
    if (quote.distanceTenths > rule.deliveryRadiusMiles * 10) {
      throw httpError(409, 'OUT_OF_DELIVERY_AREA', STORE_RULE_MESSAGES.outOfRange(store.name, zip), 'items', named);
    }
    const subtotal = cart.lines.filter((l) => l.storeUuid === uuid).reduce((sum, l) => sum + l.lineTotalCents, 0);
    if (subtotal < rule.minOrderCents) {
      throw httpError(
        409,
        'BELOW_MINIMUM_ORDER',
        STORE_RULE_MESSAGES.belowMinimum(store.name, rule.minOrderCents - subtotal),
        'items',
        named,
      );
    }
    parts.push({ storeId: store.id, storeUuid: uuid, storeName: store.name });
  }
  return parts;
}
