// A store's distance and delivery fee for a signed-in shopper with a complete address (POST
// /delivery-fees, spec §7). Loaded on demand by DeliveryFeeSlot: visitors never download it. A failed
// call shows nothing (spec §8: fee errors are swallowed by the shared endpoint).
import { formatDollars, useDeliveryCoverageQuery, useDeliveryFeesQuery, type Address } from '@grocer/shared';

export const doesNotDeliverText = (zip: string) => `Does not deliver to ${zip}`;

export interface DeliveryFeeProps {
  storeUuid: string;
  /** Every store on the page, so one call answers all of them. */
  storeUuids: string[];
  address: Address;
}

export default function DeliveryFee({ storeUuid, storeUuids, address }: DeliveryFeeProps) {
  // Sorted and unique: the cache key is the serialized arguments, shared with the cart and product page.
  const uuids = [...new Set(storeUuids)].sort();
  const fee = useDeliveryFeesQuery({ ...address, storeUuids: uuids }).data?.deliveryFees[storeUuid];
  // A store out of its delivery radius for this address says so instead of a fee it will never charge.
  const reach = useDeliveryCoverageQuery({ zip: address.zip.trim() }).data?.stores[storeUuid];
  if (reach && !reach.delivers) return <span className="store-out-of-range">{doesNotDeliverText(address.zip.trim())}</span>;
  return fee ? `${fee.distance.toFixed(1)} mi away · Delivery fee ${formatDollars(fee.deliveryFee)}` : null;
}
