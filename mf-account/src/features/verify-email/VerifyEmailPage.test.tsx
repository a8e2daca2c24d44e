import { StrictMode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeUser } from '../../testing/fixtures.ts';
import VerifyEmailPage from './VerifyEmailPage.tsx';

const VERIFY = 'GET /auth/email-verification/verify';
const RESEND = 'POST /auth/email-verification/resend';
let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
});

function setup(route: string, routes: Record<string, MockHandler> = {}, user: User | null = makeUser({ emailVerified: false })) {
  net = mockFetch(routes);
  const events = userEvent.setup();
  const view = renderWithProviders(
    <StrictMode>
      <VerifyEmailPage />
    </StrictMode>,
    { route, path: '/verify-email', preloadedState: { session: { user } } },
  );
  return { events, ...view };
}

describe('VerifyEmailPage', () => {
  it('says the link is invalid without a token, and offers the resend form', () => {
    setup('/verify-email');
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('Invalid verification link. No token found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(net!.calls).toHaveLength(0);
  });

  it('verifies the token once (even under StrictMode), then shows success with links and marks the user verified', async () => {
    const { store } = setup('/verify-email?token=tok-1', {
      [VERIFY]: () => ({ body: { success: true, message: 'Your email address has been verified.' } }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address...');

    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByText('Your email address has been verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account');
    expect(net!.calls).toHaveLength(1);
    expect(net!.calls[0]!.url.search).toBe('?token=tok-1');
    expect(store.getState().session.user?.emailVerified).toBe(true);
  });

  it("says success once when the server's message repeats the heading", async () => {
    setup('/verify-email?token=tok-2', { [VERIFY]: () => ({ body: { success: true, message: 'Email verified successfully.' } }) });
    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.queryByText('Email verified successfully.')).not.toBeInTheDocument();
  });

  it('says a used link of an account verified since is already verified, and links to /account', async () => {
    setup('/verify-email?token=used-again', {
      [VERIFY]: () => ({ status: 409, body: errorBody('This email address is already verified.', 'ALREADY_VERIFIED') }),
    });
    expect(await screen.findByRole('heading', { name: 'Email Already Verified' })).toBeInTheDocument();
    expect(screen.getByText('Your email address is already verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).not.toBeInTheDocument();
  });

  it("shows 'Verification Failed' with the server's message and the resend form", async () => {
    setup('/verify-email?token=used', {
      [VERIFY]: () => ({ status: 400, body: { success: false, message: 'This verification link has expired.' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link has expired.');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it.each([
    ['a 5xx', () => ({ status: 503, body: errorBody('down') }), 'Server error occurred. Please try again later.'],
    ['a 4xx without a message', () => ({ status: 400, body: {} }), 'Email verification failed. Please try again.'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Network error. Please check your connection and try again.',
    ],
  ])('words %s as spec §8 does', async (_case, handler: MockHandler, text) => {
    setup('/verify-email?token=t', { [VERIFY]: handler });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it("refuses an empty email with 'Please enter your email address'", async () => {
    const { events } = setup('/verify-email', {}, null);
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveValue('');
    await events.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Please enter your email address');
    expect(input).toHaveFocus();
    expect(net!.calls).toHaveLength(0);
  });

  it("resends, showing 'Sending...' while busy and the server's answer after", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const { events } = setup('/verify-email', {
      [RESEND]: () => new Promise((resolve) => (answer = resolve)),
    });
    await events.clear(screen.getByLabelText('Email address'));
    await events.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await events.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer({ body: { success: true, message: 'Verification email sent.' } });
    expect(await screen.findByText('Verification email sent.')).toBeInTheDocument();
    expect(net!.calls[0]!.url.search).toBe('?email=grace%40example.com');
  });

  it('says the resend failed', async () => {
    const { events } = setup('/verify-email', { [RESEND]: () => ({ status: 500, body: {} }) });
    await events.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to resend verification email. Please try again.')).toBeInTheDocument();
  });
});
