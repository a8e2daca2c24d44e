import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { events, useAppSelector, type EventMap } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { authBody, errorBody, makeUser } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import AuthModal from './AuthModal.tsx';
import { FAVOURITES_NEED_ACCOUNT, PAGE_NEEDS_ACCOUNT } from './modes.ts';

type Mode = EventMap['auth:open-modal']['mode'];

let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
});

function setup(routes: Record<string, MockHandler> = {}) {
  net = mockFetch(routes);
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      {(['signin', 'signup', 'reset'] as const).map((mode) => (
        <button key={mode} type="button" onClick={() => events.emit('auth:open-modal', { mode })}>
          open {mode}
        </button>
      ))}
      <AuthModal />
      <LocationDisplay />
    </>,
  );
  const open = async (mode: Mode) => {
    await user.click(screen.getByRole('button', { name: `open ${mode}` }));
    // The dialog's code loads on first open.
    return screen.findByRole('dialog');
  };
  return { user, open, ...view };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name);
const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });

describe('AuthModal dialog', () => {
  it('renders nothing until auth:open-modal', () => {
    setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a labelled modal dialog, focuses the first field and locks page scroll', async () => {
    const { open } = setup();
    const dialog = await open('signin');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Sign In');
    expect(field(dialog, 'Email')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('opens in the mode it was asked for', async () => {
    const { user, open } = setup();
    expect(await open('signup')).toHaveAccessibleName('Sign Up');
    await user.keyboard('{Escape}');
    expect(await open('reset')).toHaveAccessibleName('Reset Password');
  });

  it('closes on Escape, unlocks scroll and gives focus back to the opener', async () => {
    const { user, open } = setup();
    await open('signin');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'open signin' })).toHaveFocus();
  });

  it('moves focus to the main content when the opener is gone once signed in', async () => {
    net = mockFetch({ 'POST /auth/login': () => ({ body: authBody(makeUser()) }) });
    const user = userEvent.setup();
    // Like the header's user menu: the Sign In button exists only while signed out.
    function Opener() {
      const signedIn = useAppSelector((state) => state.session.user !== null);
      return signedIn ? null : (
        <button type="button" onClick={() => events.emit('auth:open-modal', { mode: 'signin' })}>
          Sign In
        </button>
      );
    }
    renderWithProviders(
      <>
        <Opener />
        <main tabIndex={-1}>Page</main>
        <AuthModal />
      </>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(field(dialog, 'Email')).toHaveFocus();
    const focus = jest.spyOn(HTMLElement.prototype, 'focus');
    await user.keyboard('ada@example.com{Tab}Secret123{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
    // Focus lands on main without scrolling the header and the verification banner away.
    const mainFocus = focus.mock.contexts.indexOf(screen.getByRole('main'));
    expect(focus.mock.calls[mainFocus]).toEqual([{ preventScroll: true }]);
    focus.mockRestore();
  });

  it('closes with the Close button', async () => {
    const { user, open } = setup();
    const dialog = await open('signin');
    await user.click(button(dialog, 'Close'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, open } = setup();
    const dialog = await open('reset');
    const close = button(dialog, 'Close');
    const back = button(dialog, 'Back to Sign In');
    act(() => back.focus());
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(back).toHaveFocus();
  });

  it('resets mode, values and errors when closed', async () => {
    const { user, open } = setup();
    let dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'nope');
    await user.click(button(dialog, 'Sign In'));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(button(dialog, 'Sign Up'));
    await user.keyboard('{Escape}');

    dialog = await open('signin');
    expect(dialog).toHaveAccessibleName('Sign In');
    expect(field(dialog, 'Email')).toHaveValue('');
    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('resets the loading state when closed mid-request', async () => {
    const { user, open } = setup({ 'POST /auth/login': () => new Promise(() => {}) });
    let dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'Secret123');
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await user.keyboard('{Escape}');

    dialog = await open('signin');
    expect(button(dialog, 'Sign In')).toBeEnabled();
  });

  it('clears errors when switching mode', async () => {
    const { user, open } = setup();
    const dialog = await open('signin');
    await user.click(button(dialog, 'Sign In'));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();

    await user.click(button(dialog, 'Sign Up'));
    expect(dialog).toHaveAccessibleName('Sign Up');
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
    expect(field(dialog, 'Email')).toHaveFocus();

    await user.click(button(dialog, 'Sign In'));
    await user.click(button(dialog, 'Forgot password?'));
    expect(dialog).toHaveAccessibleName('Reset Password');
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
  });
});

describe('sign in', () => {
  it('validates a field when it loses focus, and again as it changes', async () => {
    const { user, open } = setup();
    const dialog = await open('signin');
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
    await user.tab();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Email')).toHaveAccessibleDescription('Email is required');
    expect(button(dialog, 'Sign In')).toBeDisabled();

    // Focus is now on the password field; going back to the email leaves it, so it is checked too.
    await user.type(field(dialog, 'Email'), 'ada@');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    await user.type(field(dialog, 'Email'), 'example.com');
    expect(within(dialog).queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.type(field(dialog, 'Password'), 'x');
    expect(within(dialog).queryByText('Password is required')).not.toBeInTheDocument();
    expect(button(dialog, 'Sign In')).toBeEnabled();
  });

  it('validates every field on submit, disables submit and focuses the first field to fix', async () => {
    const { user, open } = setup();
    const dialog = await open('signin');
    await user.click(button(dialog, 'Sign In'));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(button(dialog, 'Sign In')).toBeDisabled();
    expect(field(dialog, 'Email')).toHaveFocus();
    expect(net!.calls).toHaveLength(0);
  });

  it('signs in, stores the user with its token and closes', async () => {
    const shopper = makeUser();
    const { user, open, store } = setup({ 'POST /auth/login': () => ({ body: authBody(shopper) }) });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), '  ada@example.com ');
    await user.type(field(dialog, 'Password'), 'Secret123');
    await user.click(button(dialog, 'Sign In'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net!.calls[0]!.body).toEqual({ email: 'ada@example.com', password: 'Secret123' });
    expect(store.getState().session.user).toEqual(shopper);
    // A shopper stays where they were.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('takes store staff to the order board once signed in', async () => {
    const staff = makeUser({ roleName: 'STORE_STAFF' });
    const { user, open } = setup({ 'POST /auth/login': () => ({ body: authBody(staff) }) });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'staff.loop@grocer.test');
    await user.type(field(dialog, 'Password'), 'Secret123');
    await user.click(button(dialog, 'Sign In'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
  });

  it("shows the server's message on a failed sign-in", async () => {
    const { user, open, store } = setup({
      'POST /auth/login': () => ({ status: 401, body: errorBody('Invalid email or password.', 'SIGNIN_FAILED') }),
    });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'wrong');
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(store.getState().session.user).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Invalid email or password.' without a message, and to the exception text without an answer", async () => {
    let fail: () => { status: number; body: unknown } = () => ({ status: 401, body: {} });
    const { user, open } = setup({ 'POST /auth/login': () => fail() });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'wrong');
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid email or password.');

    fail = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it("says 'Sign in failed' when the answer is not a sign-in", async () => {
    const { user, open } = setup({ 'POST /auth/login': () => ({ body: { success: false } }) });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'pw');
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sign in failed');
  });

  it('shows the rate-limit message the server sends', async () => {
    const { user, open } = setup({
      'POST /auth/login': () => ({ status: 429, body: errorBody('Too many attempts. Try again in 60 seconds.', 'RATE_LIMITED') }),
    });
    const dialog = await open('signin');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'pw');
    await user.click(button(dialog, 'Sign In'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 60 seconds.');
  });
});

describe('sign up', () => {
  it('applies the registration rules with their exact messages', async () => {
    const { user, open } = setup();
    const dialog = await open('signup');
    await user.click(button(dialog, 'Create Account'));
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm your password')).toBeInTheDocument();
    expect(button(dialog, 'Create Account')).toBeDisabled();

    await user.type(field(dialog, 'Password'), 'short');
    expect(within(dialog).getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await user.clear(field(dialog, 'Password'));
    await user.type(field(dialog, 'Password'), 'alllowercase1');
    expect(within(dialog).getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    await user.type(field(dialog, 'Confirm Password'), 'different');
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('registers (without the confirmation), signs in, shows the notice and goes to /account on Got it!', async () => {
    const shopper = makeUser({ email: 'new@example.com', emailVerified: false, firstName: null, lastName: null });
    const { user, open, store } = setup({ 'POST /auth/register': () => ({ status: 201, body: authBody(shopper) }) });
    const dialog = await open('signup');
    await user.type(field(dialog, 'Email'), 'new@example.com');
    await user.type(field(dialog, 'Password'), 'Groceries1');
    await user.type(field(dialog, 'Confirm Password'), 'Groceries1');
    await user.click(button(dialog, 'Create Account'));

    const heading = await within(dialog).findByRole('heading', { name: 'Account Created Successfully!' });
    expect(heading).toHaveFocus();
    expect(dialog).toHaveAccessibleName('Account Created Successfully!');
    expect(within(dialog).getByText('new@example.com')).toBeInTheDocument();
    expect(net!.calls[0]!.body).toEqual({ email: 'new@example.com', password: 'Groceries1' });
    expect(store.getState().session.user).toEqual(shopper);

    await user.click(button(dialog, 'Got it!'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });

  it("offers to resend the verification email from the notice ('Email sent!')", async () => {
    const { user, open } = setup({
      'POST /auth/register': () => ({ status: 201, body: authBody(makeUser({ email: 'new@example.com' })) }),
      'POST /auth/email-verification/resend': () => ({ body: { success: true, message: 'Verification email sent.' } }),
    });
    const dialog = await open('signup');
    await user.type(field(dialog, 'Email'), 'new@example.com');
    await user.type(field(dialog, 'Password'), 'Groceries1');
    await user.type(field(dialog, 'Confirm Password'), 'Groceries1');
    await user.click(button(dialog, 'Create Account'));
    await user.click(await within(dialog).findByRole('button', { name: 'Resend verification email' }));
    expect(await within(dialog).findByText('Email sent!')).toBeInTheDocument();
    expect(net!.calls[1]!.url.search).toBe('?email=new%40example.com');
  });

  it("shows the server's error on the field it names", async () => {
    const { user, open } = setup({
      'POST /auth/register': () => ({ status: 409, body: errorBody('An account with this email already exists.', 'EMAIL_TAKEN', 'email') }),
    });
    const dialog = await open('signup');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'Groceries1');
    await user.type(field(dialog, 'Confirm Password'), 'Groceries1');
    await user.click(button(dialog, 'Create Account'));
    expect(await within(dialog).findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(field(dialog, 'Email')).toHaveAccessibleDescription('An account with this email already exists.');
    expect(field(dialog, 'Email')).toHaveFocus();
  });

  it("falls back to 'Registration failed. Please try again.'", async () => {
    const { user, open } = setup({ 'POST /auth/register': () => ({ status: 500, body: {} }) });
    const dialog = await open('signup');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'Groceries1');
    await user.type(field(dialog, 'Confirm Password'), 'Groceries1');
    await user.click(button(dialog, 'Create Account'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });
});

describe('reset request', () => {
  it('keeps the button disabled while the email is empty or wrong', async () => {
    const { user, open } = setup();
    const dialog = await open('reset');
    expect(button(dialog, 'Send Reset Link')).toBeDisabled();
    await user.type(field(dialog, 'Email'), 'ada@');
    expect(button(dialog, 'Send Reset Link')).toBeEnabled();
    await user.tab();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(button(dialog, 'Send Reset Link')).toBeDisabled();
  });

  it("says 'Reset Email Sent' on success", async () => {
    const { user, open } = setup({
      'POST /auth/forgot-password': () => ({
        body: { success: true, message: 'If that email is registered, a reset link is on its way.' },
      }),
    });
    const dialog = await open('reset');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.click(button(dialog, 'Send Reset Link'));
    expect(await within(dialog).findByRole('heading', { name: 'Reset Email Sent' })).toBeInTheDocument();
    expect(within(dialog).getByText('If that email is registered, a reset link is on its way.')).toBeInTheDocument();
    expect(net!.calls[0]!.body).toEqual({ email: 'ada@example.com' });
  });

  it('says the request failed', async () => {
    const { user, open } = setup({ 'POST /auth/forgot-password': () => ({ status: 500, body: {} }) });
    const dialog = await open('reset');
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.click(button(dialog, 'Send Reset Link'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send password reset email. Please try again.');
  });
});

describe('a guest asked to sign in', () => {
  /** What the shell's protected route (or a heart) emits. */
  const ask = async (request: EventMap['auth:open-modal']) => {
    act(() => events.emit('auth:open-modal', request));
    return screen.findByRole('dialog');
  };

  it('says the page needs an account and lands there after signing in', async () => {
    const { user } = setup({ 'POST /auth/login': () => ({ body: authBody(makeUser()) }) });
    const dialog = await ask({ mode: 'signin', next: '/checkout?step=payment' });
    expect(dialog).toHaveAccessibleName('Sign In');
    expect(dialog).toHaveAccessibleDescription(PAGE_NEEDS_ACCOUNT);
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'Secret123');
    await user.click(button(dialog, 'Sign In'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout?step=payment');
  });

  it('keeps the page asked for through Sign Up, to Got it!', async () => {
    const shopper = makeUser({ email: 'new@example.com', emailVerified: false });
    const { user } = setup({ 'POST /auth/register': () => ({ status: 201, body: authBody(shopper) }) });
    const dialog = await ask({ mode: 'signin', next: '/order-history' });
    await user.click(button(dialog, 'Sign Up'));
    expect(dialog).toHaveAccessibleDescription(PAGE_NEEDS_ACCOUNT);
    await user.type(field(dialog, 'Email'), 'new@example.com');
    await user.type(field(dialog, 'Password'), 'Groceries1');
    await user.type(field(dialog, 'Confirm Password'), 'Groceries1');
    await user.click(button(dialog, 'Create Account'));
    await user.click(await within(dialog).findByRole('button', { name: 'Got it!' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/order-history');
  });

  it("says 'Sign in to add favorites' for a heart, and stays on the page", async () => {
    const { user } = setup({ 'POST /auth/login': () => ({ body: authBody(makeUser()) }) });
    const dialog = await ask({ mode: 'signin', why: 'favourites' });
    expect(dialog).toHaveAccessibleDescription(FAVOURITES_NEED_ACCOUNT);
    await user.type(field(dialog, 'Email'), 'ada@example.com');
    await user.type(field(dialog, 'Password'), 'Secret123');
    await user.click(button(dialog, 'Sign In'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('says nothing extra when opened from the header, nor once the guest closes it', async () => {
    const { user, open } = setup();
    expect(await open('signin')).not.toHaveAccessibleDescription();
    await user.keyboard('{Escape}');
    const dialog = await ask({ mode: 'signin', next: '/account' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(await open('signin')).not.toHaveAccessibleDescription();
  });
});

describe('Sign in with Google (dev issuer)', () => {
  const API = 'http://localhost:4000';
  let popup: { close: jest.Mock };
  let openSpy: jest.SpyInstance;

  beforeEach(() => {
    popup = { close: jest.fn() };
    openSpy = jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  });
  afterEach(() => openSpy.mockRestore());

  const post = (data: unknown, origin = API, source: unknown = popup) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    });

  it('opens the issuer popup and signs in with the ID token it posts back', async () => {
    const shopper = makeUser({ authMethod: 'google' });
    const { user, open, store } = setup({ 'POST /auth/google': () => ({ body: authBody(shopper) }) });
    const dialog = await open('signin');
    await user.click(button(dialog, 'Sign in with Google'));
    expect(openSpy).toHaveBeenCalledWith(
      `${API}/dev/oidc/authorize?origin=${encodeURIComponent(window.location.origin)}`,
      expect.any(String),
      expect.any(String),
    );

    // Wrong origin, wrong shape or another window: ignored.
    await post({ type: 'grocer:oidc', idToken: 'evil' }, 'http://evil.example');
    await post({ type: 'other', idToken: 'x' });
    await post({ type: 'grocer:oidc', idToken: 'x' }, API, window);
    expect(net!.calls).toHaveLength(0);

    await post({ type: 'grocer:oidc', idToken: 'id-token-1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net!.calls[0]!.body).toEqual({ idToken: 'id-token-1' });
    expect(popup.close).toHaveBeenCalled();
    expect(store.getState().session.user).toEqual(shopper);
  });

  it('lands a guest on the page they asked for', async () => {
    setup({ 'POST /auth/google': () => ({ body: authBody(makeUser({ authMethod: 'google' })) }) });
    act(() => events.emit('auth:open-modal', { mode: 'signin', next: '/account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(button(dialog, 'Sign in with Google'));
    await post({ type: 'grocer:oidc', idToken: 'id-token-2' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
  });

  it('takes store staff to the order board, as a password sign-in does, whatever page was asked for', async () => {
    const staff = makeUser({ roleName: 'STORE_STAFF', authMethod: 'google' });
    setup({ 'POST /auth/google': () => ({ body: authBody(staff) }) });
    act(() => events.emit('auth:open-modal', { mode: 'signin', next: '/account' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.setup().click(button(dialog, 'Sign in with Google'));
    await post({ type: 'grocer:oidc', idToken: 'id-token-3' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('says so when the popup is blocked', async () => {
    openSpy.mockImplementation(() => null);
    const { user, open } = setup();
    const dialog = await open('signup');
    await user.click(button(dialog, 'Sign in with Google'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please allow pop-ups for this site to sign in with Google.');
  });
});
