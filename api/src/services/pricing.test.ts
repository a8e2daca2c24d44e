import {
  calculatePricing,
  centsToDollars,
  dollarsToCents,
  mulDivHalfUp,
  splitCents,
  STATE_SALES_TAX_RATES,
  taxRateFor,
  toPaymentBreakdown,
} from './pricing.ts';

describe('state base sales-tax table', () => {
  it('has the 50 states and DC, each a rate between 0 and 7.25 %', () => {
    const codes = Object.keys(STATE_SALES_TAX_RATES);
    expect(codes).toHaveLength(51);
    expect(codes).toContain('DC');
    for (const rate of Object.values(STATE_SALES_TAX_RATES)) {
      expect(Number.isInteger(rate)).toBe(true);
      expect(rate).toBeGreaterThanOrEqual(0);
      expect(rate).toBeLessThanOrEqual(7250);
    }
  });

  it('holds the real base rates (thousandths of a percent)', () => {
    expect(taxRateFor('IL')).toBe(6250);
    expect(taxRateFor('ca')).toBe(7250);
    expect(taxRateFor('MN')).toBe(6875);
    expect(taxRateFor('MO')).toBe(4225);
    expect(taxRateFor('NJ')).toBe(6625);
    expect(taxRateFor(' ny ')).toBe(4000);
    for (const none of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(taxRateFor(none)).toBe(0);
  });

  it('taxes unknown or missing states at 0', () => {
    expect(taxRateFor('PR')).toBe(0);
    expect(taxRateFor('')).toBe(0);
    expect(taxRateFor(undefined)).toBe(0);
    expect(taxRateFor(null)).toBe(0);
  });
});

describe('mulDivHalfUp', () => {
  it('rounds halves up and everything else to the nearest', () => {
    expect(mulDivHalfUp(200, 6250, 100_000)).toBe(13); // 12.5
    expect(mulDivHalfUp(199, 6250, 100_000)).toBe(12); // 12.4375
    expect(mulDivHalfUp(500, 29, 1000)).toBe(15); // 14.5
    expect(mulDivHalfUp(10_000, 4225, 100_000)).toBe(423); // 422.5
    expect(mulDivHalfUp(0, 29, 1000)).toBe(0);
  });

  it('refuses negative amounts', () => {
    expect(() => mulDivHalfUp(-1, 29, 1000)).toThrow(RangeError);
  });
});

describe('calculatePricing', () => {
  it('applies tax, the minimum service fee and the processing fee (IL)', () => {
    // tax 62.5 → 63; service max(200, 50); processing 2.9 % of 2013 = 58.377 → 58, + 30.
    expect(calculatePricing({ subtotalCents: 1000, deliveryFeeCents: 750, state: 'IL' })).toEqual({
      subtotal: 1000,
      tax: 63,
      serviceFee: 200,
      deliveryFee: 750,
      processingFee: 88,
      total: 2101,
    });
  });

  it('charges 5 % service above $40 and taxes at three-decimal rates (MN)', () => {
    // tax 343.75 → 344; service 250; processing 2.9 % of 7094 = 205.726 → 206, + 30.
    expect(calculatePricing({ subtotalCents: 5000, deliveryFeeCents: 1500, state: 'MN' })).toEqual({
      subtotal: 5000,
      tax: 344,
      serviceFee: 250,
      deliveryFee: 1500,
      processingFee: 236,
      total: 7330,
    });
  });

  it('rounds each fee half-up on its own', () => {
    // service 200.5 → 201
    expect(calculatePricing({ subtotalCents: 4010, deliveryFeeCents: 0, state: 'OR' }).serviceFee).toBe(201);
    // processing 2.9 % of 500 = 14.5 → 15, + 30
    expect(calculatePricing({ subtotalCents: 100, deliveryFeeCents: 200, state: 'OR' })).toMatchObject({
      tax: 0,
      serviceFee: 200,
      processingFee: 45,
      total: 545,
    });
  });

  it('does not tax without a known state', () => {
    expect(calculatePricing({ subtotalCents: 1000, deliveryFeeCents: 0 }).tax).toBe(0);
    expect(calculatePricing({ subtotalCents: 1000, deliveryFeeCents: 0, state: 'XX' }).tax).toBe(0);
  });

  it('charges no fees when there is nothing to buy', () => {
    expect(calculatePricing({ subtotalCents: 0, deliveryFeeCents: 0, state: 'IL' })).toEqual({
      subtotal: 0,
      tax: 0,
      serviceFee: 0,
      deliveryFee: 0,
      processingFee: 0,
      total: 0,
    });
  });

  it('refuses anything but non-negative integer cents', () => {
    expect(() => calculatePricing({ subtotalCents: 10.5, deliveryFeeCents: 0 })).toThrow(RangeError);
    expect(() => calculatePricing({ subtotalCents: 100, deliveryFeeCents: -1 })).toThrow(RangeError);
  });

  it('always adds up', () => {
    for (let subtotal = 1; subtotal < 20_000; subtotal += 997) {
      for (const state of ['IL', 'CA', 'MO', 'OR']) {
        const p = calculatePricing({ subtotalCents: subtotal, deliveryFeeCents: 1275, state });
        expect(p.total).toBe(p.subtotal + p.tax + p.serviceFee + p.deliveryFee + p.processingFee);
      }
    }
  });
});

describe('dollars at the edge', () => {
  it('converts cents to dollars', () => {
    expect(centsToDollars(2101)).toBe(21.01);
    expect(centsToDollars(5)).toBe(0.05);
    expect(JSON.stringify(centsToDollars(1234))).toBe('12.34');
  });

  it('converts dollars to cents half-up, ignoring binary noise', () => {
    expect(dollarsToCents(12.34)).toBe(1234);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('builds the spec PaymentBreakdown; the displayed service fee includes processing', () => {
    const p = calculatePricing({ subtotalCents: 1000, deliveryFeeCents: 750, state: 'IL' });
    const b = toPaymentBreakdown(p);
    expect(b).toEqual({
      subtotal: 10,
      tax: 0.63,
      platformServiceFee: 2,
      serviceFee: 2,
      displayServiceFee: 2.88,
      deliveryFee: 7.5,
      paymentProcessingFee: 0.88,
      total: 21.01,
    });
    expect(dollarsToCents(b.subtotal) + dollarsToCents(b.tax) + dollarsToCents(b.displayServiceFee) + dollarsToCents(b.deliveryFee)).toBe(
      dollarsToCents(b.total),
    );
  });

  it('splits cents by weight so the shares add up, the leftover cents to the largest remainders', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(5, [3, 1])).toEqual([4, 1]);
    expect(splitCents(400, [1547, 0, 699])).toEqual([276, 0, 124]);
    expect(splitCents(7, [0, 0])).toEqual([4, 3]);
    expect(splitCents(0, [5, 5])).toEqual([0, 0]);
    expect(splitCents(10, [])).toEqual([]);
    for (const [total, weights] of [
      [333, [1, 2, 3, 4]],
      [9_999_999, [123_456, 7, 89_000_000]],
    ] as const)
      expect(splitCents(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
  });
});
