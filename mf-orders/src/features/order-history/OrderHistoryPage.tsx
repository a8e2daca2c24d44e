// /order-history (spec §2 Order history): the signed-in shopper's orders, newest first, in two
// columns, ten at a time; 'Load More Orders' appends the next page while the server has one.
import { Link } from 'react-router';
import { CONSTANTS, paths, selectUser, useAppSelector, type Order } from '@grocer/shared';
import { ErrorPanel, LoadingPanel } from '../../components/PageMessage.tsx';
import { HISTORY_ERRORS } from '../../lib/orderErrors.ts';
import { useOrdersHistoryInfiniteQuery } from '../../lib/ordersApi.ts';
import { BuyAgain } from './BuyAgain.tsx';
import { OrderCard } from './OrderCard.tsx';
import '../../components/orders.css';
import './OrderHistoryPage.css';
import { PageHead } from '@grocer/shared/head';

export default function OrderHistoryPage() {
  const user = useAppSelector(selectUser);
  return (
    <div className="page orders-page order-history-page">
      <PageHead title="Order history" noindex />
      {/* The release e2e test looks for this heading: keep its text. */}
      <h1>Order history</h1>
      {user ? <History key={user.uuid} userUuid={user.uuid} /> : <ErrorPanel message={HISTORY_ERRORS.signedOut} />}
    </div>
  );
}

/** Pages can overlap if an order is placed between two fetches: keep each order once. */
function uniqueOrders(pages: readonly { orders: Order[] }[]): Order[] {
  const byId = new Map<string, Order>();
  for (const page of pages) for (const order of page.orders) if (!byId.has(order.orderId)) byId.set(order.orderId, order);
  return [...byId.values()];
}

function History({ userUuid }: { userUuid: string }) {
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = useOrdersHistoryInfiniteQuery(
    userUuid,
    { refetchOnMountOrArgChange: true },
  );

  if (!data) {
    return isLoading || !isError ? <LoadingPanel label="Loading your orders..." /> : <ErrorPanel message={HISTORY_ERRORS.loadFailed} />;
  }

  const orders = uniqueOrders(data.pages);
  if (orders.length === 0) {
    return (
      <div className="order-message">
        <h2>No Orders Yet</h2>
        <p>When you place an order, it will show up here.</p>
        <div className="order-links">
          <Link className="btn btn-primary" to={paths.home()}>
            Start Shopping
          </Link>
          <Link className="btn btn-outline" to={paths.account()}>
            Back to Account
          </Link>
        </div>
      </div>
    );
  }

  const canLoadMore = orders.length >= CONSTANTS.LOAD_MORE_THRESHOLD && hasNextPage;
  return (
    <>
      <BuyAgain userUuid={userUuid} />
      <ul className="order-history-list">
        {orders.map((order) => (
          <li key={order.orderId}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      {isFetchNextPageError && <ErrorPanel message={HISTORY_ERRORS.loadFailed} />}
      {canLoadMore && (
        <div className="order-history-more-wrap">
          <button
            type="button"
            className="btn btn-outline"
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            Load More Orders
          </button>
          {isFetchingNextPage && <p role="status">Loading more orders...</p>}
        </div>
      )}
    </>
  );
}
