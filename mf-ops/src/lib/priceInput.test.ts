import { OPS_TEXT } from './opsText.ts';
import { parsePriceInput } from './priceInput.ts';

const bounds = { min: 1, max: 100_000 };

describe('parsePriceInput', () => {
  it.each([
    ['3.49', 349],
    ['$3.49', 349],
    [' 3.4 ', 340],
    ['3', 300],
    ['.5', 50],
    ['0.29', 29],
    ['1,000', 100_000],
    ['$1,000.00', 100_000],
    ['0.01', 1],
  ])('reads %p as %p cents', (text, cents) => {
    expect(parsePriceInput(text, bounds)).toEqual({ ok: true, cents });
  });

  it.each(['', '.', 'abc', '3.499', '1.005', '-1', '3,49', '1e3', '12,34.00', '$'])('refuses %p as not a price', (text) => {
    expect(parsePriceInput(text, bounds)).toEqual({ ok: false, message: OPS_TEXT.inventory.priceInvalid });
  });

  it.each(['0', '0.00', '1,000.01', '99999'])('refuses %p as out of bounds, naming them', (text) => {
    expect(parsePriceInput(text, bounds)).toEqual({ ok: false, message: 'Enter a price from $0.01 to $1,000.00.' });
  });
});
