import { HttpError } from '../../db/errors.ts';
import { formatMinute, hoursOn, isOpenAt, localTime, validateStoreRules, zonedInstant, type StoreRules } from './rules.ts';

const rules: Pick<StoreRules, 'hours' | 'timeZone'> = {
  timeZone: 'America/Chicago',
  // Closed on Sundays; 7:00 AM to 9:00 PM on the other days.
  hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 420, closesMinute: 1260 })),
};

describe('local time in the store time zone', () => {
  it('reads the Chicago wall clock across daylight saving time', () => {
    // 2026-07-01 15:30 UTC is 10:30 AM CDT (UTC-5); 2026-12-01 15:30 UTC is 9:30 AM CST (UTC-6).
    expect(localTime(new Date('2026-07-01T15:30:00Z'), 'America/Chicago')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      weekday: 3,
      minute: 630,
    });
    expect(localTime(new Date('2026-12-01T15:30:00Z'), 'America/Chicago')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      weekday: 2,
      minute: 570,
    });
  });

  it('answers each instant of a minute alike, and reads the next minute and another zone afresh', () => {
    const at = (utc: string, zone = 'America/Chicago') => localTime(new Date(utc), zone);
    expect(at('2026-07-01T15:30:00Z').minute).toBe(630);
    expect(at('2026-07-01T15:30:59.999Z').minute).toBe(630);
    expect(at('2026-07-01T15:31:00Z').minute).toBe(631);
    expect(at('2026-07-01T15:31:00Z', 'America/New_York').minute).toBe(691);
    expect(at('2026-07-02T15:31:00Z').day).toBe(2);
    expect(at('2026-07-01T15:31:00Z')).toEqual({ year: 2026, month: 7, day: 1, weekday: 3, minute: 631 });
  });

  it('turns a local date and minute back into the UTC instant, on both sides of DST', () => {
    expect(zonedInstant(2026, 7, 1, 630, 'America/Chicago').toISOString()).toBe('2026-07-01T15:30:00.000Z');
    expect(zonedInstant(2026, 12, 1, 570, 'America/Chicago').toISOString()).toBe('2026-12-01T15:30:00.000Z');
    // The day DST ends (2026-11-01): 9:00 AM is already CST.
    expect(zonedInstant(2026, 11, 1, 540, 'America/Chicago').toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });
});

describe('opening hours', () => {
  it('knows the hours of the local day, and a closed day', () => {
    // Sunday 2026-11-29 at 11:00 AM CST.
    expect(hoursOn(rules, new Date('2026-11-29T17:00:00Z'))).toBeNull();
    // Monday 2026-11-30: just before 7:00 AM, at 7:00 AM, at 9:00 PM (closed).
    expect(hoursOn(rules, new Date('2026-11-30T12:59:00Z'))).toEqual({ weekday: 1, opensMinute: 420, closesMinute: 1260 });
    expect(isOpenAt(rules, new Date('2026-11-30T12:59:00Z'))).toBe(false);
    expect(isOpenAt(rules, new Date('2026-11-30T13:00:00Z'))).toBe(true);
    expect(isOpenAt(rules, new Date('2026-12-01T03:00:00Z'))).toBe(false);
    expect(isOpenAt(rules, new Date('2026-11-29T17:00:00Z'))).toBe(false);
  });

  it('formats minutes in US format', () => {
    expect([0, 420, 720, 750, 1320, 1440].map(formatMinute)).toEqual([
      '12:00 AM',
      '7:00 AM',
      '12:00 PM',
      '12:30 PM',
      '10:00 PM',
      '12:00 AM',
    ]);
  });
});

describe('validateStoreRules', () => {
  const fieldOf = (input: Parameters<typeof validateStoreRules>[0]) => {
    try {
      validateStoreRules(input);
      return null;
    } catch (err) {
      return err instanceof HttpError ? `${err.statusCode} ${err.field}` : 'other';
    }
  };

  it('accepts sound rules and names the field of a bad one', () => {
    expect(
      fieldOf({ timeZone: 'America/Chicago', minOrderCents: 1000, deliveryRadiusMiles: 10, windowCapacity: 10, hours: rules.hours }),
    ).toBeNull();
    expect(fieldOf({ timeZone: 'Mars/Olympus' })).toBe('400 timeZone');
    expect(fieldOf({ minOrderCents: -1 })).toBe('400 minOrderCents');
    expect(fieldOf({ minOrderCents: 10.5 })).toBe('400 minOrderCents');
    expect(fieldOf({ deliveryRadiusMiles: 0 })).toBe('400 deliveryRadiusMiles');
    expect(fieldOf({ windowCapacity: 1001 })).toBe('400 windowCapacity');
    expect(fieldOf({ hours: [{ weekday: 7, opensMinute: 0, closesMinute: 60 }] })).toBe('400 hours');
    expect(
      fieldOf({
        hours: [
          { weekday: 1, opensMinute: 0, closesMinute: 60 },
          { weekday: 1, opensMinute: 60, closesMinute: 120 },
        ],
      }),
    ).toBe('400 hours');
    expect(fieldOf({ hours: [{ weekday: 1, opensMinute: 600, closesMinute: 600 }] })).toBe('400 hours');
    expect(fieldOf({ hours: [{ weekday: 1, opensMinute: 0, closesMinute: 1441 }] })).toBe('400 hours');
  });
});
