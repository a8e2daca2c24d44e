import { createSlice } from '@reduxjs/toolkit';
import { makeStore, rootReducer } from './store.ts';

// How a remote adds its own state: a slice injected into the one root reducer.
const demoSlice = createSlice({
  name: 'remoteDemo',
  initialState: { count: 0 },
  reducers: { bumped: (state) => void (state.count += 1) },
  selectors: { selectCount: (state) => state.count },
});

declare module './store.ts' {
  export interface LazyLoadedSlices {
    remoteDemo: ReturnType<typeof demoSlice.reducer>;
  }
}

describe('makeStore', () => {
  it('holds the shared slices and the api', () => {
    const state = makeStore().getState();
    expect(state.session).toEqual({ user: null });
    expect(state.cart).toEqual({ items: [] });
    expect(state.favourites).toEqual({ products: [] });
    expect(state.api).toBeDefined();
  });

  it('lets a remote inject its slice at runtime', () => {
    const store = makeStore();
    const injected = demoSlice.injectInto(rootReducer);
    store.dispatch(injected.actions.bumped());
    expect(injected.selectors.selectCount(store.getState())).toBe(1);
  });
});
