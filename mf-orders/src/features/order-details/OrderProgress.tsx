// The four-step progress timeline, lit from the store parts' statuses (orderProgress.ts). Each step
// says in words whether it is reached, so the lit colour is never the only signal.
import { useId } from 'react';
import type { OrderStatus } from '@grocer/shared';
import { orderProgress } from './orderProgress.ts';

export function OrderProgress({ status, parts }: { status: OrderStatus; parts?: readonly OrderStatus[] }) {
  const headingId = useId();
  const steps = orderProgress(status, parts);
  const current = steps.findLastIndex((step) => step.lit);
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Order Progress</h2>
      <ol className="order-steps">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className={`order-progress-step${step.lit ? ' is-lit' : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="order-step-marker" aria-hidden="true">
              {step.lit ? '✓' : index + 1}
            </span>
            <span className="order-progress-text">
              <span className="order-progress-title">{step.title}</span>
              <span className="visually-hidden">{step.lit ? ' (reached)' : ' (not reached yet)'}</span>
              {step.note && <span className="order-progress-note">{step.note}</span>}
              {step.stores && <span className="order-progress-stores">{step.stores}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
