import { ORDER_STATUSES } from '@grocer/shared/contracts';
import type { OrderStatusValue } from '../../db/schema.ts';
import { allowedNext, canTransition, ORDER_TRANSITIONS, parseTrackedStatus, TRACKABLE_STATUSES } from './status.ts';

/** The lifecycle written out independently of the table, one step at a time, and CANCELLED before DELIVERED. */
const LIFECYCLE: OrderStatusValue[] = ['PENDING', 'CONFIRMED', 'PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY', 'DELIVERED'];

function expected(from: OrderStatusValue, to: OrderStatusValue): boolean {
  if (to === 'CANCELLED') return from !== 'DELIVERED' && from !== 'CANCELLED';
  // PROCESSING is never recorded; a row carrying it moves on like CONFIRMED.
  if (from === 'PROCESSING') return to === 'PREPARING';
  const i = LIFECYCLE.indexOf(from);
  return i >= 0 && LIFECYCLE[i + 1] === to;
}

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to, expected(from, to)] as const));

describe('the order transition table', () => {
  it('has a row for every status of the spec', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(pairs)('%s → %s is allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(allowedNext(from).includes(to)).toBe(allowed);
  });

  it('reads, in full, as the issue says', () => {
    expect(ORDER_TRANSITIONS).toEqual({
      PENDING: ['CONFIRMED', 'CANCELLED'],
      CONFIRMED: ['PREPARING', 'CANCELLED'],
      PROCESSING: ['PREPARING', 'CANCELLED'],
      PREPARING: ['READY_FOR_PICKUP', 'CANCELLED'],
      READY_FOR_PICKUP: ['OUT_FOR_DELIVERY', 'CANCELLED'],
      OUT_FOR_DELIVERY: ['DELIVERED', 'CANCELLED'],
      DELIVERED: [],
      CANCELLED: [],
    });
  });

  it('never leads into PROCESSING or back to PENDING, and keeps DELIVERED and CANCELLED final', () => {
    for (const from of ORDER_STATUSES) {
      expect(canTransition(from, 'PROCESSING')).toBe(false);
      expect(canTransition(from, 'PENDING')).toBe(false);
    }
    expect(allowedNext('DELIVERED')).toEqual([]);
    expect(allowedNext('CANCELLED')).toEqual([]);
  });
});

describe('parseTrackedStatus', () => {
  it('reads any case, spaces or hyphens', () => {
    expect(parseTrackedStatus('confirmed')).toBe('CONFIRMED');
    expect(parseTrackedStatus(' Out for delivery ')).toBe('OUT_FOR_DELIVERY');
    expect(parseTrackedStatus('ready-for-pickup')).toBe('READY_FOR_PICKUP');
    for (const status of TRACKABLE_STATUSES) expect(parseTrackedStatus(status)).toBe(status);
  });

  it('refuses PROCESSING (never recorded) and anything else', () => {
    for (const bad of ['processing', 'shipped', '', 'CONFIRMED!']) expect(parseTrackedStatus(bad)).toBeNull();
  });
});
