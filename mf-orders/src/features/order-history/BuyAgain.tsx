// 'Buy again' on /order-history: the products of the shopper's past orders, most often bought first,
// as sold today (price, stock), each with Add to Cart. Hidden until there is something to show.
import { useId } from 'react';
import { Link } from 'react-router';
import { addToCart, Picture, formatCents, paths, selectCartItems, useAppDispatch, useAppSelector, type BuyAgainItem } from '@grocer/shared';
import { useOrdersBuyAgainQuery } from '../../lib/ordersApi.ts';

export const BUY_AGAIN_LIMIT = 12;
const IMAGE_SIZE = 64;

export function BuyAgain({ userUuid }: { userUuid: string }) {
  const headingId = useId();
  const { data, isError } = useOrdersBuyAgainQuery({ userUuid, limit: BUY_AGAIN_LIMIT }, { refetchOnMountOrArgChange: true });
  const inCart = new Set(useAppSelector(selectCartItems).map((i) => i.uuid));
  // The orders below are the page; a failed or empty list is not worth a message of its own.
  if (isError || !data || data.length === 0) return null;
  return (
    <section className="card order-card buy-again" aria-labelledby={headingId}>
      <h2 id={headingId}>Buy again</h2>
      <ul className="buy-again-list">
        {data.map((item) => (
          <li key={item.product.uuid}>
            <BuyAgainProduct item={item} inCart={inCart.has(item.product.uuid)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BuyAgainProduct({ item: { product, timesOrdered }, inCart }: { item: BuyAgainItem; inCart: boolean }) {
  const dispatch = useAppDispatch();
  const nameId = useId();
  const href = product.store.publicId ? paths.product(product.store.publicId, product.uuid) : undefined;
  return (
    <article className="buy-again-product" aria-labelledby={nameId}>
      <Picture src={product.image} size={IMAGE_SIZE} />
      <div>
        <h3 id={nameId}>{href ? <Link to={href}>{product.name}</Link> : product.name}</h3>
        <p className="order-item-meta">
          {product.store.name} · {formatCents(product.price_cents)} · {product.unitPrice.label}
        </p>
        <p className="order-item-meta">Ordered {timesOrdered === 1 ? 'once' : `${timesOrdered} times`}</p>
        {product.stockStatus === 'OUT_OF_STOCK' ? (
          <p className="buy-again-out">Out of stock</p>
        ) : inCart ? (
          <button type="button" className="btn btn-outline" disabled aria-describedby={nameId}>
            In Cart
          </button>
        ) : (
          <button type="button" className="btn btn-primary" aria-describedby={nameId} onClick={() => dispatch(addToCart(product))}>
            Add to Cart
          </button>
        )}
      </div>
    </article>
  );
}
