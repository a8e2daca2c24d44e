import { RoutePlaceholder } from '@grocer/shared';

export default function OrderHistoryPage() {
  return <RoutePlaceholder remote="mf-orders" heading="Order history" />;
}
