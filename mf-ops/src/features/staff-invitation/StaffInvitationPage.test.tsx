import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { events } from '@grocer/shared';
import { OPS_INVITATION_PAGE } from '@grocer/shared/contracts';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { errorBody } from '../../testing/fixtures.ts';
import StaffInvitationPage from './StaffInvitationPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

function setup(route = `${OPS_INVITATION_PAGE}?token=tok-1`) {
  net = mockFetch({
    'POST /auth/accept-invitation': ({ body }) =>
      (body as { token: string }).token === 'spent'
        ? { status: 400, body: errorBody('This invitation link has expired or was already used.', 'INVALID_TOKEN') }
        : { body: { success: true, message: 'Password set' } },
  });
  renderWithProviders(<StaffInvitationPage />, { route, path: OPS_INVITATION_PAGE });
}

describe('StaffInvitationPage', () => {
  it('sets the password with the link’s token, then offers to sign in', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const off = events.on('auth:open-modal', ({ mode }) => opened.push(mode));
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set your password' })).toHaveFocus();
    await user.type(screen.getByLabelText('Password'), 'Staff-pass-2024');
    await user.type(screen.getByLabelText('Confirm Password'), 'Staff-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. You can sign in now.')).toBeInTheDocument();
    expect(net!.calls[0]!.body).toEqual({ token: 'tok-1', password: 'Staff-pass-2024' });
    // A session-less page: the call carries no token.
    expect(net!.calls[0]!.headers.get('Authorization')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(opened).toEqual(['signin']);
    off();
  });

  it('checks the password rules and the confirmation before asking', async () => {
    const user = userEvent.setup();
    setup();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/8 characters/);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Staff-pass-2024');
    await user.type(screen.getByLabelText('Confirm Password'), 'Staff-pass-2025');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/match/i);
    expect(net!.calls).toHaveLength(0);
  });

  it('says when the link is spent', async () => {
    const user = userEvent.setup();
    setup(`${OPS_INVITATION_PAGE}?token=spent`);
    await user.type(screen.getByLabelText('Password'), 'Staff-pass-2024');
    await user.type(screen.getByLabelText('Confirm Password'), 'Staff-pass-2024');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link has expired or was already used.');
  });

  it('says when the link has no token', () => {
    setup(OPS_INVITATION_PAGE);
    expect(screen.getByRole('alert')).toHaveTextContent('This invitation link is incomplete. Ask your admin to send it again.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
