// A store's distance and delivery fee for a signed-in shopper with a complete address (POST
// /delivery-fees, spec §7). Loaded on demand by DeliveryFeeSlot: visitors never download it. A failed
// call shows nothing (spec §8: fee errors are swallowed).
import { api, formatDollars, type Address, type DeliveryFeeResponse } from '@grocer/shared';

export interface DeliveryFeeProps {
  storeUuid: string;
  /** Every store on the page, so one call answers all of them. */
  storeUuids: string[];
  address: Address;
}

const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogDeliveryFees: build.query<DeliveryFeeResponse, Omit<DeliveryFeeProps, 'storeUuid'>>({
      extraOptions: { auth: true },
      query: ({ storeUuids, address: { streetName, apartmentName, city, state, zip } }) => ({
        url: '/delivery-fees',
        method: 'POST',
        body: { storeUuids, streetName, apartmentName: apartmentName ?? '', city, state, zip },
      }),
      providesTags: ['Fees'],
    }),
  }),
});

export default function DeliveryFee({ storeUuid, storeUuids, address }: DeliveryFeeProps) {
  const fee = feesApi.useCatalogDeliveryFeesQuery({ storeUuids, address }).data?.deliveryFees[storeUuid];
  return fee ? `${fee.distance.toFixed(1)} mi away · Delivery fee ${formatDollars(fee.deliveryFee)}` : null;
}
