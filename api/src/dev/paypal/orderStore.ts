// Where the /dev/paypal stand-in keeps its orders and the answers it replays for a repeated
// PayPal-Request-Id: the dev_paypal_orders and dev_paypal_requests tables, so they outlive the API
// process as PayPal's records outlive ours. An order is one JSON document (orderBook.ts's DevOrder);
// each change reads it under a row lock and writes it back in one transaction, so two requests on one
// order (a capture and its retry) take turns, as PayPal's own idempotency makes them.
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devPaypalOrders, devPaypalRequests } from '../../db/schema.ts';

/** Orders and remembered answers older than this are dropped (PayPal forgets uncaptured orders sooner). */
export const ORDER_KEEP_DAYS = 30;

/** One answer of the stand-in's API, as sent and as replayed. */
export interface StoredAnswer {
  statusCode: number;
  body: Record<string, unknown>;
}

interface StoredOrder {
  id: string;
  capture: { id: string; refunds: { id: string }[] } | null;
}

/** By PayPal order id, by capture id (the Payments API), or by one of its refunds' ids. */
export type OrderLookup = { id: string } | { captureId: string } | { refundId: string };

export function createOrderStore<O extends StoredOrder>(
  db: Database,
  /** An error that PayPal would replay to a repeated request id, as the answer to keep; null for one it would not. */
  rememberError: (err: unknown) => StoredAnswer | null,
) {
  const transaction = <T>(run: (tx: Database) => Promise<T>) => db.transaction((txn) => run(txn as unknown as Database));
  const json = (order: O) => order as unknown as Record<string, unknown>;

  function where(lookup: OrderLookup): SQL {
    if ('id' in lookup) return eq(devPaypalOrders.id, lookup.id);
    if ('captureId' in lookup) return eq(devPaypalOrders.captureId, lookup.captureId);
    return sql`${devPaypalOrders.order} @> ${JSON.stringify({ capture: { refunds: [{ id: lookup.refundId }] } })}::jsonb`;
  }

  async function read(tx: Database, lookup: OrderLookup, lock: boolean): Promise<O | undefined> {
    const query = tx.select({ order: devPaypalOrders.order }).from(devPaypalOrders).where(where(lookup)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row?.order as O | undefined;
  }

  async function remembered(tx: Database, key: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await tx.select({ answer: devPaypalRequests.answer }).from(devPaypalRequests).where(eq(devPaypalRequests.key, key));
    return row?.answer;
  }

  async function save(tx: Database, order: O): Promise<void> {
    await tx
      .update(devPaypalOrders)
      .set({ order: json(order), captureId: order.capture?.id ?? null })
      .where(eq(devPaypalOrders.id, order.id));
  }

  async function createdBy(tx: Database, key: string): Promise<O | undefined> {
    const orderId = (await remembered(tx, key))?.orderId;
    return typeof orderId === 'string' ? read(tx, { id: orderId }, false) : undefined;
  }

  let pruned: Promise<void> | undefined;
  async function prune(): Promise<void> {
    const keepSince = sql`now() - make_interval(days => ${ORDER_KEEP_DAYS})`;
    await db.delete(devPaypalOrders).where(lt(devPaypalOrders.createdAt, keepSince));
    await db.delete(devPaypalRequests).where(lt(devPaypalRequests.createdAt, keepSince));
  }

  return {
    find: (lookup: OrderLookup | string) => read(db, typeof lookup === 'string' ? { id: lookup } : lookup, false),

    /** The order an earlier create with this request key made, if it is still kept. */
    createdBy: (key: string) => createdBy(db, key),

    /** Stores a new order; with a request key another create already holds, returns that create's order instead. */
    async create(order: O, key: string | undefined): Promise<O> {
      // Old rows go once per process, at its first order, so a long-running dev database stays small.
      pruned ??= prune();
      await pruned;
      return transaction(async (tx) => {
        if (key !== undefined) {
          const [mine] = await tx
            .insert(devPaypalRequests)
            .values({ key, answer: { orderId: order.id } })
            .onConflictDoNothing()
            .returning({ key: devPaypalRequests.key });
          const earlier = mine ? undefined : await createdBy(tx, key);
          if (earlier) return earlier;
        }
        await tx.insert(devPaypalOrders).values({ id: order.id, order: json(order) });
        return order;
      });
    },

    /** Changes one order under its lock (`change` receives undefined for an unknown id, and may throw). */
    change(id: string, change: (order: O | undefined) => void): Promise<O> {
      return transaction(async (tx) => {
        const order = await read(tx, { id }, true);
        change(order);
        await save(tx, order!);
        return order!;
      });
    },

    /**
     * Answers a request on one order once per request key: a repeat gets the first answer back,
     * including an error `rememberError` keeps. `answer` may change the order; it is saved with the answer.
     */
    answerOnce(lookup: OrderLookup, key: string | undefined, answer: (order: O | undefined) => StoredAnswer): Promise<StoredAnswer> {
      return transaction(async (tx) => {
        // The order's lock first: a repeat of the same request waits for the first, then finds its answer.
        const order = await read(tx, lookup, true);
        const earlier = key === undefined ? undefined : await remembered(tx, key);
        if (earlier) return earlier as unknown as StoredAnswer;
        let result: StoredAnswer;
        try {
          result = answer(order);
          await save(tx, order!);
        } catch (err) {
          const kept = rememberError(err);
          if (!kept) throw err;
          result = kept;
        }
        if (key !== undefined) await tx.insert(devPaypalRequests).values({ key, answer: result as unknown as Record<string, unknown> });
        return result;
      });
    },
  };
}
