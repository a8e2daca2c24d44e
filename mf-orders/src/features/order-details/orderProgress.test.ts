import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared';
import { orderProgress } from './orderProgress.ts';

const lit = (status: OrderStatus) => orderProgress(status).map((step) => step.lit);
const preparationNote = (status: OrderStatus) => orderProgress(status)[1]!.note;

describe('orderProgress (spec §4 timeline, lit by what the stores did)', () => {
  it('has the four steps in order', () => {
    expect(orderProgress('PENDING').map((step) => step.title)).toEqual([
      'Order Confirmed',
      'Store Preparation',
      'Out for Delivery',
      'Delivered to You',
    ]);
  });

  it.each<[OrderStatus, boolean[]]>([
    ['PENDING', [true, false, false, false]],
    // Paid, but no store has started preparing: Store Preparation is not reached yet.
    ['CONFIRMED', [true, false, false, false]],
    ['PROCESSING', [true, false, false, false]],
    ['PREPARING', [true, true, false, false]],
    ['READY_FOR_PICKUP', [true, true, false, false]],
    ['OUT_FOR_DELIVERY', [true, true, true, false]],
    ['DELIVERED', [true, true, true, true]],
    ['CANCELLED', [false, false, false, false]],
  ])('%s lights %p', (status, expected) => {
    expect(lit(status)).toEqual(expected);
  });

  it.each<[OrderStatus, string | null]>([
    ['PENDING', null],
    ['CONFIRMED', null],
    ['PROCESSING', null],
    ['PREPARING', 'In Progress'],
    ['READY_FOR_PICKUP', 'Completed'],
    ['OUT_FOR_DELIVERY', 'Completed'],
    ['DELIVERED', 'Completed'],
    ['CANCELLED', null],
  ])('step 2 of %s reads %p', (status, note) => {
    expect(preparationNote(status)).toBe(note);
  });

  it('lights a step once one store reached it, and says how many stores did', () => {
    // One store delivered, the other only confirmed: the order is CONFIRMED.
    const steps = orderProgress('CONFIRMED', ['DELIVERED', 'CONFIRMED']);
    expect(steps.map((s) => [s.lit, s.note, s.stores])).toEqual([
      [true, null, null],
      [true, 'In Progress', '1 of 2 stores'],
      [true, null, '1 of 2 stores'],
      // Not reached until every store delivered, but it says one has.
      [false, null, '1 of 2 stores'],
    ]);
    // Both ready, one out: preparation is completed by every store.
    expect(orderProgress('READY_FOR_PICKUP', ['READY_FOR_PICKUP', 'OUT_FOR_DELIVERY']).map((s) => [s.lit, s.note, s.stores])).toEqual([
      [true, null, null],
      [true, 'Completed', null],
      [true, null, '1 of 2 stores'],
      [false, null, null],
    ]);
    // Neither store started: only the payment is lit.
    expect(orderProgress('CONFIRMED', ['CONFIRMED', 'CONFIRMED']).map((s) => s.lit)).toEqual([true, false, false, false]);
  });

  it("delivers to you once every store that still delivers did; a cancelled store's part does not count", () => {
    expect(orderProgress('DELIVERED', ['DELIVERED', 'CANCELLED']).map((s) => [s.lit, s.stores])).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [true, null],
    ]);
    expect(orderProgress('CANCELLED', ['CANCELLED', 'CANCELLED']).map((s) => s.lit)).toEqual([false, false, false, false]);
  });

  it('covers every status and notes only step 2', () => {
    for (const status of ORDER_STATUSES) {
      const steps = orderProgress(status);
      expect(steps).toHaveLength(4);
      expect(steps.filter((step, index) => index !== 1 && step.note !== null)).toEqual([]);
    }
  });
});
