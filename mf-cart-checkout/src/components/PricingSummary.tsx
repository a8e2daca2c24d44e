// The money under the lines (spec §3 payment breakdown): the server's pricing for a signed-in shopper,
// or the subtotal alone for a visitor, while it loads, or when pricing failed.
import { formatCents, formatDollars, type PaymentBreakdown } from '@grocer/shared';
import './cartCheckout.css';

export interface PricingSummaryProps {
  subtotalCents: number;
  pricing: PaymentBreakdown | null;
  loading?: boolean;
  /** Shown under a subtotal-only summary (e.g. why there is no total yet). */
  note?: string;
}

function Row({ label, value, total = false }: { label: string; value: string; total?: boolean }) {
  return (
    <div className={`pricing-row${total ? ' pricing-total' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function PricingSummary({ subtotalCents, pricing, loading = false, note }: PricingSummaryProps) {
  if (!pricing) {
    return (
      <>
        <dl className="pricing-summary" aria-busy={loading || undefined}>
          <Row label="Subtotal" value={formatCents(subtotalCents)} />
        </dl>
        {loading ? (
          <p className="pricing-note" role="status">
            Calculating totals...
          </p>
        ) : (
          note && <p className="pricing-note">{note}</p>
        )}
      </>
    );
  }
  // displayServiceFee already holds the payment processing fee (README "Checkout, fees and pricing"), so
  // the shown lines add up to the total; a separate processing line would count it twice.
  return (
    <dl className="pricing-summary">
      <Row label="Subtotal" value={formatDollars(pricing.subtotal)} />
      <Row label="Tax" value={formatDollars(pricing.tax)} />
      <Row label="Service Fee" value={formatDollars(pricing.displayServiceFee)} />
      <Row label="Delivery Fee" value={formatDollars(pricing.deliveryFee)} />
      <Row label="Total" value={formatDollars(pricing.total)} total />
    </dl>
  );
}
