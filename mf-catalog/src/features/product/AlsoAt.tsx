// "Also at": the same item at the other stores with their prices and unit prices, cheapest first (the
// server's order), each linking to that store's product page; with the shopper's distance and
// delivery fee per store when the page has them.
import { Link } from 'react-router';
import { formatCents, formatDollars, paths, type DeliveryFeeResponse, type Product } from '@grocer/shared';
import { ErrorMessage, LoadingMessage, SkeletonLines } from '../../components/StatusMessage.tsx';

export const ALSO_AT_ID = 'also-at';

export interface AlsoAtProps {
  offers: Product[] | undefined;
  isError: boolean;
  onRetry: () => void;
  fees: DeliveryFeeResponse | null;
}

export function AlsoAt({ offers, isError, onRetry, fees }: AlsoAtProps) {
  let body;
  if (offers) {
    body =
      offers.length === 0 ? (
        <p className="also-at-none">No other store sells this item right now.</p>
      ) : (
        <ul className="offers">
          {offers.map((offer) => {
            const fee = fees?.deliveryFees[offer.storeUuid];
            return (
              <li key={offer.uuid} className="offer">
                <span className="offer-store">
                  {offer.store.publicId ? (
                    <Link to={paths.product(offer.store.publicId, offer.uuid)}>{offer.store.name}</Link>
                  ) : (
                    offer.store.name
                  )}
                </span>
                <span className="offer-price">{formatCents(offer.price_cents)}</span>
                <span className="offer-unit">{offer.unitPrice.label}</span>
                {fee && (
                  <span className="offer-fee">
                    {fee.distance.toFixed(1)} mi · Delivery {formatDollars(fee.deliveryFee)}
                  </span>
                )}
                {offer.stockStatus === 'OUT_OF_STOCK' && <span className="offer-out">Out of stock</span>}
              </li>
            );
          })}
        </ul>
      );
  } else if (isError) {
    body = <ErrorMessage message="Failed to fetch other stores" onRetry={onRetry} />;
  } else {
    body = (
      <>
        <LoadingMessage label="Loading other stores" />
        <SkeletonLines />
      </>
    );
  }
  return (
    <section id={ALSO_AT_ID} className="panel also-at" aria-labelledby={`${ALSO_AT_ID}-heading`} aria-busy={!offers && !isError}>
      <h2 id={`${ALSO_AT_ID}-heading`}>Also at</h2>
      {body}
    </section>
  );
}
