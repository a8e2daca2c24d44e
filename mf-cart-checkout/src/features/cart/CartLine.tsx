// One cart line: picture and name linking to the product page, price each and unit price, minus/plus
// (minus disabled at the minimum of 1, plus at the stock the API reports, with 'Only N left' there),
// remove and the line total (spec §2 Cart, §5 Quantity).
import { Link } from 'react-router';
import { Picture, formatCents, itemRemoved, MIN_QUANTITY, paths, quantityChanged, useAppDispatch, type CartItem } from '@grocer/shared';
import { CART_IMAGE_SIZE, isAtStock, leftInStockText } from './cartLineParts.ts';
import { SubstitutionChoice } from './SubstitutionChoice.tsx';

export function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const setQuantity = (quantity: number) => dispatch(quantityChanged({ uuid: item.uuid, quantity }));
  // A product of an unknown store has no publicId, so no page to open.
  const href = item.store.publicId ? paths.product(item.store.publicId, item.uuid) : undefined;
  const image = <Picture src={item.image} size={CART_IMAGE_SIZE} />;
  const atStock = isAtStock(item);
  return (
    <li className="cart-line">
      {/* The name is the same link, so the picture's is skipped by keyboard and screen readers. */}
      {href ? (
        <Link className="cart-line-image" to={href} tabIndex={-1} aria-hidden="true">
          {image}
        </Link>
      ) : (
        <span className="cart-line-image">{image}</span>
      )}
      <div className="cart-line-info">
        <h3 className="cart-line-name">{href ? <Link to={href}>{item.name}</Link> : item.name}</h3>
        <p className="cart-line-unit">
          {formatCents(item.price_cents)} each
          {/* A cart stored before unit prices existed has none until its next stock refresh. */}
          {item.unitPrice && <span className="cart-line-unit-price"> · {item.unitPrice.label}</span>}
        </p>
        <SubstitutionChoice item={item} />
      </div>
      <div className="quantity" role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          className="btn quantity-button"
          aria-label={`Decrease quantity of ${item.name}`}
          disabled={item.quantity <= MIN_QUANTITY}
          onClick={() => setQuantity(item.quantity - 1)}
        >
          −
        </button>
        <output className="quantity-value" aria-live="polite">
          {item.quantity}
        </output>
        <button
          type="button"
          className="btn quantity-button"
          aria-label={`Increase quantity of ${item.name}`}
          disabled={atStock}
          onClick={() => setQuantity(item.quantity + 1)}
        >
          +
        </button>
        {atStock && <span className="quantity-limit">{leftInStockText(item.stockQuantity)}</span>}
      </div>
      <p className="cart-line-total">
        <span className="visually-hidden">Line total </span>
        {formatCents(item.price_cents * item.quantity)}
      </p>
      <button
        type="button"
        className="link-button cart-line-remove"
        aria-label={`Remove ${item.name} from cart`}
        onClick={() => dispatch(itemRemoved(item.uuid))}
      >
        Remove
      </button>
    </li>
  );
}
