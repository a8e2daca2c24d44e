// Each store's part of an order, as the details page and the history show it: the store's own status
// badge (the spec's texts and colours), its booked window and what happened to its lines. On the
// details page it is a card after the order's lines (which keep their place: the shell's early paint
// draws them where the page then shows them); each line there says its own fate and refund.
import { useId } from 'react';
import type { Order, OrderStorePart } from '@grocer/shared';
import { itemsOfPart, partOutcome, partsOf } from '../lib/orderParts.ts';
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

/** One line per store: its name, badge, window and what happened to its lines ('1 found, 1 unavailable · $6.97 refunded'). */
export function StorePartList({ order }: { order: Pick<Order, 'orderItems' | 'storeParts'> }) {
  const parts = partsOf(order);
  return (
    <ul className="order-parts" aria-label="Stores">
      {parts.map((part) => {
        const outcome = partOutcome(itemsOfPart(order, part), part);
        return (
          <li key={part.storeUuid} className="order-part-facts">
            <span className="order-part-store">{part.storeName}</span>
            <StorePartFacts part={part} badge={parts.length > 1} />
            {outcome && <span className="order-part-outcome">{outcome}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The details page's card of the stores' parts; nothing for an order without parts. */
export function StorePartsCard({ order }: { order: Pick<Order, 'orderItems' | 'storeParts'> }) {
  const headingId = useId();
  if (partsOf(order).length === 0) return null;
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Stores</h2>
      <StorePartList order={order} />
    </section>
  );
}
