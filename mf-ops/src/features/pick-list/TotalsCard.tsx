// The whole order's money as the server recomputed it after the stores' changes, and what went back.
import { useId } from 'react';
import { formatCents, formatUsShortDate, titleCaseStatus, type OpsOrderTotals, type OpsRefund } from '@grocer/shared';
import { OPS_TEXT } from '../../lib/opsText.ts';

export function TotalsCard({ totals, refunds }: { totals: OpsOrderTotals; refunds: OpsRefund[] }) {
  const id = useId();
  const t = OPS_TEXT.pick;
  return (
    <section className="card ops-card" aria-labelledby={id}>
      <h2 id={id}>{t.totals}</h2>
      <dl className="ops-dl">
        <dt>{t.subtotal}</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
        <dt>{t.tax}</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
        <dt>{t.serviceFee}</dt>
        <dd>{formatCents(totals.serviceFeeCents + totals.processingFeeCents)}</dd>
        <dt>{t.deliveryFee}</dt>
        <dd>{formatCents(totals.deliveryFeeCents)}</dd>
        <dt>{t.total}</dt>
        <dd>
          <strong>{formatCents(totals.totalCents)}</strong>
        </dd>
        <dt>{t.paid}</dt>
        <dd>{formatCents(totals.originalTotalCents)}</dd>
        <dt>{t.refunded}</dt>
        <dd>{formatCents(totals.refundedCents)}</dd>
      </dl>
      <h3>{t.refunds}</h3>
      {refunds.length === 0 ? (
        <p className="ops-muted">{t.noRefunds}</p>
      ) : (
        <ul className="ops-list">
          {refunds.map((refund) => (
            <li key={refund.id} className="ops-row">
              <span className="ops-grow">
                {formatCents(refund.amountCents)} · {refund.reason}
              </span>
              <span className="ops-badge">{titleCaseStatus(refund.status)}</span>
              <span className="ops-muted">{formatUsShortDate(refund.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
