import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, jwtValidFor, mockFetch, type FetchMock } from '@grocer/shared/testing';
import type { User } from '@grocer/shared';
import { VerificationBanner } from './VerificationBanner.tsx';

const user = (patch: Partial<User>): User =>
  ({
    uuid: 'u1',
    email: 'new@example.com',
    authMethod: 'email',
    emailVerified: false,
    roleName: 'CUSTOMER',
    token: jwtValidFor(3600),
    ...patch,
  }) as User;

describe('VerificationBanner', () => {
  let network: FetchMock;
  beforeEach(() => {
    network = mockFetch({ 'POST /auth/email-verification/resend': () => ({ body: { success: true, message: 'sent' } }) });
  });
  afterEach(() => network.restore());

  it('shows for unverified email users only', () => {
    const { unmount } = renderWithProviders(<VerificationBanner />, { preloadedState: { session: { user: user({}) } } });
    expect(screen.getByRole('region', { name: 'Email verification' })).toHaveTextContent('new@example.com');
    unmount();
    renderWithProviders(<VerificationBanner />, { preloadedState: { session: { user: user({ authMethod: 'google' }) } } });
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });

  it("resends and shows 'Email sent!' for 3 seconds", async () => {
    jest.useFakeTimers();
    const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<VerificationBanner />, { preloadedState: { session: { user: user({}) } } });
    await events.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('button', { name: 'Email sent!' })).toBeDisabled();
    expect(network.calls[0]?.url.search).toBe('?email=new%40example.com');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
    jest.useRealTimers();
  });

  it('can be dismissed for the current page view', async () => {
    renderWithProviders(<VerificationBanner />, { preloadedState: { session: { user: user({}) } } });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss verification reminder' }));
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });
});
