// The store settings form's values and their rules, apart from the screen so they are tested alone:
// times as the browser's "HH:MM" ↔ minutes after midnight, the minimum order as dollars ↔ cents.
import type { OpsStoreSettings } from '@grocer/shared';
import { OPS_TEXT } from '../../lib/opsText.ts';
import { parsePriceInput } from '../../lib/priceInput.ts';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The API's bounds (contracts/ops.ts OpsStoreSettings): whole miles and whole orders. */
export const MIN_ORDER_MAX_CENTS = 100_000;
export const RADIUS_MIN_MILES = 1;
export const RADIUS_MAX_MILES = 100;
export const CAPACITY_MAX_ORDERS = 1_000;
export const THRESHOLD_MAX = 10_000;
const MINUTES_PER_DAY = 1440;

export interface DayForm {
  open: boolean;
  opens: string;
  closes: string;
}

export interface SettingsForm {
  days: DayForm[];
  minOrder: string;
  radius: string;
  capacity: string;
  threshold: string;
}

export const minutesToTime = (minutes: number) =>
  minutes >= MINUTES_PER_DAY ? '23:59' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "08:30" → 510; "23:59" as a closing time means the end of the day (1440). */
export function timeToMinutes(time: string, closing = false): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  return closing && minutes === MINUTES_PER_DAY - 1 ? MINUTES_PER_DAY : minutes;
}

export function formOf(settings: OpsStoreSettings): SettingsForm {
  return {
    days: WEEKDAYS.map((_, weekday) => {
      const hours = settings.hours.find((h) => h.weekday === weekday);
      return hours
        ? { open: true, opens: minutesToTime(hours.opensMinute), closes: minutesToTime(hours.closesMinute) }
        : { open: false, opens: '09:00', closes: '21:00' };
    }),
    minOrder: (settings.minOrderCents / 100).toFixed(2),
    radius: String(settings.deliveryRadiusMiles),
    capacity: String(settings.windowCapacity),
    threshold: String(settings.lowStockThreshold),
  };
}

export type SettingsResult = { ok: true; settings: OpsStoreSettings } | { ok: false; errors: string[] };

/**
 * The form as the PUT body, or every reason it is not one (in the form's order). Fields the form does
 * not edit are sent back as `base` (the settings as read) has them.
 */
export function settingsOf(form: SettingsForm, base: OpsStoreSettings): SettingsResult {
  const errors: string[] = [];
  const hours: OpsStoreSettings['hours'] = [];
  form.days.forEach((day, weekday) => {
    if (!day.open) return;
    const opensMinute = timeToMinutes(day.opens);
    const closesMinute = timeToMinutes(day.closes, true);
    if (opensMinute === null || closesMinute === null || closesMinute <= opensMinute)
      errors.push(OPS_TEXT.settings.hoursInvalid(WEEKDAYS[weekday]!));
    else hours.push({ weekday, opensMinute, closesMinute });
  });
  const minOrder = parsePriceInput(form.minOrder, { min: 0, max: MIN_ORDER_MAX_CENTS });
  if (!minOrder.ok) errors.push(OPS_TEXT.settings.minOrderInvalid(MIN_ORDER_MAX_CENTS));
  const radius = wholeNumber(form.radius, RADIUS_MIN_MILES, RADIUS_MAX_MILES);
  if (radius === null) errors.push(OPS_TEXT.settings.radiusInvalid(RADIUS_MIN_MILES, RADIUS_MAX_MILES));
  const capacity = wholeNumber(form.capacity, 0, CAPACITY_MAX_ORDERS);
  if (capacity === null) errors.push(OPS_TEXT.settings.capacityInvalid(CAPACITY_MAX_ORDERS));
  const threshold = wholeNumber(form.threshold, 0, THRESHOLD_MAX);
  if (threshold === null) errors.push(OPS_TEXT.settings.thresholdInvalid(THRESHOLD_MAX));
  if (errors.length > 0 || !minOrder.ok || radius === null || capacity === null || threshold === null) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      ...base,
      minOrderCents: minOrder.cents,
      deliveryRadiusMiles: radius,
      windowCapacity: capacity,
      lowStockThreshold: threshold,
      hours,
    },
  };
}

/** "12" → 12 within the bounds; anything else (blank, decimals, out of range) → null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}
