import { events, makeStore } from '@grocer/shared';
import { mockFetch, type FetchMock } from '@grocer/shared/testing';
import { bread, eggs, errorBody, line, milk } from '../../testing/fixtures.ts';
import { dropUnavailable } from './dropUnavailable.ts';

const conflict = (products?: object[]) => {
  const body = errorBody('Some items in your cart are not available', 'PRODUCTS_UNAVAILABLE', 'items');
  return { status: 409, data: { ...body, error: { ...body.error, ...(products ? { products } : {}) } } };
};

let net: FetchMock | undefined;
afterEach(() => net?.restore());

describe('dropUnavailable', () => {
  it('removes what cannot be bought with the stock warning, and keeps lines that are only short of stock', async () => {
    const toasts: string[] = [];
    const off = events.on('toast:show', ({ kind, message }) => toasts.push(`${kind}: ${message}`));
    const store = makeStore({ cart: { items: [line(milk, 5), line(bread), line(eggs)] } });
    await store.dispatch(
      dropUnavailable(
        conflict([
          { productId: 'p-milk', name: 'Whole Milk', reason: 'INSUFFICIENT_STOCK' },
          { productId: 'p-bread', name: 'Rye Bread', reason: 'INACTIVE' },
          { productId: 'p-eggs', name: '', reason: 'NOT_FOUND' },
        ]),
      ),
    );
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(toasts).toEqual(['warning: Removed 2 out of stock item(s) from cart: Rye Bread, Free-range Eggs']);
    off();
  });

  it("reads the stores' stock again when the server names nothing", async () => {
    net = mockFetch({
      'GET /open/products/fresh-mart': () => ({ body: [milk] }),
      'GET /open/products/corner-shop': () => ({ body: [eggs] }),
    });
    const store = makeStore({ cart: { items: [line(milk), line(bread), line(eggs)] } });
    await store.dispatch(dropUnavailable(conflict()));
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk', 'p-eggs']);
  });
});
