// Entities for this remote's tests, shaped exactly as the API contract says.
import { makeOrder, makeOrderItem, makeUser } from '@grocer/shared/testing';

export { makeOrder, makeOrderItem, makeUser };

/** The error body every failed call has. */
export function errorBody(message: string, code = 'ERROR') {
  return { success: false, message, error: { code, message } };
}

/** `count` orders, newest first, with distinct UUIDs (…0001, …0002, …). */
export function makeOrders(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return makeOrder({
      orderId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      orderNumber: `GR-${100000 + n}`,
    });
  });
}

/** Two stores' parts of one order as GET /orders/{id} tells them: Fresh Mart delivered, Green Grocer only confirmed. */
export function makeTwoStoreOrder() {
  const freshMart = {
    storeUuid: '0c7d6c1e-1b1f-4b6a-9d0e-0000000000a1',
    storeName: 'Fresh Mart',
    status: 'DELIVERED' as const,
    updatedAt: '2026-11-21T23:10:00.000Z',
    deliveryWindow: {
      storeUuid: '0c7d6c1e-1b1f-4b6a-9d0e-0000000000a1',
      storeName: 'Fresh Mart',
      timeZone: 'America/Chicago',
      startsAt: '2026-11-21T23:00:00.000Z',
      endsAt: '2026-11-22T01:00:00.000Z',
    },
    refunded: 0,
  };
  const greenGrocer = {
    storeUuid: '0c7d6c1e-1b1f-4b6a-9d0e-0000000000b2',
    storeName: 'Green Grocer',
    status: 'CONFIRMED' as const,
    updatedAt: '2026-11-21T18:30:00.000Z',
    deliveryWindow: {
      storeUuid: '0c7d6c1e-1b1f-4b6a-9d0e-0000000000b2',
      storeName: 'Green Grocer',
      timeZone: 'America/Chicago',
      startsAt: '2026-11-22T01:00:00.000Z',
      endsAt: '2026-11-22T03:00:00.000Z',
    },
    refunded: 6.97,
  };
  return makeOrder({
    orderStatus: 'CONFIRMED',
    orderItems: [
      makeOrderItem({ storeUuid: freshMart.storeUuid, fulfilment: { state: 'FOUND', replacement: null } }),
      makeOrderItem({
        productUuid: 'p-bread',
        productName: 'Turano Italian Bread',
        storeName: 'Green Grocer',
        storeUuid: greenGrocer.storeUuid,
        quantity: 1,
        unitPrice: 5.99,
        fulfilment: { state: 'UNAVAILABLE', replacement: null, refunded: 6.97 },
      }),
      makeOrderItem({
        productUuid: 'p-eggs',
        productName: 'Large Eggs',
        storeName: 'Green Grocer',
        storeUuid: greenGrocer.storeUuid,
        quantity: 1,
        fulfilment: { state: 'PENDING', replacement: null },
      }),
    ],
    storeParts: [freshMart, greenGrocer],
  });
}
