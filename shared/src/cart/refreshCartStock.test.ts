import type { CartItem } from '../contracts/index.ts';
import { events } from '../events/bus.ts';
import { makeStore } from '../store/store.ts';
import { makeProduct } from '../testing/fixtures.ts';
import { mockFetch, type FetchMock } from '../testing/mockFetch.ts';
import { outOfStockRemovedMessage, refreshCartStock } from './refreshCartStock.ts';

const freshMart = { uuid: 'store-fresh-mart', name: 'Fresh Mart', publicId: 'fresh-mart' };
const corner = { uuid: 'store-corner', name: 'Corner Shop', publicId: 'corner' };
const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk' });
const bread = makeProduct({ uuid: 'p-bread', name: 'Rye Bread' });
const eggs = makeProduct({ uuid: 'p-eggs', name: 'Eggs', storeUuid: corner.uuid, store: corner });
const line = (product: typeof milk, quantity = 1): CartItem => ({ ...product, quantity });

let net: FetchMock;
let toasts: string[];
let off: () => void;
beforeEach(() => {
  toasts = [];
  off = events.on('toast:show', ({ kind, message }) => toasts.push(`${kind}: ${message}`));
});
afterEach(() => {
  off();
  net.restore();
});

describe('refreshCartStock', () => {
  it("reads each store's products once and removes out-of-stock and missing items with one warning", async () => {
    net = mockFetch({
      'GET /open/products/fresh-mart': () => ({ body: [milk, { ...bread, stockStatus: 'OUT_OF_STOCK' }] }),
      'GET /open/products/corner': () => ({ body: [] }),
    });
    const store = makeStore({ cart: { items: [line(milk, 2), line(bread), line(eggs, 3)] } });

    const removed = await store.dispatch(refreshCartStock());

    expect(net.calls.map((call) => call.url.pathname).sort()).toEqual(['/open/products/corner', '/open/products/fresh-mart']);
    expect(removed.map((item) => item.uuid)).toEqual(['p-bread', 'p-eggs']);
    expect(store.getState().cart.items).toEqual([line(milk, 2)]);
    expect(toasts).toEqual(['warning: Removed 2 out of stock item(s) from cart: Rye Bread, Eggs']);
  });

  it('counts a store that could not be read as missing all of its items', async () => {
    net = mockFetch({
      'GET /open/products/fresh-mart': () => ({ body: [milk, bread] }),
      'GET /open/products/corner': () => ({ status: 500, body: { success: false, message: 'boom' } }),
    });
    const store = makeStore({ cart: { items: [line(milk), line(eggs)] } });
    await store.dispatch(refreshCartStock());
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(toasts).toEqual(['warning: Removed 1 out of stock item(s) from cart: Eggs']);
  });

  it.each([
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'answers 503',
      () => ({ status: 503, body: { success: false, message: 'The service is temporarily unavailable. Please try again later.' } }),
    ],
    [
      'asks to slow down (429)',
      () => ({ status: 429, body: { success: false, message: 'Too many requests. Please try again in 1 minute.' } }),
    ],
  ])("keeps a store's items when the API %s: the stock is unknown, not zero", async (_label, answer) => {
    net = mockFetch({
      'GET /open/products/fresh-mart': () => ({ body: [milk] }),
      'GET /open/products/corner': answer,
    });
    const store = makeStore({ cart: { items: [line(milk), line(bread), line(eggs, 3)] } });
    const removed = await store.dispatch(refreshCartStock());
    // Fresh Mart answered, so its missing bread still goes; the Corner Shop's eggs stay.
    expect(removed.map((item) => item.uuid)).toEqual(['p-bread']);
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk', 'p-eggs']);
    expect(toasts).toEqual(['warning: Removed 1 out of stock item(s) from cart: Rye Bread']);
  });

  it("keeps every line when two refreshes run at once (the cart icon's and the cart page's): the second asks nothing and removes nothing", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    net = mockFetch({
      'GET /open/products/fresh-mart': async () => {
        await answered;
        return { body: [milk, bread] };
      },
      'GET /open/products/corner': async () => {
        await answered;
        return { body: [eggs] };
      },
    });
    const store = makeStore({ cart: { items: [line(milk), line(bread), line(eggs)] } });
    const first = store.dispatch(refreshCartStock());
    const second = store.dispatch(refreshCartStock());
    answer();
    expect(await Promise.all([first, second])).toEqual([[], []]);
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk', 'p-bread', 'p-eggs']);
    expect(toasts).toEqual([]);
  });

  it("keeps a store's items when its answer is cut off (the page left mid-read): a body that cannot be read is no answer", async () => {
    net = mockFetch({ 'GET /open/products/fresh-mart': () => ({ body: [milk] }) });
    const mocked = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(new Request(input, init).url).pathname === '/open/products/corner'
        ? new Response('[{"uuid":"p-eggs","na', { status: 200, headers: { 'content-type': 'application/json' } })
        : mocked(input, init)) as typeof fetch;
    const store = makeStore({ cart: { items: [line(milk), line(eggs, 3)] } });
    expect(await store.dispatch(refreshCartStock())).toEqual([]);
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk', 'p-eggs']);
    expect(toasts).toEqual([]);
  });

  it('uses the store uuid when the line has no publicId, and says nothing when all is in stock', async () => {
    net = mockFetch({ 'GET /open/products/store-fresh-mart': () => ({ body: [{ ...milk, price_cents: 399 }] }) });
    const noPublicId = { ...line(milk, 2), store: { uuid: freshMart.uuid, name: freshMart.name } };
    const store = makeStore({ cart: { items: [noPublicId] } });
    expect(await store.dispatch(refreshCartStock())).toEqual([]);
    // The line keeps its quantity and takes the current price.
    expect(store.getState().cart.items[0]).toMatchObject({ uuid: 'p-milk', quantity: 2, price_cents: 399 });
    expect(toasts).toEqual([]);
  });

  it('takes the stock on hand when only it changed, keeping the quantity (the cart sets the line down from it)', async () => {
    net = mockFetch({ 'GET /open/products/fresh-mart': () => ({ body: [{ ...milk, stockQuantity: 3 }] }) });
    const store = makeStore({ cart: { items: [{ ...line(milk, 5), stockQuantity: 12 }] } });
    expect(await store.dispatch(refreshCartStock())).toEqual([]);
    expect(store.getState().cart.items[0]).toMatchObject({ uuid: 'p-milk', quantity: 5, stockQuantity: 3 });
    expect(toasts).toEqual([]);
  });

  it('does not call the API for an empty cart, and leaves lines added meanwhile alone', async () => {
    net = mockFetch({});
    const store = makeStore();
    await store.dispatch(refreshCartStock());
    expect(net.calls).toHaveLength(0);
    net.restore();

    net = mockFetch({ 'GET /open/products/fresh-mart': () => ({ body: [milk] }) });
    const withMilk = makeStore({ cart: { items: [line(milk)] } });
    const pending = withMilk.dispatch(refreshCartStock());
    withMilk.dispatch({ type: 'cart/itemAdded', payload: line(bread) });
    await pending;
    expect(withMilk.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk', 'p-bread']);
  });

  it('words the toast as the spec does', () => {
    expect(outOfStockRemovedMessage(['A'])).toBe('Removed 1 out of stock item(s) from cart: A');
  });
});
