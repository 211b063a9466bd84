// The model's clock and calendar. The interpreter reads the time from its host (`Clock`): in the
// reference's model it is constant (JPF's ConstantTime), always NOW_MS; the full environment's home
// lets a day pass (model/home.ts). Time-of-day computations happen in the location's time zone
// (America/New_York), with Intl (pure computation, never the machine's clock).
import { GroovyError } from './errors.js';

/** 2019-08-01T21:14:40.896Z, the reference's System.currentTimeMillis(): where every home's clock starts. */
export const NOW_MS = 1564694080896;

/** Where the interpreter reads the time (`now()`, `new Date()`, `Calendar.getInstance()`, "today"). */
export interface Clock {
  now(): number;
}
/** The reference's fixed getSunriseAndSunset() values. */
export const SUNRISE_MS = 1563800160000;
export const SUNSET_MS = 1563850740000;
export const LOCATION_TIME_ZONE = 'America/New_York';

/** The sunrise and sunset `getSunriseAndSunset()` gives, before the app's offsets, in epoch ms. */
export interface SunTimes {
  sunrise: number;
  sunset: number;
}

/** The reference's: 2019-07-22 08:56 and 22:59 in the location's zone, whatever the day asked. */
export const REFERENCE_SUN_TIMES: SunTimes = { sunrise: SUNRISE_MS, sunset: SUNSET_MS };

/**
 * The reference's times of day on the day of `dayMs` in the location's zone: what the platform
 * gives for that day (default today) in a home whose sun keeps the reference's hours.
 */
export function sunTimesOnDay(dayMs: number): SunTimes {
  const { year, month, day } = wallClock(dayMs, LOCATION_TIME_ZONE);
  const onDay = (referenceMs: number) => zonedInstant(year, month, day, minutesOfDay(referenceMs, LOCATION_TIME_ZONE), LOCATION_TIME_ZONE);
  return { sunrise: onDay(SUNRISE_MS), sunset: onDay(SUNSET_MS) };
}

/** How long after the day's sunset the full environment's night falls (model/home.ts, `passTime`). */
const NIGHTFALL_AFTER_SUNSET = 30 * 60_000;

/**
 * Half an hour after the sunset of the day of `dayMs` (23:29 in the location's zone): after every
 * "is it after sunset" and inside every "between sunset and sunrise", and still the same date, so
 * "today" is the day it was.
 */
export function nightfall(dayMs: number): number {
  return sunTimesOnDay(dayMs).sunset + NIGHTFALL_AFTER_SUNSET;
}

/**
 * The value of the location's `sunriseTime` and `sunsetTime` (its state, and the events that
 * announce it): the time as ISO text in UTC, which apps parse with "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'".
 * Undefined for any other attribute.
 */
export function sunTimeText(attribute: string): string | undefined {
  if (attribute === 'sunsetTime') return new Date(SUNSET_MS).toISOString();
  if (attribute === 'sunriseTime') return new Date(SUNRISE_MS).toISOString();
  return undefined;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        weekday: 'short',
      });
    } catch {
      throw new GroovyError('IllegalArgumentException', `unknown time zone ${tz}`);
    }
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Time is a constant in the model, so the same few instants are converted over and over. */
const wallClocks = new Map<string, WallClock>();
const MAX_CACHED_WALL_CLOCKS = 4096;

export function wallClock(ms: number, tz: string): Readonly<WallClock> {
  const key = `${tz}|${ms}`;
  let w = wallClocks.get(key);
  if (!w) {
    if (wallClocks.size >= MAX_CACHED_WALL_CLOCKS) wallClocks.clear();
    wallClocks.set(key, (w = computeWallClock(ms, tz)));
  }
  return w;
}

/**
 * A custom zone id as Java writes one ("GMT-04:00"; `TimeZone.getTimeZone` also reads "GMT-4",
 * "GMT-0400"): its fixed offset in ms. Intl has no such zones, so their wall clock is UTC's, moved.
 */
export function fixedOffset(tz: string): number | undefined {
  const m = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(tz);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * MINUTE : undefined;
}

/**
 * `TimeZone.getTimeZone(id)`'s zone: a custom offset in Java's spelling ("GMT-04:00"), a zone id
 * Intl knows as it is, and, as in Java, GMT for an id it does not know (no exception).
 */
export function javaZoneId(id: string): string {
  const fixed = fixedOffset(id);
  if (fixed !== undefined) return zoneText(fixed, 'z');
  try {
    formatterFor(id);
    return id;
  } catch {
    return 'GMT';
  }
}

/**
 * The platform's `timeZone(setting)`: the zone of the offset a time setting's ISO text carries
 * ("...-0400" gives GMT-04:00), not the location's; a text without one gives the location's.
 */
export function timeSettingZone(text: string): string {
  const m = /(?:Z|([+-])(\d{2}):?(\d{2}))$/.exec(text.trim());
  if (!m || !/T\d/.test(text)) return LOCATION_TIME_ZONE;
  if (m[1] === undefined) return 'GMT';
  return zoneText((m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * MINUTE, 'z');
}

/** Intl's formatToParts: exact for every zone, but slow (tens of microseconds). */
function computeWallClock(ms: number, tz: string): WallClock {
  const fixed = fixedOffset(tz);
  if (fixed !== undefined) return computeWallClock(ms + fixed, 'UTC');
  const parts: Record<string, string> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** Offset of `tz` from UTC at instant `ms`, in ms (EDT: -4h). */
export function zoneOffset(ms: number, tz: string): number {
  const w = wallClock(ms, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (ms - (ms % 1000));
}

/** The instant at which the wall clock in `tz` shows the given date and time. */
export function zonedInstant(year: number, month: number, day: number, minutesOfDay: number, tz: string): number {
  const guess = Date.UTC(year, month - 1, day) + minutesOfDay * MINUTE;
  return guess - zoneOffset(guess - zoneOffset(guess, tz), tz);
}

/** Minutes after midnight of the wall clock in `tz`. */
export function minutesOfDay(ms: number, tz: string): number {
  const w = wallClock(ms, tz);
  return w.hour * 60 + w.minute + w.second / 60;
}

/**
 * Parses the time of day of a SmartThings time value: "15:00", "13:30:00.000", "3:05 PM" or an ISO
 * date-time "2019-08-01T15:00:00.000-0400" (its local time part is used, as timeToday does).
 */
export function parseTimeOfDay(text: string): number {
  const iso = /T(\d{1,2}):(\d{2})/.exec(text);
  const plain = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?\s*([aApP][mM])?\s*$/.exec(text);
  const m = iso ?? plain;
  if (!m) throw new GroovyError('ParseException', `Unparseable time: "${text}"`);
  let hour = Number(m[1]);
  const suffix = plain?.[3]?.toLowerCase();
  if (suffix === 'pm' && hour < 12) hour += 12;
  if (suffix === 'am' && hour === 12) hour = 0;
  return hour * 60 + Number(m[2]);
}

/** `timeToday("15:00", tz)`: today's date (of `nowMs` in tz) at that time. */
export function timeToday(text: string, tz: string, nowMs: number): number {
  const w = wallClock(nowMs, tz);
  return zonedInstant(w.year, w.month, w.day, parseTimeOfDay(text), tz);
}

/** Parses an ISO 8601 date-time as SmartThings' toDateTime does. */
export function parseIsoDateTime(text: string): number {
  const ms = isoDateTimeOrNull(text);
  if (ms === null) throw new GroovyError('ParseException', `Unparseable date: "${text}"`);
  return ms;
}

/**
 * An ISO 8601 date-time's instant, or null for text that is not one: an Event's `dateValue` (the
 * platform's Event reference: "null will be returned if the value of the Event is not parseable to
 * a Date").
 */
export function isoDateTimeOrNull(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone = 'Z'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Number(frac.padEnd(3, '0')));
  if (zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * MINUTE;
}

/** `timeOfDayIsBetween(start, stop, value, tz)`: compares times of day, wrapping past midnight. */
export function timeOfDayIsBetween(start: number, stop: number, value: number, tz: string): boolean {
  const s = minutesOfDay(start, tz);
  const e = minutesOfDay(stop, tz);
  const v = minutesOfDay(value, tz);
  return s <= e ? v >= s && v <= e : v >= s || v <= e;
}

export function addDays(ms: number, days: number): number {
  return ms + days * DAY;
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function zoneText(offsetMs: number, letter: string): string {
  const total = Math.round(offsetMs / MINUTE);
  const sign = total < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(total) / 60)).padStart(2, '0');
  const mm = String(Math.abs(total) % 60).padStart(2, '0');
  if (letter === 'z') return `GMT${sign}${hh}:${mm}`;
  return `${sign}${hh}${mm}`;
}

/** SimpleDateFormat's ISO 8601 zone: `X` -08, `XX` -0800, `XXX` -08:00, and Z for UTC. */
function isoZoneText(offsetMs: number, n: number): string {
  if (n > 3) throw new GroovyError('IllegalArgumentException', `invalid ISO 8601 format: length=${n}`);
  if (Math.round(offsetMs / MINUTE) === 0) return 'Z';
  const full = zoneText(offsetMs, 'Z');
  return n === 1 ? full.slice(0, 3) : n === 2 ? full : `${full.slice(0, 3)}:${full.slice(3)}`;
}

/** The day of the year, from 1. */
function dayOfYear(w: WallClock): number {
  return Math.round((Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(w.year, 0, 1)) / 86_400_000) + 1;
}

function weekdayOfJanuaryFirst(w: WallClock): number {
  return new Date(Date.UTC(w.year, 0, 1)).getUTCDay();
}

/**
 * US weeks (Sunday to Saturday; week 1 holds January 1): the last days of December whose week
 * ends in January are in the next year's first week (for the week year `Y` and the week `w`).
 */
function inNextYearsFirstWeek(w: WallClock): boolean {
  return w.month === 12 && w.day + (6 - w.weekday) > 31;
}

/**
 * `TimeZone.getDisplayName([daylight, style])`: the zone's name in its standard (or daylight) time,
 * whatever the date ("Eastern Standard Time"; style 0 is the short "EST"). The standard time is the
 * one of the two solstice months with the smaller offset, so southern zones get theirs too.
 */
export function zoneDisplayName(tz: string, daylight: boolean, style: 'short' | 'long'): string {
  const [january, july] = [Date.UTC(2019, 0, 1), Date.UTC(2019, 6, 1)];
  const julyIsStandard = zoneOffset(july, tz) < zoneOffset(january, tz);
  const at = julyIsStandard !== daylight ? july : january;
  return zoneName(at, tz, style, zoneOffset(at, tz));
}

/**
 * SimpleDateFormat's `z` (short) and `zzzz` (long) zone names at an instant: "EDT", "Eastern
 * Daylight Time". Java's names come from its locale data, Intl's from ICU; they agree on the
 * abbreviations of US English. Where ICU has no abbreviation ("GMT+2"), and for a custom zone,
 * Java's fallback, the offset as "GMT+02:00", is written.
 */
function zoneName(ms: number, tz: string, style: 'short' | 'long', offsetMs: number): string {
  if (fixedOffset(tz) !== undefined) return zoneText(offsetMs, 'z');
  const key = `${tz}|${style}`;
  let formatter = zoneNameFormatters.get(key);
  if (!formatter) zoneNameFormatters.set(key, (formatter = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: style })));
  const name = formatter.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value;
  return name === undefined || /^GMT[+-]/.test(name) ? zoneText(offsetMs, 'z') : name;
}

const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone abbreviations SimpleDateFormat's `z` reads besides "GMT+hh:mm", with their offsets in
 * hours: those `zoneName` writes for the US zones (the location's among them), and UTC/GMT.
 */
export const ZONE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  UTC: 0, GMT: 0,
  EST: -5, EDT: -4, CST: -6, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7,
  AKST: -9, AKDT: -8, HST: -10, HDT: -9,
};

/** java.text.SimpleDateFormat for the pattern letters apps use (y Y M d E H h m s S a z Z X u). */
export function formatDate(ms: number, pattern: string, tz: string): string {
  const w = wallClock(ms, tz);
  const offset = zoneOffset(ms, tz);
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    i += n;
    out += formatField(c, n, w, ms, offset, tz);
  }
  return out;
}

function formatField(c: string, n: number, w: WallClock, ms: number, offset: number, tz: string): string {
  const pad = (v: number) => String(v).padStart(n, '0');
  switch (c) {
    case 'y':
      return n === 2 ? String(w.year % 100).padStart(2, '0') : pad(w.year);
    case 'Y': {
      const weekYear = inNextYearsFirstWeek(w) ? w.year + 1 : w.year;
      return n === 2 ? String(weekYear % 100).padStart(2, '0') : pad(weekYear);
    }
    case 'G':
      return 'AD';
    case 'D':
      return pad(dayOfYear(w));
    case 'w':
      return pad(inNextYearsFirstWeek(w) ? 1 : Math.floor((dayOfYear(w) - 1 + weekdayOfJanuaryFirst(w)) / 7) + 1);
    case 'W':
      return pad(Math.floor((w.day - 1 + (((w.weekday - (w.day - 1)) % 7) + 7) % 7) / 7) + 1);
    case 'F':
      return pad(Math.floor((w.day - 1) / 7) + 1);
    case 'M':
      return n >= 4 ? MONTH_NAMES[w.month - 1] : n === 3 ? MONTH_NAMES[w.month - 1].slice(0, 3) : pad(w.month);
    case 'd':
      return pad(w.day);
    case 'E':
      return n >= 4 ? DAY_NAMES[w.weekday] : DAY_NAMES[w.weekday].slice(0, 3);
    case 'u':
      return pad(w.weekday === 0 ? 7 : w.weekday);
    case 'H':
      return pad(w.hour);
    case 'k':
      return pad(w.hour === 0 ? 24 : w.hour);
    case 'h':
      return pad(w.hour % 12 === 0 ? 12 : w.hour % 12);
    case 'K':
      return pad(w.hour % 12);
    case 'm':
      return pad(w.minute);
    case 's':
      return pad(w.second);
    case 'S':
      return pad(((ms % 1000) + 1000) % 1000);
    case 'a':
      return w.hour < 12 ? 'AM' : 'PM';
    case 'z':
      return zoneName(ms, tz, n >= 4 ? 'long' : 'short', offset);
    case 'Z':
      return zoneText(offset, 'Z');
    case 'X':
      return isoZoneText(offset, n);
    default:
      if (/[A-Za-z]/.test(c)) throw new GroovyError('IllegalArgumentException', `Illegal pattern character '${c}'`);
      return c.repeat(n);
  }
}
