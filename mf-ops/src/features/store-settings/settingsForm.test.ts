import { makeSettings } from '../../testing/fixtures.ts';
import { formOf, minutesToTime, settingsOf, timeToMinutes } from './settingsForm.ts';

describe('store settings form', () => {
  it('turns minutes into the time input and back, the end of the day as 23:59', () => {
    expect(minutesToTime(480)).toBe('08:00');
    expect(minutesToTime(1439)).toBe('23:59');
    expect(minutesToTime(1440)).toBe('23:59');
    expect(timeToMinutes('08:30')).toBe(510);
    expect(timeToMinutes('23:59', true)).toBe(1440);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('8:30')).toBeNull();
  });

  it('round-trips the settings the API sent, closed days left out', () => {
    const settings = makeSettings({
      hours: [
        { weekday: 0, opensMinute: 600, closesMinute: 1440 },
        { weekday: 3, opensMinute: 480, closesMinute: 1260 },
      ],
    });
    const form = formOf(settings);
    expect(form.days.map((d) => d.open)).toEqual([true, false, false, true, false, false, false]);
    expect(form.minOrder).toBe('10.00');
    expect(settingsOf(form, settings)).toEqual({ ok: true, settings });
  });

  it('reports every problem at once', () => {
    const form = formOf(makeSettings());
    form.days[1] = { open: true, opens: '18:00', closes: '09:00' };
    form.minOrder = '1000.01';
    form.radius = '7.5';
    form.capacity = '-1';
    expect(settingsOf(form, makeSettings())).toEqual({
      ok: false,
      errors: [
        'Monday: the store must close after it opens.',
        'Enter a minimum order from $0.00 to $1,000.00.',
        'Enter a delivery radius of 1 to 100 whole miles.',
        'Enter how many orders fit one delivery window, from 0 to 1000.',
      ],
    });
  });
});
