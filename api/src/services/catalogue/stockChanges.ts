// The audit of a product's count on hand (decision 010): every write that moves stock_quantity records
// the move here in its own transaction, with who, why and the order it was for. The writers return the
// new count from their UPDATE … RETURNING, so the audit costs one insert and no extra read.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stockChanges, users, type StockChangeReason } from '../../db/schema.ts';

export interface StockMove {
  productId: number;
  oldQuantity: number;
  newQuantity: number;
}

export interface StockAudit {
  reason: StockChangeReason;
  /** The order that took or gave back the stock. */
  orderId?: string | null;
  /** The account that made the change; null when the system did (a payment that never completed). */
  by?: string | null;
}

/** Records the moves that changed something (a count set to what it was is no change). */
export async function recordStockChanges(tx: Database, moves: StockMove[], audit: StockAudit): Promise<void> {
  const changed = moves.filter((m) => m.oldQuantity !== m.newQuantity);
  if (changed.length === 0) return;
  const by = audit.by ?? null;
  // The e-mail is kept beside the uuid, so the audit still says who after the account is deleted.
  const email = by === null ? null : sql`(${tx.select({ email: users.email }).from(users).where(eq(users.uuid, by))})`;
  await tx.insert(stockChanges).values(
    changed.map((m) => ({
      productId: m.productId,
      oldQuantity: m.oldQuantity,
      newQuantity: m.newQuantity,
      reason: audit.reason,
      orderId: audit.orderId ?? null,
      changedBy: by,
      changedByEmail: email,
    })),
  );
}
