import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared';
import { orderProgress } from './orderProgress.ts';

const lit = (status: OrderStatus) => orderProgress(status).map((step) => step.lit);
const preparationNote = (status: OrderStatus) => orderProgress(status)[1]!.note;

describe('orderProgress (spec §4 timeline)', () => {
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
    ['CONFIRMED', [true, true, false, false]],
    ['PROCESSING', [true, true, false, false]],
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

  it('covers every status and notes only step 2', () => {
    for (const status of ORDER_STATUSES) {
      const steps = orderProgress(status);
      expect(steps).toHaveLength(4);
      expect(steps.filter((step, index) => index !== 1 && step.note !== null)).toEqual([]);
    }
  });
});
