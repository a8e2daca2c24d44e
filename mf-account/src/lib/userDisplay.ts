// How a user is named on screen: names are optional until the shopper saves them (spec §2 Account).
import type { User } from '@grocer/shared';

type Named = Pick<User, 'firstName' | 'lastName' | 'email'>;

export function hasName(user: Pick<User, 'firstName' | 'lastName'>): boolean {
  return [user.firstName, user.lastName].some((part) => part && part.trim());
}

/** 'Ada Lovelace', or the email while no name is saved. */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ');
  return name || user.email;
}

/** 'AL' from the names, else the first letter of the email. */
export function initials(user: Named): string {
  const fromNames = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (fromNames || user.email.charAt(0)).toUpperCase();
}
