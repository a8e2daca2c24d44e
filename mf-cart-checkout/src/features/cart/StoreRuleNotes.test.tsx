import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { groupByStore } from '../../lib/groupByStore.ts';
import { corner, eggs, freshMart, line, makeShopper, makeUser, milk } from '../../testing/fixtures.ts';
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

function renderNotes(user = makeShopper(), delivers = { [freshMart.uuid]: true, [corner.uuid]: false }) {
  net = mockFetch({
    'GET /open/store-rules': () => ({ body: rules }),
    'GET /delivery/coverage': () => ({
      body: {
        zip: '62701',
        stores: Object.fromEntries(Object.entries(delivers).map(([uuid, ok]) => [uuid, { delivers: ok, distance: ok ? 2 : 12.5 }])),
      },
    }),
  });
  // Fresh Mart: 2 × $3.49 = $6.98, $3.20 under its $10.18 minimum; Corner Shop: $5.99, over its $5.00.
  const groups = groupByStore([line(milk, 2), line(eggs)]);
  renderWithProviders(
    <>
      {groups.map((g) => (
        <StoreRuleNotes key={g.storeUuid} group={g} user={user} />
      ))}
    </>,
    { preloadedState: { session: { user } } },
  );
}

it('tells how much more a store under its minimum needs, and which store does not deliver to the address', async () => {
  renderNotes();
  expect(await screen.findByText('Add $3.20 more from Fresh Mart to check out')).toBeInTheDocument();
  expect(await screen.findByText('Does not deliver to 62701')).toBeInTheDocument();
  expect(screen.queryByText(/more from Corner Shop/)).not.toBeInTheDocument();
});

it('shows visitors the minimum but never asks about delivery', async () => {
  renderNotes(makeUser({ address: undefined }) as never);
  expect(await screen.findByText('Add $3.20 more from Fresh Mart to check out')).toBeInTheDocument();
  expect(screen.queryByText(/Does not deliver/)).not.toBeInTheDocument();
  expect(net.calls.some((c) => c.url.pathname === '/delivery/coverage')).toBe(false);
});
