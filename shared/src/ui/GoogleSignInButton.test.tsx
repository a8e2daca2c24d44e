import { act, screen, waitFor } from '@testing-library/react';
import { setRuntimeConfig } from '../config/runtimeConfig.ts';
import { authBody, errorBody, makeUser } from '../testing/fixtures.ts';
import { mockFetch, type FetchMock } from '../testing/mockFetch.ts';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { leaveFor } from './externalNavigation.ts';
import { GoogleSignInButton } from './GoogleSignInButton.tsx';

jest.mock('./externalNavigation.ts', () => ({ leaveFor: jest.fn() }));

let net: FetchMock | undefined;
let credential: ((response: { credential: string }) => void) | undefined;
const gis = {
  initialize: jest.fn((options: { callback: (response: { credential: string }) => void }) => (credential = options.callback)),
  renderButton: jest.fn(),
  disableAutoSelect: jest.fn(),
};

beforeEach(() => {
  // GIS already on the page, so no script is fetched.
  window.google = { accounts: { id: gis } };
  setRuntimeConfig({ googleClientId: 'client-123.apps.googleusercontent.com' });
});
afterEach(() => {
  net?.restore();
  net = undefined;
  delete window.google;
  setRuntimeConfig({ googleClientId: undefined });
  jest.clearAllMocks();
});

// First in this file on purpose: the button's code is loaded once per module registry (one per test
// file), so only the first render shows the placeholder.
describe('GoogleSignInButton loads its button on demand', () => {
  it("holds the button's height while the code loads, then renders the button", async () => {
    setRuntimeConfig({ googleClientId: undefined });
    const { container } = renderWithProviders(<GoogleSignInButton />);
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveStyle({ minHeight: '44px' });

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });
});

describe('GoogleSignInButton with Google Identity Services', () => {
  it("renders Google's button and signs in with the credential it returns", async () => {
    const shopper = makeUser({ authMethod: 'google' });
    net = mockFetch({ 'POST /auth/google': () => ({ body: authBody(shopper) }) });
    const onSignedIn = jest.fn();
    const { store } = renderWithProviders(<GoogleSignInButton onSignedIn={onSignedIn} />);
    await waitFor(() => expect(gis.renderButton).toHaveBeenCalled());
    expect(gis.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));

    act(() => credential!({ credential: 'google-id-token' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(shopper));
    expect(net.calls[0]!.body).toEqual({ idToken: 'google-id-token' });
    expect(store.getState().session.user).toEqual(shopper);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('sends an admin to the admin site instead', async () => {
    net = mockFetch({ 'POST /auth/google': () => ({ body: authBody(makeUser({ roleName: 'ADMIN', authMethod: 'google' })) }) });
    const onSignedIn = jest.fn();
    renderWithProviders(<GoogleSignInButton onSignedIn={onSignedIn} />);
    await waitFor(() => expect(gis.renderButton).toHaveBeenCalled());
    act(() => credential!({ credential: 'admin-token' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/admin'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    net = mockFetch({ 'POST /auth/google': () => ({ status: 401, body: errorBody('That Google account could not be verified.') }) });
    renderWithProviders(<GoogleSignInButton />);
    await waitFor(() => expect(gis.renderButton).toHaveBeenCalled());
    act(() => credential!({ credential: 'bad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That Google account could not be verified.');
  });
});
