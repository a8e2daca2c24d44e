import type { User } from '@grocer/shared';
import { initials } from '../lib/userDisplay.ts';
import './badges.css';

/** Initials in a circle; decorative, since the name is always shown or announced beside it. */
export function Avatar({ user, size = 'small' }: { user: Pick<User, 'firstName' | 'lastName' | 'email'>; size?: 'small' | 'large' }) {
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {initials(user)}
    </span>
  );
}
