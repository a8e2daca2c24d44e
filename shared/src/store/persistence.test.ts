import { itemAdded, substitutionChosen } from '../cart/cartSlice.ts';
import type { CartItem, User } from '../contracts/index.ts';
import { signedIn, signedOut } from '../session/sessionSlice.ts';
import { jwtValidFor, makeJwt } from '../testing/jwt.ts';
import { loadPersistedState, restorePersisted, startPersistence } from './persistence.ts';
import { makeStore } from './store.ts';

const milk = { uuid: 'p1', name: 'Milk', price_cents: 349, stockStatus: 'IN_STOCK', quantity: 1 } as CartItem;
const user = (token: string) => ({ uuid: 'u1', email: 'shopper@example.com', token }) as User;

describe('persistence', () => {
  beforeEach(() => window.localStorage.clear());

  it('restores the user and the cart from their storage keys', () => {
    const stored = user(jwtValidFor(3600));
    window.localStorage.setItem('user', JSON.stringify(stored));
    window.localStorage.setItem('user-cart', JSON.stringify([milk]));
    expect(loadPersistedState(window.localStorage)).toEqual({ session: { user: stored }, cart: { items: [milk] } });
  });

  it("keeps a line's 'If out of stock' choice across reloads, and a cart stored before the choice existed still loads", () => {
    // `milk` has no substitution field: the shape every cart had before; it loads as is (best match).
    window.localStorage.setItem('user-cart', JSON.stringify([milk]));
    const store = makeStore(loadPersistedState(window.localStorage));
    expect(store.getState().cart.items).toEqual([milk]);
    const stop = startPersistence(store, window.localStorage, window);
    store.dispatch(substitutionChosen({ uuid: 'p1', substitution: { choice: 'SPECIFIC', substitute: { uuid: 'p2', name: 'Oat Milk' } } }));
    stop();
    expect(loadPersistedState(window.localStorage).cart?.items[0]?.substitution).toEqual({
      choice: 'SPECIFIC',
      substitute: { uuid: 'p2', name: 'Oat Milk' },
    });
  });

  it('puts the stored session and cart into a store that started without them (a page hydrated from the server), and keeps them stored', () => {
    const stored = user(jwtValidFor(3600));
    window.localStorage.setItem('user', JSON.stringify(stored));
    window.localStorage.setItem('user-cart', JSON.stringify([milk]));
    const store = makeStore();
    restorePersisted(store, window.localStorage);
    expect(store.getState().session.user).toEqual(stored);
    expect(store.getState().cart.items).toEqual([milk]);
    // Persistence started after it writes the same back, not the empty state the page started with.
    const stop = startPersistence(store, window.localStorage, window);
    store.dispatch(itemAdded({ ...milk, uuid: 'p2', name: 'Oat Milk' }));
    stop();
    expect(loadPersistedState(window.localStorage)).toEqual({
      session: { user: stored },
      cart: { items: [milk, expect.objectContaining({ uuid: 'p2' })] },
    });
  });

  it('restores nothing into a store when storage holds nothing, or only an expired session', () => {
    window.localStorage.setItem('user', JSON.stringify(user(makeJwt({ exp: Math.floor(Date.now() / 1000) - 10 }))));
    const store = makeStore();
    const before = store.getState();
    restorePersisted(store, window.localStorage);
    expect(store.getState()).toBe(before);
  });

  it('discards a stored user whose token has expired', () => {
    window.localStorage.setItem('user', JSON.stringify(user(makeJwt({ exp: Math.floor(Date.now() / 1000) - 10 }))));
    expect(loadPersistedState(window.localStorage).session).toEqual({ user: null });
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('survives corrupt storage', () => {
    window.localStorage.setItem('user-cart', '{not json');
    expect(loadPersistedState(window.localStorage).cart).toEqual({ items: [] });
  });

  it('writes changes and clears the user on sign-out', () => {
    const store = makeStore();
    const stop = startPersistence(store, window.localStorage, window);
    store.dispatch(signedIn(user(jwtValidFor(3600))));
    store.dispatch(itemAdded(milk));
    expect(JSON.parse(window.localStorage.getItem('user-cart') ?? '[]')).toEqual([milk]);
    expect(window.localStorage.getItem('user')).not.toBeNull();
    store.dispatch(signedOut());
    expect(window.localStorage.getItem('user')).toBeNull();
    stop();
  });

  it('follows the cart changed in another tab', () => {
    const store = makeStore();
    const stop = startPersistence(store, window.localStorage, window);
    window.localStorage.setItem('user-cart', JSON.stringify([milk]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user-cart', storageArea: window.localStorage }));
    expect(store.getState().cart.items).toEqual([milk]);
    stop();
  });
});
