// The board as a queue by due time: cards with their window, due time in words, items to pick and the
// store's total, soonest window first; lanes with counts at 1024 px and up, one filtered list on phones;
// live updates from the stream.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsMe, OpsQueueCard, User } from '@grocer/shared';
import { STREAM_RECONNECT_MS } from '@grocer/shared/live';
import { FakeEventSource, makeUser, mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, errorBody, makeAdminMe, makeQueueCard, makeStaffMe, STORE_A, STORE_B, staffUser } from '../../testing/fixtures.ts';
import OrderBoardPage from './OrderBoardPage.tsx';

let net: FetchMock | undefined;
let uninstall: (() => void) | undefined;
const realMatchMedia = window.matchMedia;

beforeEach(() => {
  uninstall = FakeEventSource.install();
});
afterEach(() => {
  net?.restore();
  uninstall?.();
  jest.useRealTimers();
  window.matchMedia = realMatchMedia;
});

/** A screen this wide (jsdom has no layout: matchMedia answers for the board's one query). */
function screenWidth(px: number) {
  window.matchMedia = ((query: string) => ({
    matches: px >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const MINUTE = 60_000;
const windowFrom = (minutesFromNow: number) => {
  const start = new Date(Date.now() + minutesFromNow * MINUTE + 10_000);
  return { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 120 * MINUTE).toISOString(), timeZone: 'America/Chicago' };
};

function setup({
  me = makeStaffMe(),
  user = staffUser(),
  orders = [makeQueueCard()],
  route = '/admin',
  width = 390,
}: { me?: OpsMe; user?: User; orders?: OpsQueueCard[]; route?: string; width?: number } = {}) {
  screenWidth(width);
  const board = { orders, calls: 0 };
  net = mockFetch({
    'GET /ops/me': () => ({ body: me }),
    'GET /ops/queue': () => {
      board.calls += 1;
      return { body: { now: new Date().toISOString(), orders: board.orders } };
    },
    'POST /admin/notifications/stream-ticket': () => ({
      body: { ticket: `t${FakeEventSource.opened.length + 1}`, expiresAt: '2026-11-21T18:31:00.000Z' },
    }),
  });
  const view = renderWithProviders(<OrderBoardPage />, { route, path: '/admin', preloadedState: { session: { user } } });
  return { ...view, board };
}

const queueCalls = () => net!.calls.filter((call) => call.url.pathname === '/ops/queue');

describe('OrderBoardPage', () => {
  it("shows a staff member their store's queue: window, due time in words, items to pick and the store total", async () => {
    setup({ orders: [makeQueueCard({ window: windowFrom(40), pendingItemCount: 2 })] });
    const list = await screen.findByRole('list', { name: 'Order board' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'GR-100042' })).toHaveAttribute(
      'href',
      `/admin/orders/${makeQueueCard().orderId}/stores/${STORE_A.uuid}`,
    );
    expect(card).toHaveTextContent(/(Today|Tomorrow) \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M/);
    expect(card).toHaveTextContent('due in 40 min');
    expect(card).toHaveTextContent('Ada Lovelace · 3 items · 2 to pick · $22.09');
    expect(screen.queryByLabelText('Store')).not.toBeInTheDocument();
    expect(queueCalls()[0]!.url.searchParams.get('storeUuid')).toBe(STORE_A.uuid);
    expect(queueCalls()[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('says "late" in words once the window has passed', async () => {
    setup({ orders: [makeQueueCard({ window: windowFrom(-135) })] });
    const card = within(await screen.findByRole('list', { name: 'Order board' })).getByRole('listitem');
    expect(card).toHaveTextContent('late 15 min');
  });

  it("keeps the server's order (soonest window first) and filters by status on a phone, kept in the URL", async () => {
    const user = userEvent.setup();
    setup({
      orders: [
        makeQueueCard({ orderId: 'o-1', orderNumber: 'GR-1', window: windowFrom(20) }),
        makeQueueCard({ orderId: 'o-2', orderNumber: 'GR-2', window: windowFrom(90), status: 'PREPARING' }),
        makeQueueCard({ orderId: 'o-3', orderNumber: 'GR-3', window: windowFrom(150) }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Order board' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['GR-1', 'GR-2', 'GR-3']);
    expect(screen.queryByRole('region', { name: /^New/ })).not.toBeInTheDocument();
    const filter = screen.getByLabelText('Status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any status', 'New (2)', 'Preparing (1)', 'Ready (0)', 'Out for delivery (0)', 'Delivered today (0)']);
    await user.selectOptions(filter, 'New (2)');
    expect(
      within(screen.getByRole('list', { name: 'Order board' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['GR-1', 'GR-3']);
  });

  it("puts today's delivered parts after those still to deliver in the phone's one list", async () => {
    setup({
      orders: [
        makeQueueCard({ orderId: 'o-1', orderNumber: 'GR-1', window: windowFrom(-30), status: 'DELIVERED' }),
        makeQueueCard({ orderId: 'o-2', orderNumber: 'GR-2', window: windowFrom(20) }),
        makeQueueCard({ orderId: 'o-3', orderNumber: 'GR-3', window: windowFrom(90), status: 'OUT_FOR_DELIVERY' }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Order board' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['GR-2', 'GR-3', 'GR-1']);
  });

  it('shows one lane per status with its count at 1024 px and up, for an admin across stores', async () => {
    setup({
      me: makeAdminMe(),
      user: adminUser(),
      width: 1280,
      orders: [
        makeQueueCard({ window: windowFrom(30) }),
        makeQueueCard({ orderId: 'o-2', orderNumber: 'GR-100043', store: STORE_B, status: 'OUT_FOR_DELIVERY', window: windowFrom(60) }),
        makeQueueCard({ orderId: 'o-3', orderNumber: 'GR-100044', status: 'DELIVERED', window: windowFrom(-30), deliveredEarlyAt: null }),
      ],
    });
    const lanes = await screen.findAllByRole('heading', { level: 2 });
    expect(lanes.map((h) => h.textContent)).toEqual([
      'New (1)',
      'Preparing (0)',
      'Ready (0)',
      'Out for delivery (1)',
      'Delivered today (1)',
    ]);
    const out = screen.getByRole('region', { name: 'Out for delivery (1)' });
    expect(within(out).getByRole('link', { name: `GR-100043 · ${STORE_B.name}` })).toBeInTheDocument();
    // A delivered card is done: no "due" or "late" on it.
    const delivered = screen.getByRole('region', { name: 'Delivered today (1)' });
    expect(delivered).not.toHaveTextContent(/late|due in/);
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
  });

  it('shows a new order as soon as the stream tells of it, without a reload', async () => {
    const { board } = setup({ orders: [] });
    expect(await screen.findByText('No orders here.')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.last();
    expect(new URL(source.url).pathname).toBe('/admin/notifications/stream');
    expect(new URL(source.url).searchParams.get('ticket')).toBe('t1');
    act(() => source.open());
    expect(screen.getByText('Live: new orders appear here as they are paid.')).toBeInTheDocument();

    board.orders = [makeQueueCard()];
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
    screenWidth(390);
    net = mockFetch({
      'GET /ops/me': () => ({ body: makeStaffMe() }),
      'GET /ops/queue': () =>
        fail ? { status: 500, body: errorBody('The board is down') } : { body: { now: new Date().toISOString(), orders: [] } },
      'POST /admin/notifications/stream-ticket': () => ({ body: { ticket: 't', expiresAt: '2026-11-21T18:31:00.000Z' } }),
    });
    renderWithProviders(<OrderBoardPage />, { route: '/admin', path: '/admin', preloadedState: { session: { user: staffUser() } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The board is down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No orders here.')).toBeInTheDocument();
  });

  it('tells a customer this area is not theirs, and asks nothing', async () => {
    net = mockFetch({});
    renderWithProviders(<OrderBoardPage />, { route: '/admin', path: '/admin', preloadedState: { session: { user: makeUser() } } });
    expect(screen.getByRole('alert')).toHaveTextContent('This area is for store staff and admins.');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
