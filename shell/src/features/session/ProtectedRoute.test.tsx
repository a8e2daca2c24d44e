import { screen } from '@testing-library/react';
import { renderWithProviders, jwtValidFor } from '@grocer/shared/testing';
import type { User } from '@grocer/shared';
import { ProtectedRoute, mayEnter } from './ProtectedRoute.tsx';

const user = (roleName: User['roleName']): User =>
  ({ uuid: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roleName, token: jwtValidFor(3600) }) as User;

describe('protected routes', () => {
  it('lets customers in everywhere and admins only where admin access is allowed', () => {
    expect(mayEnter('customer', 'CUSTOMER')).toBe(true);
    expect(mayEnter('customer-or-admin', 'ADMIN')).toBe(true);
    expect(mayEnter('customer', 'ADMIN')).toBe(false);
    expect(mayEnter('customer', null)).toBe(false);
    expect(mayEnter('open', null)).toBe(true);
  });

  it('sends a visitor to / without rendering the page', () => {
    renderWithProviders(
      <ProtectedRoute access="customer">
        <h1>Checkout</h1>
      </ProtectedRoute>,
      { route: '/checkout', path: '/checkout' },
    );
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('renders the page for a signed-in customer (role compared case-insensitively)', () => {
    renderWithProviders(
      <ProtectedRoute access="customer">
        <h1>Checkout</h1>
      </ProtectedRoute>,
      { route: '/checkout', path: '/checkout', preloadedState: { session: { user: { ...user('CUSTOMER'), roleName: 'customer' as User['roleName'] } } } },
    );
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });
});
