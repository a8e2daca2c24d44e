// Subtotal, tax, service fee (as shown to the shopper), delivery fee and total of an order.
import { useId } from 'react';
import { formatDollars, type Order } from '@grocer/shared';
import { Fact } from './Fact.tsx';
import './orders.css';

type Amounts = Pick<Order, 'subtotal' | 'taxAmount' | 'displayServiceFee' | 'deliveryFee' | 'totalAmount'>;

export function PricingSummary({ order, heading = 'Order Summary' }: { order: Amounts; heading?: string }) {
  const headingId = useId();
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal],
    ['Tax', order.taxAmount],
    ['Service Fee', order.displayServiceFee],
    ['Delivery Fee', order.deliveryFee],
  ];
  return (
    <section className="order-card" aria-labelledby={headingId}>
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
      </dl>
    </section>
  );
}
