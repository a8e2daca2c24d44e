// The confirmation's delivery timeline (spec §2): its own texts, not the details page's progress steps.
import { useId } from 'react';
import { formatUsTime } from '@grocer/shared';

/** `window`: the booked window text, which replaces the minutes-from-now estimate when the order has one. */
export function DeliveryTimeline({ estimatedAt, window }: { estimatedAt: Date; window?: string }) {
  const headingId = useId();
  const steps: [string, string][] = [
    ['Order Confirmed', 'Just now'],
    ['Preparing', '5-10 minutes'],
    ['Out for Delivery', '15-20 minutes'],
    ['Delivered', `Estimated ${window ?? formatUsTime(estimatedAt)}`],
  ];
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Delivery Timeline</h2>
      <ol className="order-steps delivery-timeline">
        {steps.map(([title, when], index) => (
          <li key={title} className={index === 0 ? 'is-lit' : undefined}>
            <span className="order-step-marker" aria-hidden="true">
              {index === 0 ? '✓' : index + 1}
            </span>
            <span className="delivery-timeline-title">{title}</span>
            <span className="delivery-timeline-when">{when}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
