import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { events } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeProduct, makeUser } from '../../testing/fixtures.ts';
import { BuyAgainSection } from './BuyAgainSection.tsx';

let net: FetchMock | undefined;
afterEach(() => {
  net?.restore();
  net = undefined;
});

const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk', price_cents: 379 });
const jam = makeProduct({ uuid: 'p-jam', name: 'Plum Jam', stockStatus: 'OUT_OF_STOCK' });

function setup(handler: MockHandler) {
  net = mockFetch({ 'GET /orders/buy-again': handler });
  return renderWithProviders(<BuyAgainSection userUuid="u-1" />, { route: '/account', preloadedState: { session: { user: makeUser() } } });
}

describe("'Buy again' on the account page", () => {
  it('shows the most bought products with today’s price and stock; Add to Cart fills the cart; links to the history', async () => {
    const toasts: string[] = [];
    const off = events.on('toast:show', ({ message }) => toasts.push(message));
    const { store } = setup(() => ({
      body: {
        items: [
          { product: milk, timesOrdered: 4, lastOrderedAt: '2026-01-02T00:00:00.000Z' },
          { product: jam, timesOrdered: 1, lastOrderedAt: '2026-01-01T00:00:00.000Z' },
        ],
      },
    }));
    const section = await screen.findByRole('region', { name: 'Buy again' });
    expect(net!.calls[0]!.url.searchParams.get('limit')).toBe('4');
    const [first, second] = within(section).getAllByRole('article');
    expect(first).toHaveTextContent('Whole Milk');
    expect(first).toHaveTextContent('$3.79');
    expect(first).toHaveTextContent('Ordered 4 times');
    expect(within(first!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(second!).getByText('Out of stock')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Add to Cart' }));
    expect(store.getState().cart.items.map((i) => i.uuid)).toEqual(['p-milk']);
    expect(toasts).toEqual(['Whole Milk added to cart!']);
    expect(within(section).getByRole('link', { name: 'See all in your order history' })).toHaveAttribute('href', '/order-history');
    off();
  });

  it('is left out with nothing bought yet, or when the list fails', async () => {
    setup(() => ({ body: { items: [] } }));
    await waitFor(() => expect(net!.calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Buy again' })).not.toBeInTheDocument();
    net!.restore();
    setup(() => ({ status: 500, body: errorBody('boom') }));
    await waitFor(() => expect(net!.calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Buy again' })).not.toBeInTheDocument();
  });
});
