import { waitFor } from '@testing-library/react';
import { events, type Product, type User } from '@grocer/shared';
import { jwtValidFor, mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { FavouritesSync } from './FavouritesSync.tsx';

const milk = { uuid: 'p1', name: 'Milk', price_cents: 349, stockStatus: 'IN_STOCK' } as Product;
const user = { uuid: 'u1', email: 'ada@example.com', roleName: 'CUSTOMER', token: jwtValidFor(3600) } as User;

describe('FavouritesSync', () => {
  let network: FetchMock;
  const seen: string[] = [];
  const offs: (() => void)[] = [];
  beforeEach(() => {
    seen.length = 0;
    offs.push(events.on('toast:show', ({ message }) => seen.push(`toast: ${message}`)));
    offs.push(events.on('session:expired', () => seen.push('expired')));
  });
  afterEach(() => {
    network.restore();
    offs.splice(0).forEach((off) => off());
  });

  const render = (favourites: MockHandler, signedIn = true) => {
    network = mockFetch({ 'GET /favorites': favourites });
    return renderWithProviders(<FavouritesSync />, { preloadedState: { session: { user: signedIn ? user : null } } });
  };

  it('loads the signed-in user’s favourites with the bearer token into the shared slice', async () => {
    const { store } = render(() => ({ body: [{ product: milk }] }));
    await waitFor(() => expect(store.getState().favourites.products).toEqual([milk]));
    expect(network.calls[0]?.headers.get('authorization')).toBe(`Bearer ${user.token}`);
  });

  it("says 'Failed to load favorites' when the call fails", async () => {
    render(() => ({ status: 500, body: {} }));
    await waitFor(() => expect(seen).toEqual(['toast: Failed to load favorites']));
  });

  it('leaves a 401 to the session-expired flow', async () => {
    render(() => ({ status: 401, body: {} }));
    await waitFor(() => expect(seen).toEqual(['expired']));
  });

  it('asks nothing while signed out', () => {
    render(() => ({ body: [] }), false);
    expect(network.calls).toHaveLength(0);
  });
});
