// Header cart icon with the item count; follows the shared cart in every tab. It is mounted on every
// page, so it also prunes out-of-stock items 100 ms after the page loads (spec §4).
import { Link } from 'react-router';
import { paths, selectCartCount, useAppSelector } from '@grocer/shared';
import { useStockRefreshOnMount } from '../../lib/useStockRefresh.ts';
import './CartIcon.css';

export default function CartIcon() {
  const count = useAppSelector(selectCartCount);
  useStockRefreshOnMount();
  return (
    <Link to={paths.cart()} className="cart-icon" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L22 7H6" />
      </svg>
      <span className="cart-count" data-testid="cart-count">
        {count}
      </span>
    </Link>
  );
}
