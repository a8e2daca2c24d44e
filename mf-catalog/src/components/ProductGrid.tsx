// The product grid of the listing and the search, and its placeholder while a page loads.
import { CONSTANTS, type Product } from '@grocer/shared';
import { ProductCard } from './ProductCard.tsx';
import './ProductCard.css';
import './StatusMessage.css';

/** Cards in the first row on a wide screen: their images load eagerly (above the fold). */
const FIRST_ROW = 4;

/** `showStore` is for cross-store lists (search); a store's own listing passes false. */
export function ProductGrid({ products, showStore = true }: { products: readonly Product[]; showStore?: boolean }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.uuid}>
          <ProductCard product={product} priority={index < FIRST_ROW} showStore={showStore} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = CONSTANTS.PAGE_SIZE }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="product-card product-card-skeleton">
            <div className="product-card-media" />
            <div className="product-card-body">
              <div className="skeleton-line" />
              <div className="skeleton-line short" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
