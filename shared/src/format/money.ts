// Money is held in integer cents and shown as USD with 2 decimals (spec §1, §9).
import type { Cents, Dollars } from '../contracts/entities.ts';

// Built on first use, then reused: an Intl formatter is costly to build (~13 ms on first load, as
// this module is part of every page's shared chunk) and formatCents runs per product card.
let usd: Intl.NumberFormat | undefined;

/** 123450 → '$1,234.50'; negative amounts → '-$1.50'. */
export function formatCents(cents: Cents): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return usd.format(Math.round(cents) / 100);
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
