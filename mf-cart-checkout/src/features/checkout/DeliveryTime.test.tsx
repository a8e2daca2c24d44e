import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { corner, errorBody, freshMart, holdOf, makeShopper, windowsFor } from '../../testing/fixtures.ts';
import { DeliveryTime } from './DeliveryTime.tsx';

let net: FetchMock;
afterEach(() => net.restore());

const holds = () => net.calls.filter((c) => c.url.pathname === '/delivery/holds').map((c) => c.body);

function renderTime(routes: Parameters<typeof mockFetch>[0] = {}) {
  net = mockFetch({
    'POST /delivery/windows': (request) => ({ body: windowsFor((request.body as { storeUuids: string[] }).storeUuids) }),
    'POST /delivery/holds': (request) => ({ body: holdOf(request.body as { storeUuid: string; startsAt: string }) }),
    ...routes,
  });
  const onHeldChange = jest.fn();
  const stores = [
    { storeUuid: freshMart.uuid, storeName: freshMart.name },
    { storeUuid: corner.uuid, storeName: corner.name },
  ];
  renderWithProviders(<DeliveryTime stores={stores} onHeldChange={onHeldChange} />, {
    preloadedState: { session: { user: makeShopper() } },
  });
  return onHeldChange;
}

it('lists each store’s windows by day in the store’s time zone, full ones disabled, and holds the earliest open one', async () => {
  const onHeldChange = renderTime();
  const fresh = await screen.findByRole('group', { name: 'Fresh Mart' });
  const monday = within(fresh).getByRole('group', { name: 'Fresh Mart, Mon, Nov 30' });
  expect(within(monday).getByRole('radio', { name: '11:00 AM – 1:00 PM' })).toBeEnabled();
  expect(within(monday).getByRole('radio', { name: '1:00 PM – 3:00 PM (full)' })).toBeDisabled();
  expect(within(fresh).getByRole('group', { name: 'Fresh Mart, Tue, Dec 1' })).toHaveTextContent('9:00 AM – 11:00 AM');
  await waitFor(() => expect(within(fresh).getByRole('radio', { name: '11:00 AM – 1:00 PM' })).toBeChecked());
  await waitFor(() =>
    expect(onHeldChange).toHaveBeenLastCalledWith({
      [freshMart.uuid]: '2026-11-30T17:00:00.000Z',
      [corner.uuid]: '2026-11-30T17:00:00.000Z',
    }),
  );
  expect(holds()).toHaveLength(2);
});

it('holds the window the shopper picks', async () => {
  const onHeldChange = renderTime();
  const corners = await screen.findByRole('group', { name: 'Corner Shop' });
  await waitFor(() => expect(holds()).toHaveLength(2));
  fireEvent.click(within(corners).getByRole('radio', { name: '9:00 AM – 11:00 AM' }));
  await waitFor(() => expect(within(corners).getByRole('radio', { name: '9:00 AM – 11:00 AM' })).toBeChecked());
  expect(holds().at(-1)).toEqual({ storeUuid: corner.uuid, startsAt: '2026-12-01T15:00:00.000Z' });
  expect(onHeldChange).toHaveBeenLastCalledWith({
    [freshMart.uuid]: '2026-11-30T17:00:00.000Z',
    [corner.uuid]: '2026-12-01T15:00:00.000Z',
  });
});

it('says so when a window filled up in the meantime, and leaves the store without a hold', async () => {
  const full = 'The delivery window you picked for Corner Shop is full. Please pick another.';
  const onHeldChange = renderTime({
    'POST /delivery/holds': (request) => {
      const body = request.body as { storeUuid: string; startsAt: string };
      return body.storeUuid === corner.uuid ? { status: 409, body: errorBody(full, 'WINDOW_FULL') } : { body: holdOf(body) };
    },
  });
  const corners = await screen.findByRole('group', { name: 'Corner Shop' });
  expect(await within(corners).findByText(full)).toBeInTheDocument();
  await waitFor(() => expect(onHeldChange).toHaveBeenLastCalledWith({ [freshMart.uuid]: '2026-11-30T17:00:00.000Z' }));
});

it('says when a store offers no window', async () => {
  renderTime({
    'POST /delivery/windows': (request) => ({ body: windowsFor((request.body as { storeUuids: string[] }).storeUuids, { windows: [] }) }),
  });
  expect(await screen.findAllByText('No delivery times are open in the next 7 days.')).toHaveLength(2);
});
