// The one store (DESIGN.md "State and events"): the shell calls makeStore() once; a remote adds its
// own slice with `slice.injectInto(rootReducer)` and declares it on `LazyLoadedSlices`.
import { combineSlices, configureStore, type Action, type ThunkAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from '../api/api.ts';
import { createApiRecoveryMiddleware } from '../api/recovery.ts';
import { cartSlice } from '../cart/cartSlice.ts';
import { favouritesSlice } from '../favourites/favouritesSlice.ts';
import { sessionSlice } from '../session/sessionSlice.ts';

/** Remotes extend this interface (declaration merging) with the slices they inject. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice, cartSlice, favouritesSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware, createApiRecoveryMiddleware()),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
