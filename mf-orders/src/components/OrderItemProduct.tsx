// An order line's product: its picture and name (with size), both linking to the product page when the
// line names one; older lines without a product render as text only.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Picture, type OrderItem } from '@grocer/shared';
import { itemNameOf, productPathOf } from '../lib/orderText.ts';

export function OrderItemProduct({ item, imageSize, prefix }: { item: OrderItem; imageSize: number; prefix?: ReactNode }) {
  const href = productPathOf(item);
  const name = itemNameOf(item);
  const image = item.image && <Picture src={item.image} size={imageSize} />;
  return (
    <span className="order-item-product">
      {/* The name is the same link, so the picture's is skipped by keyboard and screen readers. */}
      {image &&
        (href ? (
          <Link className="order-item-image" to={href} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        ) : (
          <span className="order-item-image">{image}</span>
        ))}
      <span>
        {prefix}
        {href ? <Link to={href}>{name}</Link> : name}
      </span>
    </span>
  );
}
