// The delivery address as the order pages print it, from an order or from the checkout form's info.
import type { DeliveryInfo, Order } from '@grocer/shared';
import { cityStatePostal, customerName, hasDeliveryAddress } from './orderText.ts';

export interface AddressLines {
  name: string;
  line1: string;
  apartment: string;
  cityStatePostal: string;
  phone: string;
  instructions: string;
}

/** The order's own delivery fields; null when it has none. */
export function addressOfOrder(order: Order): AddressLines | null {
  if (!hasDeliveryAddress(order)) return null;
  return {
    name: customerName(order),
    line1: order.deliveryAddressLine1 ?? '',
    apartment: order.deliveryApartment ?? '',
    cityStatePostal: cityStatePostal(order.deliveryCity, order.deliveryState, order.deliveryPostalCode),
    phone: order.customerPhone ?? '',
    instructions: order.deliveryInstructions ?? '',
  };
}

/** The checkout form's delivery info (confirmation page navigation state); null when it has no street or city. */
export function addressOfDeliveryInfo(info: DeliveryInfo): AddressLines | null {
  if (!info.address?.trim() && !info.city?.trim()) return null;
  return {
    name: [info.firstName, info.lastName].filter((part) => part?.trim()).join(' '),
    line1: info.address ?? '',
    apartment: info.apartment ?? '',
    cityStatePostal: cityStatePostal(info.city, info.state, info.zipCode),
    phone: info.phone ?? '',
    instructions: info.deliveryInstructions ?? '',
  };
}
