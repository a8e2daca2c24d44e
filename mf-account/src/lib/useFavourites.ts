// Spec §4: the shell loads favourites whenever a user is signed in (the shared slice empties itself
// on sign-out); /account subscribes to the same shared query for its grid's loading and error state.
import { selectIsSignedIn, useAppSelector, useFavouritesListQuery } from '@grocer/shared';
import { errorStatus } from './errors.ts';

export function useFavourites() {
  const signedIn = useAppSelector(selectIsSignedIn);
  return useFavouritesListQuery(undefined, { skip: !signedIn });
}

/** What the favourites grid says when loading failed (spec §8). */
export function favouritesErrorMessage(error: unknown): string {
  return errorStatus(error) === 401 ? 'Authentication failed. Please sign in again.' : 'Failed to load favorites';
}
