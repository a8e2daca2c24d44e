import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { favouritesLoaded, itemAdded } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { recordEvents } from '../../testing/events.ts';
import { makeProduct, makeUser } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import UserMenu from './UserMenu.tsx';

let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
  delete window.google;
});

function setup({
  user = makeUser(),
  favourites = (() => ({ body: [] })) as MockHandler,
  logout = (() => ({ body: { success: true, message: 'You have been signed out.' } })) as MockHandler,
  route = '/account',
} = {}) {
  net = mockFetch({ 'GET /favorites': favourites, 'POST /auth/logout': logout });
  const events = userEvent.setup();
  const view = renderWithProviders(
    <>
      <UserMenu />
      <LocationDisplay />
    </>,
    { route, preloadedState: { session: { user } } },
  );
  return { events, ...view };
}

describe('UserMenu signed out', () => {
  it("shows 'Sign In' and 'Sign Up', which open the auth modal in that mode", async () => {
    net = mockFetch({});
    const opened = recordEvents('auth:open-modal');
    const user = userEvent.setup();
    renderWithProviders(<UserMenu />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(opened.seen).toEqual([{ mode: 'signin' }, { mode: 'signup' }]);
    expect(net.calls).toHaveLength(0);
    opened.off();
  });
});

describe('UserMenu signed in', () => {
  it('is a menu button showing the name; its menu has the email, beta badge, My Account and Sign Out', async () => {
    const { events } = setup({ user: makeUser({ hasBetaRequest: true, status: 'BETA_REQUESTED' }) });
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await events.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Ada Lovelace' });
    expect(screen.getByText('ada@example.com')).toBeVisible();
    expect(screen.getByText('Beta Requested')).toBeVisible();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['My Account', 'Sign Out']);
    expect(items[0]).toHaveAttribute('href', '/account');
    expect(items[0]).toHaveFocus();
  });

  it('shows the email when no name is saved yet, with its initial as avatar', () => {
    setup({ user: makeUser({ firstName: null, lastName: null, email: 'zed@example.com' }) });
    expect(screen.getByRole('button', { name: 'zed@example.com' })).toHaveTextContent('Z');
  });

  it('works from the keyboard: arrows move, Escape closes and returns to the button', async () => {
    const { events } = setup();
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    act(() => button.focus());
    await events.keyboard('{ArrowDown}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('signs out: clears the session, the cart and favourites, disables Google auto-select and goes to /', async () => {
    const disableAutoSelect = jest.fn();
    window.google = { accounts: { id: { initialize: jest.fn(), renderButton: jest.fn(), disableAutoSelect } } };
    const { events, store } = setup({});
    store.dispatch(favouritesLoaded([makeProduct()]));
    store.dispatch(itemAdded({ ...makeProduct(), quantity: 1 }));

    await events.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await events.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().cart.items).toEqual([]);
    expect(store.getState().favourites.products).toEqual([]);
    expect(disableAutoSelect).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks the server to revoke the token on sign-out, and signs out at once even when the API is down', async () => {
    const user = makeUser();
    let answer!: () => void;
    // The API does not answer (down): sign-out must not wait for it.
    const down = (() =>
      new Promise((resolve) => (answer = () => resolve({ status: 503, body: { success: false, message: 'down' } })))) as MockHandler;
    const { events, store } = setup({ user, logout: down });
    await events.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await events.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(store.getState().session.user).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    const call = net!.calls.find((c) => c.url.pathname === '/auth/logout');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${user.token}`);
    await act(async () => answer());
    expect(store.getState().session.user).toBeNull();
  });
});

describe('UserMenu for the store side', () => {
  it("gives staff a 'Store' item to the ops screens (My Account opens their store-side account: AccountPage)", async () => {
    const { events } = setup({ user: makeUser({ roleName: 'STORE_STAFF' }) });
    await events.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    const menu = screen.getByRole('menu', { name: 'Ada Lovelace' });
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: 'Store' })).toHaveAttribute('href', '/admin');
  });

  it("gives admins 'Store' too, and customers neither", async () => {
    const admin = setup({ user: makeUser({ roleName: 'ADMIN' }) });
    await admin.events.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Store' })).toHaveAttribute('href', '/admin');
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/account');
    admin.unmount();
    const customer = setup();
    await customer.events.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Store' })).not.toBeInTheDocument();
  });
});
