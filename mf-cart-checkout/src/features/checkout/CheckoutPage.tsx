import { RoutePlaceholder } from '@grocer/shared';

export default function CheckoutPage() {
  return <RoutePlaceholder remote="mf-cart-checkout" heading="Checkout" />;
}
