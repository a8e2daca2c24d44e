// Delivery windows: what each store offers, holding one for 10 minutes, and booking it at payment.
//
// Rules:
//   offer    = two-hour windows inside the store's hours, for its local today and the next 6 days,
//              each starting at least 1 hour after now.
//   hold     = one statement, no transaction, after the store's rules are found and the window checked:
//              the window's row (delivery_window_slots, created on first use) takes the shopper into its
//              `holders` only while its bookings and its other live holders leave a place (capacity read
//              then, as ops may lower it), and only then does the shopper's one HELD row at the store
//              (a unique index) move to this window. The decision reads nothing but that row, which an
//              update re-reads at its newest version after any wait for its lock, so concurrent holds
//              queue on the row for the length of one statement. Re-choosing the same window renews it.
//              A hold moved from another window gives that window its place back in a second statement;
//              were the process to die between the two, the stale holder only refuses holds until it expires.
//   booking  = in the order's one statement (place.ts), before any capture, for every store part: the
//              windows' rows locked in (store id, start) order, one conditional update raises each
//              window's count (`booked = booked + 1 where booked < capacity`, capacity read then, as
//              ops may lower it) and takes the shopper out of its holders, and the shopper's live hold
//              of each store of the cart becomes BOOKED for the order. An expired or missing hold, or a
//              full window, refuses the statement (so the order and the count are never written) and is
//              a 409 naming the store; nothing is captured.
//   release  = a hold stops counting when it expires, or when the shopper gives it back (its row RELEASED
//              and its holder removed, in one statement); a booking is RELEASED (and its window's count
//              lowered) when the payment fails or the order is cancelled.
// Every writer locks window rows in (store id, start) order, or one row per statement, so concurrent
// checkouts never deadlock.
import type { BookedWindowJson, DeliveryCoverage, DeliveryHoldJson, StoreRulesJson, StoreWindowsJson } from '@grocer/shared/contracts';
import { isAddressComplete } from '@grocer/shared/validation';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import type { StatementStep } from '../../db/steps.ts';
import { deliveryHolds, deliveryWindowSlots, stores } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';
import { DELIVERY_ERRORS, haversineMiles, storeQuote } from '../deliveryFees.ts';
import type { UserRow } from '../users.ts';
import type { ZipDirectory } from '../zipDirectory.ts';
import { storesByUuid } from '../stores/byUuid.ts';
import type { StoreRulesReader } from '../stores/rulesCache.ts';
import { formatMinute, localTime, readStoreRules, zonedInstant, type StoreRules, type StoreWithRules } from '../stores/rules.ts';

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

/**
 * Every window start (epoch ms) of the OFFER_DAYS from a local date, by zone, date and hours: the same for
 * every call that day, and each windows list, pricing and hold asks for it (about 50 starts a store).
 * Emptied when it outgrows a few days of every store's hours.
 */
const weekStarts = new Map<string, number[]>();
const MAX_WEEKS = 1_000;

/** The windows a store offers at `now` (pure). */
export function offeredWindows(rules: Pick<StoreRules, 'hours' | 'timeZone'>, now: Date): Window[] {
  const earliest = now.getTime() + LEAD_MINUTES * 60_000;
  const today = localTime(now, rules.timeZone);
  const hours = rules.hours.map((h) => `${h.weekday}:${h.opensMinute}-${h.closesMinute}`).join(',');
  const key = `${rules.timeZone} ${today.year}-${today.month}-${today.day} ${hours}`;
  let starts = weekStarts.get(key);
  if (!starts) {
    starts = [];
    for (let offset = 0; offset < OFFER_DAYS; offset++) {
      // Calendar arithmetic on the local date (UTC noon avoids any DST edge when stepping days).
      const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
      const day = rules.hours.find((h) => h.weekday === date.getUTCDay());
      if (!day) continue;
      for (let start = day.opensMinute; start + WINDOW_MINUTES <= day.closesMinute; start += WINDOW_MINUTES)
        starts.push(zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), start, rules.timeZone).getTime());
    }
    if (weekStarts.size >= MAX_WEEKS) weekStarts.clear();
    weekStarts.set(key, starts);
  }
  const windows: Window[] = [];
  for (const start of starts) {
    if (start >= earliest) windows.push({ startsAt: new Date(start), endsAt: new Date(start + WINDOW_MINUTES * 60_000) });
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
  /** The same for stores whose rules the caller has read already, and maybe their window use (the cart's pricing). */
  listStores(userUuid: string, stores: StoreWithRules[], windowUse?: Map<number, WindowUse>): Promise<StoreWindowsJson[]>;
  /** POST /delivery/holds: holds the window for HOLD_MINUTES (replacing the caller's other hold at that store). */
  hold(userUuid: string, storeUuid: string, startsAt: string): Promise<DeliveryHoldJson>;
  /** DELETE /delivery/holds/{storeUuid}: gives the caller's hold back; true when there was one. */
  release(userUuid: string, storeUuid: string): Promise<boolean>;
  /** In a payment-failure or cancellation transaction: the order's windows count no more. */
  releaseOrder(tx: Database, orderId: string): Promise<void>;
}

const toHoldJson = (storeUuid: string, h: { startsAt: Date; endsAt: Date; expiresAt: Date }): DeliveryHoldJson => ({
  storeUuid,
  startsAt: h.startsAt.toISOString(),
  endsAt: h.endsAt.toISOString(),
  expiresAt: h.expiresAt.toISOString(),
});

/** What the booking step reads, as SQL (a prepared statement's placeholders): the store ids are an int[]. */
export interface BookingInput {
  user: SQL;
  order: SQL;
  now: SQL;
  /** Epoch milliseconds of `now`, as holders keep their expiries. */
  nowMs: SQL;
  storeIds: SQL;
}

/**
 * In the order's one statement (place.ts), after `after`'s locks: books the caller's live hold at each store
 * for the order. It refuses when a store has no live hold or its window is full (bookingRefusal says which).
 */
export function bookingStep(input: BookingInput, after: SQL): StatementStep & { booked: SQL } {
  const { user, order, now, nowMs, storeIds } = input;
  // The caller's hold of each store, expired or not (an expired one says "expired", not "pick one"; a
  // shopper has one per store, a unique index). Holds were counted when taken; bookings are counted
  // again here because capacity may have been lowered since. The hold made the window's row; the
  // windows' rows are locked first, in (store, start) order, so concurrent orders never deadlock; each
  // count's update then re-checks `booked < capacity` on the newest row and moves the shopper from
  // holders to booked, and a hold becomes its booking only when its window's count went up and the
  // hold is still on that window (a hold the shopper moved meanwhile is refused, not booked).
  return {
    ctes: [
      [
        'booking_mine',
        sql`select id, store_id, starts_at, expires_at from ${deliveryHolds}
          where user_uuid = ${user}::uuid and store_id = any(${storeIds}::int[]) and status = 'HELD'`,
      ],
      ['booking_live', sql`select * from booking_mine where expires_at > ${now}::timestamptz`],
      [
        'booking_locked',
        sql`select s.store_id from ${deliveryWindowSlots} s join booking_live h on h.store_id = s.store_id and h.starts_at = s.starts_at
          where ${after} order by s.store_id, s.starts_at for no key update of s`,
      ],
      [
        'booking_counted',
        sql`update ${deliveryWindowSlots} s set booked = s.booked + 1, holders = ${otherHolders(sql`s.holders`, user, nowMs)}
          from booking_live h
          where s.store_id = h.store_id and s.starts_at = h.starts_at and s.store_id in (select store_id from booking_locked)
            and s.booked < (select window_capacity from ${stores} where id = s.store_id)
          returning s.store_id`,
      ],
      [
        'booking_taken',
        sql`update ${deliveryHolds} d set status = 'BOOKED', order_id = ${order}::uuid, updated_at = ${now}::timestamptz
          from booking_live h
          where d.id = h.id and d.status = 'HELD' and d.starts_at = h.starts_at and h.store_id in (select store_id from booking_counted)
          returning d.store_id, d.starts_at, d.ends_at`,
      ],
      [
        'booking_state',
        sql`select m.store_id as "storeId", m.expires_at > ${now}::timestamptz as live,
          m.store_id in (select store_id from booking_counted) as counted, m.store_id in (select store_id from booking_taken) as taken
          from booking_mine m`,
      ],
    ],
    refused: sql`(select count(*) from booking_state where live and counted and taken) <> cardinality(${storeIds}::int[])`,
    detail: sql`(select coalesce(jsonb_agg(to_jsonb(b)), '[]'::jsonb) from booking_state b)`,
    locked: sql`(select count(*) from booking_locked) >= 0`,
    // The windows booked, as the order's notices tell them (outbox.ts BookedWindowJson, with the store's
    // contact address): times as epoch milliseconds, so no session time zone shapes them.
    booked: sql`(select coalesce(jsonb_agg(jsonb_build_object('storeUuid', s.uuid, 'storeName', s.name, 'timeZone', s.time_zone,
        'contactEmail', s.contact_email, 'startsMs', (extract(epoch from t.starts_at) * 1000)::bigint,
        'endsMs', (extract(epoch from t.ends_at) * 1000)::bigint) order by s.id), '[]'::jsonb)
      from booking_taken t join ${stores} s on s.id = t.store_id)`,
  };
}

/** 409 DELIVERY_WINDOW_REQUIRED naming the first store part without a live hold (before a PayPal order is created). */
export function requireHeld(parts: StorePart[], heldStores: Set<string>): void {
  const missing = parts.find((p) => !heldStores.has(p.storeUuid));
  if (missing) {
    throw httpError(409, 'DELIVERY_WINDOW_REQUIRED', WINDOW_MESSAGES.required(missing.storeName), 'deliveryWindows', {
      store: { uuid: missing.storeUuid, name: missing.storeName },
    });
  }
}

/** One window of a placing statement's `booked`. */
export interface BookedByPlacing {
  storeUuid: string;
  storeName: string;
  timeZone: string;
  contactEmail: string;
  startsMs: number;
  endsMs: number;
}

/** What booking's refusal detail holds: each of the caller's holds at the cart's stores. */
interface BookingState {
  storeId: number;
  live: boolean;
  counted: boolean;
  taken: boolean;
}

/** The 409 naming the first store part (by store id) that booking refused, from the statement's detail. */
export function bookingRefusal(parts: StorePart[], detail: BookingState[]): Error | undefined {
  const byStore = new Map(detail.map((r) => [r.storeId, r]));
  const named = (p: StorePart) => ({ store: { uuid: p.storeUuid, name: p.storeName } });
  for (const part of [...parts].sort((a, b) => a.storeId - b.storeId)) {
    const hold = byStore.get(part.storeId);
    if (!hold) return httpError(409, 'DELIVERY_WINDOW_REQUIRED', WINDOW_MESSAGES.required(part.storeName), 'deliveryWindows', named(part));
    if (!hold.live) return httpError(409, 'WINDOW_HOLD_EXPIRED', WINDOW_MESSAGES.expired(part.storeName), 'deliveryWindows', named(part));
    if (!hold.counted) return httpError(409, 'WINDOW_FULL', WINDOW_MESSAGES.full(part.storeName), 'deliveryWindows', named(part));
    // A concurrent request of the same shopper took or moved it (the count's rise rolls back with the order).
    if (!hold.taken) return httpError(409, 'WINDOW_HOLD_EXPIRED', WINDOW_MESSAGES.expired(part.storeName), 'deliveryWindows', named(part));
  }
  return undefined;
}

/** A timestamp as a holder's expiry: epoch milliseconds, as the JS clock writes it. */
const epochMs = (at: SQL) => sql`floor(extract(epoch from ${at}) * 1000)::bigint`;

/** Per window of a store that has not ended: its start (epoch ms), what counts against it, and the caller's place. */
export type WindowUse = [startsMs: number, taken: number, myPlaceExpiresMs: number | null][];

/**
 * What counts against each window of the store `storeId` that has not ended, read from the windows' own rows
 * (their bookings and live holders, which a hold decides on), with the caller's own live place among them:
 * placeholders `user`, `now` and `nowMs`. Its cost follows the windows offered, not the bookings made. A live
 * hold ends after it expires (a window starts at least an hour after the hold is taken, the hold lasts ten
 * minutes), so the caller's hold is always among the windows that have not ended. The windows list reads it per
 * store; the cart's pricing reads it with the products (cartPricing.ts), a round trip fewer.
 */
export function windowUseOf(storeId: SQL | AnyColumn): SQL<WindowUse> {
  const nowMs = sql`${sql.placeholder('nowMs')}::bigint`;
  const mine = sql`(s.holders ->> ${sql.placeholder('user')}::text)::bigint`;
  return sql<WindowUse>`(select coalesce(json_agg(json_build_array(${epochMs(sql`s.starts_at`)},
      s.booked + (select count(*) from jsonb_each(s.holders) e where (e.value)::bigint > ${nowMs}),
      case when ${mine} > ${nowMs} then ${mine} end)), '[]'::json)
    from ${deliveryWindowSlots} s
    where s.store_id = ${storeId} and s.starts_at > ${sql.placeholder('now')}::timestamptz - make_interval(mins => ${WINDOW_MINUTES}))`;
}

/** The window-use read's placeholders for `userUuid` at `now`. */
export const windowUseParams = (userUuid: string, now: Date) => ({ user: userUuid, now: now.toISOString(), nowMs: now.getTime() });

/** The windows list's read of its stores' window use, prepared once per database handle (placeholder `ids` too). */
const windowUseReads = perDatabase((db) =>
  db
    .select({ storeId: stores.id, use: windowUseOf(stores.id) })
    .from(stores)
    .where(sql`${stores.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('delivery_window_use'),
);

/** A window's holders still live at `now` (a Date, or epoch ms in SQL): every write of the row keeps only these. */
const liveHolders = (holders: SQL, now: Date | SQL) =>
  sql`(select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(${holders}) e where (e.value)::bigint > ${now instanceof Date ? now.getTime() : now}::bigint)`;

/** The same without the shopper's place: what a hold counts against, and what a release or booking leaves. */
const otherHolders = (holders: SQL, userUuid: string | SQL, now: Date | SQL) => sql`(${liveHolders(holders, now)} - ${userUuid}::text)`;

export interface DeliveryWindowsDeps {
  db: Database;
  /** Read at call time: tests set the time. */
  clock: () => Clock;
  zips: ZipDirectory;
  /** The stores' rules, kept in memory while their changes are heard (stores/rulesCache.ts). */
  storeRules: StoreRulesReader;
}

export function createDeliveryWindowsService({ db, clock, zips, storeRules }: DeliveryWindowsDeps): DeliveryWindowsService {
  const storeNotFound = () => httpError(404, 'STORE_NOT_FOUND', WINDOW_MESSAGES.storeNotFound, 'storeUuid');

  async function listStores(userUuid: string, found: StoreWithRules[], known?: Map<number, WindowUse>): Promise<StoreWindowsJson[]> {
    const now = clock().now();
    if (found.length === 0) return [];
    // One statement: every window's count, and the caller's own place among them (unless read with the cart).
    const use =
      known ??
      new Map(
        (await windowUseReads(db).execute({ ids: found.map((s) => s.storeId), ...windowUseParams(userUuid, now) })).map((r) => [
          r.storeId,
          r.use,
        ]),
      );
    const takenBy = new Map<string, number>();
    // One live hold per shopper and store; should a process have died while moving one, the window it left
    // keeps the shopper as a holder until that place expires, and the hold is the one that expires last.
    const mine = new Map<number, { startsAt: Date; endsAt: Date; expiresAt: Date }>();
    for (const [storeId, windows] of use) {
      for (const [startsMs, taken, myPlaceExpiresMs] of windows) {
        takenBy.set(`${storeId}|${startsMs}`, taken);
        if (myPlaceExpiresMs === null) continue;
        const kept = mine.get(storeId);
        if (kept && kept.expiresAt.getTime() >= myPlaceExpiresMs) continue;
        mine.set(storeId, {
          startsAt: new Date(startsMs),
          endsAt: new Date(startsMs + WINDOW_MINUTES * 60_000),
          expiresAt: new Date(myPlaceExpiresMs),
        });
      }
    }
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
  }

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
      return listStores(userUuid, await storesByUuid(storeRules, storeUuids, storeNotFound));
    },

    listStores,

    async hold(userUuid, storeUuidText, startsAtText) {
      const now = clock().now();
      const store = (await storesByUuid(storeRules, [storeUuidText], storeNotFound))[0]!;
      const startsAt = new Date(startsAtText);
      const window = offeredWindows(store, now).find((w) => w.startsAt.getTime() === startsAt.getTime());
      if (!window) throw httpError(400, 'WINDOW_NOT_OFFERED', WINDOW_MESSAGES.notOffered(store.name), 'startsAt');
      const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
      const mine = sql`jsonb_build_object(${userUuid}::text, ${expiresAt.getTime()}::bigint)`;
      const others = otherHolders(sql`s.holders`, userUuid, now);
      // The window's row decides alone (a new row has no booking and no holder): the caller goes in while
      // bookings and the other live holders leave a place, and a full window keeps its live holders as they
      // were, the caller's own too. The hold's row moves only when the caller went in, after the window's
      // row (the lock order of booking). `before` is the caller's live hold in another window of the store.
      const { rows } = (await db.execute(sql`
        with before as (
          select starts_at::text as "startsAt", ${epochMs(sql`expires_at`)}::text as expiry from ${deliveryHolds}
          where user_uuid = ${userUuid} and store_id = ${store.storeId} and status = 'HELD' and expires_at > ${now}
            and starts_at <> ${window.startsAt}
        ), slot as (
          insert into ${deliveryWindowSlots} as s (store_id, starts_at, holders)
          select id, ${window.startsAt}, case when window_capacity > 0 then ${mine} else '{}'::jsonb end
          from ${stores} where id = ${store.storeId}
          on conflict (store_id, starts_at) do update set holders = case
            when s.booked + (select count(*) from jsonb_object_keys(${others})) < (select window_capacity from ${stores} where id = s.store_id)
            then ${others} || ${mine}
            else ${liveHolders(sql`s.holders`, now)}
          end
          returning (s.holders ->> ${userUuid})::bigint = ${expiresAt.getTime()}::bigint as taken
        ), held as (
          insert into ${deliveryHolds} (store_id, user_uuid, starts_at, ends_at, status, expires_at, created_at, updated_at)
          select ${store.storeId}, ${userUuid}, ${window.startsAt}, ${window.endsAt}, 'HELD', ${expiresAt}, ${now}, ${now}
          from slot where taken
          on conflict (user_uuid, store_id) where status = 'HELD' do update set starts_at = excluded.starts_at,
            ends_at = excluded.ends_at, expires_at = excluded.expires_at, created_at = excluded.created_at, updated_at = excluded.updated_at
        )
        select coalesce((select taken from slot), false) as taken, (select "startsAt" from before), (select expiry from before)`)) as unknown as {
        rows: { taken: boolean; startsAt: string | null; expiry: string | null }[];
      };
      const { taken, startsAt: before, expiry } = rows[0]!;
      if (!taken) {
        throw httpError(409, 'WINDOW_FULL', WINDOW_MESSAGES.full(store.name), 'startsAt', {
          store: { uuid: store.uuid, name: store.name },
        });
      }
      // The place the caller left: its own statement, as locking a second window's row in the one above
      // could meet another shopper's hold locking the two the other way round. Only the holder this hold
      // replaced goes: had the caller taken that window again since (a concurrent request), its newer
      // expiry keeps it in.
      if (before !== null) {
        await db.execute(sql`
          update ${deliveryWindowSlots} s set holders = ${otherHolders(sql`s.holders`, userUuid, now)}
          where s.store_id = ${store.storeId} and s.starts_at = ${before}::timestamptz
            and (s.holders ->> ${userUuid})::bigint = ${expiry}::bigint`);
      }
      return toHoldJson(store.uuid, { ...window, expiresAt });
    },

    async release(userUuid, storeUuid) {
      const store = (await storesByUuid(storeRules, [storeUuid], storeNotFound))[0]!;
      const now = clock().now();
      // One statement: the window's row first (the lock order of holding and booking; the hold's update
      // waits for the count of what was freed), then the hold. An expired hold is given back too.
      const { rows } = (await db.execute(sql`
        with freed as (
          update ${deliveryWindowSlots} s set holders = ${otherHolders(sql`s.holders`, userUuid, now)}
          from ${deliveryHolds} h
          where h.user_uuid = ${userUuid} and h.store_id = ${store.storeId} and h.status = 'HELD'
            and s.store_id = h.store_id and s.starts_at = h.starts_at
          returning 1
        )
        update ${deliveryHolds} set status = 'RELEASED', updated_at = ${now}
        where user_uuid = ${userUuid} and store_id = ${store.storeId} and status = 'HELD' and (select count(*) from freed) >= 0
        returning 1`)) as unknown as { rows: unknown[] };
      return rows.length > 0;
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
