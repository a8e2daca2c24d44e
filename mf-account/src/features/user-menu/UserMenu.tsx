// Header user menu (exposed as `account/UserMenu`; spec §2). Signed out: 'Sign In' and 'Sign Up',
// which open the auth modal. Signed in: a menu button (avatar, name) whose menu shows name, email,
// beta badges, 'My Account', 'Store' (staff and admins: the ops screens) and 'Sign Out'. Sign Out clears the session and the cart (favourites empty themselves),
// disables Google auto-select and goes to /. Always mounted, so it also keeps favourites loaded.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  cleared,
  disableGoogleAutoSelect,
  events,
  paths,
  selectUser,
  signedOut,
  useAppDispatch,
  useAppSelector,
  type User,
} from '@grocer/shared';
import { Avatar } from '../../components/Avatar.tsx';
import { BetaBadges } from '../../components/BetaBadges.tsx';
import { signOutApi } from '../../lib/signOutApi.ts';
import { displayName, hasName } from '../../lib/userDisplay.ts';
import './UserMenu.css';

export default function UserMenu() {
  const user = useAppSelector(selectUser);

  if (!user) {
    return (
      <div className="user-menu">
        <button type="button" className="btn btn-outline" onClick={() => events.emit('auth:open-modal', { mode: 'signin' })}>
          Sign In
        </button>
        <button type="button" className="btn btn-primary" onClick={() => events.emit('auth:open-modal', { mode: 'signup' })}>
          Sign Up
        </button>
      </div>
    );
  }
  return <SignedInMenu user={user} />;
}

/** The ARIA menu button pattern: Enter/Space/ArrowDown open on the first item, arrows move, Escape and Tab close. */
function SignedInMenu({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const name = displayName(user);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list[(index + list.length) % list.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const closeMenu = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const signOut = () => {
    setOpen(false);
    // The server revokes the token too; fire-and-forget, so signing out works with the API down.
    void dispatch(signOutApi.endpoints.accountSignOut.initiate(user.token));
    // Spec §4 "Logout clears storage": on a shared device the next shopper must not find this cart.
    dispatch(cleared());
    dispatch(signedOut());
    disableGoogleAutoSelect();
    void navigate(paths.home());
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="user-menu-button"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="user-menu-name">{name}</span>
        <span className="user-menu-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div className="user-menu-popup" hidden={!open}>
        <div className="user-menu-identity">
          <Avatar user={user} size="large" />
          <div>
            {hasName(user) && <p className="user-menu-full-name">{name}</p>}
            <p className="user-menu-email">{user.email}</p>
            <BetaBadges user={user} />
          </div>
        </div>
        <ul ref={menu} id={menuId} role="menu" aria-labelledby={buttonId} className="user-menu-items" onKeyDown={onMenuKeyDown}>
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to={paths.account()} onClick={() => setOpen(false)}>
              My Account
            </Link>
          </li>
          {/^(admin|store_staff)$/i.test(user.roleName ?? '') && (
            <li role="none">
              <Link role="menuitem" tabIndex={-1} to={paths.admin()} onClick={() => setOpen(false)}>
                Store
              </Link>
            </li>
          )}
          <li role="none">
            <button role="menuitem" tabIndex={-1} type="button" onClick={signOut}>
              Sign Out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
