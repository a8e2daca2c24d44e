// Where the /dev/paypal stand-in keeps its orders and the answers it replays for a repeated
// PayPal-Request-Id: the dev_paypal_orders and dev_paypal_requests tables, so they outlive the API
// process as PayPal's records outlive ours. An order is one JSON document (orderBook.ts's DevOrder).
//
// Concurrency is optimistic. A change reads the order with its row version (PostgreSQL's xmin, which
// every update renews) and, in the same select, the answer already kept for the request key; it works
// out the new document in JS, then writes it in one statement that matches only while the row is still
// at the version read, together with the answer for the key. A write that matches nothing lost a race,
// and the change is done again on the order as the winner left it; a request key that a concurrent
// repeat kept meanwhile undoes the whole statement, and the repeat's answer is replayed. So a capture and
// its retry still take turns, as PayPal's idempotency makes them, without a row lock: locking (begin,
// select for update, update, commit) held the lock across four to six round trips per change, and each
// round trip wakes the database process, which on a 2-core machine was most of what a checkout cost the
// stand-in. A paid order (create, summary, approve, capture) now takes 6 round trips instead of 16.
//
// The process also remembers each order at the version it last read or wrote (`known`). A change starts
// from that copy and skips its read: the write still matches only that version, so a copy another
// process or request has moved on from costs one write that matches nothing, then the read as before.
// Approve and capture, which follow the process's own create and summary, are then one statement each:
// a paid order takes 4 round trips. Only a write is trusted from the copy: a refusal worked out on it is
// worked out again on a fresh read, since nothing checks the version of a refusal.
import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { devPaypalOrders, devPaypalRequests } from '../../db/schema.ts';

/** Orders and remembered answers older than this are dropped (PayPal forgets uncaptured orders sooner). */
export const ORDER_KEEP_DAYS = 30;

/** How often a change is done again after losing a race for its order before it gives up. */
export const CHANGE_TRIES = 5;

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

/** How many orders a process remembers at their last version; the oldest are forgotten first. */
export const KNOWN_ORDERS = 2_000;

/** An order as the database held it at `version`, whether read there or written there by this process. */
interface Versioned<O> {
  order: O | undefined;
  version: string | null;
}

export function createOrderStore<O extends StoredOrder>(
  db: Database,
  /** An error that PayPal would replay to a repeated request id, as the answer to keep; null for one it would not. */
  rememberError: (err: unknown) => StoredAnswer | null,
) {
  const rows = async <R>(query: SQL) => ((await db.execute(query)) as unknown as { rows: R[] }).rows;

  // Kept as JSON text, so each change works on its own copy and a change that is dropped leaves no trace.
  const known = new Map<string, { json: string; version: string }>();
  function remember(order: { id: string }, version: string, json = JSON.stringify(order)): void {
    known.delete(order.id);
    known.set(order.id, { json, version });
    // A Map iterates in insertion order, and a remembered order is re-inserted: the first is the stalest.
    if (known.size > KNOWN_ORDERS) known.delete(known.keys().next().value!);
  }
  /** The remembered copy of an order, to start a change from without reading it. */
  function recall(lookup: OrderLookup): Versioned<O> | undefined {
    const copy = 'id' in lookup ? known.get(lookup.id) : undefined;
    return copy && { order: JSON.parse(copy.json) as O, version: copy.version };
  }

  function where(lookup: OrderLookup): SQL {
    if ('id' in lookup) return eq(devPaypalOrders.id, lookup.id);
    if ('captureId' in lookup) return eq(devPaypalOrders.captureId, lookup.captureId);
    return sql`${devPaypalOrders.order} @> ${JSON.stringify({ capture: { refunds: [{ id: lookup.refundId }] } })}::jsonb`;
  }

  /** The order (if any) at its current version, and the answer already kept for `key` (if any): one select. */
  async function readVersioned(lookup: OrderLookup, key: string | undefined): Promise<Versioned<O> & { earlier: StoredAnswer | null }> {
    const [row] = await rows<{ order: O | null; version: string | null; earlier: StoredAnswer | null }>(sql`
      select found."order", found.version,
        (select ${devPaypalRequests.answer} from ${devPaypalRequests} where ${devPaypalRequests.key} = ${key ?? null}) as earlier
      from (select 1) as one
      left join lateral (
        select ${devPaypalOrders.order} as "order", xmin::text as version from ${devPaypalOrders} where ${where(lookup)} limit 1
      ) as found on true`);
    if (row!.order) remember(row!.order, row!.version!);
    return { order: row!.order ?? undefined, version: row!.version, earlier: row!.earlier };
  }

  /**
   * Writes `order` if its row is still at `version`, and keeps `answer` for `key` in the same statement:
   * false when someone changed the order first, or a concurrent repeat took `key` (the statement is then
   * undone as a whole), so the caller reads again. The order is remembered at the version it now has.
   */
  async function write(order: O | undefined, version: string | null, key: string | undefined, answer?: StoredAnswer): Promise<boolean> {
    const kept = key === undefined ? undefined : JSON.stringify(answer);
    if (!order) {
      // Nothing changed (a refusal): only the answer is kept, unless a repeat kept its own first.
      if (kept === undefined) return true;
      const inserted = await rows(sql`
        insert into ${devPaypalRequests} (key, answer) values (${key}, ${kept}::jsonb) on conflict do nothing returning 1`);
      return inserted.length > 0;
    }
    const json = JSON.stringify(order);
    const update = sql`
      update ${devPaypalOrders} set "order" = ${json}::jsonb, capture_id = ${order.capture?.id ?? null}
      where ${devPaypalOrders.id} = ${order.id} and xmin = ${version}::text::xid
      returning xmin::text as version`;
    try {
      // The answer goes in only with the order's write; a key already taken fails the whole statement.
      const [written] = await rows<{ version: string }>(
        kept === undefined
          ? update
          : sql`with saved as (${update}), kept as (insert into ${devPaypalRequests} (key, answer) select ${key}, ${kept}::jsonb from saved)
              select version from saved`,
      );
      if (written) remember(order, written.version, json);
      return written !== undefined;
    } catch (err) {
      if (isUniqueViolation(err, 'dev_paypal_requests_pkey')) return false;
      throw err;
    }
  }

  const lostRaces = (lookup: OrderLookup) =>
    new Error(`The PayPal stand-in's order ${JSON.stringify(lookup)} changed ${CHANGE_TRIES} times while a change to it was being made`);

  async function createdBy(key: string): Promise<O | undefined> {
    const [row] = await db
      .select({ order: devPaypalOrders.order })
      .from(devPaypalRequests)
      .innerJoin(devPaypalOrders, eq(devPaypalOrders.id, sql`${devPaypalRequests.answer} ->> 'orderId'`))
      .where(eq(devPaypalRequests.key, key));
    return row?.order as O | undefined;
  }

  let pruned: Promise<void> | undefined;
  async function prune(): Promise<void> {
    const keepSince = sql`now() - make_interval(days => ${ORDER_KEEP_DAYS})`;
    await db.delete(devPaypalOrders).where(lt(devPaypalOrders.createdAt, keepSince));
    await db.delete(devPaypalRequests).where(lt(devPaypalRequests.createdAt, keepSince));
  }

  return {
    async find(lookup: OrderLookup | string): Promise<O | undefined> {
      const [row] = await db
        .select({ order: devPaypalOrders.order, version: sql<string>`xmin::text` })
        .from(devPaypalOrders)
        .where(where(typeof lookup === 'string' ? { id: lookup } : lookup))
        .limit(1);
      if (row) remember(row.order as O, row.version);
      return row?.order as O | undefined;
    },

    /** The order an earlier create with this request key made, if it is still kept. */
    createdBy,

    /** Stores a new order; with a request key another create already holds, returns that create's order instead. */
    async create(order: O, key: string | undefined): Promise<O> {
      // Old rows go once per process, at its first order, so a long-running dev database stays small.
      pruned ??= prune();
      await pruned;
      const json = JSON.stringify(order);
      if (key === undefined) {
        const [made] = await rows<{ version: string }>(
          sql`insert into ${devPaypalOrders} (id, "order") values (${order.id}, ${json}::jsonb) returning xmin::text as version`,
        );
        remember(order, made!.version, json);
        return order;
      }
      for (let tries = 0; tries < CHANGE_TRIES; tries += 1) {
        // One statement: the key, and the order only if the key was new; else the order the key's create made.
        // The order is also stored when the key outlived its order (pruning drops orders first), as a new key would.
        // A create with the same key still in flight is waited for by the key's insert, but the statement's
        // snapshot predates it: nothing comes back, and the next try sees its order.
        const [row] = await rows<{ order: O; mine: boolean; version: string }>(sql`
          with mine as (
            insert into ${devPaypalRequests} (key, answer) values (${key}, ${JSON.stringify({ orderId: order.id })}::jsonb)
            on conflict do nothing
            returning 1
          ), made as (
            insert into ${devPaypalOrders} (id, "order")
            select ${order.id}, ${json}::jsonb
            where exists (select from mine) or exists (
              select from ${devPaypalRequests} kept
              where kept.key = ${key} and not exists (select from ${devPaypalOrders} o where o.id = kept.answer ->> 'orderId')
            )
            returning xmin::text as version
          )
          select null::jsonb as "order", true as mine, version from made
          union all
          select o."order", false, o.xmin::text from ${devPaypalRequests} kept join ${devPaypalOrders} o on o.id = kept.answer ->> 'orderId'
          where kept.key = ${key}`);
        if (!row) continue;
        const created = row.mine ? order : row.order;
        remember(created, row.version, row.mine ? json : undefined);
        return created;
      }
      throw new Error(`The PayPal stand-in's create with request id ${key} found neither its order nor the earlier one`);
    },

    /**
     * Changes one order (`change` receives undefined for an unknown id, and may throw: nothing is written);
     * done again on the new state if someone changed the order meanwhile.
     */
    async change(id: string, change: (order: O | undefined) => void): Promise<O> {
      let copy = recall({ id });
      for (let tries = 0; tries < CHANGE_TRIES; tries += 1) {
        const fromCopy = copy !== undefined;
        const { order, version } = copy ?? (await readVersioned({ id }, undefined));
        copy = undefined;
        try {
          change(order);
        } catch (err) {
          if (fromCopy) continue;
          throw err;
        }
        if (await write(order!, version, undefined)) return order!;
      }
      throw lostRaces({ id });
    },

    /**
     * Answers a request on one order once per request key: a repeat gets the first answer back,
     * including an error `rememberError` keeps. `answer` may change the order; it is saved with the answer.
     */
    async answerOnce(lookup: OrderLookup, key: string | undefined, answer: (order: O | undefined) => StoredAnswer): Promise<StoredAnswer> {
      let copy = recall(lookup);
      for (let tries = 0; tries < CHANGE_TRIES; tries += 1) {
        const fromCopy = copy !== undefined;
        // A copy has no earlier answer for `key`: if a repeat kept one, the write below fails on it and reads.
        const { order, version, earlier } = copy ? { ...copy, earlier: null } : await readVersioned(lookup, key);
        copy = undefined;
        if (earlier) return earlier;
        let result: StoredAnswer;
        let changed: O | undefined;
        try {
          result = answer(order);
          changed = order!;
        } catch (err) {
          if (fromCopy) continue;
          const kept = rememberError(err);
          if (!kept) throw err;
          result = kept;
        }
        if (await write(changed, version, key, result)) return result;
      }
      throw lostRaces(lookup);
    },
  };
}
