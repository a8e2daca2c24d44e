// An order's lines: picture, quantity, product name (linking to its page), store (default 'Store'),
// unit price × quantity, the per-unit price, the line total, and what the store did with it once picked.
// With the order's store parts, the lines come grouped under each store: its name, its own status
// badge, its booked window and what its lines refunded.
import { useId } from 'react';
import { formatDollars, type OrderItem, type OrderStorePart } from '@grocer/shared';
import { itemsOfPart } from '../lib/orderParts.ts';
import { fulfilmentText, lineTotalOf, storeNameOf, substitutionText } from '../lib/orderText.ts';
import { OrderItemProduct } from './OrderItemProduct.tsx';
import { StorePartFacts } from './StorePart.tsx';
import './orders.css';

/** Intrinsic size of a line's thumbnail; the attributes reserve its box (no layout shift). */
const LINE_IMAGE_SIZE = 48;

export function OrderItemsList({
  items,
  heading = 'Order Items',
  parts = [],
}: {
  items: readonly OrderItem[];
  heading?: string;
  parts?: readonly OrderStorePart[];
}) {
  const headingId = useId();
  const grouped = parts.map((part) => ({ part, items: itemsOfPart({ orderItems: [...items] }, part) }));
  // Lines no part claims (none in a consistent answer) are still listed.
  const rest = items.filter((item) => !grouped.some((g) => g.items.includes(item)));
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {grouped.map((g) => (
        <StorePartGroup key={g.part.storeUuid} part={g.part} items={g.items} badge={parts.length > 1} />
      ))}
      {rest.length > 0 && <ItemRows items={rest} labelledBy={headingId} />}
    </section>
  );
}

/** One store's lines under its name, badge, window and refund. */
function StorePartGroup({ part, items, badge }: { part: OrderStorePart; items: readonly OrderItem[]; badge: boolean }) {
  const headingId = useId();
  return (
    <section className="order-part" aria-labelledby={headingId}>
      <h3 id={headingId}>{part.storeName}</h3>
      <p className="order-part-facts">
        <StorePartFacts part={part} badge={badge} />
        {part.refunded > 0 && <span className="order-part-refund">{formatDollars(part.refunded)} refunded</span>}
      </p>
      <ItemRows items={items} labelledBy={headingId} />
    </section>
  );
}

function ItemRows({ items, labelledBy }: { items: readonly OrderItem[]; labelledBy: string }) {
  return (
    <ul className="order-items" aria-labelledby={labelledBy}>
      {items.map((item, index) => (
        <li key={`${index}-${item.productName}`} className="order-item">
          <div>
            <p className="order-item-name">
              <OrderItemProduct item={item} imageSize={LINE_IMAGE_SIZE} prefix={`${item.quantity}x `} />
            </p>
            <p className="order-item-meta">
              {storeNameOf(item)} · {formatDollars(item.unitPrice)} × {item.quantity}
              {item.unitPriceLabel && ` · ${item.unitPriceLabel}`}
            </p>
            <p className="order-item-meta order-item-substitution">{substitutionText(item)}</p>
            {fulfilmentText(item) && (
              <p className={`order-item-fulfilment order-item-${item.fulfilment?.state.toLowerCase()}`}>{fulfilmentText(item)}</p>
            )}
          </div>
          <span className="order-item-price">{formatDollars(lineTotalOf(item))}</span>
        </li>
      ))}
    </ul>
  );
}
