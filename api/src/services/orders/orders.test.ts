import { mergeItems } from './cartPricing.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { newTrackingNumber } from './place.ts';
import { judgeCapture } from './settle.ts';

const order = { id: 'ref-1', totalCents: 2101 };
const captured = (amountCents: number, currency = 'USD', status = 'COMPLETED') => ({
  id: 'PP1',
  status: 'COMPLETED',
  invoiceId: 'ref-1',
  capture: { id: 'CAP1', status, amountCents, currency },
});

describe('judgeCapture', () => {
  it('is PAID only for a COMPLETED capture of exactly our total in USD', () => {
    expect(judgeCapture(order, captured(2101))).toEqual({
      paymentStatus: 'PAID',
      paypalCaptureId: 'CAP1',
      paypalCaptureStatus: 'COMPLETED',
      paypalCapturedCents: 2101,
      paypalCapturedCurrency: 'USD',
    });
    expect(judgeCapture(order, captured(2100)).paymentStatus).toBe('AMOUNT_MISMATCH');
    expect(judgeCapture(order, captured(2102)).paymentStatus).toBe('AMOUNT_MISMATCH');
    expect(judgeCapture(order, captured(2101, 'EUR')).paymentStatus).toBe('AMOUNT_MISMATCH');
    expect(judgeCapture(order, { ...captured(2101), invoiceId: 'ref-2' }).paymentStatus).toBe('AMOUNT_MISMATCH');
  });

  it('is FAILED for a declined, pending or missing capture', () => {
    expect(judgeCapture(order, captured(2101, 'USD', 'DECLINED')).paymentStatus).toBe('FAILED');
    expect(judgeCapture(order, captured(2101, 'USD', 'PENDING')).paymentStatus).toBe('FAILED');
    expect(judgeCapture(order, { id: 'PP1', status: 'APPROVED', invoiceId: null, capture: null })).toMatchObject({
      paymentStatus: 'FAILED',
      paypalCaptureStatus: 'APPROVED',
      paypalCaptureId: null,
    });
    // A decline the client reports before any capture existed has no capture id.
    expect(
      judgeCapture(order, { ...captured(0, 'USD', 'DECLINED'), capture: { id: '', status: 'DECLINED', amountCents: 0, currency: 'USD' } })
        .paypalCaptureId,
    ).toBeNull();
  });
});

describe('history cursor', () => {
  it('round-trips and refuses anything else', () => {
    expect(decodeCursor(encodeCursor(42))).toBe(42);
    for (const bad of ['', 'bm9wZQ', Buffer.from('o1:-3').toString('base64url'), Buffer.from('o1:1.5').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ statusCode: 400, field: 'cursor' }));
    }
  });
});

describe('newTrackingNumber', () => {
  it('is GRT + 12 unambiguous characters, different every time', () => {
    const numbers = new Set(Array.from({ length: 200 }, newTrackingNumber));
    expect(numbers.size).toBe(200);
    for (const n of numbers) expect(n).toMatch(/^GRT[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);
  });
});

describe('mergeItems', () => {
  it('merges a product listed twice (any case) and keeps first-seen order', () => {
    expect(
      mergeItems([
        { productId: 'B', quantity: 1 },
        { productId: 'a', quantity: 2 },
        { productId: 'b ', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'b', quantity: 4 },
      { productId: 'a', quantity: 2 },
    ]);
  });
});
