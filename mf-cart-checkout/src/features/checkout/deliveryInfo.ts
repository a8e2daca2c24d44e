// The checkout's delivery info (spec §2 step 1, §3 "Delivery info"): name, email and address come from
// the account in the store; the shopper types only the phone and the delivery instructions.
import type { DeliveryInfo, User } from '@grocer/shared';

export type EditableField = 'phone' | 'deliveryInstructions';
/** What step 1 asks for; everything else is read from the signed-in user. */
export type DeliveryContact = Pick<DeliveryInfo, EditableField>;

export function deliveryInfoOf(user: User, contact: DeliveryContact): DeliveryInfo {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    address: user.address?.streetName ?? '',
    apartment: user.address?.apartmentName ?? '',
    city: user.address?.city ?? '',
    state: user.address?.state ?? '',
    zipCode: user.address?.zip ?? '',
    ...contact,
  };
}
