import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsStaffMember } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, errorBody, makeAdminMe, makeStaffMember, STORE_B } from '../../testing/fixtures.ts';
import StaffPage from './StaffPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

function setup() {
  const state: { staff: OpsStaffMember[] } = {
    staff: [
      makeStaffMember(),
      makeStaffMember({
        uuid: 'staff-2',
        email: 'alan@logan.example',
        firstName: 'Alan',
        lastName: 'Turing',
        status: 'ACTIVE',
        store: STORE_B,
      }),
    ],
  };
  net = mockFetch({
    'GET /ops/me': () => ({ body: makeAdminMe() }),
    'GET /ops/staff': () => ({ body: { staff: state.staff } }),
    'POST /ops/staff': ({ body }) => {
      const payload = body as { email: string; firstName: string; lastName: string };
      if (payload.email === 'taken@grocer.test')
        return { status: 409, body: errorBody('An account with this email already exists', 'EMAIL_TAKEN') };
      const member = makeStaffMember({ uuid: 'staff-3', ...payload, store: STORE_B });
      state.staff = [...state.staff, member];
      return { status: 201, body: member };
    },
    'POST /ops/staff/staff-1/invitation': () => ({ body: { success: true } }),
  });
  renderWithProviders(<StaffPage />, { route: '/admin/staff', path: '/admin/staff', preloadedState: { session: { user: adminUser() } } });
  return state;
}

const form = () => screen.getByRole('region', { name: 'Add a staff member' });
const list = () => screen.getByRole('region', { name: 'Staff members' });

describe('StaffPage', () => {
  it('lists staff with their store and whether they accepted the invitation', async () => {
    setup();
    expect(await within(await screen.findByRole('region', { name: 'Staff members' })).findByText('Grace Hopper')).toBeInTheDocument();
    const items = within(list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Invitation pending');
    expect(items[1]).toHaveTextContent(`alan@logan.example · ${STORE_B.name}`);
    expect(items[1]).toHaveTextContent('Active');
    // Only a pending invitation can be sent again.
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a staff account for a store and says the invitation went out', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('region', { name: 'Add a staff member' });
    await user.type(within(form()).getByLabelText('Email'), ' kay@logan.example ');
    await user.type(within(form()).getByLabelText('First name'), 'Kay');
    await user.type(within(form()).getByLabelText('Last name'), 'Johnson');
    await user.selectOptions(within(form()).getByLabelText('Store'), STORE_B.name);
    await user.click(within(form()).getByRole('button', { name: 'Create and send invitation' }));
    expect(await within(form()).findByRole('status')).toHaveTextContent('Invitation sent to kay@logan.example.');
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'kay@logan.example',
      firstName: 'Kay',
      lastName: 'Johnson',
      storeUuid: STORE_B.uuid,
    });
    expect(await within(list()).findByText('Kay Johnson')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Email')).toHaveValue('');
  });

  it('checks the form first, then shows what the API refused', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('region', { name: 'Add a staff member' });
    await user.type(within(form()).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form()).getByRole('button', { name: 'Create and send invitation' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent(/email/i);
    expect(net!.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(within(form()).getByLabelText('Email'));
    await user.type(within(form()).getByLabelText('Email'), 'taken@grocer.test');
    await user.click(within(form()).getByRole('button', { name: 'Create and send invitation' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent('Please enter the first and last name.');
    await user.type(within(form()).getByLabelText('First name'), 'T');
    await user.type(within(form()).getByLabelText('Last name'), 'K');
    await user.click(within(form()).getByRole('button', { name: 'Create and send invitation' }));
    await waitFor(() => expect(within(form()).getByRole('alert')).toHaveTextContent('An account with this email already exists'));
  });

  it('sends a pending invitation again', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Send the invitation to grace@andersonville.example again' }));
    expect(await within(list()).findByRole('status')).toHaveTextContent('Invitation sent to grace@andersonville.example.');
    expect(net!.calls.some((c) => c.method === 'POST' && c.url.pathname === '/ops/staff/staff-1/invitation')).toBe(true);
  });
});
