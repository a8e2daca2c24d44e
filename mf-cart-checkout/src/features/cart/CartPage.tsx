import { RoutePlaceholder } from '@grocer/shared';

export default function CartPage() {
  return <RoutePlaceholder remote="mf-cart-checkout" heading="Cart" />;
}
