import { act, renderHook } from '@testing-library/react';
import { CLOSED_TODAY, formatMinute, todaysHours, useTodaysHours } from './storeHours.ts';

const rules = {
  timeZone: 'America/Chicago',
  // Closed on Sundays; 7:00 AM to 10:00 PM otherwise.
  hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: 420, closesMinute: 1320 })),
};

it("shows today's hours in the store's zone and whether it is open now", () => {
  // Monday 2026-11-30: 6:59 AM, 7:00 AM and 10:00 PM in Chicago (CST, UTC-6).
  expect(todaysHours(rules, new Date('2026-11-30T12:59:00Z'))).toBe('7:00 AM - 10:00 PM · Closed now');
  expect(todaysHours(rules, new Date('2026-11-30T13:00:00Z'))).toBe('7:00 AM - 10:00 PM · Open now');
  expect(todaysHours(rules, new Date('2026-12-01T04:00:00Z'))).toBe('7:00 AM - 10:00 PM · Closed now');
  // Sunday 2026-11-29 at noon in Chicago (Monday already in UTC terms at 06:00Z is still Sunday there).
  expect(todaysHours(rules, new Date('2026-11-29T18:00:00Z'))).toBe(CLOSED_TODAY);
  expect(todaysHours(rules, new Date('2026-11-30T05:30:00Z'))).toBe(CLOSED_TODAY);
});

it('formats minutes in US format', () => {
  expect([0, 420, 750, 1320, 1440].map(formatMinute)).toEqual(['12:00 AM', '7:00 AM', '12:30 PM', '10:00 PM', '12:00 AM']);
});

it("works the banner's hours out in a task after the render, and again for other rules", () => {
  jest.useFakeTimers({ now: new Date('2026-11-30T13:00:00Z') });
  try {
    const { result, rerender } = renderHook(({ r }) => useTodaysHours(r), { initialProps: { r: undefined as typeof rules | undefined } });
    expect(result.current).toBeUndefined();
    rerender({ r: rules });
    // Not in the render itself.
    expect(result.current).toBeUndefined();
    act(() => jest.runAllTimers());
    expect(result.current).toBe('7:00 AM - 10:00 PM · Open now');
    // Other rules: the old text is not shown for them.
    const mondayMornings = { ...rules, hours: [{ weekday: 1, opensMinute: 600, closesMinute: 660 }] };
    rerender({ r: mondayMornings });
    expect(result.current).toBeUndefined();
    act(() => jest.runAllTimers());
    expect(result.current).toBe('10:00 AM - 11:00 AM · Closed now');
  } finally {
    jest.useRealTimers();
  }
});
