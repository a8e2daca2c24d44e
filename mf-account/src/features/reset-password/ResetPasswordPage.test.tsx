import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { recordEvents } from '../../testing/events.ts';
import { errorBody } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const RESET = 'POST /auth/reset-password';
let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
  jest.useRealTimers();
});

function setup(route = '/reset-password?token=reset-1', routes: Record<string, MockHandler> = {}, fakeTimers = false) {
  if (fakeTimers) jest.useFakeTimers();
  net = mockFetch(routes);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  renderWithProviders(
    <>
      <ResetPasswordPage />
      <LocationDisplay />
    </>,
    { route },
  );
  const fill = async (password: string, confirm: string) => {
    await user.type(screen.getByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm New Password'), confirm);
  };
  return { user, fill, submit: () => user.click(screen.getByRole('button', { name: 'Reset Password' })) };
}

describe('ResetPasswordPage', () => {
  it("says 'Invalid Reset Link' without a token and offers a new link", async () => {
    const opened = recordEvents('auth:open-modal');
    const { user } = setup('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a New Link' }));
    expect(opened.seen).toEqual([{ mode: 'reset' }]);
    opened.off();
  });

  it('marks both inputs required with a minimum length of 8, and disables submit until both are filled', async () => {
    const { user } = setup();
    for (const label of ['New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAttribute('minlength', '8');
    }
    // The server's whole rule, before the shopper submits, not only the length.
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
    );
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'Groceries1');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm New Password'), 'G');
    expect(submit).toBeEnabled();
  });

  it('checks the passwords match, then their length, before calling the API', async () => {
    const { fill, submit, user } = setup();
    await fill('Groceries1', 'Groceries2');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await fill('short', 'short');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long.');
    expect(net!.calls).toHaveLength(0);
  });

  it("shows the server's message when the token is refused", async () => {
    const { fill, submit } = setup(undefined, {
      [RESET]: () => ({ status: 400, body: errorBody('This reset link is invalid or has expired.', 'INVALID_TOKEN') }),
    });
    await fill('Groceries1', 'Groceries1');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
  });

  it('falls back to the spec texts without a message or without an answer', async () => {
    let handler: MockHandler = () => ({ status: 400, body: {} });
    const { fill, submit } = setup(undefined, { [RESET]: (request) => handler(request) });
    await fill('Groceries1', 'Groceries1');
    await submit();
    expect(await screen.findByText('Failed to update password. Please try again.')).toBeInTheDocument();
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await submit();
    expect(await screen.findByText('Failed to reset password. The reset token may be invalid or expired.')).toBeInTheDocument();
  });

  it("resets, says 'Password Reset Successful!', and after 3 s goes to / with the sign-in message", async () => {
    const toasts = recordEvents('toast:show');
    const { fill, submit } = setup(
      undefined,
      { [RESET]: () => ({ body: { success: true, message: 'Your password has been reset.' } }) },
      true,
    );
    await fill('Groceries1', 'Groceries1');
    await submit();
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful!' })).toBeInTheDocument();
    expect(net!.calls[0]!.body).toEqual({ token: 'reset-1', password: 'Groceries1' });
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password?token=reset-1');

    await act(async () => void jest.advanceTimersByTime(2_999));
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password?token=reset-1');
    await act(async () => void jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(toasts.seen).toEqual([
      expect.objectContaining({ kind: 'success', message: 'Password reset successful. Please sign in with your new password.' }),
    ]);
    toasts.off();
  });
});
