// The shopper's substitution preference of each order line, for the pick list and the replacement
// candidates: order_lines.substitution / substitute_product_id (migration 0010), with the named
// substitute's uuid, name and today's price. The one place the ops API reads them.
import type { OpsLineSubstitution } from '@grocer/shared/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, type OrderLineRow } from '../../db/schema.ts';

export async function substitutionsOf(db: Database, lines: readonly OrderLineRow[]): Promise<Map<number, OpsLineSubstitution>> {
  const ids = [...new Set(lines.map((l) => l.substituteProductId).filter((id): id is number => id !== null))];
  const named =
    ids.length === 0
      ? new Map<number, { uuid: string; name: string; priceCents: number }>()
      : new Map(
          (
            await db
              .select({ id: products.id, uuid: products.uuid, name: products.name, priceCents: products.priceCents })
              .from(products)
              .where(inArray(products.id, ids))
          ).map((p) => [p.id, p] as const),
        );
  return new Map(
    lines.map((l) => {
      const substitute = l.substitution === 'SPECIFIC' && l.substituteProductId !== null ? named.get(l.substituteProductId) : undefined;
      return [
        l.id,
        {
          choice: l.substitution,
          substitute: substitute ? { productUuid: substitute.uuid, name: substitute.name, priceCents: substitute.priceCents } : null,
        },
      ] as const;
    }),
  );
}
