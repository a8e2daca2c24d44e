import { clampQuantity, MIN_QUANTITY, validateQuantity } from './quantity.ts';

describe('quantity', () => {
  it('is at least 1', () => {
    expect(MIN_QUANTITY).toBe(1);
    expect(validateQuantity(1)).toBeUndefined();
    expect(validateQuantity(12)).toBeUndefined();
    expect(validateQuantity(0)).toBe('Quantity must be at least 1');
    expect(validateQuantity(-3)).toBe('Quantity must be at least 1');
    expect(validateQuantity(Number.NaN)).toBe('Quantity must be at least 1');
  });

  it('is a whole number', () => {
    expect(validateQuantity(1.5)).toBe('Quantity must be a whole number');
  });

  it('clamps to an allowed quantity', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-2)).toBe(1);
    expect(clampQuantity(2.9)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(7)).toBe(7);
  });
});
