import { formatVital, rateVital } from './vitalRating.ts';

describe('rateVital', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 201, 'needs-improvement'],
    ['INP', 500.5, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s by Google’s thresholds', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe('formatVital', () => {
  it('reads as a person would: seconds, milliseconds for INP, a score for CLS', () => {
    expect(formatVital('LCP', 2345.6)).toBe('2.35 s');
    expect(formatVital('TTFB', 88)).toBe('0.09 s');
    expect(formatVital('INP', 183.4)).toBe('183 ms');
    expect(formatVital('CLS', 0.0412)).toBe('0.04');
    expect(formatVital('CLS', 1.5)).toBe('1.5');
  });
});
