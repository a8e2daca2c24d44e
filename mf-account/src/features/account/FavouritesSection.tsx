// The favourites grid (spec §2 Account): the shared favourites slice (loaded by useFavourites, and
// changed by hearts anywhere on the page), each with Add to Cart and remove. Adding says
// 'Added {name} to cart!' for 3 seconds.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONSTANTS, Notice, paths, selectFavourites, useAppSelector, useTimers } from '@grocer/shared';
import { favouritesErrorMessage, useFavourites } from '../../lib/useFavourites.ts';
import { FavouriteCard } from './FavouriteCard.tsx';

export function FavouritesSection({ id, hidden }: { id: string; hidden: boolean }) {
  const headingId = useId();
  return (
    <section id={id} className="card account-card favourites-section" aria-labelledby={headingId} hidden={hidden}>
      <h2 id={headingId} tabIndex={-1}>
        My Favorites
      </h2>
      {/* Mounted only while shown, so a hidden grid loads no images. */}
      {!hidden && <FavouritesGrid headingId={headingId} />}
    </section>
  );
}

function FavouritesGrid({ headingId }: { headingId: string }) {
  const favourites = useAppSelector(selectFavourites);
  const { isLoading, isError, error, refetch } = useFavourites();
  const [added, setAdded] = useState<string | null>(null);
  const { schedule, cancel } = useTimers();
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const onAdded = (name: string) => {
    if (clearTimer.current) cancel(clearTimer.current);
    setAdded(`Added ${name} to cart!`);
    // Spec §2: the message stays 3 seconds (the toast default).
    clearTimer.current = schedule(() => setAdded(null), CONSTANTS.TOAST_MS);
  };
  // The removed card took focus with it; the section heading is the next sensible place.
  const onRemoved = () => document.getElementById(headingId)?.focus();

  return (
    <>
      <p className="favourites-added" role="status">
        {added}
      </p>
      {isError && favourites.length === 0 ? (
        <Notice kind="error">
          <p>{favouritesErrorMessage(error)}</p>
          <button type="button" className="btn btn-outline" onClick={() => void refetch()}>
            Try again
          </button>
        </Notice>
      ) : isLoading && favourites.length === 0 ? (
        <p role="status">Loading your favorites...</p>
      ) : favourites.length === 0 ? (
        <div className="favourites-empty">
          <p>You have no favorites yet. Tap the heart on a product to save it here.</p>
          <Link className="btn btn-primary" to={paths.home()}>
            Browse Stores
          </Link>
        </div>
      ) : (
        <ul className="plain-list favourites-grid">
          {favourites.map((product) => (
            <li key={product.uuid}>
              <FavouriteCard product={product} onAdded={onAdded} onRemoved={onRemoved} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
