// The signed-in user's favourites, read by product cards in any remote (heart state) and /account.
// Cleared on sign-out (spec §4).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '../contracts/index.ts';
import { signedOut } from '../session/sessionSlice.ts';

export interface FavouritesState {
  products: Product[];
}

const initialState: FavouritesState = { products: [] };

export const favouritesSlice = createSlice({
  name: 'favourites',
  initialState,
  reducers: {
    favouritesLoaded(state, action: PayloadAction<Product[]>) {
      state.products = action.payload;
    },
    favouriteAdded(state, action: PayloadAction<Product>) {
      if (!state.products.some((p) => p.uuid === action.payload.uuid)) state.products.push(action.payload);
    },
    favouriteRemoved(state, action: PayloadAction<string>) {
      state.products = state.products.filter((p) => p.uuid !== action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, (state) => {
      state.products = [];
    });
  },
  selectors: {
    selectFavourites: (state) => state.products,
    selectIsFavourite: (state, uuid: string) => state.products.some((p) => p.uuid === uuid),
  },
});

export const { favouritesLoaded, favouriteAdded, favouriteRemoved } = favouritesSlice.actions;
export const { selectFavourites, selectIsFavourite } = favouritesSlice.selectors;
