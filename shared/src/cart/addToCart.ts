import type { CartItem, Product } from '../contracts/index.ts';
import { events } from '../events/bus.ts';
import { showToast } from '../events/toast.ts';
import type { AppThunk } from '../store/store.ts';
import { clampQuantity, MIN_QUANTITY } from '../validation/index.ts';
import { itemAdded } from './cartSlice.ts';

export type AddToCartResult = 'added' | 'duplicate' | 'out-of-stock';

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
    showToast('success', `${product.name} added to cart!`);
    events.emit('cart:item-added', { productUuid: product.uuid, name: product.name });
    return 'added';
  };
}
