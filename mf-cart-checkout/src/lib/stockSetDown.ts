// Quantity never exceeds stock: a cart line asking for more than its store has on hand is
// set down to what is there, with a warning toast, and never left for payment to refuse. What is on
// hand comes from the API: the product's stockQuantity (refreshed with the cart's stock refresh, for
// visitors too) and, for a signed-in shopper, the pricing answer's INSUFFICIENT_STOCK problems, which
// are the very check payment makes.
import { useEffect } from 'react';
import { quantityChanged, showToast, useAppDispatch, type AppThunk, type CartItem, type CartProblem } from '@grocer/shared';

/** 'Only 5 left of Whole Milk: your cart now has 5.' */
export const setDownText = (name: string, available: number) => `Only ${available} left of ${name}: your cart now has ${available}.`;

/** The most of each line the shelf holds, where the API said so and it is below the line's quantity. */
export function shortLines(items: readonly CartItem[], problems: readonly CartProblem[] | null): { item: CartItem; available: number }[] {
  const reported = new Map<string, number>();
  for (const problem of problems ?? []) {
    if (problem.code === 'INSUFFICIENT_STOCK' && problem.productId && problem.available) reported.set(problem.productId, problem.available);
  }
  const short: { item: CartItem; available: number }[] = [];
  for (const item of items) {
    const available = Math.min(item.stockQuantity ?? Infinity, reported.get(item.uuid) ?? Infinity);
    // None on hand is out of stock: the stock refresh removes that line with its own toast (spec §4).
    if (available >= 1 && item.quantity > available) short.push({ item, available });
  }
  return short;
}

/** Sets the short lines down, one toast each; judged on the cart as it is when it runs. */
export function setDownShortLines(problems: readonly CartProblem[] | null): AppThunk<void> {
  return (dispatch, getState) => {
    for (const { item, available } of shortLines(getState().cart.items, problems)) {
      dispatch(quantityChanged({ uuid: item.uuid, quantity: available }));
      showToast('warning', setDownText(item.name, available));
    }
  };
}

/** Runs the set-down whenever the cart or the server's answer about it changes. */
export function useStockSetDown(items: readonly CartItem[], problems: readonly CartProblem[] | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (shortLines(items, problems).length > 0) dispatch(setDownShortLines(problems));
  }, [dispatch, items, problems]);
}
