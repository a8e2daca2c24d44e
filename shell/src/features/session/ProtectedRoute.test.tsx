import { screen } from '@testing-library/react';
import { renderWithProviders, jwtValidFor } from '@grocer/shared/testing';
import type { User } from '@grocer/shared';
import type { RouteAccess } from '@grocer/shared';
import { ProtectedRoute, mayEnter } from './ProtectedRoute.tsx';

const CUSTOMER_ONLY: RouteAccess = { roles: ['CUSTOMER'] };
const CUSTOMER_OR_ADMIN: RouteAccess = { roles: ['CUSTOMER', 'ADMIN'] };

const user = (roleName: User['roleName']): User =>
  ({ uuid: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roleName, token: jwtValidFor(3600) }) as User;

describe('protected routes', () => {
  it('lets customers in everywhere and admins only where admin access is allowed', () => {
    expect(mayEnter(CUSTOMER_ONLY, 'CUSTOMER')).toBe(true);
    expect(mayEnter(CUSTOMER_OR_ADMIN, 'CUSTOMER')).toBe(true);
    expect(mayEnter(CUSTOMER_OR_ADMIN, 'ADMIN')).toBe(true);
    expect(mayEnter(CUSTOMER_ONLY, 'ADMIN')).toBe(false);
    expect(mayEnter(CUSTOMER_ONLY, null)).toBe(false);
    expect(mayEnter('public', null)).toBe(true);
  });

  it('admits any signed-in role to a signed-in route, and only the listed roles to a role route', () => {
    expect(mayEnter('signed-in', 'STORE_STAFF')).toBe(true);
    expect(mayEnter('signed-in', null)).toBe(false);
    expect(mayEnter({ roles: ['ADMIN', 'STORE_STAFF'] }, 'STORE_STAFF')).toBe(true);
    expect(mayEnter({ roles: ['ADMIN', 'STORE_STAFF'] }, 'CUSTOMER')).toBe(false);
    // A remote's routes.json is data: a lower-case role still matches, an unknown access lets nobody in.
    expect(mayEnter({ roles: ['admin' as 'ADMIN'] }, 'ADMIN')).toBe(true);
    expect(mayEnter('everyone' as RouteAccess, 'ADMIN')).toBe(false);
    expect(mayEnter({} as RouteAccess, 'ADMIN')).toBe(false);
  });

  it('sends a visitor to / without rendering the page', () => {
    renderWithProviders(
      <ProtectedRoute access={CUSTOMER_ONLY}>
        <h1>Checkout</h1>
      </ProtectedRoute>,
      { route: '/checkout', path: '/checkout' },
    );
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  });

  it('renders the page for a signed-in customer (role compared case-insensitively)', () => {
    renderWithProviders(
      <ProtectedRoute access={CUSTOMER_ONLY}>
        <h1>Checkout</h1>
      </ProtectedRoute>,
      {
        route: '/checkout',
        path: '/checkout',
        preloadedState: { session: { user: { ...user('CUSTOMER'), roleName: 'customer' as User['roleName'] } } },
      },
    );
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
  });
});
