// java.util.Calendar: `Calendar.getInstance([zone])` (the JVM's default zone, UTC on SmartThings'
// servers, unless one is given), its field constants, get/set/add of fields, and its instant as a
// Date. A calendar is a BuiltinObject of kind `calendar` whose `millis` its setters change.
import { GroovyError, UnsupportedError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { getterProperty } from '../../parser/accessors.js';
import * as num from '../numbers.js';
import { noteMutation } from '../ownership.js';
import * as time from '../time.js';
import { BuiltinObject, GDate, type Value } from '../values.js';
import { instantOf, zoneOf } from './dates.js';
import { isEnglish, isLocale } from './locale.js';

/** The field numbers and constants of java.util.Calendar. */
const CONSTANTS: Readonly<Record<string, number>> = {
  ERA: 0, YEAR: 1, MONTH: 2, WEEK_OF_YEAR: 3, DATE: 5, DAY_OF_MONTH: 5, DAY_OF_YEAR: 6, DAY_OF_WEEK: 7,
  AM_PM: 9, HOUR: 10, HOUR_OF_DAY: 11, MINUTE: 12, SECOND: 13, MILLISECOND: 14,
  SUNDAY: 1, MONDAY: 2, TUESDAY: 3, WEDNESDAY: 4, THURSDAY: 5, FRIDAY: 6, SATURDAY: 7,
  JANUARY: 0, FEBRUARY: 1, MARCH: 2, APRIL: 3, MAY: 4, JUNE: 5, JULY: 6, AUGUST: 7, SEPTEMBER: 8, OCTOBER: 9, NOVEMBER: 10, DECEMBER: 11,
  AM: 0, PM: 1,
  // getDisplayName's styles.
  SHORT: 1, LONG: 2,
};

/** A Calendar constant by its name; a name of JavaScript's objects (`constructor`) is none. */
function calendarConstantNamed(name: string): MethodResult {
  return Object.hasOwn(CONSTANTS, name) ? CONSTANTS[name] : NOT_FOUND;
}

function isCalendar(v: Value): v is BuiltinObject {
  return v instanceof BuiltinObject && v.kind === 'calendar';
}

/** A calendar's wall-clock fields: month 0-11 as Calendar counts, milliseconds kept apart. */
interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function fieldsOf(c: BuiltinObject): Fields {
  const w = time.wallClock(c.millis - (((c.millis % 1000) + 1000) % 1000), c.timeZone);
  return { year: w.year, month: w.month - 1, day: w.day, hour: w.hour, minute: w.minute, second: w.second, ms: ((c.millis % 1000) + 1000) % 1000 };
}

/** The instant of wall-clock fields in the calendar's zone; out-of-range fields roll over as in Java. */
function instantOfFields(f: Fields, tz: string): number {
  const asUtc = Date.UTC(f.year, f.month, f.day, f.hour, f.minute, f.second, f.ms);
  return asUtc - time.zoneOffset(asUtc - time.zoneOffset(asUtc, tz), tz);
}

/** The Fields key of a Calendar field number, for set and add. */
function fieldKey(field: number): keyof Fields | 'week' {
  switch (field) {
    case 1: return 'year';
    case 2: return 'month';
    case 3: return 'week';
    case 5: case 6: case 7: return 'day';
    case 10: case 11: return 'hour';
    case 12: return 'minute';
    case 13: return 'second';
    case 14: return 'ms';
  }
  // Java indexes its field array: a number past FIELD_COUNT (17) is ArrayIndexOutOfBoundsException.
  if (field < 0 || field >= CALENDAR_FIELD_COUNT) throw new GroovyError('ArrayIndexOutOfBoundsException', `${field}`);
  throw new UnsupportedError(`Calendar field ${field}`);
}

/** Calendar.FIELD_COUNT. */
const CALENDAR_FIELD_COUNT = 17;

/**
 * A Calendar field of an instant in a zone: Groovy's `date[Calendar.DAY_OF_WEEK]` (the GDK's
 * getAt on a Date, in the JVM's zone, UTC on the platform).
 */
export function calendarField(millis: number, zone: string, field: number): number {
  return getField(new BuiltinObject('calendar', '', zone, millis), field);
}

/** `date[field] = value` (the GDK's putAt on a Date): the instant with that Calendar field set, in `zone`. */
export function instantWithField(millis: number, zone: string, field: number, value: number): number {
  const c = new BuiltinObject('calendar', '', zone, millis);
  setField(c, field, value);
  return c.millis;
}

function getField(c: BuiltinObject, field: number): number {
  const f = fieldsOf(c);
  switch (field) {
    case 0: return 1;
    case 6: return Math.round((Date.UTC(f.year, f.month, f.day) - Date.UTC(f.year, 0, 1)) / 86_400_000) + 1;
    case 7: return time.wallClock(c.millis, c.timeZone).weekday + 1;
    case 9: return f.hour < 12 ? 0 : 1;
    case 10: return f.hour % 12;
    case 3: return Math.floor((Math.round((Date.UTC(f.year, f.month, f.day) - Date.UTC(f.year, 0, 1)) / 86_400_000) + new Date(Date.UTC(f.year, 0, 1)).getUTCDay()) / 7) + 1;
  }
  const key = fieldKey(field);
  return key === 'week' ? 0 : f[key];
}

function addToField(c: BuiltinObject, field: number, amount: number): void {
  const f = fieldsOf(c);
  const key = fieldKey(field);
  if (key === 'week') f.day += 7 * amount;
  else f[key] += amount;
  c.millis = instantOfFields(f, c.timeZone);
}

function setField(c: BuiltinObject, field: number, value: number): void {
  if (field === 7) return addToField(c, 5, value - getField(c, 7));
  const f = fieldsOf(c);
  const key = fieldKey(field);
  if (key === 'week') throw new UnsupportedError('setting a Calendar week');
  if (field === 6) [f.month, f.day] = [0, value]; // DAY_OF_YEAR: that day of January, rolled over
  else if (field === 10) f.hour = (f.hour >= 12 ? 12 : 0) + value; // HOUR: of the same half of the day
  else f[key] = value;
  c.millis = instantOfFields(f, c.timeZone);
}

/** `cal.set(year, month, day[, hour, minute[, second]])`. */
function setDate(c: BuiltinObject, values: number[]): void {
  const f = fieldsOf(c);
  [f.year, f.month, f.day] = values;
  if (values.length >= 5) [f.hour, f.minute] = [values[3], values[4]];
  if (values.length >= 6) f.second = values[5];
  c.millis = instantOfFields(f, c.timeZone);
}

/** The JVM's default zone, which a Calendar has unless given one: UTC on SmartThings' servers. */
const JVM_ZONE = 'UTC';

export function newCalendar(zone: Value, clock: time.Clock): BuiltinObject {
  return new BuiltinObject('calendar', '', zone === null ? JVM_ZONE : zoneOf(zone), clock.now());
}

/** Groovy's `date.toCalendar()`: a Calendar.getInstance() set to the date, in the JVM's zone. */
export function dateCalendar(d: GDate): BuiltinObject {
  return new BuiltinObject('calendar', '', JVM_ZONE, d.time);
}

/** `Calendar.getInstance([zone][, locale])`, `Calendar.instance`, `Calendar.MONDAY`; the locale sets only the names the model has (English). */
export function calendarStatic(name: string, args: Value[], clock: time.Clock): MethodResult {
  if (name !== 'getInstance') return NOT_FOUND;
  const [zone = null] = args.filter((a) => !isLocale(a));
  return newCalendar(zone, clock);
}

/** `cal.getDisplayName(field, style, locale)`: English names of the day of the week and the month; another field or locale is a gap. */
function displayName(c: BuiltinObject, field: number, style: number, locale: Value): MethodResult {
  if (!isEnglish(locale) || (style !== CONSTANTS.SHORT && style !== CONSTANTS.LONG)) return NOT_FOUND;
  const names = field === CONSTANTS.DAY_OF_WEEK ? time.DAY_NAMES : field === CONSTANTS.MONTH ? time.MONTH_NAMES : undefined;
  if (names === undefined) return NOT_FOUND;
  const name = names[getField(c, field) - (field === CONSTANTS.DAY_OF_WEEK ? 1 : 0)];
  return style === CONSTANTS.SHORT ? name.slice(0, 3) : name;
}

export function calendarConstant(name: string, clock: time.Clock): MethodResult {
  if (name === 'instance') return newCalendar(null, clock);
  return calendarConstantNamed(name);
}

export function calendarProperty(c: BuiltinObject, name: string): MethodResult {
  if (name === 'time') return new GDate(c.millis);
  if (name === 'timeInMillis') return c.millis;
  if (name === 'timeZone') return new BuiltinObject('timeZone', c.timeZone);
  // A static field read through an instance, as Java and Groovy allow (`Calendar.instance.WEDNESDAY`).
  return calendarConstantNamed(name);
}

/** A setter's result (void, so null); a calendar held in a field or a state key is a write of it. */
function changed(c: BuiltinObject): null {
  noteMutation(c);
  return null;
}

export function calendarMethod(c: BuiltinObject, name: string, args: Value[], clock: time.Clock): MethodResult {
  const ints = () => args.map((a) => num.toInt(a));
  switch (name) {
    case 'get':
      return getField(c, ints()[0]);
    case 'set':
      if (args.length >= 3) setDate(c, ints());
      else setField(c, ints()[0], ints()[1]);
      return changed(c);
    case 'add':
      addToField(c, ints()[0], ints()[1]);
      return changed(c);
    case 'setTime':
    case 'setTimeInMillis':
      c.millis = instantOf(args[0] ?? null, c.timeZone, clock);
      return changed(c);
    case 'setTimeZone':
      c.timeZone = zoneOf(args[0] ?? null);
      return changed(c);
    case 'getTime':
    case 'getTimeInMillis':
    case 'getTimeZone':
      return calendarProperty(c, getterProperty(name)!);
    case 'getDisplayName':
      return args.length === 3 ? displayName(c, num.toInt(args[0]), num.toInt(args[1]), args[2]) : NOT_FOUND;
    // Calendar's order is its instant's; before and after of anything but a Calendar are false.
    case 'before':
    case 'after': {
      const other = args[0] ?? null;
      return isCalendar(other) && (name === 'before' ? c.millis < other.millis : c.millis > other.millis);
    }
    case 'compareTo':
      return isCalendar(args[0] ?? null) ? Math.sign(c.millis - (args[0] as BuiltinObject).millis) : NOT_FOUND;
    case 'clone':
      return new BuiltinObject('calendar', '', c.timeZone, c.millis);
  }
  return NOT_FOUND;
}
