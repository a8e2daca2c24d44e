// The store banner's hours (replacing the spec's fixed '8:00 AM - 10:00 PM' once the store's hours are
// known): today's hours in the store's time zone and whether it is open now, or 'Closed today'.
import type { StoreRulesJson } from '@grocer/shared';

export const CLOSED_TODAY = 'Closed today';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 420 → '7:00 AM', 1320 → '10:00 PM', 1440 → '12:00 AM'. */
export function formatMinute(minute: number): string {
  const m = minute % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The weekday and minute of `now` on the store's wall clock. */
function localNow(now: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
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
