import { fireEvent, screen } from '@testing-library/react';
import type { CartProblem } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { groupByStore } from '../lib/groupByStore.ts';
import { corner, eggs, freshMart, line, milk } from '../testing/fixtures.ts';
import { StoreRuleNotes } from './StoreRuleNotes.tsx';

let net: FetchMock;
afterEach(() => net.restore());

const rules = [
  {
    storeUuid: freshMart.uuid,
    storeName: freshMart.name,
    timeZone: 'America/Chicago',
    minOrderCents: 1018,
    deliveryRadiusMiles: 10,
    hours: [],
  },
  { storeUuid: corner.uuid, storeName: corner.name, timeZone: 'America/Chicago', minOrderCents: 500, deliveryRadiusMiles: 8, hours: [] },
];

function renderNotes(problems: CartProblem[] | null) {
  net = mockFetch({ 'GET /open/store-rules': () => ({ body: rules }) });
  // Fresh Mart: 2 × $3.49 = $6.98, $3.20 under its $10.18 minimum; Corner Shop: $5.99, over its $5.00.
  const groups = groupByStore([line(milk, 2), line(eggs)]);
  return renderWithProviders(
    <>
      {groups.map((g) => (
        <section key={g.storeUuid} aria-label={g.storeName}>
          <StoreRuleNotes group={g} problems={problems} />
        </section>
      ))}
    </>,
    { preloadedState: { cart: { items: [line(milk, 2), line(eggs)] } } },
  );
}

const serverProblems: CartProblem[] = [
  {
    code: 'BELOW_MINIMUM_ORDER',
    storeId: freshMart.uuid,
    storeName: freshMart.name,
    shortBy: 3.2,
    message: 'Add $3.20 more from Fresh Mart to check out.',
  },
  {
    code: 'OUT_OF_DELIVERY_AREA',
    storeId: corner.uuid,
    storeName: corner.name,
    zip: '62701',
    message: 'Corner Shop does not deliver to 62701.',
  },
];

it("says the server's problems on their store, each with its fix", async () => {
  const { store } = renderNotes(serverProblems);
  const fresh = screen.getByRole('region', { name: 'Fresh Mart' });
  const more = await screen.findByRole('link', { name: 'Add $3.20 more from Fresh Mart' });
  expect(more).toHaveAttribute('href', '/store/fresh-mart');
  expect(fresh).toContainElement(more);
  const cornerShop = screen.getByRole('region', { name: 'Corner Shop' });
  expect(cornerShop).toHaveTextContent('Corner Shop does not deliver to 62701');
  expect(screen.getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/account');
  fireEvent.click(screen.getByRole('button', { name: 'Remove these items' }));
  expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
  // The server decides: the public rules are not read for a priced cart.
  expect(net.calls.some((c) => c.url.pathname === '/open/store-rules')).toBe(false);
});

it('says nothing when the server found nothing, whatever the public rules say', () => {
  renderNotes([]);
  expect(screen.queryByText(/more from/)).not.toBeInTheDocument();
  expect(screen.queryByText(/does not deliver/)).not.toBeInTheDocument();
});

it('shows an unpriced cart (a visitor) the public minimum, never the delivery area', async () => {
  renderNotes(null);
  expect(await screen.findByRole('link', { name: 'Add $3.20 more from Fresh Mart' })).toBeInTheDocument();
  expect(screen.queryByText(/more from Corner Shop/)).not.toBeInTheDocument();
  expect(screen.queryByText(/does not deliver/)).not.toBeInTheDocument();
});

it('offers to remove the items of a store with no free delivery window', () => {
  const { store } = renderNotes([
    {
      code: 'NO_DELIVERY_WINDOW',
      storeId: corner.uuid,
      storeName: corner.name,
      message: 'Corner Shop has no delivery time free in the next 7 days.',
    },
  ]);
  const cornerShop = screen.getByRole('region', { name: 'Corner Shop' });
  expect(cornerShop).toHaveTextContent('Corner Shop has no delivery time free in the next 7 days.');
  fireEvent.click(screen.getByRole('button', { name: 'Remove these items' }));
  expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
});
