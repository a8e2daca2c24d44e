// Dates are shown in US format (spec §1): long 'November 21, 2026', short '11/21/2026'.
import type { IsoDateTime } from '../contracts/entities.ts';

export interface DateFormatOptions {
  /** IANA zone, e.g. 'America/New_York'; defaults to the runtime's own. Pass one in tests. */
  timeZone?: string;
}

type Style = 'long' | 'short' | 'time' | 'day';

const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  short: { year: 'numeric', month: 'numeric', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
};

// One formatter per style and zone: building Intl formatters is costly and lists render many dates.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

// A bare 'YYYY-MM-DD' is a calendar date; JS parses it as UTC midnight, which is the day before
// in US zones, so such values are formatted in UTC.
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function format(style: Style, value: IsoDateTime | Date, options: DateFormatOptions): string {
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value);
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(style, dateOnly ? 'UTC' : options.timeZone).format(date);
}

/** 'November 21, 2026'; '' for an unreadable date. */
export function formatUsDate(value: IsoDateTime | Date, options: DateFormatOptions = {}): string {
  return format('long', value, options);
}

/** '11/21/2026' (no zero padding: '3/5/2026'); '' for an unreadable date. */
export function formatUsShortDate(value: IsoDateTime | Date, options: DateFormatOptions = {}): string {
  return format('short', value, options);
}

/** '6:30 PM'; '' for an unreadable date. */
export function formatUsTime(value: IsoDateTime | Date, options: DateFormatOptions = {}): string {
  return format('time', value, options);
}

/** 'Mon, Nov 30' (a delivery window's day); '' for an unreadable date. */
export function formatUsDay(value: IsoDateTime | Date, options: DateFormatOptions = {}): string {
  return format('day', value, options);
}

/** A delivery window in its store's zone: '11:00 AM – 1:00 PM' (plain spaces, whatever the ICU version). */
export function formatWindowTimes(startsAt: IsoDateTime, endsAt: IsoDateTime, timeZone: string): string {
  return `${formatUsTime(startsAt, { timeZone })} – ${formatUsTime(endsAt, { timeZone })}`.replace(/\u202f/g, ' ');
}
