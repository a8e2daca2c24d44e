import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileResponse, User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { recordEvents } from '../../testing/events.ts';
import { errorBody, makeProduct, makeUser } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import AccountPage from './AccountPage.tsx';

let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
  jest.useRealTimers();
});

const ADDRESS = { streetName: '1 Main St', apartmentName: '', city: 'Springfield', state: 'IL', zip: '62701' };

function profileOf(user: User, overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  const { firstName, lastName, address, hasValidAddress, hasInvalidAddress, emailVerified, canCheckout } = user;
  return {
    firstName,
    lastName,
    address,
    hasValidAddress,
    hasInvalidAddress,
    emailVerified,
    canCheckout,
    addressWarnings: [],
    addressMismatch: null,
    ...overrides,
  };
}

function setup(user: User = makeUser(), routes: Record<string, MockHandler> = {}, { fakeTimers = false } = {}) {
  if (fakeTimers) jest.useFakeTimers();
  net = mockFetch({
    'GET /user/profile': () => ({ body: profileOf(user) }),
    'GET /api/user/beta-status': () => ({
      body: {
        success: true,
        status: user.status,
        isBetaParticipant: false,
        hasBetaRequest: false,
        canCheckout: user.canCheckout,
        message: 'ok',
      },
    }),
    'GET /favorites': () => ({ body: [] }),
    ...routes,
  });
  const events = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const view = renderWithProviders(<AccountPage />, { route: '/account', preloadedState: { session: { user } } });
  return { events, ...view };
}

const addressForm = () => screen.findByRole('button', { name: 'Save Address' });

async function fillAddress(events: ReturnType<typeof userEvent.setup>) {
  await events.type(screen.getByLabelText('Street Name'), ADDRESS.streetName);
  await events.type(screen.getByLabelText('City'), ADDRESS.city);
  await events.type(screen.getByLabelText('State'), ADDRESS.state);
  await events.type(screen.getByLabelText('ZIP Code'), ADDRESS.zip);
}

describe('AccountPage overview', () => {
  it('shows the profile, its status and the quick actions', async () => {
    setup(makeUser({ emailVerified: false, isBetaParticipant: true, status: 'BETA' }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Email not verified')).toBeInTheDocument();
    expect(within(profile).getByText('Beta Participant')).toBeInTheDocument();

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/order-history');
    expect(within(actions).getByRole('button', { name: /Notification Settings/ })).toBeDisabled();
    expect(within(actions).getByText('Coming Soon')).toBeInTheDocument();
    await addressForm();
  });

  it('merges the fetched profile into the signed-in user', async () => {
    const user = makeUser();
    const { store } = setup(user, {
      'GET /user/profile': () => ({ body: profileOf(user, { address: ADDRESS, hasValidAddress: true, canCheckout: true }) }),
    });
    await waitFor(() => expect(store.getState().session.user?.address).toEqual(ADDRESS));
    expect(store.getState().session.user?.canCheckout).toBe(true);
    expect(await screen.findByLabelText('Street Name')).toHaveValue('1 Main St');
    expect(screen.getByText('Address verified')).toBeInTheDocument();
  });

  it("says 'Failed to fetch user profile' and still offers the form", async () => {
    setup(makeUser(), { 'GET /user/profile': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to fetch user profile')).toBeInTheDocument();
    expect(await addressForm()).toBeInTheDocument();
  });

  it("ends the session when a profile call says 'Authentication failed' (spec §4)", async () => {
    const expired = recordEvents('session:expired');
    setup(makeUser(), { 'GET /user/profile': () => ({ status: 403, body: errorBody('Authentication failed: token revoked') }) });
    await waitFor(() => expect(expired.seen).toEqual([{ message: 'Authentication failed: token revoked' }]));
    expired.off();
  });

  it("asks to fix an address the server could not validate ('Address Validation Required')", async () => {
    setup(makeUser({ address: ADDRESS, hasInvalidAddress: true }));
    expect(screen.getByRole('heading', { name: 'Address Validation Required' })).toBeInTheDocument();
    expect(screen.getByText('Make sure the address exists')).toBeInTheDocument();
    await addressForm();
  });
});

describe('AccountPage delivery address', () => {
  it('requires street name, city, state and zip (and the names while missing) on submit', async () => {
    const { events } = setup(makeUser({ firstName: null, lastName: null }));
    await events.click(await addressForm());
    for (const text of [
      'First name is required',
      'Last name is required',
      'Street name is required',
      'City is required',
      'State is required',
      'ZIP code is required',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First Name')).toHaveFocus();
    expect(net!.calls.some((call) => call.url.pathname === '/user/address')).toBe(false);
  });

  it('saves names and address once, then locks the names and saves the address alone', async () => {
    const user = makeUser({ firstName: null, lastName: null });
    const saved = profileOf(user, { firstName: 'Grace', lastName: 'Hopper', address: ADDRESS, hasValidAddress: true });
    const { events, store } = setup(user, { 'POST /user/address': () => ({ body: saved }) });
    await addressForm();
    await events.type(screen.getByLabelText('First Name'), 'Grace');
    await events.type(screen.getByLabelText('Last Name'), 'Hopper');
    await fillAddress(events);
    await events.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('Profile information and delivery address updated successfully!')).toBeInTheDocument();
    const post = net!.calls.find((call) => call.url.pathname === '/user/address')!;
    expect(post.body).toEqual({ firstName: 'Grace', lastName: 'Hopper', ...ADDRESS });
    expect(post.headers.get('Authorization')).toBe(`Bearer ${user.token}`);
    expect(store.getState().session.user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      address: ADDRESS,
      hasValidAddress: true,
    });
    // Locked: no name inputs any more.
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Last Name')).not.toBeInTheDocument();
    expect(screen.getByText('Grace Hopper', { selector: 'strong' })).toBeInTheDocument();

    await events.type(screen.getByLabelText('Apartment (optional)'), 'Apt 2');
    await events.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Delivery address updated successfully!')).toBeInTheDocument();
    const second = net!.calls.filter((call) => call.url.pathname === '/user/address')[1]!;
    expect(second.body).toEqual({ firstName: 'Grace', lastName: 'Hopper', ...ADDRESS, apartmentName: 'Apt 2' });
  });

  it('names the field that disagrees with the ZIP and never says verified for it', async () => {
    const user = makeUser({ address: ADDRESS, hasValidAddress: true, canCheckout: true });
    const chicago = { ...ADDRESS, streetName: '233 S Wacker Dr', city: 'Chicago' };
    const mismatch = { field: 'city' as const, message: '62701 is in Springfield, IL' };
    const { events, store } = setup(user, {
      'GET /user/profile': () => ({ body: profileOf(user, { hasValidAddress: true }) }),
      'POST /user/address': () => ({
        body: profileOf(user, {
          address: chicago,
          hasValidAddress: false,
          hasInvalidAddress: true,
          canCheckout: false,
          addressWarnings: [mismatch.message],
          addressMismatch: mismatch,
        }),
      }),
    });
    await addressForm();
    expect(screen.getByText('Address verified')).toBeInTheDocument();
    const street = screen.getByLabelText('Street Name');
    await events.clear(street);
    await events.type(street, chicago.streetName);
    const city = screen.getByLabelText('City');
    await events.clear(city);
    await events.type(city, 'Chicago');
    await events.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('heading', { name: 'Address Validation Required' })).toBeInTheDocument();
    expect(screen.queryByText('Address verified')).not.toBeInTheDocument();
    expect(screen.getByText('62701 is in Springfield, IL', { selector: 'strong' })).toBeInTheDocument();
    // Saved, but not said to be fine: the form's notice is a warning that asks for the fix.
    const saved = screen.getByText('Delivery address updated successfully!').closest('.notice');
    expect(saved).toHaveClass('notice-warning');
    expect(saved).toHaveTextContent('It could not be validated: 62701 is in Springfield, IL. Please correct it and save again.');
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('62701 is in Springfield, IL');
    expect(screen.getByLabelText('ZIP Code')).not.toHaveAttribute('aria-invalid');
    expect(store.getState().session.user).toMatchObject({ hasInvalidAddress: true, hasValidAddress: false, canCheckout: false });
    // Changing the city takes the server's word off it until the next save.
    await events.clear(city);
    await events.type(city, 'Springfield');
    expect(city).not.toHaveAttribute('aria-invalid');
  });

  it("shows no name inputs for a user whose names are saved, and 'Failed to update address' on failure", async () => {
    const { events } = setup(makeUser({ address: ADDRESS }), { 'POST /user/address': () => ({ status: 500, body: {} }) });
    await addressForm();
    expect(screen.queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    await events.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update address');
  });
});

describe('AccountPage favourites', () => {
  const milk = makeProduct();
  const bread = makeProduct({ uuid: 'p-bread', name: 'Sourdough Bread', price_cents: 525 });

  it('shows the favourites grid on the toggle', async () => {
    const { events } = setup(makeUser(), { 'GET /favorites': () => ({ body: [{ product: milk }, { product: bread }] }) });
    const toggle = screen.getByRole('button', { name: /Show Favorites/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'My Favorites' })).not.toBeInTheDocument();
    await events.click(toggle);
    expect(screen.getByRole('button', { name: /Hide Favorites/ })).toHaveAttribute('aria-expanded', 'true');
    const grid = screen.getByRole('region', { name: 'My Favorites' });
    expect(await within(grid).findByRole('heading', { name: 'Whole Milk' })).toBeInTheDocument();
    expect(within(grid).getByText('$5.25')).toBeInTheDocument();
    expect(grid.querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.jpg');
    // A cross-store list: each card names its store, links to its product page and shows the unit price.
    const milkCard = within(grid).getByRole('heading', { name: 'Whole Milk' }).closest('article')!;
    expect(within(milkCard).getByText('Available at Fresh Mart')).toBeInTheDocument();
    expect(within(milkCard).getByRole('link', { name: 'Whole Milk' })).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    expect(milkCard.querySelector('img')!.closest('a')).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    expect(within(milkCard).getByText('$0.03/fl oz')).toBeInTheDocument();
  });

  it("adds to the cart and says 'Added {name} to cart!' for 3 seconds", async () => {
    const { events, store } = setup(makeUser(), { 'GET /favorites': () => ({ body: [{ product: milk }] }) }, { fakeTimers: true });
    await events.click(screen.getByRole('button', { name: /Show Favorites/ }));
    const card = (await screen.findByRole('heading', { name: 'Whole Milk' })).closest('article')!;
    await events.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(screen.getByText('Added Whole Milk to cart!')).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(2_999));
    expect(screen.getByText('Added Whole Milk to cart!')).toBeInTheDocument();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(screen.queryByText('Added Whole Milk to cart!')).not.toBeInTheDocument();
  });

  it('removes a favourite (a 404 counts as removed)', async () => {
    const { events, store } = setup(makeUser(), {
      'GET /favorites': () => ({ body: [{ product: milk }, { product: bread }] }),
      'DELETE /favorites/p-milk': () => ({ status: 404, body: errorBody('Not a favourite') }),
    });
    await events.click(screen.getByRole('button', { name: /Show Favorites/ }));
    await events.click(await screen.findByRole('button', { name: 'Remove Whole Milk from favorites' }));
    await waitFor(() => expect(net!.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Whole Milk' })).not.toBeInTheDocument();
    expect(store.getState().favourites.products.map((product) => product.uuid)).toEqual(['p-bread']);
  });

  it('puts a favourite back when removing fails', async () => {
    const toasts = recordEvents('toast:show');
    const { events } = setup(makeUser(), {
      'GET /favorites': () => ({ body: [{ product: milk }] }),
      'DELETE /favorites/p-milk': () => ({ status: 500, body: {} }),
    });
    await events.click(screen.getByRole('button', { name: /Show Favorites/ }));
    await events.click(await screen.findByRole('button', { name: 'Remove Whole Milk from favorites' }));
    expect(await screen.findByRole('heading', { name: 'Whole Milk' })).toBeInTheDocument();
    expect(toasts.seen).toEqual([expect.objectContaining({ message: 'Failed to remove from favorites' })]);
    toasts.off();
  });

  it.each([
    [401, 'Authentication failed. Please sign in again.'],
    [500, 'Failed to load favorites'],
  ])('words a %i on loading as spec §8 does', async (status, text) => {
    const { events } = setup(makeUser(), { 'GET /favorites': () => ({ status, body: {} }) });
    await events.click(screen.getByRole('button', { name: /Show Favorites/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('AccountPage beta access', () => {
  it('shows the status and requests beta access with a reason, updating the user', async () => {
    const user = makeUser();
    const { events, store } = setup(user, {
      'POST /api/user/request-beta': () => ({
        body: {
          success: true,
          message: 'Thanks! Your request is in.',
          user: { ...user, token: undefined, status: 'BETA_REQUESTED', hasBetaRequest: true },
        },
      }),
    });
    const beta = screen.getByRole('region', { name: 'Beta Program' });
    expect(await within(beta).findByText('You are not part of the beta program.')).toBeInTheDocument();
    await events.type(within(beta).getByLabelText(/Why would you like to join/), 'I love groceries');
    await events.click(within(beta).getByRole('button', { name: 'Request Beta Access' }));

    expect(await within(beta).findByText('Thanks! Your request is in.')).toBeInTheDocument();
    expect(net!.calls.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'I love groceries' });
    expect(store.getState().session.user).toMatchObject({ status: 'BETA_REQUESTED', hasBetaRequest: true, token: user.token });
    expect(within(beta).queryByRole('button', { name: 'Request Beta Access' })).not.toBeInTheDocument();
  });

  it("says 'Failed to request beta access'", async () => {
    const { events } = setup(makeUser(), { 'POST /api/user/request-beta': () => ({ status: 500, body: {} }) });
    const beta = screen.getByRole('region', { name: 'Beta Program' });
    await events.click(within(beta).getByRole('button', { name: 'Request Beta Access' }));
    expect(await within(beta).findByRole('alert')).toHaveTextContent('Failed to request beta access');
  });

  it("says 'Failed to get beta status' and counts the status as UNKNOWN", async () => {
    const { store } = setup(makeUser({ status: 'BETA_REQUESTED' }), { 'GET /api/user/beta-status': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('Failed to get beta status')).toBeInTheDocument();
    expect(store.getState().session.user?.status).toBe('UNKNOWN');
  });
});

describe('AccountPage for store staff', () => {
  it('opens their store-side account (name, store, password) instead of the shopper account, asking nothing', async () => {
    const net = mockFetch({});
    renderWithProviders(
      <>
        <AccountPage />
        <LocationDisplay />
      </>,
      { route: '/account', preloadedState: { session: { user: makeUser({ roleName: 'STORE_STAFF' }) } } },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/account'));
    expect(screen.queryByRole('heading', { name: 'My Account' })).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
    net.restore();
  });
});

describe('AccountPage head', () => {
  it('is titled and kept out of search engines', () => {
    setup(makeUser());
    expect(document.title).toBe('My account | Grocer');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
