import { RoutePlaceholder } from '@grocer/shared';

export default function OrderDetailsPage() {
  return <RoutePlaceholder remote="mf-orders" heading="Order details" />;
}
