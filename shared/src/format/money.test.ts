import { centsToDollars, dollarsToCents, formatCents, formatDollars } from './money.ts';

describe('formatCents', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [199, '$1.99'],
    [100000000, '$1,000,000.00'],
    [-150, '-$1.50'],
  ])('%p → %p', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('rounds stray fractions of a cent', () => {
    expect(formatCents(199.6)).toBe('$2.00');
  });
});

describe('formatDollars', () => {
  it('shows dollar amounts with 2 decimals', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(1234.567)).toBe('$1,234.57');
  });
});

describe('centsToDollars', () => {
  it('divides by 100', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(750)).toBe(7.5);
    expect(centsToDollars(0)).toBe(0);
  });
});

describe('dollarsToCents', () => {
  it.each([
    [19.99, 1999],
    [4.35, 435],
    [0.1 + 0.2, 30],
    [7.5, 750],
    [1.005, 101],
    [0.285, 29],
    [-1.005, -101],
    [-19.99, -1999],
    [1234567.89, 123456789],
  ])('%p → %p', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('always returns an integer', () => {
    for (let cents = 0; cents < 10000; cents += 7) {
      expect(dollarsToCents(cents / 100)).toBe(cents);
    }
  });

  it('never returns -0', () => {
    expect(Object.is(dollarsToCents(-0), 0)).toBe(true);
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('round-trips with centsToDollars', () => {
    expect(dollarsToCents(centsToDollars(123456))).toBe(123456);
  });

  it('refuses non-finite amounts', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('the USD formatter', () => {
  it('is built on first use, not on import, and then reused', async () => {
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    await jest.isolateModulesAsync(async () => {
      const money = await import('./money.ts');
      expect(NumberFormat).not.toHaveBeenCalled();
      expect(money.formatCents(150)).toBe('$1.50');
      expect(money.formatDollars(2)).toBe('$2.00');
      expect(NumberFormat).toHaveBeenCalledTimes(1);
    });
    NumberFormat.mockRestore();
  });
});
