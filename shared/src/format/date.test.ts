import { formatUsDate, formatUsShortDate, formatUsTime } from './date.ts';

const ny = { timeZone: 'America/New_York' };
const la = { timeZone: 'America/Los_Angeles' };

describe('formatUsDate', () => {
  it('formats ISO strings and Dates in the long US style', () => {
    expect(formatUsDate('2026-11-21T18:30:00.000Z', ny)).toBe('November 21, 2026');
    expect(formatUsDate(new Date(Date.UTC(2026, 2, 5, 12)), ny)).toBe('March 5, 2026');
  });

  it('uses the given zone to decide the day', () => {
    expect(formatUsDate('2026-11-22T03:00:00Z', ny)).toBe('November 21, 2026');
    expect(formatUsDate('2026-11-22T03:00:00Z', { timeZone: 'UTC' })).toBe('November 22, 2026');
  });

  it('keeps a bare calendar date on its day in every zone', () => {
    expect(formatUsDate('2026-11-21', la)).toBe('November 21, 2026');
    expect(formatUsDate('2026-11-21', { timeZone: 'Asia/Tokyo' })).toBe('November 21, 2026');
  });

  it('returns an empty string for unreadable input', () => {
    expect(formatUsDate('not a date', ny)).toBe('');
    expect(formatUsDate('', ny)).toBe('');
    expect(formatUsDate(new Date(Number.NaN), ny)).toBe('');
  });
});

describe('formatUsShortDate', () => {
  it('formats as M/D/YYYY', () => {
    expect(formatUsShortDate('2026-11-21T18:30:00.000Z', ny)).toBe('11/21/2026');
    expect(formatUsShortDate('2026-03-05T12:00:00Z', la)).toBe('3/5/2026');
    expect(formatUsShortDate(new Date(Date.UTC(2026, 0, 1, 2)), la)).toBe('12/31/2025');
  });

  it('keeps a bare calendar date on its day', () => {
    expect(formatUsShortDate('2026-01-01', la)).toBe('1/1/2026');
  });

  it('returns an empty string for unreadable input', () => {
    expect(formatUsShortDate('2026-13-45T00:00:00Z', ny)).toBe('');
  });
});

describe('formatUsTime', () => {
  it('formats hours and minutes with AM/PM', () => {
    // Intl may separate the time and AM/PM with a narrow no-break space.
    expect(formatUsTime('2026-11-21T18:30:00.000Z', ny).replace(/\s/g, ' ')).toBe('1:30 PM');
    expect(formatUsTime('2026-11-21T05:05:00.000Z', { timeZone: 'UTC' }).replace(/\s/g, ' ')).toBe('5:05 AM');
  });
});
