// A product card (exposed as `catalog/ProductCard`; the account's favourites grid uses it too):
// sized image, name, store, price, Add to Cart (or 'Out of stock') and the favourite heart.
import { useId } from 'react';
import { assetUrl, formatCents, type ProductCardProps } from '@grocer/shared';
import { AddToCartButton } from './AddToCartButton.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import './ProductCard.css';

/** Intrinsic size of the card image; CSS scales it, the attributes reserve its box (no layout shift). */
export const PRODUCT_IMAGE_SIZE = 240;

export interface ProductCardOwnProps extends ProductCardProps {
  /** Images of the first row load eagerly with high priority; the rest lazily. */
  priority?: boolean;
}

export function ProductCard({ product, priority = false }: ProductCardOwnProps) {
  const titleId = useId();
  const outOfStock = product.stockStatus === 'OUT_OF_STOCK';
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <div className="product-card-media">
        {/* The name is the heading right below, so the picture adds nothing for a screen reader. */}
        <img
          src={assetUrl(product.image)}
          alt=""
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
        <FavouriteButton product={product} />
      </div>
      <div className="product-card-body">
        <h3 id={titleId} className="product-card-name">
          {product.name}
        </h3>
        <p className="product-card-store">Available at {product.store.name}</p>
        <p className="product-card-price">{formatCents(product.price_cents)}</p>
        <div className="product-card-action">
          {outOfStock ? <p className="product-card-out">Out of stock</p> : <AddToCartButton product={product} describedBy={titleId} />}
        </div>
      </div>
    </article>
  );
}

export default ProductCard;
