import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsNotification } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, makeAdminMe, makeNotification, makeStaffMe, STORE_B, staffUser } from '../../testing/fixtures.ts';
import NotificationsPage from './NotificationsPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

function setup({ admin = false }: { admin?: boolean } = {}) {
  const state: { notifications: OpsNotification[] } = {
    notifications: [
      makeNotification({
        id: 9,
        state: 'FAILED',
        attempts: 5,
        lastError: 'SMTP 421 try later',
        deliveredAt: null,
        deliverTo: 'orders@andersonville.example',
      }),
      makeNotification({
        id: 8,
        type: 'new_order',
        recipient: 'admin',
        deliverTo: null,
        state: 'DASHBOARD',
        attempts: 0,
        deliveredAt: null,
      }),
      makeNotification({ id: 7 }),
    ],
  };
  net = mockFetch({
    'GET /ops/me': () => ({ body: admin ? makeAdminMe() : makeStaffMe() }),
    'GET /ops/notifications': ({ url }) =>
      url.searchParams.get('cursor') === 'c2'
        ? { body: { notifications: [makeNotification({ id: 3, orderNumber: 'GR-100001' })], nextCursor: null } }
        : { body: { notifications: state.notifications, nextCursor: 'c2' } },
    'POST /ops/notifications/9/retry': () => {
      state.notifications = state.notifications.map((n) => (n.id === 9 ? { ...n, state: 'PENDING' } : n));
      return { body: state.notifications[0] };
    },
  });
  renderWithProviders(<NotificationsPage />, {
    route: '/admin/notifications',
    path: '/admin/notifications',
    preloadedState: { session: { user: admin ? adminUser() : staffUser() } },
  });
}

const items = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('NotificationsPage', () => {
  it('shows what was sent to whom and its delivery state', async () => {
    setup();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(items()[0]).toHaveTextContent('Store order · GR-100042');
    expect(items()[0]).toHaveTextContent('Failed');
    expect(items()[0]).toHaveTextContent('orders@andersonville.example');
    expect(items()[0]).toHaveTextContent('SMTP 421 try later');
    expect(items()[1]).toHaveTextContent('New order · GR-100042');
    expect(items()[1]).toHaveTextContent('Admin dashboard');
    expect(items()[2]).toHaveTextContent('Sent');
    // Only failed mail has a retry.
    expect(screen.getAllByRole('button', { name: /^Retry the mail/ })).toHaveLength(1);
    // Staff see their store's mail: no store choice.
    expect(screen.queryByLabelText('Store')).not.toBeInTheDocument();
  });

  it('sends failed mail again', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Retry the mail to orders@andersonville.example' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The mail will be sent again.');
    await waitFor(() => expect(items()[0]).toHaveTextContent('Waiting to send'));
  });

  it('loads older ones, and lets an admin narrow to a store', async () => {
    const user = userEvent.setup();
    setup({ admin: true });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Store order · GR-100001')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Store'), STORE_B.name);
    await waitFor(() => expect(net!.calls.at(-1)!.url.searchParams.get('storeUuid')).toBe(STORE_B.uuid));
  });
});
