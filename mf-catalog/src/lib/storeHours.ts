// The store banner's hours (replacing the spec's fixed '8:00 AM - 10:00 PM' once the store's hours are
// known): today's hours in the store's time zone and whether it is open now, or 'Closed today'.
import { startTransition, useEffect, useState } from 'react';
import type { StoreRulesJson } from '@grocer/shared';

export const CLOSED_TODAY = 'Closed today';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 420 → '7:00 AM', 1320 → '10:00 PM', 1440 → '12:00 AM'. */
export function formatMinute(minute: number): string {
  const m = minute % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** One formatter per time zone: making one is what costs (the first one loads the time-zone data). */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minute of `now` on the store's wall clock. */
function localNow(now: Date, timeZone: string): { weekday: number; minute: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS.indexOf(part('weekday')), minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** '7:00 AM - 10:00 PM · Open now', '7:00 AM - 10:00 PM · Closed now', or 'Closed today'. */
export function todaysHours(rules: Pick<StoreRulesJson, 'hours' | 'timeZone'>, now: Date): string {
  const { weekday, minute } = localNow(now, rules.timeZone);
  const today = rules.hours.find((h) => h.weekday === weekday);
  if (!today) return CLOSED_TODAY;
  const open = minute >= today.opensMinute && minute < today.closesMinute;
  return `${formatMinute(today.opensMinute)} - ${formatMinute(today.closesMinute)} · ${open ? 'Open now' : 'Closed now'}`;
}

type HoursRules = Pick<StoreRulesJson, 'hours' | 'timeZone'>;

/**
 * todaysHours of `rules` as of when they came in, worked out in a task of its own: the first time
 * zone a page formats costs the browser its time-zone data, tens of milliseconds on a phone, which
 * would otherwise lengthen the store page's first render. Undefined until then (the banner shows
 * the default hours, as it does until the rules are in).
 */
export function useTodaysHours(rules: HoursRules | undefined): string | undefined {
  const [worked, setWorked] = useState<{ rules: HoursRules; text: string }>();
  useEffect(() => {
    if (!rules) return;
    const timer = setTimeout(() => startTransition(() => setWorked({ rules, text: todaysHours(rules, new Date()) })), 0);
    return () => clearTimeout(timer);
  }, [rules]);
  return rules && worked?.rules === rules ? worked.text : undefined;
}
