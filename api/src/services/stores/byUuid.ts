// Stores named by uuid in a request (delivery fees, delivery windows, a cart's store parts): each once,
// in the order asked, with their rules (one statement reads both).
import { isUuid } from '../catalogue/catalogueService.ts';
import type { Database } from '../../db/client.ts';
import { readStoreRulesByUuid, type StoreWithRules } from './rules.ts';

/**
 * The stores of these uuids (any case, repeats once) in the order asked. A malformed or unknown uuid
 * throws what `notFound` makes: each caller has its own message and field.
 */
export async function storesByUuid(db: Database, uuids: string[], notFound: () => Error): Promise<StoreWithRules[]> {
  const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
  if (wanted.some((u) => !isUuid(u))) throw notFound();
  const found = await readStoreRulesByUuid(db, wanted);
  if (found.size !== wanted.length) throw notFound();
  return wanted.map((u) => found.get(u)!);
}
