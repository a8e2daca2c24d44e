// How a pick list's replacements are ranked, from the same shelf outward: the shopper's own choice,
// then the same item at another size (same brand), the same item by another brand, then the same
// category by how alike the names are, and only then, if their names share a word, other categories.
// Another category never comes ahead of the item's own. Within a rank: likeness, then the closest
// price (every candidate costs the same or less), then the name.
import type { ReplacementMatch } from '@grocer/shared/contracts';

export interface RankedProduct {
  uuid: string;
  name: string;
  brand: string;
  item: string;
  categoryId: number;
  priceCents: number;
}

const ORDER: Record<ReplacementMatch, number> = { CHOSEN: 0, OTHER_SIZE: 1, OTHER_BRAND: 2, SAME_CATEGORY: 3, OTHER_CATEGORY: 4 };

/** The words a name is compared by: lower case, 3 letters or more, a plural "s" dropped ("Eggs" → "egg"). */
export function nameWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3)
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)),
  );
}

/** Share of the line's item words that the candidate's name has, 0..1. */
export function likeness(own: Set<string>, candidate: RankedProduct): number {
  if (own.size === 0) return 0;
  const theirs = nameWords(`${candidate.item} ${candidate.name}`);
  let shared = 0;
  for (const word of own) if (theirs.has(word)) shared += 1;
  return shared / own.size;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function matchOf(line: RankedProduct, candidate: RankedProduct, preferredUuid: string | null): ReplacementMatch {
  if (candidate.uuid === preferredUuid) return 'CHOSEN';
  if (same(candidate.item, line.item)) return same(candidate.brand, line.brand) ? 'OTHER_SIZE' : 'OTHER_BRAND';
  return candidate.categoryId === line.categoryId ? 'SAME_CATEGORY' : 'OTHER_CATEGORY';
}

/**
 * The candidates in rank order, each with why it ranks there. Candidates of another category that share
 * no word with the item are left out: a picker gains nothing from hand lotion for cream.
 */
export function rankReplacements<T extends RankedProduct>(
  line: RankedProduct,
  candidates: readonly T[],
  preferredUuid: string | null,
): { product: T; match: ReplacementMatch }[] {
  const own = nameWords(line.item);
  return candidates
    .map((product) => ({ product, match: matchOf(line, product, preferredUuid), like: likeness(own, product) }))
    .filter((c) => c.match !== 'OTHER_CATEGORY' || c.like > 0)
    .sort(
      (a, b) =>
        ORDER[a.match] - ORDER[b.match] ||
        b.like - a.like ||
        b.product.priceCents - a.product.priceCents ||
        a.product.name.localeCompare(b.product.name),
    )
    .map(({ product, match }) => ({ product, match }));
}
