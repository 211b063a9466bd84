// groovy.time's durations under `use(TimeCategory) { ... }` (src/interp/java/durations.ts): what
// study apps (wattvision-manager's `endDate - 10.seconds`) and sampled ones (a camera's
// `start + clipLength.seconds`, a fan's `day_ago - 24.hour - 1.hour`, a garage's
// `sunsetOffset - 24.hours`) compute, with Groovy's results.
import { describe, expect, it } from 'vitest';
import { show } from './helpers.js';

describe('use(TimeCategory)', () => {
  it('gives integers duration properties, which shift dates by their fields', () => {
    expect(show('def d = new Date(); def e; use(TimeCategory) { e = d - 24.hour - 1.hour }; d.time - e.time')).toBe('90000000');
    expect(show('def d = new Date(); def e; use(groovy.time.TimeCategory) { e = d + 10.seconds }; e.time - d.time')).toBe('10000');
    expect(show('def d = new Date(); use(TimeCategory) { [(d + 2.weeks) - d, (d - 90.minutes).before(d), 3.days.ago.before(d)] }')).toBe('[14 days, true, true]');
  });

  it('prints durations by their fields as written, and measures them in milliseconds', () => {
    expect(show('use(TimeCategory) { [2.minutes, 90.minutes, 24.hours - 1.hour, 1.hour + 30.seconds, 1500.milliseconds, 0.seconds].collect { it.toString() } }')).toBe('[2 minutes, 90 minutes, 23 hours, 1 hours, 30.000 seconds, 1.500 seconds, 0]');
    expect(show('use(TimeCategory) { [90.minutes.toMilliseconds(), 1.day.toMilliseconds(), 1.hour < 61.minutes, 60.minutes == 1.hour, 2.hours.hours] }')).toBe('[5400000, 86400000, true, true, 2]');
  });

  it('makes one date minus another the time between them, which outside the block is a number of days', () => {
    expect(show('def d = new Date(); def later = d + 2; use(TimeCategory) { [(later - d).toString(), ((d + 75.minutes) - d).toString()] }')).toBe('[2 days, 1 hours, 15 minutes]');
    expect(show('def d = new Date(); (d + 2) - d')).toBe('2');
  });

  it('adds months on the calendar: the same day, or the last of a shorter month', () => {
    const utc = 'TimeZone.getTimeZone("UTC")';
    expect(show(`use(TimeCategory) { [(new Date(1546300800000L) + 1.month).format("yyyy-MM-dd", ${utc}), (new Date(1548892800000L) + 1.month).format("yyyy-MM-dd", ${utc}), (new Date(1548892800000L) - 1.year).format("yyyy-MM-dd", ${utc})] }`)).toBe('[2019-02-01, 2019-02-28, 2018-01-31]');
  });

  it('counts `ago` and `from.now` from the clock, a whole number of days from the start of a day', () => {
    expect(show('use(TimeCategory) { [1.day.ago.time % 86400000, 5.minutes.from.now.time - new Date().time, 1.hour.ago == new Date() - 1.hour] }')).toBe('[0, 300000, true]');
    // A day and an hour is a TimeDuration, counted from now; two days a Duration, from a day's start.
    expect(show('use(TimeCategory) { [(1.day + 1.hour).ago == new Date() - 25.hours, (1.day + 1.day).ago.time % 86400000] }')).toBe('[true, 0]');
  });

  it('ends with its block: outside it an integer has no such property, and no other category is modelled', () => {
    expect(() => show('use(TimeCategory) { 1.minute }; 5.minutes')).toThrow(/MissingPropertyException: No such property: minutes for class: java.lang.Integer/);
    expect(() => show('use(Math) { 1 }')).toThrow(/^unsupported: use\(Math\): a category other than groovy.time.TimeCategory/);
  });
});
