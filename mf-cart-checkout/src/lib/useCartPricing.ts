// The numbers around the cart lines, for the cart page and the checkout summary: per-store delivery
// fees only with a complete address and a non-empty cart (spec §5), asked again when the stores or
// the address change; the server's pricing for a signed-in shopper; the subtotal for everyone.
import { skipToken } from '@reduxjs/toolkit/query';
import {
  isAddressComplete,
  selectCartSubtotalCents,
  useAppSelector,
  useDeliveryFeesQuery,
  type CartItem,
  type DeliveryFeeResponse,
  type PaymentBreakdown,
  type User,
} from '@grocer/shared';
import { storeUuidsOf } from './groupByStore.ts';
import { useCartPricingQuery } from './pricingApi.ts';

export interface CartPricing {
  subtotalCents: number;
  /** null while unknown or not asked for (visitor, no complete address, empty cart). */
  fees: DeliveryFeeResponse | null;
  /** null for visitors, while loading, or when the call failed (then only the subtotal is shown). */
  pricing: PaymentBreakdown | null;
  pricingLoading: boolean;
}

export function useCartPricing(items: readonly CartItem[], user: User | null): CartPricing {
  const subtotalCents = useAppSelector(selectCartSubtotalCents);
  const address = user?.address ?? null;
  // RTK Query keys its cache by the serialized arguments, so equal arguments built anew are not asked again.
  const feeArgs =
    user && address && isAddressComplete(address) && items.length > 0 ? { storeUuids: storeUuidsOf(items), ...address } : skipToken;
  const pricingArgs =
    user && items.length > 0 ? { items: items.map((item) => ({ productId: item.uuid, quantity: item.quantity })), address } : skipToken;

  const fees = useDeliveryFeesQuery(feeArgs);
  const pricing = useCartPricingQuery(pricingArgs);
  return {
    subtotalCents,
    fees: feeArgs === skipToken ? null : (fees.data ?? null),
    pricing: pricingArgs === skipToken || pricing.isError ? null : (pricing.data?.pricing ?? null),
    pricingLoading: pricingArgs !== skipToken && pricing.isFetching && !pricing.data,
  };
}
