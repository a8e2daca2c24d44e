import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { errorBody, makeStaffMe, STORE_A, staffUser } from '../../testing/fixtures.ts';
import StaffAccountPage from './StaffAccountPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

describe('StaffAccountPage', () => {
  it('shows the name, email and store, and changes the password once the server has checked the current one', async () => {
    const user = userEvent.setup();
    net = mockFetch({
      'GET /ops/me': () => ({ body: makeStaffMe() }),
      'POST /ops/me/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'Old-pass-1'
          ? { body: { success: true, message: 'Your password has been changed.' } }
          : { status: 400, body: errorBody('The current password is not correct.', 'VALIDATION_ERROR') },
    });
    renderWithProviders(<StaffAccountPage />, {
      route: '/admin/account',
      path: '/admin/account',
      preloadedState: { session: { user: staffUser() } },
    });
    const details = await screen.findByRole('region', { name: 'Your details' });
    await waitFor(() => expect(details).toHaveTextContent('NameSam Staff'));
    expect(details).toHaveTextContent('Emailstaff@grocer.test');
    expect(details).toHaveTextContent(`Store${STORE_A.name}`);

    const form = within(screen.getByRole('region', { name: 'Change password' }));
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please enter your current password.');
    expect(net.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(form.getByLabelText('Current password'), 'Wrong-pass-1');
    await user.type(form.getByLabelText('New password'), 'New-pass-2026');
    await user.type(form.getByLabelText('Confirm new password'), 'New-pass-2026');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The current password is not correct.');

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'Old-pass-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(net.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      currentPassword: 'Old-pass-1',
      newPassword: 'New-pass-2026',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });
});
