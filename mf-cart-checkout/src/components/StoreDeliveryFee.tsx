// One store's delivery fee line (spec §2: per-store delivery fees on the cart and the checkout summary).
import { formatDollars, type StoreDeliveryFee as Fee } from '@grocer/shared';
import './cartCheckout.css';

export function StoreDeliveryFee({ fee }: { fee: Fee | undefined }) {
  if (!fee) return null;
  return (
    <p className="store-fee">
      <span>
        Delivery fee <span className="store-fee-distance">({fee.distance.toFixed(1)} mi)</span>
      </span>
      <span>{formatDollars(fee.deliveryFee)}</span>
    </p>
  );
}
