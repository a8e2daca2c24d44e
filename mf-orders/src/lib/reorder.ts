// 'Reorder': puts what a past order can still supply back into the cart, at today's prices (the
// server answers which lines and why not the others), and says in one toast what was added and in
// another what could not be and why.
import { events, itemAdded, showToast, type AppThunk, type ReorderResponse } from '@grocer/shared';

export const REORDER_FAILED = 'Could not reorder. Please try again.';

/** "Plum Jam (out of stock), Black Tea (no longer sold)". */
export function skippedText(skipped: ReorderResponse['skipped']): string {
  return skipped.map((s) => `${s.name} (${s.message})`).join(', ');
}

const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** Adds the lines the server allowed; lines already in the cart keep their quantity. Returns how many were added. */
export function fillCart(answer: ReorderResponse): AppThunk<number> {
  return (dispatch, getState) => {
    const inCart = new Set(getState().cart.items.map((i) => i.uuid));
    const already: string[] = [];
    let added = 0;
    for (const { product, quantity, substitution } of answer.added) {
      if (inCart.has(product.uuid)) {
        already.push(product.name);
        continue;
      }
      dispatch(itemAdded({ ...product, quantity, substitution }));
      events.emit('cart:item-added', { productUuid: product.uuid, name: product.name });
      added += 1;
    }
    if (added > 0) showToast('success', `Added ${plural(added)} to your cart`);
    if (already.length > 0) showToast('info', `Already in your cart: ${already.join(', ')}`);
    if (answer.skipped.length > 0) showToast('warning', `Could not add: ${skippedText(answer.skipped)}`);
    if (added === 0 && already.length === 0 && answer.skipped.length === 0) showToast('info', 'Nothing to add from this order');
    return added;
  };
}
