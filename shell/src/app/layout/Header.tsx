// Spec §2 header: contact strip, Stores dropdown, Home, Account (signed in), Store (staff and admins:
// the ops screens under /admin), Admin (admin role), search box, cart icon and user menu. The widgets come from the remotes that own them; if one is
// down, its slot stays empty and the rest of the header keeps working. On phones the header is two
// rows (shell.css) and the contact strip moves to the footer, so the sticky header stays small.
import { NavLink } from 'react-router';
import { getRuntimeConfig, paths, selectIsSignedIn, selectRole, useAppSelector } from '@grocer/shared';
import { RemoteModule } from '../../components/RemoteModule.tsx';
import { ContactStrip } from './ContactStrip.tsx';

export function Header() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const role = useAppSelector(selectRole);
  const isAdmin = role === 'ADMIN';
  return (
    <header className="site-header">
      <ContactStrip />
      <div className="header-main">
        <NavLink to={paths.home()} className="brand" aria-label="Grocer home">
          Grocer
        </NavLink>
        <nav className="header-nav" aria-label="Main">
          <div className="slot slot-stores">
            <RemoteModule id="catalog/StoresMenu" />
          </div>
          <NavLink to={paths.home()} end>
            Home
          </NavLink>
          {signedIn && <NavLink to={paths.account()}>Account</NavLink>}
          {(isAdmin || role === 'STORE_STAFF') && <NavLink to={paths.admin()}>Store</NavLink>}
          {isAdmin && (
            <a href={getRuntimeConfig().adminUrl} target="_blank" rel="noreferrer">
              Admin
            </a>
          )}
        </nav>
        <div className="slot slot-search">
          <RemoteModule id="catalog/SearchBox" />
        </div>
        <div className="header-actions">
          <div className="slot slot-cart">
            <RemoteModule id="cartCheckout/CartIcon" slotFallback={<NavLink to={paths.cart()}>Cart</NavLink>} />
          </div>
          <div className="slot slot-user">
            <RemoteModule id="account/UserMenu" />
          </div>
        </div>
      </div>
    </header>
  );
}
