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

describe('the USD text', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('is what Intl.NumberFormat says for en-US dollars, for every size and sign', () => {
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 9999999, 100000000, 123456789012, 2 ** 52];
    // A fixed spread of 2,000 amounts of 1 to 12 digits (a multiplicative hash of i, not random, so a failure repeats).
    for (let i = 1; i <= 2000; i++) amounts.push(((i * 2654435761) % 2 ** 32) % 10 ** (1 + (i % 12)) || i);
    for (const cents of amounts.flatMap((a) => [a, -a])) {
      expect({ cents, text: formatCents(cents) }).toEqual({ cents, text: intl.format(cents / 100) });
    }
  });

  it('shows no minus sign on zero, even a negative zero', () => {
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(-0.4)).toBe('$0.00');
  });
});
