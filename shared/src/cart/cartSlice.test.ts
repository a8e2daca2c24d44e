import type { CartItem, Product } from '../contracts/index.ts';
import { events } from '../events/bus.ts';
import { makeStore } from '../store/store.ts';
import { CONSTANTS } from '../constants.ts';
import { addToCart, CART_ADDS_TOAST, itemsAddedText } from './addToCart.ts';
import { itemRemoved, itemsRemoved, productsRefreshed, quantityChanged, selectCartCount, selectCartSubtotalCents } from './cartSlice.ts';

const product = (uuid: string, stockStatus: Product['stockStatus'] = 'IN_STOCK') =>
  ({ uuid, name: `Product ${uuid}`, price_cents: 250, stockStatus }) as Product;

describe('cart', () => {
  let toasts: string[];
  let keys: (string | undefined)[];
  let off: () => void;
  // Each test a minute after the one before: adds in a row never run from one test into the next.
  let clock = Date.UTC(2026, 0, 1);
  beforeEach(() => {
    jest.useFakeTimers({ now: (clock += 60_000) });
    toasts = [];
    keys = [];
    off = events.on('toast:show', ({ kind, message, key }) => {
      toasts.push(`${kind}: ${message}`);
      keys.push(key);
    });
  });
  afterEach(() => {
    off();
    jest.useRealTimers();
  });

  it('adds with quantity 1 and says so', () => {
    const store = makeStore();
    expect(store.dispatch(addToCart(product('a')))).toBe('added');
    expect(store.getState().cart.items).toEqual([{ ...product('a'), quantity: 1 }]);
    expect(toasts).toEqual(['success: Product a added to cart!']);
  });

  it('says adds in a row in one toast that counts them, and a new run starts once that toast is gone', () => {
    const store = makeStore();
    store.dispatch(addToCart(product('a')));
    jest.advanceTimersByTime(CONSTANTS.TOAST_MS - 1);
    store.dispatch(addToCart(product('b')));
    jest.advanceTimersByTime(1000);
    store.dispatch(addToCart(product('c')));
    store.dispatch(addToCart(product('d')));
    expect(toasts).toEqual([
      'success: Product a added to cart!',
      'success: 2 items added to your cart',
      'success: 3 items added to your cart',
      'success: 4 items added to your cart',
    ]);
    // All under one key: the shell's stack shows one toast, updated.
    expect(new Set(keys)).toEqual(new Set([CART_ADDS_TOAST]));
    jest.advanceTimersByTime(CONSTANTS.TOAST_MS);
    store.dispatch(addToCart(product('e')));
    expect(toasts.at(-1)).toBe('success: Product e added to cart!');
    expect(itemsAddedText(1)).toBe('1 item added to your cart');
  });

  it('adds the quantity a stepper chose, whole and never below 1', () => {
    const store = makeStore();
    store.dispatch(addToCart(product('a'), 3));
    store.dispatch(addToCart(product('b'), 0));
    store.dispatch(addToCart(product('c'), 2.7));
    expect(store.getState().cart.items.map((item) => item.quantity)).toEqual([3, 1, 2]);
  });

  it('refuses a duplicate with the info toast and an out-of-stock product silently', () => {
    const store = makeStore();
    store.dispatch(addToCart(product('a')));
    expect(store.dispatch(addToCart(product('a')))).toBe('duplicate');
    expect(store.dispatch(addToCart(product('b', 'OUT_OF_STOCK')))).toBe('out-of-stock');
    expect(store.getState().cart.items).toHaveLength(1);
    expect(toasts[1]).toBe('info: Product a is already in your cart');
  });

  it('never lets a quantity fall below 1, and removes on request', () => {
    const store = makeStore();
    store.dispatch(addToCart(product('a')));
    store.dispatch(quantityChanged({ uuid: 'a', quantity: 0 }));
    expect(store.getState().cart.items[0]?.quantity).toBe(1);
    store.dispatch(quantityChanged({ uuid: 'a', quantity: 4 }));
    expect(selectCartCount(store.getState())).toBe(4);
    store.dispatch(itemRemoved('a'));
    expect(store.getState().cart.items).toEqual([]);
  });
});

describe('cart stock refresh reducers', () => {
  const line = (uuid: string, quantity: number) => ({ ...product(uuid), quantity }) as CartItem;

  it('removes the given lines and keeps the rest in order', () => {
    const store = makeStore({ cart: { items: [line('a', 1), line('b', 2), line('c', 3)] } });
    store.dispatch(itemsRemoved(['a', 'c', 'unknown']));
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['b']);
  });

  it('takes fresh product fields but keeps each quantity', () => {
    const store = makeStore({ cart: { items: [line('a', 3), line('b', 1)] } });
    store.dispatch(productsRefreshed([{ ...product('a'), name: 'New name', price_cents: 999 }]));
    expect(store.getState().cart.items[0]).toMatchObject({ uuid: 'a', name: 'New name', price_cents: 999, quantity: 3 });
    expect(store.getState().cart.items[1]).toEqual(line('b', 1));
  });

  it('sums price × quantity in cents', () => {
    const store = makeStore({ cart: { items: [line('a', 3), line('b', 2)] } });
    expect(selectCartSubtotalCents(store.getState())).toBe(250 * 5);
  });
});
