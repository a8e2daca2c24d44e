// The numbers around the cart lines, for the cart page and the checkout summary: per-store delivery
// fees and the server's pricing only for a signed-in shopper with a complete address not flagged invalid
// and a non-empty cart (spec §5; the server refuses to price without an address), asked again when the stores or the
// address change; the subtotal for everyone. With the pricing come the problems payment would refuse,
// and lines short of stock are set down here (stockSetDown.ts), on the cart page and in checkout alike.
import { skipToken } from '@reduxjs/toolkit/query';
import {
  isAddressComplete,
  selectCartSubtotalCents,
  useAppSelector,
  useDeliveryFeesQuery,
  type CartItem,
  type CartProblem,
  type DeliveryFeeResponse,
  type PaymentBreakdown,
  type User,
} from '@grocer/shared';
import { storeUuidsOf } from './groupByStore.ts';
import { useCartPricingQuery } from './pricingApi.ts';
import { useStockSetDown } from './stockSetDown.ts';

export interface CartPricing {
  subtotalCents: number;
  /** null while unknown or not asked for (visitor, no complete address, empty cart). */
  fees: DeliveryFeeResponse | null;
  /** null for visitors, while loading, or when the call failed (then only the subtotal is shown). */
  pricing: PaymentBreakdown | null;
  pricingLoading: boolean;
  /** No complete address yet (or signed out): fees and pricing wait for it. */
  needsAddress: boolean;
  /**
   * What payment would refuse about this cart, from the server's last answer (kept while a changed cart
   * is priced again, so a note does not blink); null when not priced (visitor, no address, a failure).
   */
  problems: CartProblem[] | null;
}

const NO_PROBLEMS: CartProblem[] = [];

export function useCartPricing(items: readonly CartItem[], user: User | null): CartPricing {
  const subtotalCents = useAppSelector(selectCartSubtotalCents);
  const address = user?.address ?? null;
  // RTK Query keys its cache by the serialized arguments, so equal arguments built anew are not asked again.
  const needsAddress = !user || !address || !isAddressComplete(address);
  // An address the server flagged invalid (a ZIP of another city) is placed wrongly: its fees would be
  // for that other city (a $1,300 delivery at 180 mi). The gate asks to fix it; nothing is priced until then.
  const priced = !needsAddress && !user.hasInvalidAddress && items.length > 0;
  const feeArgs = priced ? { storeUuids: storeUuidsOf(items), ...address } : skipToken;
  const pricingArgs = priced ? { items: items.map((item) => ({ productId: item.uuid, quantity: item.quantity })), address } : skipToken;

  const fees = useDeliveryFeesQuery(feeArgs);
  const pricing = useCartPricingQuery(pricingArgs);
  const answered = pricingArgs !== skipToken && !pricing.isError;
  // Set down only on the answer for the cart as it is now (currentData), never on an older one.
  useStockSetDown(items, answered ? (pricing.currentData?.problems ?? null) : null);
  return {
    subtotalCents,
    fees: feeArgs === skipToken ? null : (fees.data ?? null),
    pricing: answered ? (pricing.data?.pricing ?? null) : null,
    pricingLoading: pricingArgs !== skipToken && pricing.isFetching && !pricing.data,
    needsAddress,
    problems: answered && pricing.data ? (pricing.data.problems ?? NO_PROBLEMS) : null,
  };
}
