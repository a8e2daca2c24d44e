// Per-store delivery fees (spec §7 POST /delivery-fees), shared because the cart, the checkout summary
// and the product page's "Also at" all show them. Spec §8: fee errors are swallowed and no fee is used.
import type { Address, DeliveryFeeResponse } from '../contracts/index.ts';
import { api } from '../api/api.ts';

export interface DeliveryFeesArgs extends Address {
  /** Unique store uuids, sorted (RTK Query keys its cache by the serialized arguments). */
  storeUuids: string[];
}

export const NO_DELIVERY_FEES: DeliveryFeeResponse = { totalDeliveryFee: 0, deliveryFees: {} };
export const DELIVERY_FEES_FAILED = 'Failed to calculate delivery fees';

export const deliveryFeesApi = api.injectEndpoints({
  endpoints: (build) => ({
    deliveryFees: build.query<DeliveryFeeResponse, DeliveryFeesArgs>({
      extraOptions: { auth: true },
      async queryFn({ storeUuids, streetName, apartmentName, city, state, zip }, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: '/delivery-fees',
          method: 'POST',
          body: { storeUuids, streetName, apartmentName: apartmentName ?? '', city, state, zip },
        });
        if (result.error) {
          console.error(DELIVERY_FEES_FAILED, result.error);
          return { data: NO_DELIVERY_FEES };
        }
        return { data: result.data as DeliveryFeeResponse };
      },
      providesTags: ['Fees'],
    }),
  }),
});

export const { useDeliveryFeesQuery } = deliveryFeesApi;
