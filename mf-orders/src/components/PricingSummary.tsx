// Subtotal, tax, service fee (as shown to the shopper), delivery fee and total of an order; once a store
// replaced or dropped lines, also what was paid and what went back (the total is already the new one).
import { useId } from 'react';
import { formatDollars, type Order } from '@grocer/shared';
import { Fact } from './Fact.tsx';
import './orders.css';

type Amounts = Pick<Order, 'subtotal' | 'taxAmount' | 'displayServiceFee' | 'deliveryFee' | 'totalAmount' | 'adjustments'>;

export function PricingSummary({ order, heading = 'Order Summary' }: { order: Amounts; heading?: string }) {
  const headingId = useId();
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal],
    ['Tax', order.taxAmount],
    ['Service Fee', order.displayServiceFee],
    ['Delivery Fee', order.deliveryFee],
  ];
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <dl className="order-pricing">
        {rows.map(([label, amount]) => (
          <Fact key={label} term={label}>
            {formatDollars(amount)}
          </Fact>
        ))}
        <Fact term="Total" className="order-pricing-total">
          {formatDollars(order.totalAmount)}
        </Fact>
        {order.adjustments && order.adjustments.refundedTotal > 0 && (
          <>
            <Fact term="Originally Paid">{formatDollars(order.adjustments.originalTotal)}</Fact>
            <Fact term="Refunded" className="order-pricing-refund">
              {formatDollars(order.adjustments.refundedTotal)}
            </Fact>
          </>
        )}
      </dl>
    </section>
  );
}
