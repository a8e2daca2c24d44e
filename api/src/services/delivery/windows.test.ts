// The windows a store offers, as a pure function of its hours and the clock (the routes' tests cover holds
// and bookings through the database).
import { localTime, type StoreRules } from '../stores/rules.ts';
import { LEAD_MINUTES, offeredWindows, WINDOW_MINUTES } from './windows.ts';

const chicago: Pick<StoreRules, 'hours' | 'timeZone'> = {
  timeZone: 'America/Chicago',
  // Closed on Sundays; 7:00 AM to 9:00 PM on the other days.
  hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 420, closesMinute: 1260 })),
};
const iso = (windows: { startsAt: Date }[]) => windows.map((w) => w.startsAt.toISOString());

describe('the windows a store offers', () => {
  it('two-hour windows in its hours for 7 local days, none starting within the hour', () => {
    // Monday 2026-11-30, 9:10 AM CST: 9:00 has begun, so 11:00 AM is the first window at least an hour away.
    const windows = offeredWindows(chicago, new Date('2026-11-30T15:10:00Z'));
    expect(iso(windows).slice(0, 2)).toEqual(['2026-11-30T17:00:00.000Z', '2026-11-30T19:00:00.000Z']);
    expect(windows.every((w) => w.endsAt.getTime() - w.startsAt.getTime() === WINDOW_MINUTES * 60_000)).toBe(true);
    // Today's 11:00, 1:00, 3:00, 5:00 and 7:00 PM, then Tuesday to Saturday's 7 each; Sunday is closed.
    expect(windows).toHaveLength(5 + 5 * 7);
    expect(iso(windows).at(-1)).toBe('2026-12-06T01:00:00.000Z');
  });

  it('later the same day, the same days less the windows now too soon', () => {
    const morning = offeredWindows(chicago, new Date('2026-11-30T15:10:00Z'));
    // 10:10 AM: 11:00 is 50 minutes away.
    const later = offeredWindows(chicago, new Date('2026-11-30T16:10:00Z'));
    expect(iso(later)).toEqual(iso(morning).slice(1));
    expect(later[0]!.startsAt.getTime() - new Date('2026-11-30T16:10:00Z').getTime()).toBeGreaterThanOrEqual(LEAD_MINUTES * 60_000);
  });

  it("another store's hours on the same day and zone give that store's windows", () => {
    const now = new Date('2026-11-30T15:10:00Z');
    offeredWindows(chicago, now);
    const evenings = offeredWindows({ ...chicago, hours: [{ weekday: 1, opensMinute: 1020, closesMinute: 1260 }] }, now);
    // 5:00 and 7:00 PM CST on Monday only.
    expect(iso(evenings)).toEqual(['2026-11-30T23:00:00.000Z', '2026-12-01T01:00:00.000Z']);
  });

  it('a new local day starts a new week, across the change to standard time', () => {
    const ny = { ...chicago, timeZone: 'America/New_York' };
    // Saturday 2026-10-31, 10:00 PM EDT, then Sunday 2026-11-01 (closed; 2:00 AM EDT became 1:00 AM EST).
    const saturdayNight = offeredWindows(ny, new Date('2026-11-01T02:00:00Z'));
    const sunday = offeredWindows(ny, new Date('2026-11-01T15:00:00Z'));
    // Monday 7:00 AM EST is 12:00 UTC; both see it first; Saturday's week ends on Friday, Sunday's reaches Saturday.
    expect(iso(saturdayNight)[0]).toBe('2026-11-02T12:00:00.000Z');
    expect(iso(sunday)[0]).toBe('2026-11-02T12:00:00.000Z');
    expect(iso(sunday).at(-1)).toBe('2026-11-08T00:00:00.000Z');
    expect(iso(saturdayNight).at(-1)).toBe('2026-11-07T00:00:00.000Z');
    expect(localTime(new Date('2026-11-01T15:00:00Z'), 'America/New_York').weekday).toBe(0);
  });
});
