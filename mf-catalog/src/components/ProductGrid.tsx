// The product grid of the listing and the search, and its placeholder while a page loads.
import { CONSTANTS, type Product } from '@grocer/shared';
import { ProductCard } from './ProductCard.tsx';
import { SkeletonGrid } from './StatusMessage.tsx';
import './ProductCard.css';
import './StatusMessage.css';

/** Cards in the first row on a wide screen: their images load eagerly (above the fold). */
const FIRST_ROW = 4;
/**
 * Cards in the first row on a phone: their images are fetched first, and preloaded by the page the
 * server renders. More at that priority only shared the phone's line with the largest one.
 */
const PHONE_ROW = 2;

/** `showStore` is for cross-store lists (search); a store's own listing passes false. */
export function ProductGrid({ products, showStore = true }: { products: readonly Product[]; showStore?: boolean }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.uuid}>
          <ProductCard
            product={product}
            imageLoad={index < PHONE_ROW ? 'first' : index < FIRST_ROW ? 'eager' : 'lazy'}
            showStore={showStore}
          />
        </li>
      ))}
    </ul>
  );
}

const SKELETON_CLASSES = {
  grid: 'product-grid',
  card: 'product-card product-card-skeleton',
  media: 'product-card-media',
  body: 'product-card-body',
};

export function ProductGridSkeleton({ count = CONSTANTS.PAGE_SIZE }: { count?: number }) {
  return <SkeletonGrid count={count} classes={SKELETON_CLASSES} />;
}
