import { CONSTANTS } from '../constants.ts';
import type { CartItem, Product } from '../contracts/index.ts';
import { events } from '../events/bus.ts';
import { showToast } from '../events/toast.ts';
import type { AppThunk } from '../store/store.ts';
import { clampQuantity, MIN_QUANTITY } from '../validation/index.ts';
import { itemAdded } from './cartSlice.ts';

export type AddToCartResult = 'added' | 'duplicate' | 'out-of-stock';

/** The toast key of what went into the cart (adds in a row, a reorder): one toast, updated. */
export const CART_ADDS_TOAST = 'cart:adds';
/** "4 items added to your cart". */
export const itemsAddedText = (count: number) => `${count} item${count === 1 ? '' : 's'} added to your cart`;

// Adds in a row (each while the toast of the one before still shows) say so in one toast.
let run = { count: 0, until: 0 };

/**
 * Adds a product (quantity 1 unless a stepper chose more), refusing out-of-stock items and duplicates
 * with the spec's toasts (§4).
 */
export function addToCart(product: Product, quantity = MIN_QUANTITY): AppThunk<AddToCartResult> {
  return (dispatch, getState) => {
    if (product.stockStatus === 'OUT_OF_STOCK') return 'out-of-stock';
    if (getState().cart.items.some((item) => item.uuid === product.uuid)) {
      showToast('info', `${product.name} is already in your cart`);
      return 'duplicate';
    }
    const item: CartItem = { ...product, quantity: clampQuantity(quantity) };
    dispatch(itemAdded(item));
    const now = Date.now();
    run = { count: now < run.until ? run.count + 1 : 1, until: now + CONSTANTS.TOAST_MS };
    // One add keeps the spec's text (§4).
    showToast('success', run.count > 1 ? itemsAddedText(run.count) : `${product.name} added to cart!`, CONSTANTS.TOAST_MS, CART_ADDS_TOAST);
    events.emit('cart:item-added', { productUuid: product.uuid, name: product.name });
    return 'added';
  };
}
