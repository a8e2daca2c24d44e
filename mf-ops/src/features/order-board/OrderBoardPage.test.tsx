import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsMe, OpsOrderSummary, User } from '@grocer/shared';
import { STREAM_RECONNECT_MS } from '@grocer/shared/live';
import { FakeEventSource, makeUser, mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, errorBody, makeAdminMe, makeOrderSummary, makeStaffMe, STORE_A, STORE_B, staffUser } from '../../testing/fixtures.ts';
import OrderBoardPage from './OrderBoardPage.tsx';

let net: FetchMock | undefined;
let uninstall: (() => void) | undefined;

beforeEach(() => {
  uninstall = FakeEventSource.install();
});
afterEach(() => {
  net?.restore();
  uninstall?.();
  jest.useRealTimers();
});

function setup({
  me = makeStaffMe(),
  user = staffUser(),
  orders = [makeOrderSummary()],
  route = '/admin',
}: { me?: OpsMe; user?: User; orders?: OpsOrderSummary[]; route?: string } = {}) {
  const board = { orders, calls: 0 };
  net = mockFetch({
    'GET /ops/me': () => ({ body: me }),
    'GET /ops/orders': () => {
      board.calls += 1;
      return { body: { orders: board.orders, nextCursor: null } };
    },
    'POST /admin/notifications/stream-ticket': () => ({
      body: { ticket: `t${FakeEventSource.opened.length + 1}`, expiresAt: '2026-11-21T18:31:00.000Z' },
    }),
  });
  const view = renderWithProviders(<OrderBoardPage />, { route, path: '/admin', preloadedState: { session: { user } } });
  return { ...view, board };
}

const orderCalls = () => net!.calls.filter((call) => call.url.pathname === '/ops/orders');

describe('OrderBoardPage', () => {
  it("shows a staff member their store's orders, without a store choice", async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Order board' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'GR-100042' })).toHaveAttribute(
      'href',
      `/admin/orders/${makeOrderSummary().orderId}/stores/${STORE_A.uuid}`,
    );
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('3 items · 2 to pick');
    expect(row).toHaveTextContent('$10.97');
    expect(row).toHaveTextContent('Confirmed');
    expect(screen.getByText(STORE_A.name)).toBeInTheDocument();
    expect(screen.queryByLabelText('Store')).not.toBeInTheDocument();
    expect(orderCalls()[0]!.url.searchParams.get('storeUuid')).toBe(STORE_A.uuid);
    expect(orderCalls()[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('lets an admin filter by store, status and date, kept in the URL', async () => {
    const user = userEvent.setup();
    setup({
      me: makeAdminMe(),
      user: adminUser(),
      orders: [makeOrderSummary(), makeOrderSummary({ store: STORE_B, orderId: 'o-2', orderNumber: 'GR-100043' })],
    });
    expect(await screen.findByRole('link', { name: `GR-100043 · ${STORE_B.name}` })).toBeInTheDocument();
    expect(screen.getByLabelText('Store')).toHaveValue('');

    await user.selectOptions(screen.getByLabelText('Store'), STORE_B.name);
    await user.selectOptions(screen.getByLabelText('Status'), 'Preparing');
    await user.type(screen.getByLabelText('Date'), '2026-11-21');
    await waitFor(() => {
      const params = orderCalls().at(-1)!.url.searchParams;
      expect(Object.fromEntries(params)).toEqual({ storeUuid: STORE_B.uuid, status: 'PREPARING', date: '2026-11-21', limit: '100' });
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(orderCalls().at(-1)!.url.searchParams)).toEqual({ limit: '100' }));
  });

  it('starts from the filters in the URL', async () => {
    setup({ me: makeAdminMe(), user: adminUser(), route: `/admin?store=${STORE_A.uuid}&status=DELIVERED&date=2026-11-20` });
    await screen.findByRole('list', { name: 'Order board' });
    expect(Object.fromEntries(orderCalls()[0]!.url.searchParams)).toEqual({
      storeUuid: STORE_A.uuid,
      status: 'DELIVERED',
      date: '2026-11-20',
      limit: '100',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('DELIVERED');
  });

  it('shows a new order as soon as the stream tells of it, without a reload', async () => {
    const { board } = setup({ orders: [] });
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.last();
    expect(new URL(source.url).pathname).toBe('/admin/notifications/stream');
    expect(new URL(source.url).searchParams.get('ticket')).toBe('t1');
    act(() => source.open());
    expect(screen.getByText('Live: new orders appear here as they are paid.')).toBeInTheDocument();

    board.orders = [makeOrderSummary()];
    act(() => source.emit('new_order_items', { id: 9 }, '9'));
    expect(await screen.findByRole('link', { name: 'GR-100042' })).toBeInTheDocument();
  });

  it('reopens a dropped stream with a fresh ticket from the last event seen', async () => {
    setup();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    jest.useFakeTimers();
    const first = FakeEventSource.last();
    act(() => first.emit('new_order_items', { id: 12 }, '12'));
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(screen.getByText('Live updates paused; reconnecting...')).toBeInTheDocument();
    await act(async () => jest.advanceTimersByTimeAsync(STREAM_RECONNECT_MS));
    jest.useRealTimers();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    const url = new URL(FakeEventSource.last().url);
    expect(url.searchParams.get('ticket')).toBe('t2');
    expect(url.searchParams.get('lastEventId')).toBe('12');
  });

  it('says why the board could not load, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    net = mockFetch({
      'GET /ops/me': () => ({ body: makeStaffMe() }),
      'GET /ops/orders': () => (fail ? { status: 500, body: errorBody('The board is down') } : { body: { orders: [], nextCursor: null } }),
      'POST /admin/notifications/stream-ticket': () => ({ body: { ticket: 't', expiresAt: '2026-11-21T18:31:00.000Z' } }),
    });
    renderWithProviders(<OrderBoardPage />, { route: '/admin', path: '/admin', preloadedState: { session: { user: staffUser() } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The board is down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
  });

  it('tells a customer this area is not theirs, and asks nothing', async () => {
    net = mockFetch({});
    renderWithProviders(<OrderBoardPage />, { route: '/admin', path: '/admin', preloadedState: { session: { user: makeUser() } } });
    expect(screen.getByRole('alert')).toHaveTextContent('This area is for store staff and admins.');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
