// 'Buy again' on /account: the products of the shopper's past orders, most often bought first, as
// sold today (price, stock), each with Add to Cart; a link to the full history. Shown once there is
// something to show.
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@grocer/shared';
import { useAccountBuyAgainQuery } from '../../lib/accountApi.ts';
import { FavouriteCard } from './FavouriteCard.tsx';

/** One row of cards on a desktop; the history page has the longer list. */
export const ACCOUNT_BUY_AGAIN_LIMIT = 4;

const timesText = (n: number) => `Ordered ${n === 1 ? 'once' : `${n} times`}`;

export function BuyAgainSection({ userUuid }: { userUuid: string }) {
  const headingId = useId();
  const { data, isError } = useAccountBuyAgainQuery({ userUuid, limit: ACCOUNT_BUY_AGAIN_LIMIT }, { refetchOnMountOrArgChange: true });
  if (isError || !data || data.length === 0) return null;
  return (
    <section className="card account-card buy-again-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Buy again</h2>
      <ul className="plain-list favourites-grid">
        {data.map(({ product, timesOrdered }) => (
          <li key={product.uuid}>
            {/* The shared addToCart thunk toasts '{name} added to cart!'. */}
            <FavouriteCard product={product} note={timesText(timesOrdered)} onAdded={() => {}} />
          </li>
        ))}
      </ul>
      <Link to={paths.orderHistory()}>See all in your order history</Link>
    </section>
  );
}
