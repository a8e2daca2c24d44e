// The details page's four-step progress timeline (spec §4: Order Confirmed, Store Preparation, Out for
// Delivery, Delivered to You), lit from what the stores actually did: each store's part has
// its own status, and a step is reached once a store reached it, not when the shopper paid.
// - Order Confirmed: the order is placed and paid (PENDING through DELIVERED).
// - Store Preparation: a store started preparing ('In Progress'); 'Completed' once every store is ready.
// - Out for Delivery: a store's part left for delivery.
// - Delivered to You: every store delivered.
// A step only some stores have reached says how many ('1 of 2 stores'), Delivered to You too while it waits
// for the others. Stores whose part was cancelled
// (nothing of it could be supplied) do not count; a cancelled order lights nothing.
// Leaf imports only: the order's first screen (orderDetailsFirstScreen.ts) uses this before the shared libraries load.
import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared/contracts';
import { storesLabel } from '../../lib/orderParts.ts';

export type ProgressNote = 'In Progress' | 'Completed';

export interface ProgressStep {
  title: 'Order Confirmed' | 'Store Preparation' | 'Out for Delivery' | 'Delivered to You';
  lit: boolean;
  /** Only step 2 has one: 'In Progress' while a store prepares, 'Completed' once every store is ready. */
  note: ProgressNote | null;
  /** '1 of 2 stores' on a step some stores have reached and others not yet (lit or not); null otherwise. */
  stores: string | null;
}

const rank = (status: OrderStatus) => ORDER_STATUSES.indexOf(status);
const between = (status: OrderStatus, from: OrderStatus, to: OrderStatus) => rank(status) >= rank(from) && rank(status) <= rank(to);

/**
 * `status` is the order's overall status; `parts` each store part's status (an order without parts, one
 * from before they were recorded, counts as one part at the order's status).
 */
export function orderProgress(status: OrderStatus, parts: readonly OrderStatus[] = [status]): ProgressStep[] {
  const live = status === 'CANCELLED' ? [] : parts.filter((p) => p !== 'CANCELLED');
  const reached = (from: OrderStatus) => live.filter((p) => between(p, from, 'DELIVERED')).length;
  /** Lit when one store reached it; `all` says whether every store must. */
  const step = (title: ProgressStep['title'], from: OrderStatus, all = false) => {
    const count = reached(from);
    const lit = live.length > 0 && (all ? count === live.length : count > 0);
    return { title, lit, stores: count > 0 && count < live.length ? storesLabel(count, live.length) : null };
  };
  const preparing = step('Store Preparation', 'PREPARING');
  const ready = live.length > 0 && reached('READY_FOR_PICKUP') === live.length;
  return [
    { title: 'Order Confirmed', lit: live.length > 0 && between(status, 'PENDING', 'DELIVERED'), note: null, stores: null },
    { ...preparing, note: ready ? 'Completed' : preparing.lit ? 'In Progress' : null },
    { ...step('Out for Delivery', 'OUT_FOR_DELIVERY'), note: null },
    { ...step('Delivered to You', 'DELIVERED', true), note: null },
  ];
}
