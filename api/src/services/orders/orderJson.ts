// Stored orders as the spec's `Order` (GET /orders/{id}, GET /orders/user/history): dollars at the edge.
import type { BookedWindowJson, DeliveryInfo, Order, OrderStorePart } from '@grocer/shared/contracts';
import type { LineState, OrderAdjustments, OrderItemFulfilment } from '@grocer/shared/contracts';
import type { OrderLineRow, OrderRow, OrderStorePartRow, RefundRow } from '../../db/schema.ts';
import { lineRefundKey } from '../ops/partMoney.ts';
import { centsToDollars } from '../pricing.ts';
import { lineSubstitution, type SubstituteNames } from '../substitutions.ts';
import { refundRequestId } from './refunds.ts';

/** What marking each line refunded, in cents, by line id (the refund is keyed by the line: partMoney.ts). */
export function lineRefunds(orderId: string, lines: readonly OrderLineRow[], refunds: readonly RefundRow[]): Map<number, number> {
  const byRequest = new Map(refunds.map((r) => [r.requestId, r.amountCents]));
  const result = new Map<number, number>();
  for (const l of lines) {
    const cents = byRequest.get(refundRequestId(orderId, lineRefundKey(l.id)));
    if (cents !== undefined) result.set(l.id, cents);
  }
  return result;
}

/**
 * Each store's part in the order its lines were bought: its own status, booked window and what its
 * lines' marks refunded. A cancelled part's window was released, so it has none.
 */
export function storePartsOf(
  lines: readonly OrderLineRow[],
  parts: readonly OrderStorePartRow[],
  windows: readonly BookedWindowJson[],
  refunded: ReadonlyMap<number, number>,
): OrderStorePart[] {
  const result: OrderStorePart[] = [];
  for (const l of lines) {
    if (result.some((p) => p.storeUuid === l.storeUuid)) continue;
    const part = parts.find((p) => p.storeUuid === l.storeUuid);
    if (!part) continue;
    const own = lines.filter((o) => o.storeUuid === l.storeUuid);
    result.push({
      storeUuid: l.storeUuid,
      storeName: l.storeName,
      status: part.status,
      updatedAt: part.updatedAt.toISOString(),
      deliveryWindow: part.status === 'CANCELLED' ? null : (windows.find((w) => w.storeUuid === l.storeUuid) ?? null),
      refunded: centsToDollars(own.reduce((sum, o) => sum + (refunded.get(o.id) ?? 0), 0)),
    });
  }
  return result;
}

function fulfilmentOf(l: OrderLineRow, refundedCents: number | undefined): OrderItemFulfilment {
  const replaced = l.fulfilmentState === 'REPLACED' && l.replacementProductUuid !== null && l.replacementUnitPriceCents !== null;
  return {
    state: l.fulfilmentState as LineState,
    replacement: replaced
      ? {
          productUuid: l.replacementProductUuid!,
          productName: l.replacementName ?? '',
          image: l.replacementImage,
          sizeLabel: l.replacementSizeLabel,
          unitPrice: centsToDollars(l.replacementUnitPriceCents!),
          lineTotal: centsToDollars(l.replacementUnitPriceCents! * l.quantity),
        }
      : null,
    ...(refundedCents !== undefined ? { refunded: centsToDollars(refundedCents) } : {}),
  };
}

/** What stores and admins changed since payment (the order's money columns already hold the new figures). */
function adjustmentsOf(order: OrderRow, refunds: RefundRow[]): OrderAdjustments {
  return {
    originalTotal: centsToDollars(order.originalTotalCents ?? order.totalCents),
    refundedTotal: centsToDollars(refunds.reduce((sum, r) => sum + r.amountCents, 0)),
    refunds: refunds.map((r) => ({
      amount: centsToDollars(r.amountCents),
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    cancelReason: order.cancelReason,
    version: order.version,
  };
}

export interface OrderJsonParts {
  /** The order's store parts: with them the answer carries each part and each line's fulfilment. */
  parts: readonly OrderStorePartRow[];
  /** The order's refunds (what each line's mark refunded). */
  refunds: readonly RefundRow[];
}

/**
 * `refunds` given (the details page): the answer carries the order's adjustments and each line's
 * fulfilment; `parts` given (details and history): each store's part and each line's fulfilment.
 */
export function toOrderJson(
  order: OrderRow,
  lines: OrderLineRow[],
  substitutes: SubstituteNames,
  refunds?: RefundRow[],
  windows: BookedWindowJson[] = [],
  parts?: OrderJsonParts,
): Order {
  const refunded = parts ? lineRefunds(order.id, lines, parts.refunds) : new Map<number, number>();
  const withFulfilment = refunds !== undefined || parts !== undefined;
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderStatus: order.status,
    orderDate: order.createdAt.toISOString(),
    totalAmount: centsToDollars(order.totalCents),
    subtotal: centsToDollars(order.subtotalCents),
    taxAmount: centsToDollars(order.taxCents),
    serviceFee: centsToDollars(order.serviceFeeCents),
    // The summary shows one service line; with it, subtotal + tax + service + delivery = total.
    displayServiceFee: centsToDollars(order.serviceFeeCents + order.processingFeeCents),
    deliveryFee: centsToDollars(order.deliveryFeeCents),
    orderItems: lines.map((l) => ({
      // Lines stored before orders kept pictures point into the catalogue that was rebuilt since.
      productUuid: l.image === null ? null : l.productUuid,
      image: l.image,
      sizeLabel: l.sizeLabel,
      unitPriceLabel: l.unitPriceLabel,
      storePublicId: l.storePublicId,
      productName: l.productName,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      lineTotal: centsToDollars(l.lineTotalCents),
      storeName: l.storeName,
      ...(parts ? { storeUuid: l.storeUuid } : {}),
      substitution: lineSubstitution(l, substitutes),
      ...(withFulfilment ? { fulfilment: fulfilmentOf(l, refunded.get(l.id)) } : {}),
    })),
    customerFirstName: order.customerFirstName,
    customerLastName: order.customerLastName,
    customerPhone: order.customerPhone,
    deliveryAddressLine1: order.deliveryStreet,
    deliveryApartment: order.deliveryApartment,
    deliveryCity: order.deliveryCity,
    deliveryState: order.deliveryState,
    deliveryPostalCode: order.deliveryZip,
    deliveryInstructions: order.deliveryInstructions,
    ...(refunds ? { adjustments: adjustmentsOf(order, refunds) } : {}),
    deliveryWindows: windows,
    ...(parts && parts.parts.length > 0 ? { storeParts: storePartsOf(lines, parts.parts, windows, refunded) } : {}),
  };
}

/** The checkout form's DeliveryInfo, rebuilt from the order (store notifications carry it). */
export function deliveryInfoOf(order: OrderRow): DeliveryInfo {
  return {
    firstName: order.customerFirstName,
    lastName: order.customerLastName,
    email: order.customerEmail,
    phone: order.customerPhone,
    address: order.deliveryStreet,
    apartment: order.deliveryApartment ?? '',
    city: order.deliveryCity,
    state: order.deliveryState,
    zipCode: order.deliveryZip,
    deliveryInstructions: order.deliveryInstructions ?? '',
  };
}

export function customerName(order: OrderRow): string {
  // Spec §7: 'Customer' when there is no name.
  return `${order.customerFirstName} ${order.customerLastName}`.trim() || 'Customer';
}
