// The session and the cart survive reloads and stay in step across tabs (spec §3: both are kept in
// browser storage under fixed keys).
import type { CartItem, User } from '../contracts/index.ts';
import { itemsReplaced } from '../cart/cartSlice.ts';
import { signedIn, signedOut } from '../session/sessionSlice.ts';
import { isTokenUsable } from '../session/token.ts';
import { readStoredJson, STORAGE_KEYS } from '../storage.ts';
import type { AppStore, RootState } from './store.ts';

const readJson = <T>(storage: Storage, key: string) => readStoredJson(key, () => storage) as T | null;

/** What the store starts with; a stored user whose token has expired is discarded (spec §4). */
export function loadPersistedState(storage: Storage, now = Date.now()): Partial<RootState> {
  const storedUser = readJson<User>(storage, STORAGE_KEYS.user);
  const user = storedUser && isTokenUsable(storedUser.token, now) ? storedUser : null;
  if (storedUser && !user) storage.removeItem(STORAGE_KEYS.user);
  const items = readJson<CartItem[]>(storage, STORAGE_KEYS.cart);
  return {
    session: { user },
    cart: { items: Array.isArray(items) ? items : [] },
  };
}

/**
 * Puts what storage holds into a store that started without it: a page the server rendered is
 * hydrated with the server's state, and the shopper's session and cart follow at once after.
 */
export function restorePersisted(store: AppStore, storage: Storage, now = Date.now()): void {
  const { session, cart } = loadPersistedState(storage, now);
  if (session?.user) store.dispatch(signedIn(session.user));
  if (cart?.items.length) store.dispatch(itemsReplaced(cart.items));
}

/** Writes session and cart on change and follows changes made in other tabs. Returns a stop function. */
export function startPersistence(store: AppStore, storage: Storage, target: Window): () => void {
  let { session, cart } = store.getState();
  const unsubscribe = store.subscribe(() => {
    const state = store.getState();
    if (state.session !== session) {
      session = state.session;
      if (session.user) storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
      else storage.removeItem(STORAGE_KEYS.user);
    }
    if (state.cart !== cart) {
      cart = state.cart;
      storage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart.items));
    }
  });

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    if (event.key === STORAGE_KEYS.cart) {
      const items = readJson<CartItem[]>(storage, STORAGE_KEYS.cart) ?? [];
      store.dispatch(itemsReplaced(items));
    } else if (event.key === STORAGE_KEYS.user) {
      const user = readJson<User>(storage, STORAGE_KEYS.user);
      store.dispatch(user && isTokenUsable(user.token) ? signedIn(user) : signedOut());
    }
  };
  target.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    target.removeEventListener('storage', onStorage);
  };
}
