// One order in the history: id, date, status, item count, total, delivery city and state, each store's
// part (its badge, window and what happened to its lines), the first items, and links to its details
// and (while it is still under way) to support.
import { useId } from 'react';
import { Link } from 'react-router';
import { CONSTANTS, formatDollars, formatUsShortDate, paths, SUPPORT_CONTACTS, type Order } from '@grocer/shared';
import { Fact } from '../../components/Fact.tsx';
import { OrderItemProduct } from '../../components/OrderItemProduct.tsx';
import { ReorderButton } from '../../components/ReorderButton.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { isFinalStatus } from '../../lib/orderStatus.ts';
import { overallStatus, partsOf, partsSummary } from '../../lib/orderParts.ts';
import { StorePartList } from '../../components/StorePart.tsx';
import { NO_DELIVERY_INFO, cityStatePostal, itemCountLabel, orderReference } from '../../lib/orderText.ts';
import { DeliveryWindowList } from '../../components/DeliveryWindows.tsx';

/** Intrinsic size of a preview line's thumbnail; the attributes reserve its box (no layout shift). */
const PREVIEW_IMAGE_SIZE = 32;

/** '+N more items' under the preview (spec §2 Order history). */
export function moreItemsLabel(hidden: number): string {
  return `+${hidden} more items`;
}

export function OrderCard({ order }: { order: Order }) {
  const headingId = useId();
  const status = overallStatus(order);
  const parts = partsOf(order);
  const summary = partsSummary(order);
  const reference = orderReference(order);
  const preview = order.orderItems.slice(0, CONSTANTS.HISTORY_PREVIEW_ITEMS);
  const hidden = order.orderItems.length - preview.length;
  const deliverTo = cityStatePostal(order.deliveryCity, order.deliveryState);
  const supportHref = `${SUPPORT_CONTACTS.emailHref}?subject=${encodeURIComponent(`Order ${reference}`)}`;

  return (
    <article className="card order-card order-history-card" aria-labelledby={headingId}>
      <header className="order-history-card-head">
        <h2 id={headingId}>Order #{reference}</h2>
        <StatusBadge status={status} />
      </header>
      {summary && <p className="order-parts-summary">{summary}</p>}
      <dl className="order-facts">
        {reference !== order.orderId && (
          <Fact term="Order ID" className="order-history-id">
            {order.orderId}
          </Fact>
        )}
        <Fact term="Date">{formatUsShortDate(order.orderDate)}</Fact>
        <Fact term="Items">{itemCountLabel(order.orderItems)}</Fact>
        <Fact term="Total">{formatDollars(order.totalAmount)}</Fact>
        <Fact term="Deliver to">{deliverTo || NO_DELIVERY_INFO}</Fact>
        {parts.length === 0 && order.deliveryWindows && order.deliveryWindows.length > 0 && (
          <Fact term="Delivery">
            <DeliveryWindowList windows={order.deliveryWindows} />
          </Fact>
        )}
      </dl>
      {parts.length > 0 && <StorePartList order={order} />}
      {order.orderItems.length > 0 && (
        <ul className="order-history-preview" aria-label="Items">
          {preview.map((item, index) => (
            <li key={`${index}-${item.productName}`}>
              <OrderItemProduct item={item} imageSize={PREVIEW_IMAGE_SIZE} prefix={`${item.quantity}x `} />
            </li>
          ))}
          {hidden > 0 && <li className="order-history-more">{moreItemsLabel(hidden)}</li>}
        </ul>
      )}
      <div className="order-links">
        <Link className="btn btn-primary" to={paths.orderDetails(order.orderId)} aria-describedby={headingId}>
          View Details
        </Link>
        <ReorderButton orderId={order.orderId} describedBy={headingId} />
        {!isFinalStatus(status) && (
          <a className="btn btn-outline" href={supportHref} aria-describedby={headingId}>
            Contact Support
          </a>
        )}
      </div>
    </article>
  );
}
