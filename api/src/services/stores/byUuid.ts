// Stores named by uuid in a request (delivery fees, delivery windows): each once, in the order asked.
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import { isUuid } from '../catalogue/catalogueService.ts';

/**
 * The stores of these uuids (any case, repeats once) in the order asked. A malformed or unknown uuid
 * throws what `notFound` makes: each caller has its own message and field.
 */
export async function storesByUuid(db: Database, uuids: string[], notFound: () => Error) {
  const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
  if (wanted.some((u) => !isUuid(u))) throw notFound();
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: stores.id, uuid: stores.uuid, name: stores.name, zip: stores.zip })
          .from(stores)
          .where(inArray(stores.uuid, wanted));
  if (rows.length !== wanted.length) throw notFound();
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return wanted.map((u) => byUuid.get(u)!);
}
