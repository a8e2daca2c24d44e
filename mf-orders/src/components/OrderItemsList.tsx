// An order's lines: picture, quantity, product name (linking to its page), store (default 'Store'),
// unit price × quantity, the per-unit price, the line total, and what the store did with it once picked.
import { useId } from 'react';
import { formatDollars, type OrderItem } from '@grocer/shared';
import { fulfilmentText, lineTotalOf, ORDER_LINE_IMAGE_SIZE, storeNameOf, substitutionText } from '../lib/orderText.ts';
import { OrderItemProduct } from './OrderItemProduct.tsx';
import './orders.css';

export function OrderItemsList({ items, heading = 'Order Items' }: { items: readonly OrderItem[]; heading?: string }) {
  const headingId = useId();
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul className="order-items" aria-labelledby={headingId}>
        {items.map((item, index) => (
          <li key={`${index}-${item.productName}`} className="order-item">
            <div>
              <p className="order-item-name">
                <OrderItemProduct item={item} imageSize={ORDER_LINE_IMAGE_SIZE} prefix={`${item.quantity}x `} />
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
    </section>
  );
}
