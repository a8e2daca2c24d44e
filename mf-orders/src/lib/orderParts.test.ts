import type { Order } from '@grocer/shared';
import { makeOrderItem, makeTwoStoreOrder } from '../testing/fixtures.ts';
import { itemsOfPart, overallStatus, partOutcome, partsSummary } from './orderParts.ts';

const withParts = (statuses: Order['orderStatus'][], orderStatus: Order['orderStatus'] = 'CONFIRMED'): Order => {
  const order = makeTwoStoreOrder();
  const template = order.storeParts![0]!;
  return {
    ...order,
    orderStatus,
    storeParts: statuses.map((status, i) => ({ ...template, storeUuid: `${template.storeUuid.slice(0, -1)}${i}`, status })),
  };
};

describe('overallStatus', () => {
  it("is the least advanced store's that still delivers", () => {
    expect(overallStatus(withParts(['DELIVERED', 'CONFIRMED']))).toBe('CONFIRMED');
    expect(overallStatus(withParts(['OUT_FOR_DELIVERY', 'READY_FOR_PICKUP'], 'CONFIRMED'))).toBe('READY_FOR_PICKUP');
    expect(overallStatus(withParts(['DELIVERED', 'CANCELLED']))).toBe('DELIVERED');
    expect(overallStatus(withParts(['CANCELLED', 'CANCELLED']))).toBe('CANCELLED');
  });

  it('keeps the status of a cancelled order and of an order without parts', () => {
    expect(overallStatus(withParts(['DELIVERED', 'CONFIRMED'], 'CANCELLED'))).toBe('CANCELLED');
    expect(overallStatus({ orderStatus: 'PREPARING' })).toBe('PREPARING');
  });
});

describe('partsSummary', () => {
  it.each<[Order['orderStatus'][], string | null]>([
    [['DELIVERED', 'CONFIRMED'], '1 of 2 stores delivered'],
    [['PREPARING', 'CONFIRMED'], '1 of 2 stores preparing'],
    [['DELIVERED', 'OUT_FOR_DELIVERY', 'PREPARING'], '1 of 3 stores delivered, 1 out for delivery, 1 preparing'],
    [['DELIVERED', 'CANCELLED'], '1 of 1 store delivered, 1 cancelled'],
    [['CONFIRMED', 'CANCELLED'], '1 of 2 stores cancelled'],
    // All at one stage: the badge says it.
    [['CONFIRMED', 'CONFIRMED'], null],
    [['DELIVERED', 'DELIVERED'], null],
    [['DELIVERED'], null],
    [['CANCELLED', 'CANCELLED'], null],
  ])('%p reads %p', (statuses, text) => {
    expect(partsSummary(withParts(statuses))).toBe(text);
  });
});

describe('a part’s lines', () => {
  it('are found by store uuid, and by name for answers without one', () => {
    const order = makeTwoStoreOrder();
    const [freshMart, greenGrocer] = order.storeParts!;
    expect(itemsOfPart(order, greenGrocer!).map((i) => i.productName)).toEqual(['Turano Italian Bread', 'Large Eggs']);
    expect(itemsOfPart({ orderItems: [makeOrderItem()] }, freshMart!).map((i) => i.productName)).toEqual(['Whole Milk']);
  });

  it('tell what happened to them and what was refunded', () => {
    const order = makeTwoStoreOrder();
    const [freshMart, greenGrocer] = order.storeParts!;
    expect(partOutcome(itemsOfPart(order, freshMart!), freshMart!)).toBe('1 found');
    expect(partOutcome(itemsOfPart(order, greenGrocer!), greenGrocer!)).toBe('1 unavailable · $6.97 refunded');
    expect(partOutcome([makeOrderItem({ fulfilment: { state: 'PENDING', replacement: null } })], { refunded: 0 })).toBeNull();
  });
});
