import { RoutePlaceholder } from '@grocer/shared';

export default function OrderConfirmationPage() {
  return <RoutePlaceholder remote="mf-orders" heading="Order confirmation" />;
}
