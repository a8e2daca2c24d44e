import { ORDER_STATUSES } from '../contracts/entities.ts';
import { titleCaseStatus } from './status.ts';

describe('titleCaseStatus', () => {
  it('title-cases every order status', () => {
    expect(ORDER_STATUSES.map(titleCaseStatus)).toEqual([
      'Pending',
      'Confirmed',
      'Processing',
      'Preparing',
      'Ready For Pickup',
      'Out For Delivery',
      'Delivered',
      'Cancelled',
    ]);
  });

  it('copes with lower case, stray underscores and empty input', () => {
    expect(titleCaseStatus('out_for_delivery')).toBe('Out For Delivery');
    expect(titleCaseStatus('_READY__FOR_PICKUP_')).toBe('Ready For Pickup');
    expect(titleCaseStatus('')).toBe('');
  });
});
