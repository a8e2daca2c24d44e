import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@grocer/shared/testing';

// The header's widgets come from remotes; here they render nothing, so only the shell's own links show.
jest.mock('../remotes.ts', () => ({ loadRemoteModule: jest.fn(async () => ({ default: () => null })) }));

import { Header } from './Header.tsx';

const nav = (roleName?: 'CUSTOMER' | 'ADMIN' | 'STORE_STAFF') => {
  renderWithProviders(<Header />, roleName ? { preloadedState: { session: { user: makeUser({ roleName }) } } } : {});
  return screen.getByRole('navigation', { name: 'Main' });
};

describe('Header', () => {
  it("gives store staff a 'Store' link to the ops screens next to Account", () => {
    nav('STORE_STAFF');
    expect(screen.getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it("gives admins 'Store' and keeps the spec's Admin link", () => {
    nav('ADMIN');
    expect(screen.getByRole('link', { name: 'Store' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('shows customers no Store link', () => {
    nav('CUSTOMER');
    expect(screen.queryByRole('link', { name: 'Store' })).not.toBeInTheDocument();
  });

  it('shows visitors no Store or Account link', () => {
    nav();
    expect(screen.queryByRole('link', { name: 'Store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
  });
});
