// groovy.time: the durations of `use(TimeCategory) { ... }`. Inside the block an integer has the
// properties `seconds`, `minutes`, `hours`, `days`, `weeks`, `months`, `years` (each also singular,
// and `milliseconds`), which are durations; a date plus or minus a duration is a date, a duration
// plus or minus another a duration, and one date minus another the TimeDuration between them.
// Outside the block the properties do not exist (Groovy's MissingPropertyException), and a date
// minus a date is a number of days, as without the category.
//
// A duration keeps its fields as written (`90.minutes` prints "90 minutes"), in Groovy's three
// classes: `days` and `weeks` make a Duration, whose `ago` is the start of that day; hours and
// less a TimeDuration; months and years a DatumDependentDuration. Adding one to a date adds its
// fields on a calendar in the JVM's default zone, UTC on the platform's servers.
//
// Imported by the operators (date arithmetic), so it imports nothing that imports them: its
// lookups answer undefined where the property or method is not a duration's.
import { getterProperty } from '../../parser/accessors.js';
import { GroovyError } from '../errors.js';
import { NOW_MS, type Clock } from '../time.js';
import { BuiltinObject, GDate, PlatformRecord, type Value } from '../values.js';

type DurationClass = 'Duration' | 'TimeDuration' | 'DatumDependentDuration';

interface DurationFields {
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
  readonly millis: number;
}

const NO_FIELDS: DurationFields = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, millis: 0 };
const FIELD_NAMES = Object.keys(NO_FIELDS) as (keyof DurationFields)[];

/** A groovy.time duration: immutable, so shared as any constant built-in object is. */
export class GDuration extends BuiltinObject {
  constructor(
    readonly durationClass: DurationClass,
    readonly fields: DurationFields,
  ) {
    super('duration', `${durationClass}(${FIELD_NAMES.map((f) => fields[f]).join(',')})`);
  }
}

/** The category's integer properties: the field each sets, by how much per unit, and the class it makes. */
const UNITS: Readonly<Record<string, [keyof DurationFields, number, DurationClass]>> = {
  millisecond: ['millis', 1, 'TimeDuration'],
  second: ['seconds', 1, 'TimeDuration'],
  minute: ['minutes', 1, 'TimeDuration'],
  hour: ['hours', 1, 'TimeDuration'],
  day: ['days', 1, 'Duration'],
  week: ['days', 7, 'Duration'],
  month: ['months', 1, 'DatumDependentDuration'],
  year: ['years', 1, 'DatumDependentDuration'],
};


/** How deep `use(TimeCategory)` blocks are nested where the interpreter runs now. */
let categoryDepth = 0;

/** Runs `body` with the category's methods in effect (`use(TimeCategory) { ... }`). */
export function withTimeCategory<T>(body: () => T): T {
  categoryDepth++;
  try {
    return body();
  } finally {
    categoryDepth--;
  }
}

/**
 * Runs `body` outside any category: a handler run nested in another's command (a cascade, which
 * the platform would run as an execution of its own) does not inherit the block it was sent from.
 */
export function outsideCategories<T>(body: () => T): T {
  const outer = categoryDepth;
  categoryDepth = 0;
  try {
    return body();
  } finally {
    categoryDepth = outer;
  }
}

export function isTimeCategory(name: string): boolean {
  return name === 'TimeCategory' || name === 'groovy.time.TimeCategory';
}

/** `5.minutes` inside the category: a duration; undefined for any other property or receiver. */
export function categoryProperty(n: Value, name: string): GDuration | undefined {
  if (categoryDepth === 0 || typeof n !== 'number' || !Number.isInteger(n)) return undefined;
  const unit = UNITS[name] ?? (name.endsWith('s') ? UNITS[name.slice(0, -1)] : undefined);
  if (!unit) return undefined;
  const [field, per, durationClass] = unit;
  return new GDuration(durationClass, { ...NO_FIELDS, [field]: n * per });
}

/** `date - date` inside the category: the TimeDuration between them (TimeCategory.minus); undefined outside it. */
export function dateDifference(a: GDate, b: GDate): GDuration | undefined {
  if (categoryDepth === 0) return undefined;
  let rest = a.time - b.time;
  const take = (unit: number) => {
    const whole = Math.trunc(rest / unit);
    rest -= whole * unit;
    return whole;
  };
  const days = take(86_400_000);
  const hours = take(3_600_000);
  const minutes = take(60_000);
  const seconds = take(1000);
  return new GDuration('TimeDuration', { ...NO_FIELDS, days, hours, minutes, seconds, millis: rest });
}

/**
 * A date plus (`sign` 1) or minus (-1) a duration, as BaseDuration.plus(Date) adds its fields on
 * a calendar in UTC: years and months first, the day of the month kept where the month has it,
 * else its last day (Calendar.add), then the fixed-length fields.
 */
export function shiftDate(date: GDate, d: GDuration, sign: 1 | -1): GDate {
  const { years, months, days, hours, minutes, seconds, millis } = d.fields;
  let time = date.time;
  if (years !== 0 || months !== 0) {
    const at = new Date(time);
    const month = at.getUTCFullYear() * 12 + at.getUTCMonth() + sign * (years * 12 + months);
    const [year, monthOfYear] = [Math.floor(month / 12), ((month % 12) + 12) % 12];
    const lastDay = new Date(Date.UTC(year, monthOfYear + 1, 0)).getUTCDate();
    const timeOfDay = time - Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    time = Date.UTC(year, monthOfYear, Math.min(at.getUTCDate(), lastDay)) + timeOfDay;
  }
  return new GDate(time + sign * ((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + millis));
}

/**
 * A duration plus or minus another, field by field: a DatumDependentDuration where either has
 * months or years, else a TimeDuration where either is one (Duration.plus(TimeDuration) is the
 * TimeDuration's plus), else a Duration.
 */
export function combineDurations(a: GDuration, b: GDuration, sign: 1 | -1): GDuration {
  const fields = Object.fromEntries(FIELD_NAMES.map((f) => [f, a.fields[f] + sign * b.fields[f]])) as unknown as DurationFields;
  const either = (durationClass: DurationClass) => a.durationClass === durationClass || b.durationClass === durationClass;
  return new GDuration(either('DatumDependentDuration') ? 'DatumDependentDuration' : either('TimeDuration') ? 'TimeDuration' : 'Duration', fields);
}

/** toMilliseconds(): fixed for days and less; from now for months and years. */
export function durationMillis(d: GDuration, clock: Clock): number {
  const { years, months, days, hours, minutes, seconds, millis } = d.fields;
  if (years !== 0 || months !== 0) return shiftDate(new GDate(clock.now()), d, 1).time - clock.now();
  return (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** Durations in order of their lengths (Duration.compareTo; months and years counted from the model's start of time). */
export function compareDurations(a: GDuration, b: GDuration): number {
  const clock = { now: () => NOW_MS };
  return Math.sign(durationMillis(a, clock) - durationMillis(b, clock));
}

/** BaseDuration.toString(): the fields that are not zero, seconds with their milliseconds ("1 hours, 30.500 seconds"). */
export function durationText(d: GDuration): string {
  const { years, months, days, hours, minutes, seconds, millis } = d.fields;
  const parts: string[] = [];
  if (years !== 0) parts.push(`${years} years`);
  if (months !== 0) parts.push(`${months} months`);
  if (days !== 0) parts.push(`${days} days`);
  if (hours !== 0) parts.push(`${hours} hours`);
  if (minutes !== 0) parts.push(`${minutes} minutes`);
  if (seconds !== 0 || millis !== 0) {
    const ms = millis % 1000;
    const wholeSeconds = seconds + (millis - ms) / 1000;
    const secondsText = wholeSeconds === 0 ? (ms < 0 ? '-0' : '0') : String(wholeSeconds);
    parts.push(`${secondsText}.${String(Math.abs(ms)).padStart(3, '0')} seconds`);
  }
  return parts.length > 0 ? parts.join(', ') : '0';
}

/** A duration's properties: its fields, `ago` and `from.now` (dates relative to the clock); undefined for another. */
export function durationProperty(d: GDuration, name: string, clock: Clock): Value | undefined {
  if ((FIELD_NAMES as string[]).includes(name)) return d.fields[name as keyof DurationFields];
  if (name === 'ago') return fromNow(d, clock, -1);
  if (name === 'from') return new PlatformRecord([['now', fromNow(d, clock, 1)]], 'groovy.time.BaseDuration$From');
  return undefined;
}

/** Now plus or minus the duration; for a Duration of days, the start of that day (Duration.getAgo, getFrom().getNow()). */
function fromNow(d: GDuration, clock: Clock, sign: 1 | -1): GDate {
  const date = shiftDate(new GDate(clock.now()), d, sign);
  return d.durationClass === 'Duration' ? new GDate(date.time - (((date.time % 86_400_000) + 86_400_000) % 86_400_000)) : date;
}

/** A duration's methods (its getters too); undefined for another. */
export function durationMethod(d: GDuration, name: string, args: Value[], clock: Clock): Value | undefined {
  const other = args[0] ?? null;
  switch (name) {
    case 'toMilliseconds':
      return durationMillis(d, clock);
    case 'plus':
    case 'minus': {
      const sign = name === 'plus' ? 1 : -1;
      if (other instanceof GDuration) return combineDurations(d, other, sign);
      if (other instanceof GDate && name === 'plus') return shiftDate(other, d, 1);
      throw new GroovyError('MissingMethodException', `No signature of method: groovy.time.${d.durationClass}.${name}() is applicable`);
    }
    case 'compareTo':
      if (!(other instanceof GDuration)) throw new GroovyError('ClassCastException', `cannot compare groovy.time.${d.durationClass} with ${other === null ? 'null' : 'a non-duration'}`);
      return compareDurations(d, other);
    case 'toString':
      return durationText(d);
  }
  const property = args.length === 0 ? getterProperty(name) : undefined;
  return property === undefined ? undefined : durationProperty(d, property, clock);
}
