// A cart priced from the database: the one computation behind POST /pricing/calculate, the PayPal
// order's amount and order creation (decision 003). The client sends product ids and quantities;
// names, prices, stores and availability are read here, and the money comes from pricing.ts.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import { deliveryHolds, products, stores, type IntentItem } from '../../db/schema.ts';
import { httpError, type UnavailableProduct } from '../../db/errors.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { productSize, unitPrice } from '../catalogue/unitPrice.ts';
import type { DeliveryFeesService, DeliveryQuote } from '../deliveryFees.ts';
import { calculatePricing, type PricingCents } from '../pricing.ts';
import { windowUseOf, windowUseParams, type WindowUse } from '../delivery/windows.ts';
import { storeHoursJson, type StoreWithRules } from '../stores/rules.ts';

export interface CartItemInput {
  /** Product uuid. */
  productId: string;
  quantity: number;
}

/** Where the cart goes: the account's address at pricing time (a snapshot on intents and orders). */
export interface DeliveryAddress {
  street: string;
  apartment: string | null;
  city: string;
  /** Two-letter code. */
  state: string;
  zip: string;
}

export interface PricedLine {
  productUuid: string;
  productName: string;
  storeUuid: string;
  storeName: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** As the shopper saw them when ordering (an order keeps its own copy). */
  image: string;
  sizeLabel: string;
  unitPriceLabel: string;
  storePublicId: string;
}

export interface PricedCart {
  /** The cart as priced: one entry per product (duplicates merged), in the order first given. */
  items: IntentItem[];
  lines: PricedLine[];
  pricing: PricingCents;
  delivery: DeliveryQuote;
  /** Lines asked for more than the shelf holds; empty unless priced with `shortStock: 'report'`. */
  shortStock: ShortStockLine[];
  /** The stores of the lines with their rules, by uuid: read with the products, for the store-part checks. */
  stores: Map<string, StoreWithRules>;
  /** The uuids of the cart's stores where the shopper holds a delivery window that has not expired. */
  heldStores: Set<string>;
  /** What counts against each of its stores' windows, by store id: read with the products when asked (`windows`). */
  windowUse?: Map<number, WindowUse>;
}

/** Whose cart it is, and when: the shopper's live holds are read with the products. */
export interface CartHolder {
  userUuid: string;
  now: Date;
}

/** A line priced as asked although its store has fewer on hand: checkout refuses it (INSUFFICIENT_STOCK). */
export interface ShortStockLine {
  productUuid: string;
  productName: string;
  storeUuid: string;
  storeName: string;
  /** On hand now, at least 1 (none is OUT_OF_STOCK, which is refused either way). */
  available: number;
}

const REASON_TEXT: Record<UnavailableProduct['reason'], string> = {
  NOT_FOUND: 'not found',
  INACTIVE: 'no longer sold',
  OUT_OF_STOCK: 'out of stock',
  INSUFFICIENT_STOCK: 'not enough in stock',
};

/** 409 PRODUCTS_UNAVAILABLE naming each product and why; the browser removes or reduces those lines. */
export function productsUnavailable(list: UnavailableProduct[]) {
  const names = list.map((p) => `${p.name || 'an unknown product'} (${REASON_TEXT[p.reason]})`).join(', ');
  return httpError(409, 'PRODUCTS_UNAVAILABLE', `Some items in your cart are not available: ${names}.`, 'items', { products: list });
}

/** One entry per product, quantities summed, uuids lower-cased (the cart may list a product twice). */
export function mergeItems(items: CartItemInput[]): IntentItem[] {
  const merged = new Map<string, number>();
  for (const item of items) {
    const id = item.productId.trim().toLowerCase();
    merged.set(id, (merged.get(id) ?? 0) + item.quantity);
  }
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * A cart's read, per product: the product with its store, the store's rules (hours as one JSON array per row)
 * and whether the holder (placeholders `user` and `now`) has a live window there. Pricing, the PayPal order
 * and order creation each price the cart; the store-part checks that follow need the rules of the same
 * stores, and a PayPal order needs a held window per store (checkout.ts), which costs a probe of an index here
 * instead of a round trip of its own. Order creation reads it with the checkout intent (place.ts).
 */
export const cartColumns = {
  uuid: products.uuid,
  name: products.name,
  image: products.image,
  sizeMilli: products.sizeMilli,
  sizeUnit: products.sizeUnit,
  unitPriceUnit: products.unitPriceUnit,
  priceCents: products.priceCents,
  stock: products.stockQuantity,
  isActive: products.isActive,
  storeId: stores.id,
  storeUuid: stores.uuid,
  storeName: stores.name,
  storePublicId: stores.publicId,
  storeZip: stores.zip,
  timeZone: stores.timeZone,
  minOrderCents: stores.minOrderCents,
  deliveryRadiusMiles: stores.deliveryRadiusMiles,
  windowCapacity: stores.windowCapacity,
  lowStockThreshold: stores.lowStockThreshold,
  hours: storeHoursJson(stores.id),
  held: sql<boolean>`exists (select 1 from ${deliveryHolds} h where h.user_uuid = ${sql.placeholder('user')}::uuid
    and h.store_id = ${stores.id} and h.status = 'HELD' and h.expires_at > ${sql.placeholder('now')}::timestamptz)`,
};

/**
 * The products of `ids` (placeholders `ids`, `user`, `now`), prepared once per database handle; the cart's own
 * pricing also reads each store's window use with them (placeholder `nowMs` too), for the windows it can offer.
 */
const cartReads = perDatabase((db) => {
  const ofIds = sql`${products.uuid} = any(${sql.placeholder('ids')}::uuid[])`;
  const withStore = eq(stores.id, products.storeId);
  return {
    products: db.select(cartColumns).from(products).innerJoin(stores, withStore).where(ofIds).prepare('cart_products'),
    withWindows: db
      .select({ ...cartColumns, windowUse: windowUseOf(stores.id) })
      .from(products)
      .innerJoin(stores, withStore)
      .where(ofIds)
      .prepare('cart_products_windows'),
  };
});
export type CartRow = Awaited<ReturnType<ReturnType<typeof cartReads>['products']['execute']>>[number];

/**
 * Prices `items` for delivery to `address`, with the `holder`'s live holds, or throws 409 PRODUCTS_UNAVAILABLE
 * when a product is unknown, inactive or short of stock. `db` may be a transaction.
 * With `shortStock: 'report'` (the cart's own pricing, never payment or order creation) a line short of
 * stock is priced as asked and listed in `shortStock` instead, so the cart can set it down and keep its
 * summary; the same comparison decides both.
 */
export async function priceCart(
  db: Database,
  deliveryFees: Pick<DeliveryFeesService, 'quote'>,
  input: CartItemInput[],
  address: Pick<DeliveryAddress, 'state' | 'zip'>,
  holder: CartHolder,
  { shortStock: onShort = 'refuse', windows = false }: { shortStock?: 'refuse' | 'report'; windows?: boolean } = {},
): Promise<PricedCart> {
  const items = mergeItems(input);
  const ids = cartIds(items);
  if (ids.length === 0) return priceRows([], items, deliveryFees, address, { shortStock: onShort });
  const params = { ids, ...windowUseParams(holder.userUuid, holder.now) };
  if (!windows) return priceRows(await cartReads(db).products.execute(params), items, deliveryFees, address, { shortStock: onShort });
  const rows = await cartReads(db).withWindows.execute(params);
  const cart = priceRows(rows, items, deliveryFees, address, { shortStock: onShort });
  return { ...cart, windowUse: new Map(rows.map((r) => [r.storeId, r.windowUse])) };
}

/** The uuids to read for merged `items` (anything else is no product: NOT_FOUND). */
export const cartIds = (items: IntentItem[]) => items.map((i) => i.productId).filter(isUuid);

/** priceCart's pricing of merged `items` from their products' rows, read already (order creation reads them with its intent). */
export function priceRows(
  rows: CartRow[],
  items: IntentItem[],
  deliveryFees: Pick<DeliveryFeesService, 'quote'>,
  address: Pick<DeliveryAddress, 'state' | 'zip'>,
  { shortStock: onShort = 'refuse' }: { shortStock?: 'refuse' | 'report' } = {},
): PricedCart {
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));

  const unavailable: UnavailableProduct[] = [];
  const lines: PricedLine[] = [];
  const shortStock: ShortStockLine[] = [];
  for (const { productId, quantity } of items) {
    const row = byUuid.get(productId);
    if (!row) unavailable.push({ productId, name: '', reason: 'NOT_FOUND' });
    else if (!row.isActive) unavailable.push({ productId, name: row.name, reason: 'INACTIVE' });
    else if (row.stock <= 0) unavailable.push({ productId, name: row.name, reason: 'OUT_OF_STOCK' });
    else if (row.stock < quantity && onShort === 'refuse') unavailable.push({ productId, name: row.name, reason: 'INSUFFICIENT_STOCK' });
    else {
      if (row.stock < quantity) {
        shortStock.push({
          productUuid: row.uuid,
          productName: row.name,
          storeUuid: row.storeUuid,
          storeName: row.storeName,
          available: row.stock,
        });
      }
      lines.push({
        productUuid: row.uuid,
        productName: row.name,
        storeUuid: row.storeUuid,
        storeName: row.storeName,
        quantity,
        unitPriceCents: row.priceCents,
        lineTotalCents: row.priceCents * quantity,
        image: row.image,
        sizeLabel: productSize(row.sizeMilli, row.sizeUnit).label,
        unitPriceLabel: unitPrice(row.priceCents, row.sizeMilli, row.sizeUnit, row.unitPriceUnit).label,
        storePublicId: row.storePublicId,
      });
    }
  }
  if (unavailable.length > 0) throw productsUnavailable(unavailable);

  // Each store delivers once, however many of its products are in the cart.
  const deliveryStores = new Map<string, { uuid: string; name: string; zip: string }>();
  const cartStores = new Map<string, StoreWithRules>();
  const heldStores = new Set<string>();
  for (const line of lines) {
    const row = byUuid.get(line.productUuid)!;
    if (row.held) heldStores.add(row.storeUuid);
    deliveryStores.set(row.storeUuid, { uuid: row.storeUuid, name: row.storeName, zip: row.storeZip });
    cartStores.set(row.storeUuid, {
      storeId: row.storeId,
      uuid: row.storeUuid,
      name: row.storeName,
      zip: row.storeZip,
      timeZone: row.timeZone,
      minOrderCents: row.minOrderCents,
      deliveryRadiusMiles: row.deliveryRadiusMiles,
      windowCapacity: row.windowCapacity,
      lowStockThreshold: row.lowStockThreshold,
      hours: row.hours,
    });
  }
  const delivery = deliveryFees.quote([...deliveryStores.values()], address.zip);
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const pricing = calculatePricing({ subtotalCents, deliveryFeeCents: delivery.totalCents, state: address.state });
  return { items, lines, pricing, delivery, shortStock, stores: cartStores, heldStores };
}
