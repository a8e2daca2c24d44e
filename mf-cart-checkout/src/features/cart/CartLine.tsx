// One cart line: image, name, unit price, minus/plus (minus disabled at the minimum of 1), remove and
// the line total (spec §2 Cart, §5 Quantity).
import { assetUrl, formatCents, itemRemoved, MIN_QUANTITY, quantityChanged, useAppDispatch, type CartItem } from '@grocer/shared';

/** Intrinsic size of the line image; the attributes reserve its box (no layout shift). */
const IMAGE_SIZE = 72;

export function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const setQuantity = (quantity: number) => dispatch(quantityChanged({ uuid: item.uuid, quantity }));
  return (
    <li className="cart-line">
      <img src={assetUrl(item.image)} alt="" width={IMAGE_SIZE} height={IMAGE_SIZE} loading="lazy" decoding="async" />
      <div className="cart-line-info">
        <h3 className="cart-line-name">{item.name}</h3>
        <p className="cart-line-unit">{formatCents(item.price_cents)} each</p>
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
          onClick={() => setQuantity(item.quantity + 1)}
        >
          +
        </button>
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
