import { act, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { events, itemAdded, quantityChanged } from '@grocer/shared';
import { bread, line, milk } from '../../testing/fixtures.ts';
import CartIcon from './CartIcon.tsx';

let net: FetchMock;
beforeEach(() => {
  net = mockFetch({ 'GET /open/products/fresh-mart': () => ({ body: [milk, bread] }) });
});
afterEach(() => net.restore());

describe('CartIcon', () => {
  it('shows the number of items in the shared cart and follows it', () => {
    const { store } = renderWithProviders(<CartIcon />);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    act(() => {
      store.dispatch(itemAdded(line(milk)));
      store.dispatch(itemAdded(line(bread)));
      store.dispatch(quantityChanged({ uuid: bread.uuid, quantity: 3 }));
    });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('4');
  });

  it('prunes out-of-stock items from the stored cart 100 ms after the page loads', async () => {
    net.restore();
    net = mockFetch({ 'GET /open/products/fresh-mart': () => ({ body: [milk, { ...bread, stockStatus: 'OUT_OF_STOCK' }] }) });
    const toasts: string[] = [];
    const off = events.on('toast:show', ({ message }) => toasts.push(message));
    const { store } = renderWithProviders(<CartIcon />, { preloadedState: { cart: { items: [line(milk), line(bread, 2)] } } });
    expect(net.calls).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument());
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(toasts).toEqual(['Removed 1 out of stock item(s) from cart: Rye Bread']);
    expect(net.calls).toHaveLength(1);
    off();
  });
});
