// Store rules: opening hours per weekday, minimum order, delivery radius, window capacity and time
// zone. The one place that reads them from the database, validates edits, and answers the
// questions every caller asks (open now? today's hours? which local day and minute is it?).
// Times are stored as minutes after local midnight in the store's time zone; instants are UTC.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/prepared.ts';
import { storeHours, stores } from '../../db/schema.ts';
import { httpError } from '../../db/errors.ts';

/** Minutes in a day: closes_minute may equal it (open until midnight). */
export const MINUTES_PER_DAY = 1440;

export interface DayHours {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  opensMinute: number;
  closesMinute: number;
}

export interface StoreRules {
  storeId: number;
  timeZone: string;
  minOrderCents: number;
  deliveryRadiusMiles: number;
  /** Orders per delivery window. */
  windowCapacity: number;
  /** Inventory shows a product with this many on hand or fewer as "Low stock". */
  lowStockThreshold: number;
  /** Open days only, by weekday; a weekday that is missing is closed. */
  hours: DayHours[];
}

/** What an edit may change (every field optional: a partial update). */
export interface StoreRulesInput {
  timeZone?: string;
  minOrderCents?: number;
  deliveryRadiusMiles?: number;
  windowCapacity?: number;
  lowStockThreshold?: number;
  /** The whole week: replaces every row (days not listed become closed). */
  hours?: DayHours[];
}

export const RULE_LIMITS = {
  maxMinOrderCents: 100_000,
  maxDeliveryRadiusMiles: 100,
  maxWindowCapacity: 1000,
  maxLowStockThreshold: 10_000,
} as const;

export const RULE_MESSAGES = {
  timeZone: 'Time zone must be an IANA time zone such as America/Chicago.',
  minOrderCents: `Minimum order must be a whole number of cents from 0 to ${RULE_LIMITS.maxMinOrderCents}.`,
  deliveryRadiusMiles: `Delivery radius must be a whole number of miles from 1 to ${RULE_LIMITS.maxDeliveryRadiusMiles}.`,
  windowCapacity: `Window capacity must be a whole number of orders from 0 to ${RULE_LIMITS.maxWindowCapacity}.`,
  lowStockThreshold: `Low-stock threshold must be a whole number from 0 to ${RULE_LIMITS.maxLowStockThreshold}.`,
  weekday: 'Each weekday (0 = Sunday to 6 = Saturday) may appear at most once.',
  hoursRange: 'Opening hours must open before they close, within the day (minutes 0 to 1440).',
} as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const wholeIn = (n: unknown, min: number, max: number): n is number => Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/** 400 VALIDATION_ERROR with the field at fault, or nothing. */
export function validateStoreRules(input: StoreRulesInput): void {
  if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
    throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.timeZone, 'timeZone');
  if (input.minOrderCents !== undefined && !wholeIn(input.minOrderCents, 0, RULE_LIMITS.maxMinOrderCents))
    throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.minOrderCents, 'minOrderCents');
  if (input.deliveryRadiusMiles !== undefined && !wholeIn(input.deliveryRadiusMiles, 1, RULE_LIMITS.maxDeliveryRadiusMiles))
    throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.deliveryRadiusMiles, 'deliveryRadiusMiles');
  if (input.windowCapacity !== undefined && !wholeIn(input.windowCapacity, 0, RULE_LIMITS.maxWindowCapacity))
    throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.windowCapacity, 'windowCapacity');
  if (input.lowStockThreshold !== undefined && !wholeIn(input.lowStockThreshold, 0, RULE_LIMITS.maxLowStockThreshold))
    throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.lowStockThreshold, 'lowStockThreshold');
  if (input.hours !== undefined) {
    const seen = new Set<number>();
    for (const day of input.hours) {
      if (!wholeIn(day.weekday, 0, 6) || seen.has(day.weekday)) throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.weekday, 'hours');
      seen.add(day.weekday);
      if (
        !wholeIn(day.opensMinute, 0, MINUTES_PER_DAY - 1) ||
        !wholeIn(day.closesMinute, 1, MINUTES_PER_DAY) ||
        day.opensMinute >= day.closesMinute
      )
        throw httpError(400, 'VALIDATION_ERROR', RULE_MESSAGES.hoursRange, 'hours');
    }
  }
}

/** A store's rules with what names and places it: most readers of rules need both, and one statement reads both. */
export interface StoreWithRules extends StoreRules {
  uuid: string;
  name: string;
  zip: string;
}

/** A store's open days as one JSON array (DayHours[], by weekday), for reads that take its rules along in one row. */
export const storeHoursJson = (storeId: SQL | AnyPgColumn) => sql<DayHours[]>`(
  select coalesce(json_agg(json_build_object('weekday', h.weekday, 'opensMinute', h.opens_minute, 'closesMinute', h.closes_minute) order by h.weekday), '[]'::json)
  from ${storeHours} h where h.store_id = ${storeId})`;

/** The columns of a store with its rules, one row per open day (a store open no day comes once, hours null). */
const storeWithRulesQuery = (db: Database, where: SQL) =>
  db
    .select({
      storeId: stores.id,
      uuid: stores.uuid,
      name: stores.name,
      zip: stores.zip,
      timeZone: stores.timeZone,
      minOrderCents: stores.minOrderCents,
      deliveryRadiusMiles: stores.deliveryRadiusMiles,
      windowCapacity: stores.windowCapacity,
      lowStockThreshold: stores.lowStockThreshold,
      weekday: storeHours.weekday,
      opensMinute: storeHours.opensMinute,
      closesMinute: storeHours.closesMinute,
    })
    .from(stores)
    .leftJoin(storeHours, eq(storeHours.storeId, stores.id))
    .where(where)
    .orderBy(asc(stores.id), asc(storeHours.weekday));

/**
 * Both reads prepared once per database handle (a transaction is a handle of its own, so its reads stay
 * in it): pricing, windows, holds and order creation read store rules several times per checkout, and
 * building the statement each time cost more of the API's CPU than the read. The ids or uuids go as one
 * array parameter, so one statement serves any number of stores.
 */
const storeReads = perDatabase((db) => ({
  byId: storeWithRulesQuery(db, sql`${stores.id} = any(${sql.placeholder('ids')}::int[])`).prepare('store_rules_by_id'),
  byUuid: storeWithRulesQuery(db, sql`${stores.uuid} = any(${sql.placeholder('uuids')}::uuid[])`).prepare('store_rules_by_uuid'),
}));

/** Rows of storeWithRulesQuery, folded into one entry per store with its open days. */
function withRules(rows: Awaited<ReturnType<typeof storeWithRulesQuery>>): StoreWithRules[] {
  const result = new Map<number, StoreWithRules>();
  for (const { weekday, opensMinute, closesMinute, ...store } of rows) {
    let rules = result.get(store.storeId);
    if (!rules) result.set(store.storeId, (rules = { ...store, hours: [] }));
    if (weekday !== null && opensMinute !== null && closesMinute !== null) rules.hours.push({ weekday, opensMinute, closesMinute });
  }
  return [...result.values()];
}

/** The rules of these stores (by id); stores that do not exist are absent from the map. */
export async function readStoreRules(db: Database, storeIds: number[]): Promise<Map<number, StoreWithRules>> {
  const ids = [...new Set(storeIds)];
  if (ids.length === 0) return new Map();
  return new Map(withRules(await storeReads(db).byId.execute({ ids })).map((s) => [s.storeId, s]));
}

/** The same by store uuid (lower case); stores that do not exist are absent from the map. */
export async function readStoreRulesByUuid(db: Database, uuids: string[]): Promise<Map<string, StoreWithRules>> {
  if (uuids.length === 0) return new Map();
  return new Map(withRules(await storeReads(db).byUuid.execute({ uuids })).map((s) => [s.uuid, s]));
}

/** One store's rules, 404 STORE_NOT_FOUND when there is no such store. */
export async function readOneStoreRules(db: Database, storeId: number): Promise<StoreRules> {
  const rules = (await readStoreRules(db, [storeId])).get(storeId);
  if (!rules) throw httpError(404, 'STORE_NOT_FOUND', 'Store not found');
  return rules;
}

/**
 * Validates and saves an edit in one transaction (hours replace the whole week). The caller tells this
 * process's copy of the rules (rulesCache.ts changed()) once it resolves, and reads back the rules as saved.
 */
export async function writeStoreRules(db: Database, storeId: number, input: StoreRulesInput): Promise<void> {
  validateStoreRules(input);
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    if (!found) throw httpError(404, 'STORE_NOT_FOUND', 'Store not found');
    const { hours, ...columns } = input;
    if (Object.keys(columns).length > 0)
      await tx
        .update(stores)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(stores.id, storeId));
    if (hours) {
      await tx.delete(storeHours).where(eq(storeHours.storeId, storeId));
      if (hours.length > 0) await tx.insert(storeHours).values(hours.map((h) => ({ storeId, ...h })));
    }
  });
}

/** A local calendar day and time in a time zone. */
export interface LocalTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  weekday: number;
  /** Minutes after local midnight. */
  minute: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Each zone's last answer, with the minute (since the epoch) it was for. Every zone's offset from UTC has
 * been a whole number of minutes since 1972, so one answer holds for its whole minute, and in a busy minute
 * most calls ask for "now" (every windows list, pricing and hold): they skip ICU's formatToParts, which
 * took 50–75 µs a call under the mixed bench.
 */
const lastLocalTimes = new Map<string, { minute: number; local: Readonly<LocalTime> }>();

/** The wall-clock date and time at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): Readonly<LocalTime> {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastLocalTimes.get(timeZone);
  if (last?.minute === minute) return last.local;
  const local = Object.freeze(readLocalTime(instant, timeZone));
  lastLocalTimes.set(timeZone, { minute, local });
  return local;
}

function readLocalTime(instant: Date, timeZone: string): LocalTime {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    });
    partsFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * The UTC instant of a local date and minute in `timeZone` (DST-aware: the offset is re-checked once). Two ICU
 * reads: the windows' hot path keeps its results (windows.ts offeredWindows), the ops board asks for two a page.
 */
export function zonedInstant(year: number, month: number, day: number, minute: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minute);
  const offsetAt = (t: number) => {
    const l = localTime(new Date(t), timeZone);
    return Date.UTC(l.year, l.month - 1, l.day, 0, l.minute) - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** The hours of the local day of `instant`, or null when the store is closed that day. */
export function hoursOn(rules: Pick<StoreRules, 'hours' | 'timeZone'>, instant: Date): DayHours | null {
  const { weekday } = localTime(instant, rules.timeZone);
  return rules.hours.find((h) => h.weekday === weekday) ?? null;
}

export function isOpenAt(rules: Pick<StoreRules, 'hours' | 'timeZone'>, instant: Date): boolean {
  const today = hoursOn(rules, instant);
  if (!today) return false;
  const { minute } = localTime(instant, rules.timeZone);
  return minute >= today.opensMinute && minute < today.closesMinute;
}

/** 420 → "7:00 AM", 1320 → "10:00 PM", 1440 → "12:00 AM" (US format). */
export function formatMinute(minute: number): string {
  const m = minute % MINUTES_PER_DAY;
  const h24 = Math.floor(m / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}
