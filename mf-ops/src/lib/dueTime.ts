// When a store part is due, in words a picker reads at a glance: its booked window ("Today 5:00 PM –
// 7:00 PM") and the time left or how late it is ("due in 40 min", "late 15 min"), never by colour alone.
// Due means the window's start: the order should be on its way when the window opens.
import { formatUsDay, formatWindowTimes, type OpsWindow } from '@grocer/shared';

const MINUTE = 60_000;

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
const dayIn = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

/** "Today 5:00 PM – 7:00 PM", "Tomorrow …", or "Wed, Nov 25 …" further out. */
export function windowText(window: OpsWindow, now: Date): string {
  const start = new Date(window.startsAt);
  const today = dayIn(now, window.timeZone);
  const tomorrow = dayIn(new Date(now.getTime() + 24 * 60 * MINUTE), window.timeZone);
  const day = dayIn(start, window.timeZone);
  const label = day === today ? 'Today' : day === tomorrow ? 'Tomorrow' : formatUsDay(window.startsAt, { timeZone: window.timeZone });
  return `${label} ${formatWindowTimes(window.startsAt, window.endsAt, window.timeZone)}`;
}

/** "40 min", "2 h 5 min". */
export function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export type Due = { kind: 'due' | 'open' | 'late'; text: string };

/** Before the window: "due in 40 min"; inside it: "window open, 1 h left"; after it: "late 15 min". */
export function dueText(window: OpsWindow, now: Date): Due {
  const start = new Date(window.startsAt).getTime();
  const end = new Date(window.endsAt).getTime();
  const t = now.getTime();
  if (t < start) return { kind: 'due', text: `due in ${duration(start - t)}` };
  if (t <= end) return { kind: 'open', text: `window open, ${duration(end - t)} left` };
  return { kind: 'late', text: `late ${duration(t - end)}` };
}

/** Has the booked window opened? A delivery before then needs "Deliver early". */
export const windowOpened = (window: OpsWindow | null, now: Date) =>
  window === null || new Date(window.startsAt).getTime() <= now.getTime();
