// After a 409 PRODUCTS_UNAVAILABLE the cart loses what can no longer be bought, with the same warning
// as the stock refresh (spec §4). Lines short of stock stay: the shopper lowers their quantity.
import { itemsRemoved, outOfStockRemovedMessage, refreshCartStock, showToast, type AppThunk, type CartItem } from '@grocer/shared';
import { unavailableProducts } from './processingError.ts';

export function dropUnavailable(failure: unknown): AppThunk<Promise<CartItem[]>> {
  return async (dispatch, getState) => {
    const items = getState().cart.items;
    const listed = unavailableProducts(failure, items);
    // A server that names nothing: read the stores' stock again instead.
    if (listed.length === 0) return dispatch(refreshCartStock());
    const gone = new Set(listed.filter((product) => product.reason !== 'INSUFFICIENT_STOCK').map((product) => product.productId));
    const removed = items.filter((item) => gone.has(item.uuid));
    if (removed.length > 0) {
      dispatch(itemsRemoved(removed.map((item) => item.uuid)));
      showToast('warning', outOfStockRemovedMessage(removed.map((item) => item.name)));
    }
    return removed;
  };
}
