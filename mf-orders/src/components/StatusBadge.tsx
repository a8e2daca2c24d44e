// An order's status as a coloured badge (spec §4). The text always names the status, so the colour
// is never the only signal.
import type { OrderStatus } from '@grocer/shared';
import { statusLabel, statusTone } from '../lib/orderStatus.ts';
import './orders.css';

export function StatusBadge({ status, label = statusLabel(status) }: { status: OrderStatus; label?: string }) {
  return (
    <span className={`order-badge order-badge-${statusTone(status)}`} data-status={status}>
      {label}
    </span>
  );
}
