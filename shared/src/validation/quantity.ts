// Cart quantities (spec §4, §5): whole numbers, never below 1.
import { VALIDATION_MESSAGES } from './messages.ts';

export const MIN_QUANTITY = 1;

export function validateQuantity(quantity: number): string | undefined {
  if (Number.isNaN(quantity) || quantity < MIN_QUANTITY) return VALIDATION_MESSAGES.quantityTooLow;
  if (!Number.isInteger(quantity)) return VALIDATION_MESSAGES.quantityNotWhole;
  return undefined;
}

/** The nearest allowed quantity at or below `quantity`, never below MIN_QUANTITY (NaN → 1). */
export function clampQuantity(quantity: number): number {
  if (Number.isNaN(quantity)) return MIN_QUANTITY;
  return Math.max(MIN_QUANTITY, Math.floor(quantity));
}
