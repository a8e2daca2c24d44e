// The heart on a product card (spec §2, §4). Signed out, its title says 'Sign in to add favorites' and
// a tap opens the Sign In dialog saying so (a disabled heart's tooltip is never seen on a
// phone, and a guest was left with a heart that did nothing). Signed in it toggles
// the favourite on the server and in the shared favourites slice (409 on add and 404 on remove
// count as success, in the shared favouritesApi). The slice changes first so the heart answers at once; a
// failure puts it back and says so.
import {
  apiErrorStatus,
  events,
  favouriteAdded,
  favouriteRemoved,
  selectIsFavourite,
  selectIsSignedIn,
  showToast,
  useAppDispatch,
  useAppSelector,
  useFavouritesAddMutation,
  useFavouritesRemoveMutation,
  type Product,
} from '@grocer/shared';

export const SIGN_IN_TO_FAVOURITE = 'Sign in to add favorites';

export function FavouriteButton({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const favourite = useAppSelector((state) => selectIsFavourite(state, product.uuid));
  const [addFavourite, addState] = useFavouritesAddMutation();
  const [removeFavourite, removeState] = useFavouritesRemoveMutation();
  const busy = addState.isLoading || removeState.isLoading;

  const toggle = async () => {
    if (!signedIn) return events.emit('auth:open-modal', { mode: 'signin', why: 'favourites' });
    // Ignored rather than disabled while a call runs, so keyboard focus stays on the button.
    if (busy) return;
    if (favourite) {
      dispatch(favouriteRemoved(product.uuid));
      try {
        await removeFavourite(product.uuid).unwrap();
      } catch (error) {
        dispatch(favouriteAdded(product));
        // A 401 is reported by the session-expired flow.
        if (apiErrorStatus(error) !== 401) showToast('error', 'Failed to remove from favorites');
      }
    } else {
      dispatch(favouriteAdded(product));
      try {
        await addFavourite(product.uuid).unwrap();
      } catch (error) {
        dispatch(favouriteRemoved(product.uuid));
        if (apiErrorStatus(error) !== 401) showToast('error', 'Failed to add to favorites');
      }
    }
  };

  const label = favourite ? `Remove ${product.name} from favorites` : `Add ${product.name} to favorites`;
  return (
    <button
      type="button"
      className="favourite-button"
      data-favourite={favourite || undefined}
      aria-label={label}
      title={signedIn ? label : SIGN_IN_TO_FAVOURITE}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
