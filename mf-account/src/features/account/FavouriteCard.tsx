// A product card on /account (a favourite, or one to buy again): picture and name linking to the
// product page, 'Available at {store}' (a cross-store list), price and unit price, an optional note,
// Add to Cart, and remove for favourites. Remotes never import each other, so this is the account's
// own small card rather than the catalogue's ProductCard.
import { useId } from 'react';
import { Link } from 'react-router';
import {
  addToCart,
  Picture,
  favouriteAdded,
  favouriteRemoved,
  formatCents,
  paths,
  showToast,
  useAppDispatch,
  type Product,
} from '@grocer/shared';
import { useFavouritesRemoveMutation } from '@grocer/shared';
import { errorStatus } from '../../lib/errors.ts';

const IMAGE_SIZE = 160;

export function FavouriteCard({
  product,
  onAdded,
  onRemoved,
  note,
}: {
  product: Product;
  onAdded: (name: string) => void;
  /** Given for favourites: the card then offers Remove. */
  onRemoved?: () => void;
  note?: string;
}) {
  const dispatch = useAppDispatch();
  const [removeFavourite] = useFavouritesRemoveMutation();
  const titleId = useId();
  // A product of an unknown store has no publicId, so no page to open.
  const href = product.store?.publicId ? paths.product(product.store.publicId, product.uuid) : undefined;
  const image = <Picture src={product.image} size={IMAGE_SIZE} />;

  const add = () => {
    // The shared thunk refuses duplicates (with its own toast) and out-of-stock products.
    if (dispatch(addToCart(product)) === 'added') onAdded(product.name);
  };

  const remove = async () => {
    // The slice changes first so the card goes at once; a failure puts it back and says so.
    dispatch(favouriteRemoved(product.uuid));
    onRemoved?.();
    try {
      await removeFavourite(product.uuid).unwrap();
    } catch (error) {
      dispatch(favouriteAdded(product));
      // A 401 is reported by the session-expired flow.
      if (errorStatus(error) !== 401) showToast('error', 'Failed to remove from favorites');
    }
  };

  return (
    <article className="favourite-card" aria-labelledby={titleId}>
      {/* The name is the same link, so the picture's is skipped by keyboard and screen readers. */}
      {href ? (
        <Link to={href} tabIndex={-1} aria-hidden="true">
          {image}
        </Link>
      ) : (
        image
      )}
      <div className="favourite-card-body">
        <h3 id={titleId}>{href ? <Link to={href}>{product.name}</Link> : product.name}</h3>
        {product.store?.name && <p className="favourite-card-store">Available at {product.store.name}</p>}
        <p className="favourite-card-price">
          {formatCents(product.price_cents)} <span className="favourite-card-unit">{product.unitPrice.label}</span>
        </p>
        {note && <p className="favourite-card-store">{note}</p>}
        <div className="favourite-card-actions">
          {product.stockStatus === 'OUT_OF_STOCK' ? (
            <p className="favourite-card-out">Out of stock</p>
          ) : (
            <button type="button" className="btn btn-primary" aria-describedby={titleId} onClick={add}>
              Add to Cart
            </button>
          )}
          {onRemoved && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Remove ${product.name} from favorites`}
              onClick={() => void remove()}
            >
              Remove
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
