import { ORDER_STATUSES, type OrderStatus } from '@grocer/shared';
import { isFinalStatus, orderStatusOf, statusLabel, statusTone } from './orderStatus.ts';

describe('statusTone (spec §4 badge colours)', () => {
  it.each<[OrderStatus, string]>([
    ['PENDING', 'primary'],
    ['CONFIRMED', 'primary'],
    ['PROCESSING', 'primary'],
    ['PREPARING', 'warning'],
    ['READY_FOR_PICKUP', 'primary'],
    ['OUT_FOR_DELIVERY', 'info'],
    ['DELIVERED', 'success'],
    ['CANCELLED', 'danger'],
  ])('%s → %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('orderStatusOf', () => {
  it('keeps known statuses, in any case', () => {
    for (const status of ORDER_STATUSES) expect(orderStatusOf(status)).toBe(status);
    expect(orderStatusOf('out_for_delivery')).toBe('OUT_FOR_DELIVERY');
  });

  it('falls back to PROCESSING when absent or unknown (spec §4 default)', () => {
    expect(orderStatusOf(undefined)).toBe('PROCESSING');
    expect(orderStatusOf(null)).toBe('PROCESSING');
    expect(orderStatusOf('')).toBe('PROCESSING');
    expect(orderStatusOf('ON_HOLD')).toBe('PROCESSING');
  });
});

describe('statusLabel and isFinalStatus', () => {
  it('title-cases with spaces', () => {
    expect(statusLabel('READY_FOR_PICKUP')).toBe('Ready For Pickup');
  });

  it('treats only DELIVERED and CANCELLED as final', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['DELIVERED', 'CANCELLED']);
  });
});
