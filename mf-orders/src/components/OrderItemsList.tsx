// An order's lines: quantity, product name, store (default 'Store'), unit price × quantity and line total.
import { useId } from 'react';
import { formatDollars, type OrderItem } from '@grocer/shared';
import { lineTotalOf, storeNameOf } from '../lib/orderText.ts';
import './orders.css';

export function OrderItemsList({ items, heading = 'Order Items' }: { items: readonly OrderItem[]; heading?: string }) {
  const headingId = useId();
  return (
    <section className="order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul className="order-items" aria-labelledby={headingId}>
        {items.map((item, index) => (
          <li key={`${index}-${item.productName}`} className="order-item">
            <div>
              <p className="order-item-name">
                {item.quantity}x {item.productName}
              </p>
              <p className="order-item-meta">
                {storeNameOf(item)} · {formatDollars(item.unitPrice)} × {item.quantity}
              </p>
            </div>
            <span className="order-item-price">{formatDollars(lineTotalOf(item))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
