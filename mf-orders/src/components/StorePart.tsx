// One store's part of an order, as the details page and the history show it: the store's own status
// badge (the spec's texts and colours) and its booked window; the details page lists its lines under it.
import { formatDollars, type OrderItem, type OrderStorePart } from '@grocer/shared';
import { orderStatusOf } from '../lib/orderStatus.ts';
import { OrderItemsList } from './OrderItemsList.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { windowText } from './DeliveryWindows.tsx';
import './orders.css';

/** The part's badge and window ('Delivery Mon, Nov 30, 5:00 – 7:00 PM'). */
export function StorePartFacts({ part }: { part: OrderStorePart }) {
  return (
    <>
      <StatusBadge status={orderStatusOf(part.status)} />
      {part.deliveryWindow && <span className="order-part-window">Delivery {windowText(part.deliveryWindow)}</span>}
    </>
  );
}

/** The details page's card of one store: its facts, what its lines refunded, and its lines with what happened to each. */
export function StorePartItems({ part, items }: { part: OrderStorePart; items: readonly OrderItem[] }) {
  return (
    <OrderItemsList items={items} heading={part.storeName}>
      <p className="order-part-facts">
        <StorePartFacts part={part} />
        {part.refunded > 0 && <span className="order-part-refund">{formatDollars(part.refunded)} refunded</span>}
      </p>
    </OrderItemsList>
  );
}
