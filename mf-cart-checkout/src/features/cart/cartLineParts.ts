// What a cart line shows besides its product, shared by CartLine and SubstitutionChoice and the
// cart's first screen (cartFirstScreen.ts, drawn before the shared libraries load, so only leaf
// imports here).
import type { CartItem, SubstitutionChoice } from '@grocer/shared/contracts';

/** Intrinsic size of the line's thumbnail; the attributes reserve its box (no layout shift). */
export const CART_IMAGE_SIZE = 48;

/** 'If out of stock', in the select's order. */
export const SUBSTITUTION_LABELS: Record<SubstitutionChoice, string> = {
  BEST_MATCH: 'Best match',
  SPECIFIC: 'A specific replacement',
  NONE: "Don't replace (refund)",
};

/** The 'Replace with' select's placeholder while the replacements load. */
export const SUBSTITUTES_LOADING = 'Loading...';

/**
 * At the stock the API reports: plus is off and the line says how many are left. A line stored before
 * stockQuantity was sent has no limit here until its stock refresh; the server's check still holds.
 */
export const isAtStock = (item: Pick<CartItem, 'quantity' | 'stockQuantity'>) =>
  item.stockQuantity !== undefined && item.quantity >= item.stockQuantity;

export const leftInStockText = (stockQuantity: number | undefined) => `Only ${stockQuantity} left`;
