// What the cart and the checkout summary show beyond the lines (spec §7, decision 003): per-store
// delivery fees (POST /delivery-fees) and the server's pricing of the cart (POST /pricing/calculate).
// Both need a signed-in shopper. Their failures never block the page (spec §8): fees fall back to
// none, pricing to the subtotal alone; both are logged.
import { api, type Address, type DeliveryFeeResponse, type PaymentBreakdown } from '@grocer/shared';

export interface DeliveryFeesArgs extends Address {
  /** Unique store uuids, sorted. */
  storeUuids: string[];
}

export interface PricingArgs {
  items: { productId: string; quantity: number }[];
  /**
   * Not sent (the server prices with the account's address); part of the cache key so a changed
   * address prices the cart again.
   */
  address: Address | null;
}

/** POST /pricing/calculate. */
export interface PricingCalculation {
  pricing: PaymentBreakdown;
  deliveryFees?: DeliveryFeeResponse;
}

/** Spec §8 "Delivery": fee errors are swallowed and no fee is used. */
export const NO_DELIVERY_FEES: DeliveryFeeResponse = { totalDeliveryFee: 0, deliveryFees: {} };
export const DELIVERY_FEES_FAILED = 'Failed to calculate delivery fees';
/** (Grocer) Logged when the pricing call fails; the spec only says pricing errors are logged. */
export const PRICING_FAILED = 'Failed to calculate pricing';

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartDeliveryFees: build.query<DeliveryFeeResponse, DeliveryFeesArgs>({
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
    cartPricing: build.query<PricingCalculation, PricingArgs>({
      extraOptions: { auth: true },
      query: ({ items }) => ({ url: '/pricing/calculate', method: 'POST', body: { items } }),
      async onQueryStarted(_args, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          console.error(PRICING_FAILED, failure);
        }
      },
      providesTags: ['Fees'],
    }),
  }),
});

export const { useCartDeliveryFeesQuery, useCartPricingQuery } = pricingApi;
