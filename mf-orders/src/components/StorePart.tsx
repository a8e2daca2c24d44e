// A store's part of an order, as the details page and the history show it: the store's own status
// badge (the spec's texts and colours) and its booked window.
import type { OrderStorePart } from '@grocer/shared';
import { orderStatusOf } from '../lib/orderStatus.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { windowText } from './DeliveryWindows.tsx';
import './orders.css';

/**
 * The part's badge and window ('Delivery Mon, Nov 30, 5:00 PM – 7:00 PM'). The badge only where the
 * order has several stores: a one-store order's part stands where the order's own badge says.
 */
export function StorePartFacts({ part, badge }: { part: OrderStorePart; badge: boolean }) {
  return (
    <>
      {badge && <StatusBadge status={orderStatusOf(part.status)} />}
      {part.deliveryWindow && <span className="order-part-window">Delivery {windowText(part.deliveryWindow)}</span>}
    </>
  );
}
