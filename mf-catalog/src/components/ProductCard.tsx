// The catalogue's product card: sized image and name linking to the product page,
// the store on cross-store lists, price and unit price, dietary badges, Add to Cart (or 'Out of stock')
// and the heart.
import { useId } from 'react';
import { Link } from 'react-router';
import { Picture, formatCents, paths, type PictureProps, type Product } from '@grocer/shared';
import { AddToCartButton } from './AddToCartButton.tsx';
import { DietaryBadges } from './DietaryBadges.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import './ProductCard.css';

/** Intrinsic size of the card image; CSS scales it, the attributes reserve its box (no layout shift). */
export const PRODUCT_IMAGE_SIZE = 240;

export interface ProductCardOwnProps {
  product: Product;
  /** How its picture loads (Picture): 'first' above the fold on every screen, 'eager' above it on wide ones. */
  imageLoad?: PictureProps['load'];
  /** 'Available at {store}' (spec §2 search); a store's own listing leaves it out, every card would repeat it. */
  showStore?: boolean;
}

export function ProductCard({ product, imageLoad = 'lazy', showStore = true }: ProductCardOwnProps) {
  const titleId = useId();
  const outOfStock = product.stockStatus === 'OUT_OF_STOCK';
  // A product of an unknown store has no publicId, so no page to open.
  const href = product.store.publicId ? paths.product(product.store.publicId, product.uuid) : undefined;
  const image = <Picture src={product.image} size={PRODUCT_IMAGE_SIZE} load={imageLoad} />;
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <div className="product-card-media">
        {/* The name below is the same link, so the picture's is skipped by keyboard and screen readers. */}
        {href ? (
          <Link to={href} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        ) : (
          image
        )}
        <FavouriteButton product={product} />
      </div>
      <div className="product-card-body">
        <h3 id={titleId} className="product-card-name">
          {href ? <Link to={href}>{product.name}</Link> : product.name}
        </h3>
        {showStore && <p className="product-card-store">Available at {product.store.name}</p>}
        <p className="product-card-prices">
          <span className="product-card-price">{formatCents(product.price_cents)}</span>{' '}
          <span className="product-card-unit">{product.unitPrice.label}</span>
        </p>
        <DietaryBadges attributes={product.dietary} />
        <div className="product-card-action">
          {outOfStock ? <p className="product-card-out">Out of stock</p> : <AddToCartButton product={product} describedBy={titleId} />}
        </div>
      </div>
    </article>
  );
}

export default ProductCard;
