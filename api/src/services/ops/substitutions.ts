// The shopper's substitution preference of each order line, for the pick list and the replacement
// candidates. The one place that reads it: order_lines.substitution / substitute_product_id arrive
// with migration 0010 (substitution preferences); until this branch has them every line answers
// null ("no preference recorded"), and only this function changes when they land.
import type { OpsLineSubstitution } from '@grocer/shared/contracts';
import type { Database } from '../../db/client.ts';
import type { OrderLineRow } from '../../db/schema.ts';

export async function substitutionsOf(_db: Database, _lines: readonly OrderLineRow[]): Promise<Map<number, OpsLineSubstitution>> {
  return new Map();
}
