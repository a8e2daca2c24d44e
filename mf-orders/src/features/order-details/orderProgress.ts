// The details page's four-step progress timeline, lit by spec §4: step 1 for PENDING through
// DELIVERED, step 2 for CONFIRMED through DELIVERED, step 3 for OUT_FOR_DELIVERY and DELIVERED,
// step 4 for DELIVERED only. A cancelled order lights nothing.
import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared';

export type ProgressNote = 'In Progress' | 'Completed';

export interface ProgressStep {
  title: 'Order Confirmed' | 'Store Preparation' | 'Out for Delivery' | 'Delivered to You';
  lit: boolean;
  /** Only step 2 has one: 'In Progress' while PREPARING, 'Completed' from READY_FOR_PICKUP through DELIVERED. */
  note: ProgressNote | null;
}

const rank = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);
const between = (status: OrderStatus, from: OrderStatus, to: OrderStatus) => rank(status) >= rank(from) && rank(status) <= rank(to);

export function orderProgress(status: OrderStatus): ProgressStep[] {
  const preparationNote: ProgressNote | null =
    status === 'PREPARING' ? 'In Progress' : between(status, 'READY_FOR_PICKUP', 'DELIVERED') ? 'Completed' : null;
  return [
    { title: 'Order Confirmed', lit: between(status, 'PENDING', 'DELIVERED'), note: null },
    { title: 'Store Preparation', lit: between(status, 'CONFIRMED', 'DELIVERED'), note: preparationNote },
    { title: 'Out for Delivery', lit: between(status, 'OUT_FOR_DELIVERY', 'DELIVERED'), note: null },
    { title: 'Delivered to You', lit: status === 'DELIVERED', note: null },
  ];
}
