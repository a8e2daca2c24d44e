// The one cart, read by the catalogue (In Cart state), the header count and checkout.
// Quantities never drop below 1 (spec §4); removing is an explicit action.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartItem, Product, Substitution } from '../contracts/index.ts';
import { MIN_QUANTITY } from '../validation/index.ts';

export interface CartState {
  items: CartItem[];
}

const initialState: CartState = { items: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Only ever dispatched by `addToCart`, which has already refused duplicates and out-of-stock items. */
    itemAdded(state, action: PayloadAction<CartItem>) {
      if (!state.items.some((item) => item.uuid === action.payload.uuid)) state.items.push(action.payload);
    },
    quantityChanged(state, action: PayloadAction<{ uuid: string; quantity: number }>) {
      const item = state.items.find((i) => i.uuid === action.payload.uuid);
      if (item) item.quantity = Math.max(MIN_QUANTITY, Math.floor(action.payload.quantity));
    },
    /** The line's 'If out of stock' choice: picked by the shopper, or prefilled from what they chose last time. */
    substitutionChosen(state, action: PayloadAction<{ uuid: string; substitution: Substitution }>) {
      const item = state.items.find((i) => i.uuid === action.payload.uuid);
      if (item) item.substitution = action.payload.substitution;
    },
    itemRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.uuid !== action.payload);
    },
    /** Another tab changed the cart. */
    itemsReplaced(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
    },
    /** A stock refresh found these products out of stock or gone (spec §4). */
    itemsRemoved(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      state.items = state.items.filter((item) => !gone.has(item.uuid));
    },
    /** A stock refresh read these products again: lines keep their quantity and take the current name, price and image. */
    productsRefreshed(state, action: PayloadAction<Product[]>) {
      const fresh = new Map(action.payload.map((product) => [product.uuid, product]));
      state.items = state.items.map((item) => {
        const product = fresh.get(item.uuid);
        return product ? { ...item, ...product, quantity: item.quantity } : item;
      });
    },
    cleared(state) {
      state.items = [];
    },
  },
  selectors: {
    selectCartItems: (state) => state.items,
    selectCartCount: (state) => state.items.reduce((sum, item) => sum + item.quantity, 0),
    /** Price × quantity over the cart, in integer cents (what a visitor sees; signed-in totals come from the server). */
    selectCartSubtotalCents: (state) => state.items.reduce((sum, item) => sum + item.price_cents * item.quantity, 0),
    selectIsInCart: (state, uuid: string) => state.items.some((item) => item.uuid === uuid),
  },
});

export const { itemAdded, quantityChanged, substitutionChosen, itemRemoved, itemsReplaced, itemsRemoved, productsRefreshed, cleared } =
  cartSlice.actions;
export const { selectCartItems, selectCartCount, selectCartSubtotalCents, selectIsInCart } = cartSlice.selectors;
