// Buy again: the products of a shopper's past orders as sold today (GET /orders/buy-again), and a
// past order's lines put back into the cart at today's prices (POST /orders/{id}/reorder). The cart
// lives in the browser, so reorder changes nothing here: it answers what may go back in, and what
// may not and why. Each reason is one check in REORDER_CHECKS; a new rule is one more entry there.
import type { BuyAgainItem, DeliveryCoverage, Product, ReorderResponse, ReorderSkipReason } from '@grocer/shared/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderLines, orders, products, type OrderLineRow } from '../../db/schema.ts';
import type { CatalogueService } from '../catalogue/catalogueService.ts';
import { lineSubstitution, substituteNames } from '../substitutions.ts';
import type { UserRow } from '../users.ts';
import type { AccountCaller, Caller } from '../caller.ts';
import type { OrdersService } from './orders.ts';

export const BUY_AGAIN_DEFAULT_LIMIT = 12;
export const BUY_AGAIN_MAX_LIMIT = 48;

/** What a check knows about the shopper: enough for rules that depend on where they live. */
export interface ReorderContext {
  userUuid: string;
  /** The account's delivery ZIP, null without an address. */
  zip: string | null;
  /** Stores whose delivery radius does not reach the account's address (empty without an address). */
  outOfArea: ReadonlySet<string>;
}

/** One past line and the product as it is today (undefined: no longer in the catalogue). */
export interface ReorderCandidate {
  line: OrderLineRow;
  product: Product | undefined;
}

export interface ReorderSkip {
  reason: ReorderSkipReason;
  message: string;
}

export type ReorderCheck = (candidate: ReorderCandidate, context: ReorderContext) => ReorderSkip | null | Promise<ReorderSkip | null>;

/** In order; the first that objects names the reason. */
export const REORDER_CHECKS: ReorderCheck[] = [
  ({ product }) => (product ? null : { reason: 'NOT_FOUND', message: 'no longer sold' }),
  ({ product }) => (product && !product.isActive ? { reason: 'INACTIVE', message: 'no longer sold' } : null),
  ({ product }) => (product && product.stockStatus === 'OUT_OF_STOCK' ? { reason: 'OUT_OF_STOCK', message: 'out of stock' } : null),
  ({ product }, { outOfArea }) =>
    product && outOfArea.has(product.storeUuid)
      ? { reason: 'OUT_OF_DELIVERY_AREA', message: `${product.store.name} no longer delivers to you` }
      : null,
];

export async function reorderSkip(
  candidate: ReorderCandidate,
  context: ReorderContext,
  checks: ReorderCheck[] = REORDER_CHECKS,
): Promise<ReorderSkip | null> {
  for (const check of checks) {
    const skip = await check(candidate, context);
    if (skip) return skip;
  }
  return null;
}

export interface BuyAgainService {
  buyAgain(caller: Caller, limit: number): Promise<BuyAgainItem[]>;
  /** 404 ORDER_NOT_FOUND for an order that is not the caller's (admins included: it fills their own cart). */
  reorder(caller: AccountCaller, orderId: string): Promise<ReorderResponse>;
}

export interface BuyAgainDeps {
  db: Database;
  catalogue: Pick<CatalogueService, 'productsByUuids'>;
  orders: Pick<OrdersService, 'findVisible' | 'lines'>;
  /** Which stores reach the account's address (the delivery radius), as checkout applies it. */
  coverage: (account: UserRow) => Promise<DeliveryCoverage>;
  checks?: ReorderCheck[];
}

export function createBuyAgainService({
  db,
  catalogue,
  orders: ordersService,
  coverage,
  checks = REORDER_CHECKS,
}: BuyAgainDeps): BuyAgainService {
  /** Without a usable address nothing is out of area: checkout asks for one before any store rule. */
  const storesOutOfArea = async (account: UserRow): Promise<Set<string>> => {
    const reach = await coverage(account).catch((error: { statusCode?: number }) => {
      if (error?.statusCode === 400) return null;
      throw error;
    });
    return new Set(Object.entries(reach?.stores ?? {}).flatMap(([uuid, store]) => (store.delivers ? [] : [uuid])));
  };

  return {
    async buyAgain(caller, limit) {
      const timesOrdered = sql<number>`count(distinct ${orders.id})::int`;
      const lastOrderedAt = sql<Date>`max(${orders.createdAt})`;
      // Paid orders only (a failed payment bought nothing); products still sold, so each has Add to Cart or its stock.
      const rows = await db
        .select({ uuid: orderLines.productUuid, timesOrdered, lastOrderedAt })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .innerJoin(products, and(eq(products.uuid, orderLines.productUuid), eq(products.isActive, true)))
        .where(and(eq(orders.userUuid, caller.uuid), eq(orders.paymentStatus, 'PAID')))
        .groupBy(orderLines.productUuid)
        .orderBy(desc(timesOrdered), desc(lastOrderedAt), orderLines.productUuid)
        .limit(limit);
      const current = await catalogue.productsByUuids(rows.map((r) => r.uuid));
      return rows.flatMap((r) => {
        const product = current.get(r.uuid);
        const last = r.lastOrderedAt instanceof Date ? r.lastOrderedAt : new Date(r.lastOrderedAt);
        return product ? [{ product, timesOrdered: r.timesOrdered, lastOrderedAt: last.toISOString() }] : [];
      });
    },

    async reorder(caller, orderId) {
      const order = await ordersService.findVisible(caller, orderId, false);
      const lines = await ordersService.lines(order.id);
      const context: ReorderContext = {
        userUuid: caller.uuid,
        zip: caller.account.zip ?? null,
        outOfArea: await storesOutOfArea(caller.account),
      };
      const names = await substituteNames(db, lines);
      const current = await catalogue.productsByUuids([...lines.map((l) => l.productUuid), ...[...names.values()].map((n) => n.uuid)]);
      const result: ReorderResponse = { added: [], skipped: [] };
      for (const line of lines) {
        const product = current.get(line.productUuid);
        const skip = await reorderSkip({ line, product }, context, checks);
        if (skip || !product) {
          result.skipped.push({
            productId: line.productUuid,
            name: line.productName,
            ...(skip ?? { reason: 'NOT_FOUND', message: 'no longer sold' }),
          });
          continue;
        }
        let substitution = lineSubstitution(line, names);
        // A replacement no longer sold cannot be asked for again; the store's best match stands in.
        if (substitution.substitute && !current.get(substitution.substitute.uuid)?.isActive)
          substitution = { choice: 'BEST_MATCH', substitute: null };
        result.added.push({ product, quantity: line.quantity, substitution });
      }
      return result;
    },
  };
}
