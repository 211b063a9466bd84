// java.util.Date, java.util.TimeZone and java.text.SimpleDateFormat, and the time arguments the
// platform's functions take (a Date, epoch ms, a time or ISO string).
import { GroovyError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { toStr } from '../operators.js';
import * as time from '../time.js';
import { BuiltinObject, GDate, type Value } from '../values.js';

export function zoneOf(v: Value): string {
  if (v instanceof BuiltinObject && v.kind === 'timeZone') return v.id;
  if (typeof v === 'string') return v;
  return time.LOCATION_TIME_ZONE;
}

/** A SmartThings time argument: a Date, epoch ms, or a time/ISO string. */
export function instantOf(v: Value, tz: string): number {
  if (v instanceof GDate) return v.time;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(v) ? time.parseIsoDateTime(v) : time.timeToday(v, tz);
  throw new GroovyError('IllegalArgumentException', `not a time: ${toStr(v)}`);
}

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
  }
  return NOT_FOUND;
}

export function dateMethod(d: GDate, name: string, args: Value[]): MethodResult {
  if (name === 'format') {
    const tz = args.length > 1 ? zoneOf(args[1]) : 'UTC';
    return time.formatDate(d.time, toStr(args[0] ?? null), tz);
  }
  if (/^get[A-Z]/.test(name)) return dateProperty(d, name.charAt(3).toLowerCase() + name.slice(4));
  return NOT_FOUND;
}

/** A year without daylight saving time in the northern hemisphere's winter: the zone's raw offset. */
function rawOffset(zone: string): number {
  return time.zoneOffset(Date.UTC(2019, 0, 1), zone);
}

export function timeZoneProperty(o: BuiltinObject, name: string): MethodResult {
  if (name === 'ID' || name === 'id') return o.id;
  if (name === 'rawOffset') return rawOffset(o.id);
  return NOT_FOUND;
}

export function timeZoneMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (name === 'getID') return o.id;
  if (name === 'getOffset') return time.zoneOffset(instantOf(args[0] ?? time.NOW_MS, o.id), o.id);
  if (name === 'getRawOffset') return rawOffset(o.id);
  return NOT_FOUND;
}

/** Methods of a `new SimpleDateFormat(pattern)`: the pattern is `id`, the zone `timeZone`. */
export function dateFormatMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (name === 'setTimeZone') {
    o.timeZone = zoneOf(args[0] ?? null);
    return null;
  }
  if (name === 'format') return time.formatDate(instantOf(args[0] ?? null, o.timeZone), o.id, o.timeZone || 'UTC');
  return NOT_FOUND;
}
