// Stored orders as the spec's `Order` (GET /orders/{id}, GET /orders/user/history): dollars at the edge.
import type { BookedWindowJson, DeliveryInfo, Order } from '@grocer/shared/contracts';
import type { LineState, OrderAdjustments, OrderItemFulfilment } from '@grocer/shared/contracts';
import type { OrderLineRow, OrderRow, RefundRow } from '../../db/schema.ts';
import { centsToDollars } from '../pricing.ts';
import { lineSubstitution, type SubstituteNames } from '../substitutions.ts';

function fulfilmentOf(l: OrderLineRow): OrderItemFulfilment {
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

/** `refunds` given (the details page): the answer carries each line's fulfilment and the order's adjustments. */
export function toOrderJson(
  order: OrderRow,
  lines: OrderLineRow[],
  substitutes: SubstituteNames,
  refunds?: RefundRow[],
  windows: BookedWindowJson[] = [],
): Order {
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
      substitution: lineSubstitution(l, substitutes),
      ...(refunds ? { fulfilment: fulfilmentOf(l) } : {}),
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
