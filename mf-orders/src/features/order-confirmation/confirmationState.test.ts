import { makeOrder } from '../../testing/fixtures.ts';
import { estimatedDelivery, readConfirmationState } from './confirmationState.ts';

const ORDER = makeOrder();

describe('readConfirmationState', () => {
  it('takes nothing from a missing or non-object state', () => {
    expect(readConfirmationState(null, ORDER.orderId)).toEqual({});
    expect(readConfirmationState('x', ORDER.orderId)).toEqual({});
  });

  it("keeps the order only when it is this page's and well formed", () => {
    expect(readConfirmationState({ orderResult: ORDER }, ORDER.orderId).orderResult).toBe(ORDER);
    expect(readConfirmationState({ orderResult: ORDER }, 'another').orderResult).toBeUndefined();
    expect(readConfirmationState({ orderResult: { orderId: ORDER.orderId } }, ORDER.orderId).orderResult).toBeUndefined();
  });

  it('drops malformed tracking and payment, and reads the notification flag strictly', () => {
    const state = readConfirmationState(
      { trackingInfo: { trackingNumber: 7 }, paymentResult: {}, notificationsSent: 'yes' },
      ORDER.orderId,
    );
    expect(state.trackingInfo).toBeUndefined();
    expect(state.paymentResult).toBeUndefined();
    expect(state.notificationsSent).toBe(false);
  });
});

describe('estimatedDelivery', () => {
  const now = Date.parse('2026-11-21T20:00:00.000Z');

  it("uses tracking's estimate when it gives one", () => {
    expect(
      estimatedDelivery({ trackingNumber: 'T', estimatedDelivery: '2026-11-21T19:40:00.000Z' }, ORDER.orderDate, now).toISOString(),
    ).toBe('2026-11-21T19:40:00.000Z');
  });

  it('else 45 minutes after the order time, else after now', () => {
    expect(estimatedDelivery({ trackingNumber: 'T', estimatedDelivery: null }, '2026-11-21T18:30:00.000Z', now).toISOString()).toBe(
      '2026-11-21T19:15:00.000Z',
    );
    expect(estimatedDelivery(undefined, 'not a date', now).toISOString()).toBe('2026-11-21T20:45:00.000Z');
  });
});
