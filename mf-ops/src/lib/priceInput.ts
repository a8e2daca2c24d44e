// A price typed by staff in dollars ("3.49", "$1,299", ".5") → integer cents, or the reason it is not one.
// Parsed as text, never through floats, so "0.29" is 29 cents and "1.005" is refused instead of rounded.
import type { Cents } from '@grocer/shared';
import { OPS_TEXT } from './opsText.ts';

export type PriceInput = { ok: true; cents: Cents } | { ok: false; message: string };

const PRICE_PATTERN = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

export function parsePriceInput(text: string, bounds: { min: Cents; max: Cents }): PriceInput {
  const match = PRICE_PATTERN.exec(text.trim());
  const whole = match?.[1]?.replace(/,/g, '') ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return { ok: false, message: OPS_TEXT.inventory.priceInvalid };
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || cents < bounds.min || cents > bounds.max) {
    return { ok: false, message: OPS_TEXT.inventory.priceOutOfRange(bounds.min, bounds.max) };
  }
  return { ok: true, cents };
}
