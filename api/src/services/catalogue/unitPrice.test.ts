// Unit prices as US shelf tags show them: the shelf unit rule, the conversions, half-up rounding
// to a tenth of a cent and then to the cent of the label.
import { parseSize, productSize, shelfUnitFor, unitPrice } from './unitPrice.ts';

it('prices liquids per fl oz, counts per ct, weights per lb when sold by weight and per oz when packaged', () => {
  for (const unit of ['fl oz', 'gal', 'qt', 'pt', 'l', 'ml'] as const) expect(shelfUnitFor(unit, true)).toBe('fl oz');
  expect(shelfUnitFor('ct', true)).toBe('ct');
  for (const unit of ['oz', 'lb', 'g', 'kg'] as const) {
    expect(shelfUnitFor(unit, true)).toBe('lb');
    expect(shelfUnitFor(unit, false)).toBe('oz');
  }
});

it('converts each size to its shelf unit', () => {
  // $4.29 a gallon: 128 fl oz, 3.35 cents each.
  expect(unitPrice(429, 1000, 'gal', 'fl oz')).toEqual({ tenthCents: 34, unit: 'fl oz', label: '$0.03/fl oz' });
  // $14.99 for 750 ml (25.3605 fl oz): 59.1 cents.
  expect(unitPrice(1499, 750_000, 'ml', 'fl oz')).toEqual({ tenthCents: 591, unit: 'fl oz', label: '$0.59/fl oz' });
  // $14.99 for a 12 oz steak: $19.987 a pound.
  expect(unitPrice(1499, 12_000, 'oz', 'lb')).toEqual({ tenthCents: 19987, unit: 'lb', label: '$19.99/lb' });
  // $3.49 for 2 lb of packaged rice: 32 oz, 10.9 cents each.
  expect(unitPrice(349, 2000, 'lb', 'oz')).toEqual({ tenthCents: 109, unit: 'oz', label: '$0.11/oz' });
  // $4.99 for 12 eggs.
  expect(unitPrice(499, 12_000, 'ct', 'ct')).toEqual({ tenthCents: 416, unit: 'ct', label: '$0.42/ct' });
  // Fractional sizes: $1.99 for 10.75 oz.
  expect(unitPrice(199, 10_750, 'oz', 'oz').tenthCents).toBe(185);
});

it('rounds half-up, to the tenth of a cent and then to the cent, and shows the tenth below a cent', () => {
  // 3.99 / 4 = 99.75 cents: 997.5 tenths → 998 → $1.00.
  expect(unitPrice(399, 4000, 'ct', 'ct')).toEqual({ tenthCents: 998, unit: 'ct', label: '$1.00/ct' });
  // 32 cents a gallon: 2.5 tenths → 3, under a cent.
  expect(unitPrice(32, 1000, 'gal', 'fl oz')).toEqual({ tenthCents: 3, unit: 'fl oz', label: '$0.003/fl oz' });
  // 13.5 cents → $0.14; 13.4 → $0.13.
  expect(unitPrice(135, 1000, 'ct', 'ct').label).toBe('$1.35/ct');
  expect(unitPrice(27, 2000, 'ct', 'ct')).toEqual({ tenthCents: 135, unit: 'ct', label: '$0.14/ct' });
  expect(unitPrice(134, 10_000, 'ct', 'ct')).toEqual({ tenthCents: 134, unit: 'ct', label: '$0.13/ct' });
});

it('reads and writes sizes as shelf labels, refusing anything else', () => {
  expect(parseSize('1 gal')).toEqual({ milli: 1000, unit: 'gal' });
  expect(parseSize('10.75 oz')).toEqual({ milli: 10_750, unit: 'oz' });
  expect(parseSize('16.9 fl oz')).toEqual({ milli: 16_900, unit: 'fl oz' });
  expect(productSize(10_750, 'oz')).toEqual({ amount: 10.75, unit: 'oz', label: '10.75 oz' });
  expect(productSize(500, 'gal').label).toBe('0.5 gal');
  for (const bad of ['12 pk', '1/2 gal', 'gal', '1  gal', '-1 oz', '1.2345 oz']) expect(() => parseSize(bad)).toThrow(/Not a size/);
  expect(() => unitPrice(100, 1000, 'ct', 'oz')).toThrow();
});
