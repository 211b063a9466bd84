// Groovy's core operations on values: truth, ordering, string conversion and the
// arithmetic operators on non-numbers (string and list `+`, `-`, `*`, `<<`), plus `in`/isCase; equality is in equality.ts.
import { GroovyError, UnsupportedError } from './errors.js';
import { equals, javaEquals, setOf } from './equality.js';
import { checkLength, ValueWalk } from './limits.js';
import * as num from './numbers.js';
import { combineDurations, compareDurations, dateDifference, durationText, GDuration, shiftDate } from './java/durations.js';
import { isExceptionSubclass } from './java/exceptions.js';
import { fullClassName, simpleClassName } from './java/known-classes.js';
import {
  BareMethodName,
  BuiltinObject,
  ClassRef,
  Decimal,
  DeviceRef,
  Double,
  GClosure,
  GDate,
  GEvent,
  GException,
  GMapEntry,
  GRandom,
  GStringBuilder,
  TrackedMap,
  bigIntegerAsDecimal,
  className,
  isBigInteger,
  isNumber,
  isPattern,
  isSet,
  markSet,
  type Value,
} from './values.js';
import { GroovyMap } from './groovy-map.js';
import { regexMatches, regexReplace } from './gdk/regex.js';

/** Groovy truth. */
export function truthy(v: Value): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof Decimal || v instanceof Double) return v.value !== 0;
  if (isBigInteger(v)) return v.id !== '0';
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (v instanceof TrackedMap) return v.map.size > 0;
  // The GDK's asBoolean of a CharSequence.
  if (v instanceof GStringBuilder) return v.text.length > 0;
  return true;
}

/**
 * Groovy `<=>` (and `<`, `>=`, ...): numbers, strings, dates, booleans; null sorts first. As Groovy's
 * DefaultTypeTransformation.compareTo: a number and a one-character string compare the number with
 * the character's code (`evt.value < 30` with the value "5" is false: '5' is 53); otherwise values
 * of two types make Java's `compareTo` fail with a ClassCastException where the left one is
 * Comparable, and Groovy's "Cannot compare" where it is not.
 */
export function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (isBigInteger(a) || isBigInteger(b)) return compare(isBigInteger(a) ? bigIntegerAsDecimal(a) : a, isBigInteger(b) ? bigIntegerAsDecimal(b) : b);
  if (isNumber(a) && isNumber(b)) return num.compareNumbers(a, b);
  if (isNumber(a) && isCharacter(b)) return num.compareNumbers(a, b.charCodeAt(0));
  if (isCharacter(a) && isNumber(b)) return num.compareNumbers(a.charCodeAt(0), b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof GDate && b instanceof GDate) return Math.sign(a.time - b.time);
  if (a instanceof GDuration && b instanceof GDuration) return compareDurations(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (equals(a, b)) return 0;
  if (isNumber(a) || typeof a === 'string' || typeof a === 'boolean' || a instanceof GDate) {
    throw new GroovyError('ClassCastException', `${className(b)} cannot be cast to ${className(a)}`);
  }
  throw new GroovyError('GroovyRuntimeException', `Cannot compare ${className(a)} with value '${toStr(a)}' and ${className(b)} with value '${toStr(b)}'`);
}

/** A string Groovy may take for a Character: one character long. */
function isCharacter(v: Value): v is string {
  return typeof v === 'string' && v.length === 1;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Java's Date.toString, in UTC (the model's JVM time zone). */
export function formatDateDefault(d: GDate): string {
  const t = new Date(d.time);
  const time = `${pad2(t.getUTCHours())}:${pad2(t.getUTCMinutes())}:${pad2(t.getUTCSeconds())}`;
  return `${DAYS[t.getUTCDay()]} ${MONTHS[t.getUTCMonth()]} ${pad2(t.getUTCDate())} ${time} UTC ${t.getUTCFullYear()}`;
}

/** Groovy's toString, as used by GStrings, `+` on strings and `println`. */
export function toStr(v: Value): string {
  return printed(v, new ValueWalk());
}

function printed(v: Value, walk: ValueWalk): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (isNumber(v)) return num.formatNumber(v);
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => printed(x, walk)).join(', ')}]`);
  if (v instanceof Map) return v.size === 0 ? '[:]' : walk.inside(v.size, () => `[${[...v].map(([k, x]) => `${printed(k, walk)}:${printed(x, walk)}`).join(', ')}]`);
  if (v instanceof TrackedMap) return printed(v.map, walk);
  if (v instanceof GDate) return formatDateDefault(v);
  if (v instanceof GMapEntry) return walk.inside(2, () => `${printed(v.key, walk)}=${printed(v.value, walk)}`);
  if (v instanceof DeviceRef) return v.label;
  if (v instanceof GEvent) return `Event(${v.name}: ${v.value})`;
  if (v instanceof BareMethodName) return v.methodName!;
  if (v instanceof GClosure) return v.methodName ? `MethodClosure(${v.methodName})` : 'Closure';
  if (v instanceof ClassRef) return `class ${v.name}`;
  // Throwable.toString: the class's full name, then the message if there is one.
  if (v instanceof GException) return `${fullClassName(v.className) ?? v.className}${v.message === null ? '' : `: ${v.message}`}`;
  // Java prints the identity hash; the model has no identities, so it shows the state instead.
  if (v instanceof GRandom) return `java.util.Random@${v.seed.toString(16)}`;
  if (v instanceof GStringBuilder) return v.text;
  if (v instanceof GDuration) return durationText(v);
  if (v instanceof BuiltinObject) return v.kind === 'timeZone' || v.kind === 'hub' || v.kind === 'jsonBuilder' || v.kind === 'roundingMode' || v.kind === 'bigInteger' || v.kind === 'locale' || v.kind === 'pattern' ? v.id : v.kind;
  return String(v);
}

function asNumber(v: Value, op: string): num.Num {
  if (isNumber(v)) return v;
  // java/big-integer.ts: the model's integers could not hold a BigInteger's result.
  if (isBigInteger(v)) throw new UnsupportedError(`operator ${op} on BigInteger`);
  throw new GroovyError('MissingMethodException', `Cannot apply ${op} to ${className(v)}`);
}

/** Groovy `+`. */
export function plus(a: Value, b: Value): Value {
  if (typeof a === 'string') return concat(a, toStr(b));
  // The GDK's plus of a CharSequence: a new String; the builder is left as it was.
  if (a instanceof GStringBuilder) return concat(a.text, toStr(b));
  if (isNumber(a) && isNumber(b)) return num.add(a, b);
  if (isNumber(a) && typeof b === 'string') return concat(toStr(a), b);
  if (Array.isArray(a)) {
    checkLength('list', a.length + (Array.isArray(b) ? b.length : 1));
    const joined = Array.isArray(b) ? [...a, ...b] : [...a, b];
    return isSet(a) ? setOf(joined) : joined;
  }
  if (a instanceof Map && b instanceof Map) {
    checkLength('map', a.size + b.size);
    return new GroovyMap([...a, ...b]);
  }
  // Map.plus(Collection<Map.Entry>): the map with the entries added (an empty list adds none).
  if (a instanceof Map && Array.isArray(b) && b.every((x) => x instanceof GMapEntry)) {
    checkLength('map', a.size + b.length);
    return new GroovyMap([...a, ...b.map((x): [Value, Value] => [x.key, x.value])]);
  }
  if (a instanceof GDate && typeof b === 'number') return new GDate(a.time + b * 86_400_000);
  if (a instanceof GDate && b instanceof GDuration) return shiftDate(a, b, 1);
  if (a instanceof GDuration && b instanceof GDate) return shiftDate(b, a, 1);
  if (a instanceof GDuration && b instanceof GDuration) return combineDurations(a, b, 1);
  if (a === null && typeof b === 'string') return `null${b}`;
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null+' + toStr(b));
  return num.add(asNumber(a, '+'), asNumber(b, '+'));
}

/** String concatenation, refused before it builds a string past the limit. */
export function concat(a: string, b: string): string {
  checkLength('string', a.length + b.length);
  return a + b;
}

/** Groovy `-`. */
export function minus(a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) return num.subtract(a, b);
  if (Array.isArray(a)) {
    const removed = Array.isArray(b) ? b : [b];
    const kept = a.filter((x) => !removed.some((r) => equals(x, r)));
    return isSet(a) ? markSet(kept) : kept;
  }
  // String.minus(Pattern) removes the first match.
  if (typeof a === 'string' && isPattern(b)) return regexReplace(a, b.id, '', false);
  if (typeof a === 'string') {
    const s = toStr(b);
    const i = a.indexOf(s);
    return i < 0 ? a : a.slice(0, i) + a.slice(i + s.length);
  }
  if (a instanceof Map && b instanceof Map) {
    return new GroovyMap([...a].filter(([k, v]) => !(b.has(k) && equals(b.get(k) ?? null, v))));
  }
  if (a instanceof GDate && typeof b === 'number') return new GDate(a.time - b * 86_400_000);
  if (a instanceof GDate && b instanceof GDuration) return shiftDate(a, b, -1);
  if (a instanceof GDuration && b instanceof GDuration) return combineDurations(a, b, -1);
  // Inside `use(TimeCategory)` the TimeDuration between the dates, else a number of days.
  if (a instanceof GDate && b instanceof GDate) return dateDifference(a, b) ?? Math.round((a.time - b.time) / 86_400_000);
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null-' + toStr(b));
  return num.subtract(asNumber(a, '-'), asNumber(b, '-'));
}

/** Groovy `*`. */
export function times(a: Value, b: Value): Value {
  if (typeof a === 'string' && typeof b === 'number') {
    checkLength('string', a.length * Math.max(0, b));
    return a.repeat(Math.max(0, b));
  }
  if (Array.isArray(a) && typeof b === 'number') {
    checkLength('list', a.length * Math.max(0, b));
    return Array.from({ length: Math.max(0, b) }, () => a).flat();
  }
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null*' + toStr(b));
  return num.multiply(asNumber(a, '*'), asNumber(b, '*'));
}

/** Groovy `isCase`: `x in c` and `case c:`. */
export function isCase(caseValue: Value, x: Value, call: (c: GClosure, args: Value[]) => Value): boolean {
  // A collection's isCase is its contains, which compares by Java's equals: `2.0 in [1, 2]` is false.
  if (Array.isArray(caseValue)) return caseValue.some((e) => javaEquals(e, x));
  if (caseValue instanceof Map) return caseValue.has(x) && truthy(caseValue.get(x) ?? null);
  if (caseValue instanceof TrackedMap) return caseValue.map.has(x) && truthy(caseValue.map.get(x) ?? null);
  if (caseValue instanceof GClosure) return truthy(call(caseValue, [x]));
  if (caseValue instanceof ClassRef) return instanceOf(x, caseValue.name);
  // Pattern.isCase: the value's text matches the whole pattern.
  if (isPattern(caseValue)) return x !== null && regexMatches(toStr(x), caseValue.id);
  // String.isCase compares with the switch value's toString: `case "5":` matches 5.
  if (typeof caseValue === 'string') return x !== null && caseValue === toStr(x);
  return equals(caseValue, x);
}

const TYPE_ALIASES: Record<string, string[]> = {
  Integer: ['Integer', 'int', 'Long', 'long', 'Number', 'Object', 'Short', 'short', 'BigInteger'],
  BigDecimal: ['BigDecimal', 'Number', 'Object'],
  BigInteger: ['BigInteger', 'Number', 'Object'],
  Double: ['Double', 'double', 'Float', 'float', 'Number', 'Object'],
  String: ['String', 'GString', 'CharSequence', 'Object'],
  Boolean: ['Boolean', 'boolean', 'Object'],
  ArrayList: ['ArrayList', 'List', 'Collection', 'Iterable', 'Object'],
  LinkedHashSet: ['LinkedHashSet', 'HashSet', 'Set', 'Collection', 'Iterable', 'Object'],
  LinkedHashMap: ['LinkedHashMap', 'Map', 'HashMap', 'Object'],
  Date: ['Date', 'Object'],
  Closure: ['Closure', 'Object'],
  StringBuilder: ['StringBuilder', 'CharSequence', 'Object'],
  StringBuffer: ['StringBuffer', 'CharSequence', 'Object'],
};

/** `x instanceof T` with T as written (simple or qualified name). */
export function instanceOf(x: Value, typeName: string): boolean {
  if (x === null) return false;
  if (x instanceof GException) return isExceptionSubclass(x.className, typeName) || typeName === 'Object';
  const simple = simpleClassName(typeName);
  const cls = className(x);
  return cls === simple || (TYPE_ALIASES[cls] ?? ['Object']).includes(simple);
}
