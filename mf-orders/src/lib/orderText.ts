// How the order pages read an order (spec §3 "Order as read"): counts, names and address lines.
// Leaf imports only: the order's first screen (orderDetailsFirstScreen.ts) uses this before the shared libraries load.
import type { Order, OrderItem } from '@grocer/shared/contracts';
import { formatDollars } from '@grocer/shared/format';
import { paths } from '@grocer/shared/paths';

/** Spec §2: an item without a store name shows 'Store'. */
export const DEFAULT_STORE_NAME = 'Store';
export const NO_DELIVERY_INFO = 'Delivery information not available';

/** Intrinsic size of an order line's thumbnail in the items list; the attributes reserve its box (no layout shift). */
export const ORDER_LINE_IMAGE_SIZE = 48;

// Order ids are UUIDs (any version); anything else is refused before a call is made.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrderId(value: string | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The human-facing number, or the id when there is none. */
export function orderReference(order: Pick<Order, 'orderId' | 'orderNumber'>): string {
  return order.orderNumber?.trim() || order.orderId;
}

/** Units ordered (2 × milk + 1 × bread = 3). */
export function itemCount(items: readonly OrderItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** '1 item', '3 items'. */
export function itemCountLabel(items: readonly OrderItem[]): string {
  const count = itemCount(items);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

export function storeNameOf(item: OrderItem): string {
  return item.storeName?.trim() || DEFAULT_STORE_NAME;
}

/** The name as ordered, with its size when the name does not carry it already ('Whole Milk, 1 gal'). */
export function itemNameOf(item: Pick<OrderItem, 'productName' | 'sizeLabel'>): string {
  const size = item.sizeLabel?.trim();
  return size && !item.productName.includes(size) ? `${item.productName}, ${size}` : item.productName;
}

/** The line's product page, or null for a line that cannot name one (older orders, products gone). */
export function productPathOf(item: Pick<OrderItem, 'productUuid' | 'storePublicId'>): string | null {
  return item.productUuid && item.storePublicId ? paths.product(item.storePublicId, item.productUuid) : null;
}

/** The line total, or unit price × quantity when the server sent none (spec §2 Order details). */
export function lineTotalOf(item: OrderItem): number {
  return typeof item.lineTotal === 'number' ? item.lineTotal : item.unitPrice * item.quantity;
}

/** 'Springfield, IL 62701' from whichever parts are present; '' when none are. */
export function cityStatePostal(city: string | null | undefined, state: string | null | undefined, postal?: string | null): string {
  const cityState = [city, state].filter((part) => part?.trim()).join(', ');
  return [cityState, postal?.trim()].filter(Boolean).join(' ');
}

export function customerName(order: Pick<Order, 'customerFirstName' | 'customerLastName'>): string {
  return [order.customerFirstName, order.customerLastName].filter((part) => part?.trim()).join(' ');
}

/** True when the order carries an address to show (its street line or its city). */
export function hasDeliveryAddress(order: Order): boolean {
  return Boolean(order.deliveryAddressLine1?.trim() || order.deliveryCity?.trim());
}

/** A line's 'If out of stock' as the shopper chose it. Orders read before the choice existed count as best match. */
export function substitutionText(item: Pick<OrderItem, 'substitution'>): string {
  const s = item.substitution;
  if (s?.choice === 'NONE') return "If out of stock: don't replace (refund)";
  if (s?.choice === 'SPECIFIC' && s.substitute) return `If out of stock: replace with ${s.substitute.name}`;
  return 'If out of stock: best match';
}

/**
 * What the store did with a line, for the shopper (nothing while it is still to be picked):
 * 'Found', 'Replaced with Store Brand Whole Milk, 1 gal ($2.99 × 2) · refunded $3.20',
 * 'Unavailable · refunded $6.97' (without the amount when the answer does not say it).
 */
export function fulfilmentText(item: OrderItem): string | null {
  const fulfilment = item.fulfilment;
  if (!fulfilment || fulfilment.state === 'PENDING') return null;
  if (fulfilment.state === 'FOUND') return 'Found';
  const amount = fulfilment.refunded ? ` ${formatDollars(fulfilment.refunded)}` : '';
  if (fulfilment.state === 'UNAVAILABLE') return `Unavailable · refunded${amount}`;
  const replacement = fulfilment.replacement;
  const replaced = replacement
    ? `Replaced with ${itemNameOf(replacement)} (${formatDollars(replacement.unitPrice)} × ${item.quantity})`
    : 'Replaced';
  return amount ? `${replaced} · refunded${amount}` : replaced;
}
