// The checkout's sidebar (spec §2): the cart grouped by store (each line with its picture, a link to the
// product and its unit price) with per-store delivery fees, the pricing and 'Back to Cart'.
import { useId } from 'react';
import { Link } from 'react-router';
import { Picture, formatCents, paths, type DeliveryFeeResponse, type PaymentBreakdown } from '@grocer/shared';
import { PricingSummary } from '../../components/PricingSummary.tsx';
import { StoreDeliveryFee } from '../../components/StoreDeliveryFee.tsx';
import type { StoreGroup } from '../../lib/groupByStore.ts';

/** Intrinsic size of a line's thumbnail; the attributes reserve its box (no layout shift). */
const SUMMARY_IMAGE_SIZE = 40;

export interface OrderSummaryProps {
  groups: StoreGroup[];
  fees: DeliveryFeeResponse | null;
  subtotalCents: number;
  pricing: PaymentBreakdown | null;
  pricingLoading: boolean;
}

export function OrderSummary({ groups, fees, subtotalCents, pricing, pricingLoading }: OrderSummaryProps) {
  const headingId = useId();
  return (
    <aside className="summary-aside card summary-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Order Summary</h2>
      {groups.map((group) => (
        <section key={group.storeUuid} className="summary-store" aria-label={group.storeName}>
          <h3>{group.storeName}</h3>
          <ul className="plain-list summary-lines">
            {group.items.map((item) => (
              <li key={item.uuid}>
                <Picture src={item.image} size={SUMMARY_IMAGE_SIZE} />
                <span className="summary-line-info">
                  {item.store.publicId ? <Link to={paths.product(item.store.publicId, item.uuid)}>{item.name}</Link> : item.name}{' '}
                  <span className="summary-quantity">× {item.quantity}</span>
                  {item.unitPrice && <span className="summary-unit">{item.unitPrice.label}</span>}
                </span>
                <span>{formatCents(item.price_cents * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <StoreDeliveryFee fee={fees?.deliveryFees[group.storeUuid]} />
        </section>
      ))}
      <PricingSummary subtotalCents={subtotalCents} pricing={pricing} loading={pricingLoading} />
      <Link to={paths.cart()} className="btn btn-outline btn-block summary-back">
        Back to Cart
      </Link>
    </aside>
  );
}
