// Stores named by uuid in a request (delivery fees, delivery windows, a window hold): each once, in the
// order asked, with their rules (kept in memory while their changes are heard, rulesCache.ts).
import { isUuid } from '../catalogue/catalogueService.ts';
import type { StoreWithRules } from './rules.ts';
import type { StoreRulesReader } from './rulesCache.ts';

/**
 * The stores of these uuids (any case, repeats once) in the order asked. A malformed or unknown uuid
 * throws what `notFound` makes: each caller has its own message and field.
 */
export async function storesByUuid(stores: StoreRulesReader, uuids: string[], notFound: () => Error): Promise<StoreWithRules[]> {
  const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
  if (wanted.some((u) => !isUuid(u))) throw notFound();
  const found = await stores.byUuid(wanted);
  if (found.size !== wanted.length) throw notFound();
  return wanted.map((u) => found.get(u)!);
}
