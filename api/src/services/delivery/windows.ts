// Delivery windows: what each store offers, holding one for 10 minutes, and booking it at payment.
//
// Rules:
//   offer    = two-hour windows inside the store's hours, for its local today and the next 6 days,
//              each starting at least 1 hour after now.
//   hold     = inserted only under the window's row (delivery_window_slots, locked by the upsert that
//              reads its booking count), when live holds + bookings < capacity; a shopper has one live
//              hold per store (choosing another window releases the old one in the same transaction).
//   booking  = in the order's transaction, before any capture: one conditional update raises the
//              window's count (`booked = booked + 1 where booked < capacity`, capacity read then, as
//              ops may lower it), and the shopper's live hold of each store of the cart becomes BOOKED
//              for the order. An expired or missing hold, or a full window, is a 409 naming the store;
//              the transaction (and so the order and the count) rolls back and nothing is captured.
//   release  = a hold stops counting when it expires; a booking is RELEASED (and its window's count
//              lowered) when the payment fails or the order is cancelled.
// Every writer locks window rows in (store id, start) order, so concurrent checkouts never deadlock.
import type { BookedWindowJson, DeliveryCoverage, DeliveryHoldJson, StoreRulesJson, StoreWindowsJson } from '@grocer/shared/contracts';
import { isAddressComplete } from '@grocer/shared/validation';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryHolds, deliveryWindowSlots, stores } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { DELIVERY_ERRORS, haversineMiles, storeQuote } from '../deliveryFees.ts';
import type { UserRow } from '../users.ts';
import type { ZipDirectory } from '../zipDirectory.ts';
import { storesByUuid } from '../stores/byUuid.ts';
import { formatMinute, localTime, readStoreRules, zonedInstant, type StoreRules } from '../stores/rules.ts';

export const WINDOW_MINUTES = 120;
export const LEAD_MINUTES = 60;
export const OFFER_DAYS = 7;
export const HOLD_MINUTES = 10;

export const WINDOW_MESSAGES = {
  storeNotFound: 'Store not found',
  notOffered: (store: string) => `${store} does not offer that delivery window. Please pick another.`,
  full: (store: string) => `The delivery window you picked for ${store} is full. Please pick another.`,
  expired: (store: string) => `Your delivery window for ${store} is no longer held. Please pick a delivery time again.`,
  required: (store: string) => `Please pick a delivery time for ${store}.`,
  /** Said in the cart (POST /pricing/calculate) when every window a store offers is full or none is offered. */
  noneFree: (store: string) => `${store} has no delivery time free in the next ${OFFER_DAYS} days.`,
} as const;

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

/** The clock every time rule reads; tests set it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The windows a store offers at `now` (pure). */
export function offeredWindows(rules: Pick<StoreRules, 'hours' | 'timeZone'>, now: Date): Window[] {
  const earliest = now.getTime() + LEAD_MINUTES * 60_000;
  const today = localTime(now, rules.timeZone);
  const windows: Window[] = [];
  for (let offset = 0; offset < OFFER_DAYS; offset++) {
    // Calendar arithmetic on the local date (UTC noon avoids any DST edge when stepping days).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const day = rules.hours.find((h) => h.weekday === date.getUTCDay());
    if (!day) continue;
    for (let start = day.opensMinute; start + WINDOW_MINUTES <= day.closesMinute; start += WINDOW_MINUTES) {
      const startsAt = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start, rules.timeZone);
      if (startsAt.getTime() < earliest) continue;
      windows.push({ startsAt, endsAt: new Date(startsAt.getTime() + WINDOW_MINUTES * 60_000) });
    }
  }
  return windows;
}

/** A store part of a cart, as checkout checks it. */
export interface StorePart {
  storeId: number;
  storeUuid: string;
  storeName: string;
}

export interface DeliveryWindowsService {
  /** GET /open/store-rules: every store's public rules, by name. */
  publicRules(): Promise<StoreRulesJson[]>;
  /** GET /delivery/coverage: per store, whether it delivers to the account's address. */
  coverage(account: UserRow): Promise<DeliveryCoverage>;
  /** POST /delivery/windows: per store (in the order asked), its windows and the caller's live hold. */
  list(userUuid: string, storeUuids: string[]): Promise<StoreWindowsJson[]>;
  /** POST /delivery/holds: holds the window for HOLD_MINUTES (replacing the caller's other hold at that store). */
  hold(userUuid: string, storeUuid: string, startsAt: string): Promise<DeliveryHoldJson>;
  /** DELETE /delivery/holds/{storeUuid}: gives the caller's hold back; true when there was one. */
  release(userUuid: string, storeUuid: string): Promise<boolean>;
  /** 409 DELIVERY_WINDOW_REQUIRED naming the first store part without a live hold (before a PayPal order is created). */
  requireHolds(tx: Database, userUuid: string, parts: StorePart[]): Promise<void>;
  /** In the order's transaction: books each part's live hold for the order, or throws 409 naming the store. */
  book(tx: Database, userUuid: string, orderId: string, parts: StorePart[]): Promise<void>;
  /** In a payment-failure or cancellation transaction: the order's windows count no more. */
  releaseOrder(tx: Database, orderId: string): Promise<void>;
}

const toHoldJson = (storeUuid: string, h: { startsAt: Date; endsAt: Date; expiresAt: Date }): DeliveryHoldJson => ({
  storeUuid,
  startsAt: h.startsAt.toISOString(),
  endsAt: h.endsAt.toISOString(),
  expiresAt: h.expiresAt.toISOString(),
});

/** Holds and bookings that count against a window's capacity at `now`. */
const counting = (now: Date) =>
  or(eq(deliveryHolds.status, 'BOOKED'), and(eq(deliveryHolds.status, 'HELD'), gt(deliveryHolds.expiresAt, now)));

export interface DeliveryWindowsDeps {
  db: Database;
  /** Read at call time: tests set the time. */
  clock: () => Clock;
  zips: ZipDirectory;
}

export function createDeliveryWindowsService({ db, clock, zips }: DeliveryWindowsDeps): DeliveryWindowsService {
  const storeNotFound = () => httpError(404, 'STORE_NOT_FOUND', WINDOW_MESSAGES.storeNotFound, 'storeUuid');

  /**
   * Locks one window's row, creating it on first use, in one statement (an upsert's update takes the
   * row lock even when it changes nothing); returns its bookings. Callers lock in (store, start) order.
   */
  async function lockWindow(tx: Database, storeId: number, startsAt: Date): Promise<number> {
    const [slot] = await tx
      .insert(deliveryWindowSlots)
      .values({ storeId, startsAt })
      .onConflictDoUpdate({
        target: [deliveryWindowSlots.storeId, deliveryWindowSlots.startsAt],
        set: { booked: sql.raw('"delivery_window_slots"."booked"') },
      })
      .returning({ booked: deliveryWindowSlots.booked });
    return slot!.booked;
  }

  /** Live holds of one window, counted under its lock. */
  async function countHeld(tx: Database, storeId: number, startsAt: Date, now: Date): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deliveryHolds)
      .where(
        and(
          eq(deliveryHolds.storeId, storeId),
          eq(deliveryHolds.startsAt, startsAt),
          eq(deliveryHolds.status, 'HELD'),
          gt(deliveryHolds.expiresAt, now),
        ),
      );
    return row?.n ?? 0;
  }

  const liveHolds = (executor: Database, userUuid: string, storeIds: number[], now: Date) =>
    executor
      .select()
      .from(deliveryHolds)
      .where(
        and(
          eq(deliveryHolds.userUuid, userUuid),
          inArray(deliveryHolds.storeId, storeIds),
          eq(deliveryHolds.status, 'HELD'),
          gt(deliveryHolds.expiresAt, now),
        ),
      );

  return {
    async publicRules() {
      const rows = await db.select({ id: stores.id, uuid: stores.uuid, name: stores.name }).from(stores).orderBy(asc(stores.name));
      const rules = await readStoreRules(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const rule = rules.get(r.id)!;
        return {
          storeUuid: r.uuid,
          storeName: r.name,
          timeZone: rule.timeZone,
          minOrderCents: rule.minOrderCents,
          deliveryRadiusMiles: rule.deliveryRadiusMiles,
          hours: rule.hours,
        };
      });
    },

    async coverage(user) {
      if (!isAddressComplete(user)) throw httpError(400, 'ADDRESS_REQUIRED', DELIVERY_ERRORS.addressRequired);
      const destination = zips.lookup(user.zip!);
      if (!destination) throw httpError(400, 'INVALID_ADDRESS', DELIVERY_ERRORS.addressInvalid, 'zip');
      const rows = await db
        .select({ uuid: stores.uuid, name: stores.name, zip: stores.zip, radius: stores.deliveryRadiusMiles })
        .from(stores);
      const result: DeliveryCoverage = { zip: destination.zip, stores: {} };
      for (const row of rows) {
        const origin = zips.lookup(row.zip);
        if (!origin) continue;
        // The same rounding as the fee: a store delivers when its fee's distance is within the radius.
        const { distanceTenths } = storeQuote(row, haversineMiles(origin, destination));
        result.stores[row.uuid] = { delivers: distanceTenths <= row.radius * 10, distance: distanceTenths / 10 };
      }
      return result;
    },

    async list(userUuid, storeUuids) {
      const now = clock().now();
      const found = await storesByUuid(db, storeUuids, storeNotFound);
      if (found.length === 0) return [];
      const ids = found.map((s) => s.storeId);
      const taken = await db
        .select({ storeId: deliveryHolds.storeId, startsAt: deliveryHolds.startsAt, n: sql<number>`count(*)::int` })
        .from(deliveryHolds)
        .where(and(inArray(deliveryHolds.storeId, ids), gt(deliveryHolds.endsAt, now), counting(now)))
        .groupBy(deliveryHolds.storeId, deliveryHolds.startsAt);
      const takenBy = new Map(taken.map((t) => [`${t.storeId}|${t.startsAt.getTime()}`, t.n]));
      const mine = new Map((await liveHolds(db, userUuid, ids, now)).map((h) => [h.storeId, h]));
      return found.map((r) => {
        const hold = mine.get(r.storeId);
        return {
          storeUuid: r.uuid,
          storeName: r.name,
          timeZone: r.timeZone,
          windows: offeredWindows(r, now).map((w) => {
            const isMine = hold !== undefined && hold.startsAt.getTime() === w.startsAt.getTime();
            return {
              startsAt: w.startsAt.toISOString(),
              endsAt: w.endsAt.toISOString(),
              available: isMine || (takenBy.get(`${r.storeId}|${w.startsAt.getTime()}`) ?? 0) < r.windowCapacity,
            };
          }),
          hold: hold ? toHoldJson(r.uuid, hold) : null,
        };
      });
    },

    async hold(userUuid, storeUuid, startsAtText) {
      const now = clock().now();
      const store = (await storesByUuid(db, [storeUuid], storeNotFound))[0]!;
      const startsAt = new Date(startsAtText);
      const window = Number.isNaN(startsAt.getTime())
        ? undefined
        : offeredWindows(store, now).find((w) => w.startsAt.getTime() === startsAt.getTime());
      if (!window) throw httpError(400, 'WINDOW_NOT_OFFERED', WINDOW_MESSAGES.notOffered(store.name), 'startsAt');
      const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const booked = await lockWindow(tx, store.storeId, window.startsAt);
        // The caller's other hold at this store goes (re-choosing the same window just renews it).
        await tx
          .update(deliveryHolds)
          .set({ status: 'RELEASED', updatedAt: now })
          .where(and(eq(deliveryHolds.userUuid, userUuid), eq(deliveryHolds.storeId, store.storeId), eq(deliveryHolds.status, 'HELD')));
        if (booked + (await countHeld(tx, store.storeId, window.startsAt, now)) >= store.windowCapacity) {
          throw httpError(409, 'WINDOW_FULL', WINDOW_MESSAGES.full(store.name), 'startsAt', {
            store: { uuid: store.uuid, name: store.name },
          });
        }
        await tx
          .insert(deliveryHolds)
          .values({ storeId: store.storeId, userUuid, startsAt: window.startsAt, endsAt: window.endsAt, expiresAt, status: 'HELD' });
        return toHoldJson(store.uuid, { ...window, expiresAt });
      });
    },

    async release(userUuid, storeUuid) {
      const store = (await storesByUuid(db, [storeUuid], storeNotFound))[0]!;
      const released = await db
        .update(deliveryHolds)
        .set({ status: 'RELEASED', updatedAt: clock().now() })
        .where(and(eq(deliveryHolds.userUuid, userUuid), eq(deliveryHolds.storeId, store.storeId), eq(deliveryHolds.status, 'HELD')))
        .returning({ id: deliveryHolds.id });
      return released.length > 0;
    },

    async requireHolds(executor, userUuid, parts) {
      if (parts.length === 0) return;
      const held = new Set(
        (
          await liveHolds(
            executor,
            userUuid,
            parts.map((p) => p.storeId),
            clock().now(),
          )
        ).map((h) => h.storeId),
      );
      const missing = parts.find((p) => !held.has(p.storeId));
      if (missing) {
        throw httpError(409, 'DELIVERY_WINDOW_REQUIRED', WINDOW_MESSAGES.required(missing.storeName), 'deliveryWindows', {
          store: { uuid: missing.storeUuid, name: missing.storeName },
        });
      }
    },

    async book(tx, userUuid, orderId, parts) {
      if (parts.length === 0) return;
      const now = clock().now();
      const ids = parts.map((p) => p.storeId);
      // The caller's holds of these stores, expired or not: an expired one says "expired", not "pick one".
      const holds = await tx
        .select()
        .from(deliveryHolds)
        .where(and(eq(deliveryHolds.userUuid, userUuid), inArray(deliveryHolds.storeId, ids), eq(deliveryHolds.status, 'HELD')))
        .orderBy(asc(deliveryHolds.storeId), asc(deliveryHolds.startsAt));
      const byStore = new Map(holds.map((h) => [h.storeId, h]));
      const named = (p: StorePart) => ({ store: { uuid: p.storeUuid, name: p.storeName } });
      for (const part of [...parts].sort((a, b) => a.storeId - b.storeId)) {
        const hold = byStore.get(part.storeId);
        if (!hold)
          throw httpError(409, 'DELIVERY_WINDOW_REQUIRED', WINDOW_MESSAGES.required(part.storeName), 'deliveryWindows', named(part));
        if (hold.expiresAt.getTime() <= now.getTime())
          throw httpError(409, 'WINDOW_HOLD_EXPIRED', WINDOW_MESSAGES.expired(part.storeName), 'deliveryWindows', named(part));
        // Holds were counted when taken; bookings are counted again here because capacity may have been lowered
        // since. The hold made the window's row; the count's update waits for its lock and re-checks after it,
        // and the hold becomes the booking in the same statement only when the count went up.
        const { rows } = (await tx.execute(sql`
          with counted as (
            update ${deliveryWindowSlots} set booked = booked + 1
            where store_id = ${part.storeId} and starts_at = ${hold.startsAt}
              and booked < (select window_capacity from ${stores} where id = ${part.storeId})
            returning 1
          ), taken as (
            update ${deliveryHolds} set status = 'BOOKED', order_id = ${orderId}, updated_at = ${now}
            where id = ${hold.id} and status = 'HELD' and exists (select 1 from counted)
            returning 1
          )
          select (select count(*) from counted)::int as counted, (select count(*) from taken)::int as taken`)) as unknown as {
          rows: { counted: number; taken: number }[];
        };
        if (rows[0]!.counted === 0)
          throw httpError(409, 'WINDOW_FULL', WINDOW_MESSAGES.full(part.storeName), 'deliveryWindows', named(part));
        // A concurrent request of the same shopper took or replaced it (the count's rise rolls back with the order).
        if (rows[0]!.taken === 0)
          throw httpError(409, 'WINDOW_HOLD_EXPIRED', WINDOW_MESSAGES.expired(part.storeName), 'deliveryWindows', named(part));
      }
    },

    async releaseOrder(tx, orderId) {
      const released = await tx
        .update(deliveryHolds)
        .set({ status: 'RELEASED', updatedAt: clock().now() })
        .where(and(eq(deliveryHolds.orderId, orderId), eq(deliveryHolds.status, 'BOOKED')))
        .returning({ storeId: deliveryHolds.storeId, startsAt: deliveryHolds.startsAt });
      // One booking per store part: each window's count goes down by one, in the (store, start) lock order.
      released.sort((a, b) => a.storeId - b.storeId || a.startsAt.getTime() - b.startsAt.getTime());
      for (const window of released) {
        await tx
          .update(deliveryWindowSlots)
          .set({ booked: sql`${deliveryWindowSlots.booked} - 1` })
          .where(and(eq(deliveryWindowSlots.storeId, window.storeId), eq(deliveryWindowSlots.startsAt, window.startsAt)));
      }
    },
  };
}

/** The windows booked for these orders (released ones too: they were the order's promise), by order id. */
export async function bookedWindows(db: Database, orderIds: string[]): Promise<Map<string, BookedWindowJson[]>> {
  const result = new Map<string, BookedWindowJson[]>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: deliveryHolds.orderId,
      storeUuid: stores.uuid,
      storeName: stores.name,
      timeZone: stores.timeZone,
      startsAt: deliveryHolds.startsAt,
      endsAt: deliveryHolds.endsAt,
    })
    .from(deliveryHolds)
    .innerJoin(stores, eq(stores.id, deliveryHolds.storeId))
    .where(inArray(deliveryHolds.orderId, orderIds))
    .orderBy(asc(deliveryHolds.startsAt), asc(stores.name));
  for (const r of rows) {
    const list = result.get(r.orderId!) ?? [];
    list.push({
      storeUuid: r.storeUuid,
      storeName: r.storeName,
      timeZone: r.timeZone,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
    });
    result.set(r.orderId!, list);
  }
  return result;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "Wed, Nov 25, 2:00 PM – 4:00 PM" in the store's time zone (US format), for mails. */
export function windowLabel(window: { startsAt: string | Date; endsAt: string | Date; timeZone: string }): string {
  let f = dayFormatters.get(window.timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: window.timeZone, weekday: 'short', month: 'short', day: 'numeric' });
    dayFormatters.set(window.timeZone, f);
  }
  const start = new Date(window.startsAt);
  const end = new Date(window.endsAt);
  return `${f.format(start)}, ${formatMinute(localTime(start, window.timeZone).minute)} – ${formatMinute(localTime(end, window.timeZone).minute)}`;
}
