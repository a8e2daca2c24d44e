// Spec §4: out-of-stock items leave the cart on load (after 100 ms) and on a stock refresh. The refresh
// re-reads each store's products, grouped by store; an item missing from its store's answer, or whose
// store could not be read, counts as out of stock and is removed with one warning toast.
// Only an answer from the API judges a store: its products, or an HTTP error it gave. No answer, an
// answer cut off before its end (the page navigating away mid-read: PARSING_ERROR), a 503 "try again
// later" or a 429 "slow down" say nothing about stock, and an outage, a busy moment or a click away
// must not empty the shopper's cart.
import { apiErrorStatus, isApiUnreachable } from '../api/baseQuery.ts';
import type { CartItem, Product } from '../contracts/index.ts';
import { showToast } from '../events/toast.ts';
import type { AppThunk } from '../store/store.ts';
import { cartStockApi } from './cartStockApi.ts';
import { itemsRemoved, productsRefreshed } from './cartSlice.ts';

/** 'Removed 2 out of stock item(s) from cart: Whole Milk, Rye Bread'. */
export function outOfStockRemovedMessage(names: readonly string[]): string {
  return `Removed ${names.length} out of stock item(s) from cart: ${names.join(', ')}`;
}

/** The store a cart line belongs to: its uuid (the group key) and how the catalogue URL names it. */
function storeOf(item: CartItem): { key: string; ref: string } {
  const key = item.store?.uuid ?? item.storeUuid;
  return { key, ref: item.store?.publicId ?? key };
}

/** An error that leaves the stock unknown rather than saying the store has none: anything but an HTTP answer, a 429 or a 503. */
const stockUnknown = (error: unknown) => {
  const status = apiErrorStatus(error);
  return typeof status !== 'number' || isApiUnreachable(error) || status === 429;
};

const isAvailable = (product: Product) => product.stockStatus !== 'OUT_OF_STOCK' && product.isActive !== false;

// Stock on hand counts as a change: a line whose shelf fell below its quantity is set down from it
// (for visitors too, whose cart the server never prices).
const changed = (item: CartItem, product: Product) =>
  item.price_cents !== product.price_cents ||
  item.name !== product.name ||
  item.image !== product.image ||
  item.stockQuantity !== product.stockQuantity;

/** Removes what is no longer available and refreshes the rest; resolves to the removed lines. */
export function refreshCartStock(): AppThunk<Promise<CartItem[]>> {
  return async (dispatch, getState) => {
    const checked = getState().cart.items;
    if (checked.length === 0) return [];

    const refs = new Map<string, string>();
    for (const item of checked) {
      const { key, ref } = storeOf(item);
      if (!refs.has(key)) refs.set(key, ref);
    }
    const unknownStores = new Set<string>();
    const answers = await Promise.all(
      [...refs].map(async ([key, ref]) => {
        const result = await dispatch(cartStockApi.endpoints.cartStoreProducts.initiate(ref, { subscribe: false, forceRefetch: true }));
        if (result.data === undefined && stockUnknown(result.error)) unknownStores.add(key);
        return result.data ?? null;
      }),
    );
    const found = new Map<string, Product>();
    for (const products of answers) for (const product of products ?? []) found.set(product.uuid, product);

    // The shopper may have changed the cart while we waited: judge only lines we checked that are still
    // there, and whose store gave an answer.
    const checkedUuids = new Set(checked.map((item) => item.uuid));
    const current = getState().cart.items.filter((item) => checkedUuids.has(item.uuid) && !unknownStores.has(storeOf(item).key));
    const removed = current.filter((item) => {
      const product = found.get(item.uuid);
      return !product || !isAvailable(product);
    });
    const refreshed = current
      .map((item) => ({ item, product: found.get(item.uuid) }))
      .filter(
        (line): line is { item: CartItem; product: Product } =>
          !!line.product && isAvailable(line.product) && changed(line.item, line.product),
      )
      .map(({ product }) => product);

    if (refreshed.length > 0) dispatch(productsRefreshed(refreshed));
    if (removed.length > 0) {
      dispatch(itemsRemoved(removed.map((item) => item.uuid)));
      showToast('warning', outOfStockRemovedMessage(removed.map((item) => item.name)));
    }
    return removed;
  };
}
