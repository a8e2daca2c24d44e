// The pricing rules of decision 003, in one module: the open calculator, the cart summary, the PayPal
// order and order creation all call calculatePricing, so the amount PayPal captures and the order
// total come from the same computation.
//
// Rules (all amounts integer cents; each fee rounded half-up to the cent on its own):
//   subtotal         = Σ unit price × quantity (prices from the database, never the client's)
//   tax              = subtotal × the delivery state's base sales-tax rate (STATE_SALES_TAX_RATES)
//   service fee      = 5 % of the subtotal, at least $2.00
//   delivery fee     = Σ per-store fees (deliveryFees.ts: $7.50 per mile of ZIP-centroid distance)
//   processing fee   = 2.9 % of (subtotal + tax + service fee + delivery fee) + $0.30
//   total            = subtotal + tax + service fee + delivery fee + processing fee
//   displayed service fee = service fee + processing fee (the shopper sees one "Service fee" line,
//                      so subtotal + tax + displayed service fee + delivery fee = total)
// An empty subtotal (nothing to buy) has no tax and no fees. A state missing from the table (a
// territory, or none given) is taxed at 0 %.
//
// The tax is the state-level base rate only: no local add-ons (county, city, transit; so Utah is
// 4.85 % not 6.10 %, Virginia 4.3 % not 5.3 %) and no grocery exemptions or reduced food rates.
// Decision 003 chose a single predictable rate per state; a real tax engine would replace this table.
import type { Dollars, PaymentBreakdown } from '@grocer/shared/contracts';

/** Rates are in thousandths of a percent (6.25 % → 6250), so 6.875 % or 4.225 % stay integers. */
export const TAX_RATE_SCALE = 100_000;

/**
 * State-level base sales-tax rates as of 2025, thousandths of a percent, for the 50 states and DC.
 * The five states without a state sales tax (AK, DE, MT, NH, OR) are listed at 0 on purpose.
 */
export const STATE_SALES_TAX_RATES: Readonly<Record<string, number>> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 4850,
  VT: 6000,
  VA: 4300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

export const SERVICE_FEE_PERCENT = 5;
export const MIN_SERVICE_FEE_CENTS = 200;
/** 2.9 % = 29 per mille. */
export const PROCESSING_FEE_PER_MILLE = 29;
export const PROCESSING_FEE_FIXED_CENTS = 30;

/** An order's money, integer cents. */
export interface PricingCents {
  subtotal: number;
  tax: number;
  serviceFee: number;
  deliveryFee: number;
  processingFee: number;
  total: number;
}

export interface PricingInput {
  subtotalCents: number;
  deliveryFeeCents: number;
  /** Two-letter code of the delivery state; absent or unknown means no tax. */
  state?: string | null;
}

/**
 * round(value × numerator / denominator), half-up, in integer arithmetic (no 0.1 + 0.2 surprises).
 * For the non-negative amounts pricing deals with, floor((2·v·n + d) / 2d) is exactly half-up.
 */
export function mulDivHalfUp(value: number, numerator: number, denominator: number): number {
  if (value < 0) throw new RangeError('amounts must not be negative');
  return Math.floor((2 * value * numerator + denominator) / (2 * denominator));
}

/** The base rate of a state (two-letter code, any case), in thousandths of a percent; 0 when unknown. */
export function taxRateFor(state: string | null | undefined): number {
  if (!state) return 0;
  return STATE_SALES_TAX_RATES[state.trim().toUpperCase()] ?? 0;
}

export function calculatePricing({ subtotalCents, deliveryFeeCents, state }: PricingInput): PricingCents {
  for (const value of [subtotalCents, deliveryFeeCents]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a cent amount: ${value}`);
  }
  if (subtotalCents === 0) {
    return { subtotal: 0, tax: 0, serviceFee: 0, deliveryFee: deliveryFeeCents, processingFee: 0, total: deliveryFeeCents };
  }
  const tax = mulDivHalfUp(subtotalCents, taxRateFor(state), TAX_RATE_SCALE);
  const serviceFee = Math.max(MIN_SERVICE_FEE_CENTS, mulDivHalfUp(subtotalCents, SERVICE_FEE_PERCENT, 100));
  const beforeProcessing = subtotalCents + tax + serviceFee + deliveryFeeCents;
  const processingFee = mulDivHalfUp(beforeProcessing, PROCESSING_FEE_PER_MILLE, 1000) + PROCESSING_FEE_FIXED_CENTS;
  return {
    subtotal: subtotalCents,
    tax,
    serviceFee,
    deliveryFee: deliveryFeeCents,
    processingFee,
    total: beforeProcessing + processingFee,
  };
}

/**
 * `total` cents split in proportion to `weights`, each share rounded down and the cents left over
 * given to the largest remainders (the earliest first on a tie): the shares always add up to `total`.
 * All-zero weights split evenly.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.every((x) => x === 0) ? weights.map(() => 1) : weights;
  const sum = w.reduce((a, b) => a + b, 0);
  const shares = w.map((x) => Math.floor((total * x) / sum));
  const order = w.map((x, i) => ({ i, rest: (total * x) % sum })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Cents → dollars for the JSON edge: 1234 → 12.34 (the nearest double, which JSON prints as 12.34). */
export function centsToDollars(cents: number): Dollars {
  return cents / 100;
}

/** 1999 → '$19.99', as the API's own texts (mails, tracking messages) write an amount. */
export const dollarsText = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Dollars from a client (the open calculator) → cents, half-up. toPrecision(12) first removes binary
 * noise, so 1.005 (stored as 1.00499999…) counts as a half cent and rounds up to 101.
 */
export function dollarsToCents(dollars: Dollars): number {
  return Math.round(Number((dollars * 100).toPrecision(12)));
}

/** The spec's PaymentBreakdown (dollars) of an order's money. */
export function toPaymentBreakdown(p: PricingCents): PaymentBreakdown {
  return {
    subtotal: centsToDollars(p.subtotal),
    tax: centsToDollars(p.tax),
    platformServiceFee: centsToDollars(p.serviceFee),
    serviceFee: centsToDollars(p.serviceFee),
    displayServiceFee: centsToDollars(p.serviceFee + p.processingFee),
    deliveryFee: centsToDollars(p.deliveryFee),
    paymentProcessingFee: centsToDollars(p.processingFee),
    total: centsToDollars(p.total),
  };
}
