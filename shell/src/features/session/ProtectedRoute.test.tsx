import { act, screen } from '@testing-library/react';
import { renderWithProviders, jwtValidFor } from '@grocer/shared/testing';
import { events, signedOut, type EventMap, type User } from '@grocer/shared';
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

  describe('asking instead of dropping', () => {
    let asked: EventMap['auth:open-modal'][];
    let off: () => void;
    beforeEach(() => {
      asked = [];
      off = events.on('auth:open-modal', (request) => asked.push(request));
      // The bus hands a new handler the request an earlier test left unhandled.
      asked = [];
    });
    afterEach(() => off());

    it('opens the Sign In dialog for a guest, with the page asked for (path and query) to land on', () => {
      renderWithProviders(
        <ProtectedRoute access={CUSTOMER_ONLY}>
          <h1>Checkout</h1>
        </ProtectedRoute>,
        { route: '/checkout?step=payment', path: '/checkout' },
      );
      expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
      expect(asked).toEqual([{ mode: 'signin', next: '/checkout?step=payment' }]);
    });

    it('does not ask a shopper who signs out on the page, nor a role the page does not admit', () => {
      const { store } = renderWithProviders(
        <ProtectedRoute access={CUSTOMER_ONLY}>
          <h1>Checkout</h1>
        </ProtectedRoute>,
        { route: '/checkout', path: '/checkout', preloadedState: { session: { user: user('CUSTOMER') } } },
      );
      act(() => {
        store.dispatch(signedOut());
      });
      expect(screen.getByTestId('elsewhere')).toBeInTheDocument();

      renderWithProviders(
        <ProtectedRoute access={CUSTOMER_ONLY}>
          <h1>Checkout</h1>
        </ProtectedRoute>,
        { route: '/checkout', path: '/checkout', preloadedState: { session: { user: user('ADMIN') } } },
      );
      expect(asked).toEqual([]);
    });

    it('lets nothing through to a public page and asks nothing there', () => {
      renderWithProviders(
        <ProtectedRoute access="public">
          <h1>Cart</h1>
        </ProtectedRoute>,
        { route: '/cart', path: '/cart' },
      );
      expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
      expect(asked).toEqual([]);
    });
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
