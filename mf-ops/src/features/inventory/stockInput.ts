// Counts and percentages typed by staff, read as text (never through floats) into what the API takes,
// or the reason they are not one.
import { OPS_PERCENT_MAX, OPS_PERCENT_MIN, OPS_STOCK_MAX } from '@grocer/shared/contracts';

/** "12" → 12, within 0 … OPS_STOCK_MAX; anything else (blank, decimals, signs) → null. */
export function parseStockInput(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= OPS_STOCK_MAX ? value : null;
}

/** "10", "-5", "+2.5", "7.5%" → the percent (hundredths at most), non-zero, within the API's bounds; else null. */
export function parsePercentInput(text: string): number | null {
  const match = /^([+-]?)(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const value = (match[1] === '-' ? -1 : 1) * (Number(match[2]) + Number((match[3] ?? '0').padEnd(2, '0')) / 100);
  return value !== 0 && value >= OPS_PERCENT_MIN && value <= OPS_PERCENT_MAX ? value : null;
}
