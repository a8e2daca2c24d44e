import { collectErrors, firstError, hasErrors, isBlank, validateRequired } from './form.ts';

describe('form helpers', () => {
  it('treats missing and whitespace-only values as blank', () => {
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });

  it('returns the message only for blank values', () => {
    expect(validateRequired('  ', 'Needed')).toBe('Needed');
    expect(validateRequired('x', 'Needed')).toBeUndefined();
  });

  it('collects errors in the given order and leaves passing fields out', () => {
    const errors = collectErrors<'a' | 'b' | 'c'>([
      ['c', 'third first'],
      ['a', undefined],
      ['b', 'then b'],
    ]);
    expect(errors).toEqual({ c: 'third first', b: 'then b' });
    expect('a' in errors).toBe(false);
    expect(firstError(errors)).toBe('third first');
    expect(hasErrors(errors)).toBe(true);
  });

  it('reports no errors for an empty map', () => {
    expect(hasErrors({})).toBe(false);
    expect(firstError({})).toBeUndefined();
    expect(hasErrors({ a: undefined })).toBe(false);
  });
});
