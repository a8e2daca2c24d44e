import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { errorBody, makeSettings, makeStaffMe, STORE_A, staffUser } from '../../testing/fixtures.ts';
import StoreSettingsPage from './StoreSettingsPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

const SETTINGS = `/ops/stores/${STORE_A.uuid}/settings`;

function setup(put: (body: unknown) => { status?: number; body: unknown } = (body) => ({ body })) {
  net = mockFetch({
    'GET /ops/me': () => ({ body: makeStaffMe() }),
    [`GET ${SETTINGS}`]: () => ({ body: makeSettings() }),
    [`PUT ${SETTINGS}`]: ({ body }) => put(body),
  });
  renderWithProviders(<StoreSettingsPage />, {
    route: '/admin/settings',
    path: '/admin/settings',
    preloadedState: { session: { user: staffUser() } },
  });
}

const day = (name: string) => screen.getByRole('group', { name });

describe('StoreSettingsPage', () => {
  it('shows the hours per weekday, the minimum order and the radius', async () => {
    setup();
    expect(await screen.findByRole('group', { name: 'Monday' })).toBeInTheDocument();
    expect(within(day('Monday')).getByRole('checkbox', { name: 'Open on Monday' })).toBeChecked();
    expect(within(day('Monday')).getByLabelText('Opens')).toHaveValue('08:00');
    expect(within(day('Monday')).getByLabelText('Closes')).toHaveValue('21:00');
    expect(within(day('Sunday')).getByText('Closed')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum order (dollars)')).toHaveValue('10.00');
    expect(screen.getByLabelText('Delivery radius (miles)')).toHaveValue('10');
    expect(screen.getByLabelText('Orders per delivery window')).toHaveValue('8');
    expect(screen.getByText("Times are in the store's time zone (America/Chicago).")).toBeInTheDocument();
  });

  it('saves the changed settings as minutes and cents', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Open on Sunday' }));
    const sundayOpens = within(day('Sunday')).getByLabelText('Opens');
    await user.clear(sundayOpens);
    await user.type(sundayOpens, '10:00');
    await user.clear(screen.getByLabelText('Minimum order (dollars)'));
    await user.type(screen.getByLabelText('Minimum order (dollars)'), '25');
    await user.clear(screen.getByLabelText('Delivery radius (miles)'));
    await user.type(screen.getByLabelText('Delivery radius (miles)'), '7');
    await user.clear(screen.getByLabelText('Orders per delivery window'));
    await user.type(screen.getByLabelText('Orders per delivery window'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Store settings saved.');
    const body = net!.calls.find((c) => c.method === 'PUT')!.body as ReturnType<typeof makeSettings>;
    expect(body.minOrderCents).toBe(2500);
    expect(body.deliveryRadiusMiles).toBe(7);
    expect(body.windowCapacity).toBe(12);
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.hours[0]).toEqual({ weekday: 0, opensMinute: 600, closesMinute: 1260 });
    expect(body.hours).toHaveLength(6);
  });

  it('lists every problem and sends nothing', async () => {
    const user = userEvent.setup();
    setup();
    const closes = within(await screen.findByRole('group', { name: 'Friday' })).getByLabelText('Closes');
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.clear(screen.getByLabelText('Delivery radius (miles)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Friday: the store must close after it opens.');
    expect(alert).toHaveTextContent('Enter a delivery radius of 1 to 100 whole miles.');
    expect(net!.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the API's refusal", async () => {
    const user = userEvent.setup();
    setup(() => ({ status: 400, body: errorBody('Delivery radius must be at most 100 miles', 'VALIDATION_ERROR') }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Delivery radius must be at most 100 miles'));
  });
});
