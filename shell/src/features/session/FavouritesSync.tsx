// Spec §4: favourites are loaded whenever a user is signed in (the slice clears itself on sign-out).
// Mounted once by the shell so every remote's hearts and the account grid read the same list.
import { selectIsSignedIn, useAppSelector, useFavouritesListQuery } from '@grocer/shared';

export function FavouritesSync() {
  const signedIn = useAppSelector(selectIsSignedIn);
  useFavouritesListQuery(undefined, { skip: !signedIn });
  return null;
}
