// java.util.Date, java.util.TimeZone and java.text.SimpleDateFormat, and the time arguments the
// platform's functions take (a Date, epoch ms, a time or ISO string).
import { GroovyError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { getterProperty } from '../../parser/accessors.js';
import * as num from '../numbers.js';
import { toStr, truthy } from '../operators.js';
import { noteMutation } from '../ownership.js';
import * as time from '../time.js';
import { BuiltinObject, GDate, isNumber, type Value } from '../values.js';

export function zoneOf(v: Value): string {
  if (v instanceof BuiltinObject && v.kind === 'timeZone') return v.id;
  if (typeof v === 'string') return v;
  return time.LOCATION_TIME_ZONE;
}

/** A SmartThings time argument: a Date, epoch ms, or a time/ISO string (a time of day is today's, by `clock`). */
export function instantOf(v: Value, tz: string, clock: time.Clock): number {
  if (v instanceof GDate) return v.time;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? time.parseIsoDateTime(v) : time.timeToday(v, tz, clock.now());
  throw new GroovyError('IllegalArgumentException', `not a time: ${toStr(v)}`);
}

/**
 * java.util.Date#getTimezoneOffset: the minutes to add to the JVM's local time to get UTC (300 in
 * New York's winter). The JVM's zone is UTC on SmartThings and stays so (TimeZone.setDefault
 * changes nothing), and UTC has no offset at any instant: 0, as the deprecated getters below read
 * the date in UTC.
 */
const JVM_TIMEZONE_OFFSET_MINUTES = 0;

export function dateProperty(d: GDate, name: string): MethodResult {
  const w = time.wallClock(d.time, 'UTC');
  switch (name) {
    case 'time':
      return d.time;
    case 'hours':
      return w.hour;
    case 'minutes':
      return w.minute;
    case 'seconds':
      return w.second;
    case 'date':
      return w.day;
    case 'day':
      return w.weekday;
    case 'month':
      return w.month - 1;
    case 'year':
      return w.year - 1900;
    case 'timezoneOffset':
      return JVM_TIMEZONE_OFFSET_MINUTES;
  }
  return NOT_FOUND;
}

/** The platform's date format (`Date.toSystemFormat()`, time settings). */
const SYSTEM_DATE_FORMAT = "yyyy-MM-dd'T'HH:mm:ss.SSSZ";

export function dateMethod(d: GDate, name: string, args: Value[]): MethodResult {
  if (name === 'format') {
    const tz = args.length > 1 ? zoneOf(args[1]) : 'UTC';
    return time.formatDate(d.time, toStr(args[0] ?? null), tz);
  }
  const property = getterProperty(name);
  if (property !== undefined) return dateProperty(d, property);
  // The static `Date.parse(pattern, text)` called on an instance, as Groovy allows.
  if (name === 'parse' && args.length >= 2) return parseDate(args);
  // Groovy's Date.next() and previous() (also `++` and `--`): the same time a day later or earlier.
  if (name === 'next' || name === 'previous') return new GDate(time.addDays(d.time, name === 'next' ? 1 : -1));
  // SmartThings' toSystemFormat(): the date as the platform spells dates (its time settings too),
  // an ISO date-time with milliseconds and an RFC 822 offset; in UTC, the platform's JVM zone.
  if (name === 'toSystemFormat') return time.formatDate(d.time, SYSTEM_DATE_FORMAT, 'UTC');
  // Its inverse, toSystemDate(), is a String's (gdk/strings.ts); official apps also call it on a
  // Date (a State's `dateCreated`), where it can only be the date itself.
  if (name === 'toSystemDate') return d;
  // Groovy's clearTime(): the date itself, set to midnight in the JVM's zone (UTC on SmartThings).
  if (name === 'clearTime') return setDateTime(d, d.time - (((d.time % 86_400_000) + 86_400_000) % 86_400_000));
  if (name === 'setTime' && args.length === 1 && isNumber(args[0])) {
    setDateTime(d, num.toInt(args[0]));
    return null;
  }
  return NOT_FOUND;
}

/** Sets a Date's time in place, as Java's setTime does; a date held in the app's state records a write of it. */
export function setDateTime(d: GDate, millis: number): GDate {
  d.time = millis;
  noteMutation(d);
  return d;
}

/** A zone's offsets in January and July of the reference's year: one is its standard time. */
function seasonalOffsets(zone: string): [number, number] {
  return [time.zoneOffset(Date.UTC(2019, 0, 1), zone), time.zoneOffset(Date.UTC(2019, 6, 1), zone)];
}

/** The standard-time offset: the smaller of the two, as daylight saving time moves clocks forward (also south of the equator, where January is summer). */
function rawOffset(zone: string): number {
  return Math.min(...seasonalOffsets(zone));
}

export function timeZoneProperty(o: BuiltinObject, name: string): MethodResult {
  if (name === 'ID' || name === 'id') return o.id;
  if (name === 'rawOffset') return rawOffset(o.id);
  if (name === 'displayName') return time.zoneDisplayName(o.id, false, 'long');
  return NOT_FOUND;
}

export function timeZoneMethod(o: BuiltinObject, name: string, args: Value[], clock: time.Clock): MethodResult {
  if (name === 'getID') return o.id;
  if (name === 'getOffset') return time.zoneOffset((args[0] ?? null) === null ? clock.now() : instantOf(args[0], o.id, clock), o.id);
  if (name === 'getRawOffset') return rawOffset(o.id);
  if (name === 'useDaylightTime' || name === 'observesDaylightTime') return new Set(seasonalOffsets(o.id)).size > 1;
  if (name === 'inDaylightTime') return time.zoneOffset(instantOf(args[0] ?? null, o.id, clock), o.id) !== rawOffset(o.id);
  if (name === 'getDisplayName') return time.zoneDisplayName(o.id, args.length > 0 && truthy(args[0] ?? null), args.length > 1 && num.toInt(args[1] ?? null) === 0 ? 'short' : 'long');
  return NOT_FOUND;
}

/** Methods of a `new SimpleDateFormat(pattern)`: the pattern is `id`, the zone `timeZone`. */
export function dateFormatMethod(o: BuiltinObject, name: string, args: Value[], clock: time.Clock): MethodResult {
  if (name === 'setTimeZone') {
    o.timeZone = zoneOf(args[0] ?? null);
    noteMutation(o);
    return null;
  }
  if (name === 'format') return time.formatDate(instantOf(args[0] ?? null, o.timeZone, clock), o.id, o.timeZone || 'UTC');
  if (name === 'parse') return new GDate(parseWithPattern(toStr(args[0] ?? null), o.id, o.timeZone || 'UTC'));
  return NOT_FOUND;
}

/** Reads one field of a date pattern from `text` at `at`: the value and where reading stopped. */
function readField(c: string, n: number, text: string, at: number, fixedWidth: boolean): { value: number | string; end: number } {
  if (c === 'Z' || c === 'X' || c === 'z') return readZone(text, at);
  if (c === 'a' || c === 'E' || (c === 'M' && n >= 3)) {
    const m = /^[A-Za-z]+/.exec(text.slice(at));
    if (!m) throw new GroovyError('ParseException', `Unparseable date: "${text}"`);
    return { value: m[0], end: at + m[0].length };
  }
  const m = (fixedWidth ? new RegExp(`^\\d{1,${n}}`) : /^\d+/).exec(text.slice(at));
  if (!m) throw new GroovyError('ParseException', `Unparseable date: "${text}"`);
  return { value: Number(m[0]), end: at + m[0].length };
}

/**
 * A zone in `text` at `at`, as SimpleDateFormat reads one for `z`, `Z` and `X`: its offset in ms.
 * Java's general time zone ("GMT-04:00", "GMT-4", an abbreviation such as "EDT") and RFC 822 / ISO
 * offsets ("-0400", "-04:00", "Z") are all accepted by each letter when parsing.
 */
function readZone(text: string, at: number): { value: number; end: number } {
  const rest = text.slice(at);
  const offset = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?/.exec(rest);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    return { value: (offset[1] === '-' ? -1 : 1) * minutes * 60_000, end: at + offset[0].length };
  }
  const name = /^(?:Z\b|[A-Z]{3,4}\b)/.exec(rest)?.[0];
  if (name === 'Z') return { value: 0, end: at + 1 };
  if (name !== undefined && Object.hasOwn(time.ZONE_ABBREVIATIONS, name)) return { value: time.ZONE_ABBREVIATIONS[name]! * 3_600_000, end: at + name.length };
  throw new GroovyError('ParseException', `Unparseable date: "${text}"`);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * SimpleDateFormat.parse / Groovy's `Date.parse(pattern, text)`: the fields of `pattern` (y M d H
 * h m s S a E z Z X and quoted literals) read from `text`, in `tz` unless the text gives a zone.
 */
export function parseWithPattern(text: string, pattern: string, tz: string): number {
  const f = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0, S: 0, pm: false, h12: false, offset: null as number | null };
  let at = 0;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      const literal = end === i + 1 ? "'" : pattern.slice(i + 1, end < 0 ? undefined : end);
      at += literal.length;
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    i += n;
    if (!/[A-Za-z]/.test(c)) {
      at += n;
      continue;
    }
    const { value, end } = readField(c, n, text, at, /[A-Za-z]/.test(pattern[i] ?? ''));
    at = end;
    if (c === 'y') f.y = value as number;
    else if (c === 'M') f.M = typeof value === 'number' ? value : MONTHS.indexOf(value.slice(0, 3).toLowerCase()) + 1;
    else if (c === 'd') f.d = value as number;
    else if (c === 'H' || c === 'k') f.H = value as number;
    else if (c === 'h' || c === 'K') [f.H, f.h12] = [value as number, true];
    else if (c === 'm') f.m = value as number;
    else if (c === 's') f.s = value as number;
    else if (c === 'S') f.S = value as number;
    else if (c === 'a') f.pm = String(value).toUpperCase() === 'PM';
    else if (c === 'Z' || c === 'X' || c === 'z') f.offset = value as number;
  }
  const hour = f.h12 ? (f.H % 12) + (f.pm ? 12 : 0) : f.H;
  const asUtc = Date.UTC(f.y, f.M - 1, f.d, hour, f.m, f.s, f.S);
  if (f.offset !== null) return asUtc - f.offset;
  return asUtc - time.zoneOffset(asUtc - time.zoneOffset(asUtc, tz), tz);
}

/** Groovy's `Date.parse(pattern, text[, zone])`, in the JVM's zone (UTC on SmartThings). */
export function parseDate(args: Value[]): GDate {
  return new GDate(parseWithPattern(toStr(args[1] ?? null), toStr(args[0] ?? null), args[2] === undefined ? 'UTC' : zoneOf(args[2])));
}
