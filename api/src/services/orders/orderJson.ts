// Stored orders as the spec's `Order` (GET /orders/{id}, GET /orders/user/history): dollars at the edge.
import type { BookedWindowJson, DeliveryInfo, Order } from '@grocer/shared/contracts';
import type { OrderLineRow, OrderRow } from '../../db/schema.ts';
import { centsToDollars } from '../pricing.ts';

export function toOrderJson(order: OrderRow, lines: OrderLineRow[], windows: BookedWindowJson[] = []): Order {
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
