// Reading a listing's filters back from its URL (paths.ts in @grocer/shared writes them). It lives here,
// not in @grocer/shared, because only the catalogue's store and search pages read filters, and
// everything @grocer/shared exports is on every page's first load.
import { DIETARY_ATTRIBUTES, MAX_PRICE_CENTS, type ListingFilters } from '@grocer/shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a listing's filters back, dropping values the API would reject (a bad link shows everything, not an error). */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  const cents = (key: string) => {
    const raw = params.get(key);
    const value = Number(raw);
    return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 && value <= MAX_PRICE_CENTS ? value : undefined;
  };
  const category = params.get('category') ?? '';
  const store = params.get('store')?.trim() ?? '';
  let minPrice = cents('minPrice');
  let maxPrice = cents('maxPrice');
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) minPrice = maxPrice = undefined;
  // Known attributes only, each once, in their own order (one canonical URL whatever order a link gave).
  const asked = new Set(params.get('dietary')?.split(','));
  const dietary = DIETARY_ATTRIBUTES.filter((a) => asked.has(a));
  const filters: ListingFilters = {
    category: UUID.test(category) ? category.toLowerCase() : undefined,
    store: store && store.length <= 100 ? store : undefined,
    inStock: params.get('inStock') === '1' || params.get('inStock') === 'true' ? true : undefined,
    minPrice,
    maxPrice,
    dietary: dietary.length > 0 ? dietary : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ListingFilters;
}
