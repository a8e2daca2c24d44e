// The server's pricing of the cart (POST /pricing/calculate, spec §7, decision 003); per-store delivery
// fees come from the shared deliveryFeesApi. It needs a signed-in shopper. A failure never blocks the
// page (spec §8): pricing falls back to the subtotal alone, and is logged.
import { api, type Address, type CartProblem, type DeliveryFeeResponse, type PaymentBreakdown } from '@grocer/shared';

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
  /** What payment would refuse (short stock, a store's area or minimum), decided by the server's own checks. */
  problems: CartProblem[];
}

/** (Grocer) Logged when the pricing call fails; the spec only says pricing errors are logged. */
export const PRICING_FAILED = 'Failed to calculate pricing';

export const pricingApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useCartPricingQuery } = pricingApi;
