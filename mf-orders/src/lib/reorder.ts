// 'Reorder': puts what a past order can still supply back into the cart, at today's prices (the
// server answers which lines and why not the others), and says in one toast what was added, how many
// were in the cart already, and what could not be added and why. The toast is the cart's adds toast:
// a second Reorder (or an add) updates it instead of piling another on, and lines already in the cart
// are counted, not named (a second Reorder of 16 lines filled a phone's screen).
import { CART_ADDS_TOAST, events, itemAdded, itemsAddedText, showToast, type AppThunk, type ReorderResponse } from '@grocer/shared';

export const REORDER_FAILED = 'Could not reorder. Please try again.';
export const NOTHING_TO_ADD = 'Nothing to add from this order';

/** "Plum Jam (out of stock), Black Tea (no longer sold)". */
export function skippedText(skipped: ReorderResponse['skipped']): string {
  return skipped.map((s) => `${s.name} (${s.message})`).join(', ');
}

const plural = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** Adds the lines the server allowed; lines already in the cart keep their quantity. Returns how many were added. */
export function fillCart(answer: ReorderResponse): AppThunk<number> {
  return (dispatch, getState) => {
    const inCart = new Set(getState().cart.items.map((i) => i.uuid));
    let already = 0;
    let added = 0;
    for (const { product, quantity, substitution } of answer.added) {
      if (inCart.has(product.uuid)) {
        already += 1;
        continue;
      }
      dispatch(itemAdded({ ...product, quantity, substitution }));
      events.emit('cart:item-added', { productUuid: product.uuid, name: product.name });
      added += 1;
    }
    const said = [
      added > 0 && itemsAddedText(added),
      already > 0 && `${plural(already)} already in your cart`,
      answer.skipped.length > 0 && `Could not add: ${skippedText(answer.skipped)}`,
    ].filter(Boolean);
    const kind = answer.skipped.length > 0 ? 'warning' : added > 0 ? 'success' : 'info';
    showToast(kind, said.length > 0 ? said.join('. ') : NOTHING_TO_ADD, undefined, CART_ADDS_TOAST);
    return added;
  };
}
