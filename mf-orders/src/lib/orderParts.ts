// An order told store by store: each store's part has its own status, booked window and
// lines. The order's overall status is derived from its parts (the least advanced store that still
// delivers), and stated in words beside the spec's badge ('1 of 2 stores delivered').
// Leaf imports only: the order's first screen (orderDetailsFirstScreen.ts) uses this before the shared libraries load.
import { ORDER_STATUSES, type Order, type OrderItem, type OrderStatus, type OrderStorePart } from '@grocer/shared/contracts';
import { formatDollars } from '@grocer/shared/format';
import { orderStatusOf } from './orderStatus.ts';

/** '1 of 2 stores', '2 of 3 stores'. */
export const storesLabel = (reached: number, of: number) => `${reached} of ${of} ${of === 1 ? 'store' : 'stores'}`;

export const partsOf = (order: Pick<Order, 'storeParts'>): readonly OrderStorePart[] => order.storeParts ?? [];

/**
 * The order's status from its parts: the least advanced part that still delivers; CANCELLED when every
 * part is. Orders without parts (from before they were recorded) keep the status they carry.
 */
export function overallStatus(order: Pick<Order, 'orderStatus' | 'storeParts'>): OrderStatus {
  const own = orderStatusOf(order.orderStatus);
  const live = partsOf(order)
    .map((p) => orderStatusOf(p.status))
    .filter((s) => s !== 'CANCELLED');
  if (own === 'CANCELLED' || partsOf(order).length === 0) return own;
  if (live.length === 0) return 'CANCELLED';
  return live.reduce((least, s) => (ORDER_STATUSES.indexOf(s) < ORDER_STATUSES.indexOf(least) ? s : least));
}

/** The stages a store can be further along than the order's badge, most advanced first, as the summary words them. */
const STAGES: readonly [OrderStatus, string][] = [
  ['DELIVERED', 'delivered'],
  ['OUT_FOR_DELIVERY', 'out for delivery'],
  ['READY_FOR_PICKUP', 'ready'],
  ['PREPARING', 'preparing'],
];

/**
 * How far the stores are, when they are not all at one stage: '1 of 2 stores delivered', then the other
 * stages reached and the stores cancelled ('1 of 3 stores delivered, 1 out for delivery, 1 cancelled').
 * null when the badge says it all: a one-store order, stores all at one stage, a cancelled order.
 */
export function partsSummary(order: Pick<Order, 'orderStatus' | 'storeParts'>): string | null {
  const parts = partsOf(order);
  if (parts.length < 2 || overallStatus(order) === 'CANCELLED') return null;
  const live = parts.filter((p) => p.status !== 'CANCELLED');
  const cancelled = parts.length - live.length;
  if (cancelled === 0 && live.every((p) => p.status === live[0]!.status)) return null;
  const stages = STAGES.map(([status, word]) => [live.filter((p) => p.status === status).length, word] as const).filter(([n]) => n > 0);
  const clauses = stages.map(([n, word], i) => (i === 0 ? `${storesLabel(n, live.length)} ${word}` : `${n} ${word}`));
  if (cancelled > 0) clauses.push(clauses.length === 0 ? `${storesLabel(cancelled, parts.length)} cancelled` : `${cancelled} cancelled`);
  return clauses.join(', ');
}

/** The part's lines (by store uuid; by name for answers that carry none). */
export function itemsOfPart(order: Pick<Order, 'orderItems'>, part: OrderStorePart): OrderItem[] {
  return order.orderItems.filter((item) => (item.storeUuid ? item.storeUuid === part.storeUuid : item.storeName === part.storeName));
}

/** What happened to a part's lines, for the history: '2 found, 1 replaced, 1 unavailable · $4.35 refunded'; null while none is picked. */
export function partOutcome(items: readonly OrderItem[], part: Pick<OrderStorePart, 'refunded'>): string | null {
  const count = (state: string) => items.filter((i) => i.fulfilment?.state === state).length;
  const counts = [
    [count('FOUND'), 'found'],
    [count('REPLACED'), 'replaced'],
    [count('UNAVAILABLE'), 'unavailable'],
  ] as const;
  const said = counts.filter(([n]) => n > 0).map(([n, word]) => `${n} ${word}`);
  if (said.length === 0) return null;
  return part.refunded > 0 ? `${said.join(', ')} · ${formatDollars(part.refunded)} refunded` : said.join(', ');
}
