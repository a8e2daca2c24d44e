import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@grocer/shared';

export interface QuickActionsProps {
  /** The favourites section this toggle shows and hides. */
  favouritesId: string;
  favouriteCount: number;
  showFavourites: boolean;
  onToggleFavourites: () => void;
}

export function QuickActions({ favouritesId, favouriteCount, showFavourites, onToggleFavourites }: QuickActionsProps) {
  const headingId = useId();
  return (
    <section className="card account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Quick Actions</h2>
      <ul className="quick-actions">
        <li>
          <Link className="quick-action" to={paths.orderHistory()}>
            Order History
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="quick-action"
            aria-expanded={showFavourites}
            aria-controls={favouritesId}
            onClick={onToggleFavourites}
          >
            {showFavourites ? 'Hide Favorites' : 'Show Favorites'} <span className="badge">{favouriteCount}</span>
          </button>
        </li>
        <li>
          <button type="button" className="quick-action" disabled>
            Notification Settings <span className="badge">Coming Soon</span>
          </button>
        </li>
      </ul>
    </section>
  );
}
