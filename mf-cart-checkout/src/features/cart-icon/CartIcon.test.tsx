import { screen } from '@testing-library/react';
import { renderWithProviders } from '@grocer/shared/testing';
import { itemAdded, quantityChanged, type CartItem } from '@grocer/shared';
import { act } from 'react';
import CartIcon from './CartIcon.tsx';

const item = (uuid: string) => ({ uuid, name: uuid, price_cents: 199, stockStatus: 'IN_STOCK', quantity: 1 }) as CartItem;

describe('CartIcon', () => {
  it('shows the number of items in the shared cart and follows it', () => {
    const { store } = renderWithProviders(<CartIcon />);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    act(() => {
      store.dispatch(itemAdded(item('a')));
      store.dispatch(itemAdded(item('b')));
      store.dispatch(quantityChanged({ uuid: 'b', quantity: 3 }));
    });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('4');
  });
});
