// The product page (/store/:pathName/product/:productUuid): picture, name, brand, size, price, unit
// price, stock, category and store with breadcrumbs, Add to Cart with a quantity stepper, the heart,
// and "Also at" the other stores. Shareable: it reads everything from the URL and the API.
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  apiErrorStatus,
  Picture,
  formatCents,
  formatDollars,
  isAddressComplete,
  paths,
  quantityChanged,
  selectCartItems,
  selectUser,
  useAppDispatch,
  useAppSelector,
  useDeliveryFeesQuery,
  type DeliveryFeeResponse,
  type PageDataLoader,
  type Product,
} from '@grocer/shared';
import { JsonLd, PageHead } from '@grocer/shared/head';
import { AddToCartButton } from '../../components/AddToCartButton.tsx';
import { DietaryBadges } from '../../components/DietaryBadges.tsx';
import { FavouriteButton } from '../../components/FavouriteButton.tsx';
import { PageBanner } from '../../components/PageBanner.tsx';
import { EmptyMessage, ErrorMessage, LoadingMessage, SkeletonLines } from '../../components/StatusMessage.tsx';
import { AlsoAt, ALSO_AT_ID } from './AlsoAt.tsx';
import { productApi, useCatalogProductOffersQuery, useCatalogProductQuery } from './productApi.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import { settleQueries } from '../../lib/settleQueries.ts';
import { productData } from '../../lib/structuredData.ts';
import '../../components/ProductCard.css';
import './ProductPage.css';

/** Intrinsic size of the large picture; the attributes reserve its box (no layout shift). */
export const PRODUCT_PAGE_IMAGE_SIZE = 400;
export const PRODUCT_ERROR = 'Failed to fetch product';

/** The search engines' line for a product: what it is, where, at what price, and whether it is there. */
export function productDescription(product: Product): string {
  const stock = product.stockStatus === 'OUT_OF_STOCK' ? 'Out of stock' : 'In stock';
  return `${product.name} by ${product.brand} at ${product.store.name}: ${formatCents(product.price_cents)} (${product.unitPrice.label}). ${stock}, delivered by Grocer.`;
}

/** The product and the other stores that sell it, as the page's first render reads them. */
export const loadPageData: PageDataLoader = ({ params }, dispatch) => {
  const productUuid = params.productUuid ?? '';
  return settleQueries([
    dispatch(productApi.endpoints.catalogProduct.initiate(productUuid)),
    dispatch(productApi.endpoints.catalogProductOffers.initiate(productUuid)),
  ]);
};

export default function ProductPage() {
  const { pathName = '', productUuid = '' } = useParams();
  const result = useCatalogProductQuery(productUuid);
  // currentData is only ever this URL's answer: another product never shows under this one's URL.
  const product = result.currentData;
  const notFound = apiErrorStatus(result.error) === 404;

  if (product) {
    // One URL per product: a link that names another store lands on the product's own store.
    if (product.store.publicId && product.store.publicId !== pathName) {
      return <Navigate replace to={paths.product(product.store.publicId, product.uuid)} />;
    }
    return <ProductView key={product.uuid} product={product} pathName={pathName} />;
  }
  if (notFound) return <ProductNotFound pathName={pathName} />;
  return (
    <div className="page product-page">
      <PageHead title="Product" />
      <PageBanner title={result.isError ? 'Product' : 'Loading product…'} breadcrumbs={[{ label: 'Home', to: paths.home() }]} />
      {result.isError ? (
        <ErrorMessage message={PRODUCT_ERROR} onRetry={() => void result.refetch()} />
      ) : (
        <div className="product-layout" aria-busy="true">
          <LoadingMessage label="Loading product" />
          <div className="product-media product-media-skeleton" />
          <div className="product-details">
            <SkeletonLines />
          </div>
        </div>
      )}
    </div>
  );
}

function ProductView({ product, pathName }: { product: Product; pathName: string }) {
  // A product whose store the API could not match has no publicId; the URL's store stands in.
  const publicId = product.store.publicId ?? pathName;
  const offers = useCatalogProductOffersQuery(product.uuid);
  const fees = useStoreFees(product, offers.currentData, offers.isSuccess || offers.isError);
  const outOfStock = product.stockStatus === 'OUT_OF_STOCK';
  const inStockElsewhere = offers.currentData?.filter((offer) => offer.stockStatus === 'IN_STOCK').length ?? 0;
  const ownFee = fees?.deliveryFees[product.storeUuid];

  return (
    <div className="page product-page">
      <PageHead title={product.name} description={productDescription(product)} canonicalPath={paths.product(publicId, product.uuid)} />
      <JsonLd data={productData(product, publicId)} />
      <PageBanner
        title={product.name}
        subtitle={product.brand}
        breadcrumbs={[
          { label: 'Home', to: paths.home() },
          { label: product.store.name, to: paths.store(publicId) },
          { label: product.category.name, to: paths.storeCategory(publicId, product.categoryUuid) },
          { label: product.name },
        ]}
      />
      <div className="product-layout">
        <div className="product-media">
          {/* The name is the page's heading, so the picture adds nothing for a screen reader. */}
          <Picture src={product.image} size={PRODUCT_PAGE_IMAGE_SIZE} load="first" />
          <FavouriteButton product={product} />
        </div>
        <div className="product-details">
          <p className="product-price">{formatCents(product.price_cents)}</p>
          <p className="product-unit-price">{product.unitPrice.label}</p>
          <DietaryBadges attributes={product.dietary} className="product-dietary" />
          <dl className="product-facts">
            <div>
              <dt>Brand</dt>
              <dd>{product.brand}</dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{product.size.label}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>
                <Link to={paths.storeCategory(publicId, product.categoryUuid)}>{product.category.name}</Link>
              </dd>
            </div>
            <div>
              <dt>Store</dt>
              <dd>
                <Link to={paths.store(publicId)}>{product.store.name}</Link>
              </dd>
            </div>
            <div>
              <dt>Availability</dt>
              <dd className={outOfStock ? 'product-stock-out' : 'product-stock-in'}>{outOfStock ? 'Out of stock' : 'In stock'}</dd>
            </div>
            {ownFee && (
              <div>
                <dt>Delivery</dt>
                <dd>
                  {formatDollars(ownFee.deliveryFee)} ({ownFee.distance.toFixed(1)} mi)
                </dd>
              </div>
            )}
          </dl>
          {outOfStock ? (
            <p className="product-out">
              Out of stock
              {inStockElsewhere > 0 && (
                <a href={`#${ALSO_AT_ID}`}>
                  In stock at {inStockElsewhere} other {inStockElsewhere === 1 ? 'store' : 'stores'}
                </a>
              )}
            </p>
          ) : (
            <AddToCart product={product} />
          )}
        </div>
      </div>
      <AlsoAt offers={offers.currentData} isError={offers.isError} onRetry={() => void offers.refetch()} fees={fees} />
    </div>
  );
}

/** The stepper chooses how many to add; once the product is in the cart it changes the cart's line. */
function AddToCart({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const line = useAppSelector(selectCartItems).find((item) => item.uuid === product.uuid);
  const [quantity, setQuantity] = useState(1);
  const value = line?.quantity ?? quantity;
  const max = product.stockQuantity;
  return (
    <div className="product-add">
      <QuantityStepper
        label={line ? `Quantity of ${product.name} in your cart` : `Quantity of ${product.name}`}
        value={value}
        max={max}
        onChange={(next) => (line ? dispatch(quantityChanged({ uuid: product.uuid, quantity: next })) : setQuantity(next))}
      />
      <AddToCartButton product={product} quantity={max === undefined ? quantity : Math.min(quantity, max)} />
      {max !== undefined && max > 0 && value >= max && <p className="product-stock-limit">Only {max} left</p>}
    </div>
  );
}

/**
 * The shopper's distance and delivery fee for this store and the others (POST /delivery-fees), only
 * for a signed-in shopper with a complete address (spec §5), once the other stores are known.
 */
function useStoreFees(product: Product, offers: Product[] | undefined, offersSettled: boolean): DeliveryFeeResponse | null {
  const address = useAppSelector(selectUser)?.address;
  const storeUuids = [...new Set([product.storeUuid, ...(offers ?? []).map((offer) => offer.storeUuid)])].sort();
  const args = address && isAddressComplete(address) && offersSettled ? { storeUuids, ...address } : skipToken;
  const fees = useDeliveryFeesQuery(args);
  return args === skipToken ? null : (fees.currentData ?? null);
}

function ProductNotFound({ pathName }: { pathName: string }) {
  return (
    <div className="page product-page">
      <PageHead title="Product not found" noindex />
      <PageBanner title="Product not found" breadcrumbs={[{ label: 'Home', to: paths.home() }, { label: 'Product not found' }]} />
      <EmptyMessage title="We couldn't find this product">
        <p>It may no longer be sold, or the link may be wrong.</p>
        <p className="product-not-found-links">
          {pathName && (
            <Link className="btn btn-primary" to={paths.store(pathName)}>
              Back to the store
            </Link>
          )}
          <Link className="btn btn-outline" to={paths.home()}>
            Browse all stores
          </Link>
        </p>
      </EmptyMessage>
    </div>
  );
}
