// Money is held in integer cents and shown as USD with 2 decimals (spec §1, §9).
import type { Cents, Dollars } from '../contracts/entities.ts';

/**
 * 123450 → '$1,234.50'; negative amounts → '-$1.50'. Integer arithmetic, the same text as
 * Intl.NumberFormat('en-US', USD) (money.test.ts compares them), without building an Intl formatter:
 * that costs ~13 ms of the first render of a product list on a mid-range phone's CPU, 4x that under
 * Lighthouse's throttling.
 */
export function formatCents(cents: Cents): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** For amounts the API sends in dollars (fees, pricing, orders): 12.5 → '$12.50'. */
export function formatDollars(dollars: Dollars): string {
  return formatCents(dollarsToCents(dollars));
}

/** 1999 → 19.99 (a number with at most 2 decimals, for the JSON edges that take dollars). */
export function centsToDollars(cents: Cents): Dollars {
  return Math.round(cents) / 100;
}

/**
 * 19.99 → 1999, always an integer; half-cents round away from zero (1.005 → 101).
 * Throws a RangeError for NaN or ±Infinity: a wrong amount must never be charged silently.
 */
export function dollarsToCents(dollars: Dollars): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of dollars: ${dollars}`);
  // Binary floats make 1.005 * 100 = 100.49999999999999; 15 significant digits undo that noise.
  const cents = Number((Math.abs(dollars) * 100).toPrecision(15));
  // `+ 0` turns -0 into 0.
  return Math.sign(dollars) * Math.round(cents) + 0;
}
