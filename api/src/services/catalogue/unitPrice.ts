// Sizes and unit prices as US grocers' shelf tags show them, computed from integer cents.
//
// The rule (one per product, fixed at seed time in products.unit_price_unit):
//   - liquids (fl oz, gal, qt, pt, l, ml) are priced per fl oz;
//   - counts (ct) per ct;
//   - weights (oz, lb, g, kg) per lb for fresh food sold by weight (produce, meat, seafood, deli),
//     per oz for everything packaged.
// Conversions: 1 gal = 128 fl oz, 1 qt = 32, 1 pt = 16, 1 l = 33.814, 1 ml = 0.033814; 1 lb = 16 oz,
// 1 kg = 35.274 oz, 1 g = 0.035274 oz (and per lb: 1 lb = 453.592 g).
// Rounding: the price per shelf unit is kept in integer tenths of a cent, rounded half-up
// (computed with integers only, so 280.5 is always 281); the label rounds that half-up to whole cents
// ("$0.13/fl oz", "$3.49/lb", "$0.42/ct"), or shows the tenth of a cent below one cent ("$0.007/ct").
import type { ProductSize, SizeUnit, UnitPrice } from '@grocer/shared/contracts';

export type ShelfUnit = UnitPrice['unit'];

export const SIZE_UNITS: readonly SizeUnit[] = ['oz', 'fl oz', 'lb', 'ct', 'gal', 'qt', 'pt', 'l', 'ml', 'g', 'kg'];

const LIQUID: ReadonlySet<SizeUnit> = new Set(['fl oz', 'gal', 'qt', 'pt', 'l', 'ml']);
const WEIGHT: ReadonlySet<SizeUnit> = new Set(['oz', 'lb', 'g', 'kg']);

/**
 * How many shelf units one size unit holds, as an exact fraction [numerator, denominator], so the
 * division stays in integers (a size is held in thousandths, a price in cents: all well under 2^53).
 */
const PER_SHELF_UNIT: Record<ShelfUnit, Partial<Record<SizeUnit, readonly [number, number]>>> = {
  'fl oz': { 'fl oz': [1, 1], gal: [128, 1], qt: [32, 1], pt: [16, 1], l: [33_814, 1_000], ml: [33_814, 1_000_000] },
  oz: { oz: [1, 1], lb: [16, 1], g: [35_274, 1_000_000], kg: [35_274, 1_000] },
  lb: { lb: [1, 1], oz: [1, 16], g: [1_000, 453_592], kg: [1_000_000, 453_592] },
  ct: { ct: [1, 1] },
};

/** The shelf unit a size is priced in (see the rule above). */
export function shelfUnitFor(unit: SizeUnit, soldByWeight: boolean): ShelfUnit {
  if (LIQUID.has(unit)) return 'fl oz';
  if (WEIGHT.has(unit)) return soldByWeight ? 'lb' : 'oz';
  return 'ct';
}

/** "1 gal" → { milli: 1000, unit: 'gal' }; "10.75 oz" → { milli: 10750, unit: 'oz' }. Throws on anything else. */
export function parseSize(label: string): { milli: number; unit: SizeUnit } {
  const match = /^(\d+(?:\.\d{1,3})?) (.+)$/.exec(label);
  const unit = match?.[2] as SizeUnit | undefined;
  if (!match || !unit || !SIZE_UNITS.includes(unit)) throw new Error(`Not a size: "${label}"`);
  return { milli: Math.round(Number(match[1]) * 1000), unit };
}

/** 1000 → "1", 10750 → "10.75", 500 → "0.5". */
function amountText(milli: number): string {
  return String(milli / 1000);
}

export function productSize(milli: number, unit: SizeUnit): ProductSize {
  return { amount: milli / 1000, unit, label: `${amountText(milli)} ${unit}` };
}

/** How many shelf units a size holds (1 gal → 128 fl oz), or undefined when the units do not convert. */
export function shelfQuantity(milli: number, unit: SizeUnit, shelfUnit: ShelfUnit): number | undefined {
  const factor = PER_SHELF_UNIT[shelfUnit][unit];
  return factor && (milli / 1000) * (factor[0] / factor[1]);
}

/** a / b rounded half-up, for non-negative integers. */
const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/** The price per shelf unit of `priceCents` for a size of `milli` thousandths of `unit`. */
export function unitPrice(priceCents: number, milli: number, unit: SizeUnit, shelfUnit: ShelfUnit): UnitPrice {
  const factor = PER_SHELF_UNIT[shelfUnit][unit];
  if (!factor || milli <= 0) throw new Error(`Cannot price ${unit} per ${shelfUnit}`);
  const [num, den] = factor;
  // tenths of a cent per shelf unit = priceCents × 10 / (milli / 1000 × num / den)
  const tenthCents = divideHalfUp(priceCents * 10 * 1000 * den, milli * num);
  return { tenthCents, unit: shelfUnit, label: `${unitPriceText(tenthCents)}/${shelfUnit}` };
}

/** 134 → "$0.13", 3494 → "$3.49", 3495 → "$3.50"; below a cent, the tenth: 7 → "$0.007". */
function unitPriceText(tenthCents: number): string {
  if (tenthCents < 10) return `$0.00${tenthCents}`;
  const cents = divideHalfUp(tenthCents, 10);
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
