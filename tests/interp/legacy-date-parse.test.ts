// java.util.Date's deprecated parser: `new Date(text)` and `Date.parse(text)` (src/interp/java/legacy-date-parse.ts).
// Expected values are the JDK's, for its own documented examples and the forms apps store.
import { describe, expect, it } from 'vitest';
import { show } from './helpers.js';

describe('new Date(text) and Date.parse(text)', () => {
  it("read the JDK's documented example, with and without a zone offset", () => {
    expect(show('new Date("Sat, 12 Aug 1995 13:30:00 GMT").time')).toBe('808234200000');
    expect(show('new Date("Sat, 12 Aug 1995 13:30:00 GMT+0430").time')).toBe('808218000000');
    expect(show('Date.parse("Sat, 12 Aug 1995 13:30:00 GMT")')).toBe('808234200000');
  });

  it('read a date an app stored formatted with day and month names, in the JVM zone (UTC)', () => {
    expect(show('new Date("Monday, December 7, 2026").time')).toBe('1796601600000');
  });

  it('read month/day/year, a two-digit year in the century around now, a 12-hour time and a US zone', () => {
    expect(show('new Date("12/25/95 3:45 PM").time')).toBe('819906300000');
    expect(show('new Date("1/2/2020 10:00 EST").time')).toBe('1577977200000');
  });

  it('give up as the JDK does, with IllegalArgumentException', () => {
    expect(() => show('new Date("not a date")')).toThrow(/IllegalArgumentException/);
    expect(() => show('new Date("13:00")')).toThrow(/IllegalArgumentException/);
  });

  it('leave the GDK two-argument Date.parse(pattern, text) as it was', () => {
    expect(show('Date.parse("yyyy-MM-dd", "2020-01-02").time')).toBe('1577923200000');
  });
});
