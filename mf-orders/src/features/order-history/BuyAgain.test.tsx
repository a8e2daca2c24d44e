import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { events, paths, routePatterns, type BuyAgainItem, type ReorderResponse } from '@grocer/shared';
import { makeProduct, mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeOrder, makeOrderItem, makeUser } from '../../testing/fixtures.ts';
import OrderDetailsPage from '../order-details/OrderDetailsPage.tsx';
import OrderHistoryPage from './OrderHistoryPage.tsx';

const ORDER = makeOrder({
  orderItems: [
    makeOrderItem({ productName: 'Whole Milk', substitution: { choice: 'SPECIFIC', substitute: { uuid: 'p-oat', name: 'Oat Milk' } } }),
    makeOrderItem({ productUuid: 'p-jam', productName: 'Plum Jam', substitution: { choice: 'NONE', substitute: null } }),
    makeOrderItem({ productUuid: 'p-tea', productName: 'Black Tea' }),
  ],
});
const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk', price_cents: 379 });
const cheese = makeProduct({ uuid: 'p-cheese', name: 'Cheddar', price_cents: 650 });
const jam = makeProduct({ uuid: 'p-jam', name: 'Plum Jam', stockStatus: 'OUT_OF_STOCK' });
const buyAgain: BuyAgainItem[] = [
  { product: milk, timesOrdered: 3, lastOrderedAt: '2026-01-02T00:00:00.000Z' },
  { product: cheese, timesOrdered: 1, lastOrderedAt: '2026-01-01T00:00:00.000Z' },
  { product: jam, timesOrdered: 1, lastOrderedAt: '2026-01-01T00:00:00.000Z' },
];
const REORDERED: ReorderResponse = {
  added: [{ product: milk, quantity: 2, substitution: { choice: 'SPECIFIC', substitute: { uuid: 'p-oat', name: 'Oat Milk' } } }],
  skipped: [
    { productId: 'p-jam', name: 'Plum Jam', reason: 'OUT_OF_STOCK', message: 'out of stock' },
    { productId: 'p-tea', name: 'Black Tea', reason: 'INACTIVE', message: 'no longer sold' },
  ],
};

let net: FetchMock | undefined;
let toasts: string[];
let offToasts: () => void;
beforeEach(() => {
  toasts = [];
  offToasts = events.on('toast:show', ({ kind, message }) => toasts.push(`${kind}: ${message}`));
});
afterEach(() => {
  offToasts();
  net?.restore();
  net = undefined;
});

function history(routes: Record<string, MockHandler> = {}) {
  net = mockFetch({
    'GET /orders/user/history': () => ({ body: [ORDER] }),
    'GET /orders/buy-again': () => ({ body: { items: buyAgain } }),
    [`POST /orders/${ORDER.orderId}/reorder`]: () => ({ body: REORDERED }),
    ...routes,
  });
  return renderWithProviders(<OrderHistoryPage />, {
    route: '/order-history',
    path: routePatterns.orderHistory,
    preloadedState: { session: { user: makeUser() } },
  });
}

describe("'Buy again' on order history", () => {
  it('lists past products, most often bought first, with today’s price and stock; Add to Cart fills the cart', async () => {
    const { store } = history();
    const section = await screen.findByRole('region', { name: 'Buy again' });
    const products = within(section).getAllByRole('article');
    expect(products.map((p) => within(p).getByRole('heading').textContent)).toEqual(['Whole Milk', 'Cheddar', 'Plum Jam']);
    expect(products[0]).toHaveTextContent('$3.79');
    expect(products[0]).toHaveTextContent('Ordered 3 times');
    expect(within(products[2]!).getByText('Out of stock')).toBeInTheDocument();
    expect(within(products[2]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(products[1]!).getByRole('button', { name: 'Add to Cart' }));
    expect(store.getState().cart.items.map((i) => [i.uuid, i.quantity])).toEqual([['p-cheese', 1]]);
    expect(within(products[1]!).getByRole('button', { name: 'In Cart' })).toBeDisabled();
    expect(toasts).toEqual(['success: Cheddar added to cart!']);
  });

  it('is left out when there is nothing to buy again or the list fails', async () => {
    history({ 'GET /orders/buy-again': () => ({ status: 500, body: errorBody('boom') }) });
    expect(await screen.findByRole('article', { name: /Order #/ })).toBeInTheDocument();
    await waitFor(() => expect(net!.calls.some((c) => c.url.pathname === '/orders/buy-again')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Buy again' })).not.toBeInTheDocument();
  });
});

describe("'Reorder'", () => {
  it('from a history card: adds what the server allows with its choice, and names what could not be added and why', async () => {
    const { store } = history();
    const card = await screen.findByRole('article', { name: /Order #/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(store.getState().cart.items).toHaveLength(1));
    expect(store.getState().cart.items[0]).toMatchObject({
      uuid: 'p-milk',
      quantity: 2,
      price_cents: 379,
      substitution: REORDERED.added[0]!.substitution,
    });
    // One toast: what went in, and what could not and why.
    expect(toasts).toEqual(['warning: 1 item added to your cart. Could not add: Plum Jam (out of stock), Black Tea (no longer sold)']);
  });

  it('leaves a line already in the cart as it is, and says so', async () => {
    const { store } = history();
    const card = await screen.findByRole('article', { name: /Order #/ });
    store.dispatch({ type: 'cart/itemAdded', payload: { ...milk, quantity: 5 } });
    await userEvent.click(within(card).getByRole('button', { name: 'Reorder' }));
    // Counted, not named: a second Reorder of a long order no longer fills the screen with names.
    await waitFor(() => expect(toasts.at(-1)).toMatch(/^warning: 1 item already in your cart\. Could not add: /));
    expect(store.getState().cart.items.map((i) => i.quantity)).toEqual([5]);
  });

  it('says so when the reorder fails', async () => {
    history({
      [`POST /orders/${ORDER.orderId}/reorder`]: () => ({
        status: 404,
        body: errorBody('Order not found or unable to retrieve order details'),
      }),
    });
    const card = await screen.findByRole('article', { name: /Order #/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(toasts).toEqual(['error: Could not reorder. Please try again.']));
  });
});

test("order details: each line says what happens if it is out of stock, and 'Reorder' fills the cart", async () => {
  net = mockFetch({
    [`GET /orders/${ORDER.orderId}`]: () => ({ body: ORDER }),
    [`POST /orders/${ORDER.orderId}/reorder`]: () => ({ body: REORDERED }),
  });
  const { store } = renderWithProviders(<OrderDetailsPage />, {
    route: paths.orderDetails(ORDER.orderId),
    path: routePatterns.orderDetails,
    preloadedState: { session: { user: makeUser() } },
  });
  const items = await screen.findByRole('region', { name: 'Order Items' });
  const lines = within(items).getAllByRole('listitem');
  expect(lines[0]).toHaveTextContent('If out of stock: replace with Oat Milk');
  expect(lines[1]).toHaveTextContent("If out of stock: don't replace (refund)");
  expect(lines[2]).toHaveTextContent('If out of stock: best match');
  await userEvent.click(screen.getByRole('button', { name: 'Reorder' }));
  await waitFor(() => expect(store.getState().cart.items.map((i) => i.uuid)).toEqual(['p-milk']));
});
