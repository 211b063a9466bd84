// Groovy's core operations on values: truth, equality, ordering, string conversion and the
// arithmetic operators on non-numbers (string and list `+`, `-`, `*`, `<<`), plus `in`/isCase.
import { GroovyError } from './errors.js';
import * as num from './numbers.js';
import {
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
  TrackedMap,
  className,
  isNumber,
  type GMap,
  type Value,
} from './values.js';

/** Groovy truth. */
export function truthy(v: Value): boolean {
  if (v === null) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v.length > 0;
  if (v instanceof Decimal || v instanceof Double) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (v instanceof TrackedMap) return v.map.size > 0;
  return true;
}

/** Groovy `==`: numbers by value across types, GString = String, lists and maps structurally. */
export function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (isNumber(a) && isNumber(b)) return num.numValue(a) === num.numValue(b);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]));
  if (a instanceof Map) return b instanceof Map && mapsEqual(a, b);
  if (a instanceof GDate) return b instanceof GDate && a.time === b.time;
  if (a instanceof GMapEntry) return b instanceof GMapEntry && equals(a.key, b.key) && equals(a.value, b.value);
  if (a instanceof ClassRef) return b instanceof ClassRef && a.name === b.name;
  return false;
}

function mapsEqual(a: GMap, b: GMap): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    if (!b.has(k) || !equals(v, b.get(k) ?? null)) return false;
  }
  return true;
}

/** Groovy `<=>`: numbers, strings, dates, booleans; null sorts first. */
export function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (isNumber(a) && isNumber(b)) return num.compareNumbers(a, b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof GDate && b instanceof GDate) return Math.sign(a.time - b.time);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (equals(a, b)) return 0;
  throw new GroovyError('IllegalArgumentException', `Cannot compare ${className(a)} with ${className(b)}`);
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
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (isNumber(v)) return num.formatNumber(v);
  if (Array.isArray(v)) return `[${v.map(inspectElement).join(', ')}]`;
  if (v instanceof Map) return v.size === 0 ? '[:]' : `[${[...v].map(([k, x]) => `${toStr(k)}:${inspectElement(x)}`).join(', ')}]`;
  if (v instanceof TrackedMap) return toStr(v.map);
  if (v instanceof GDate) return formatDateDefault(v);
  if (v instanceof GMapEntry) return `${toStr(v.key)}=${toStr(v.value)}`;
  if (v instanceof DeviceRef) return v.label;
  if (v instanceof GEvent) return `Event(${v.name}: ${v.value})`;
  if (v instanceof GClosure) return v.methodName ? `MethodClosure(${v.methodName})` : 'Closure';
  if (v instanceof ClassRef) return `class ${v.name}`;
  if (v instanceof GException) return `${v.className}: ${v.message}`;
  // Java prints the identity hash; the model has no identities, so it shows the state instead.
  if (v instanceof GRandom) return `java.util.Random@${v.seed.toString(16)}`;
  if (v instanceof BuiltinObject) return v.kind === 'timeZone' || v.kind === 'hub' ? v.id : v.kind;
  return String(v);
}

/** Elements inside a printed collection: Groovy prints nested strings bare too. */
function inspectElement(v: Value): string {
  return toStr(v);
}

function asNumber(v: Value, op: string): num.Num {
  if (isNumber(v)) return v;
  throw new GroovyError('MissingMethodException', `Cannot apply ${op} to ${className(v)}`);
}

/** Groovy `+`. */
export function plus(a: Value, b: Value): Value {
  if (typeof a === 'string') return a + toStr(b);
  if (isNumber(a) && isNumber(b)) return num.add(a, b);
  if (isNumber(a) && typeof b === 'string') return toStr(a) + b;
  if (Array.isArray(a)) return Array.isArray(b) ? [...a, ...b] : [...a, b];
  if (a instanceof Map && b instanceof Map) return new Map([...a, ...b]);
  if (a instanceof GDate && typeof b === 'number') return new GDate(a.time + b * 86_400_000);
  if (a === null && typeof b === 'string') return `null${b}`;
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null+' + toStr(b));
  return num.add(asNumber(a, '+'), asNumber(b, '+'));
}

/** Groovy `-`. */
export function minus(a: Value, b: Value): Value {
  if (isNumber(a) && isNumber(b)) return num.subtract(a, b);
  if (Array.isArray(a)) {
    const removed = Array.isArray(b) ? b : [b];
    return a.filter((x) => !removed.some((r) => equals(x, r)));
  }
  if (typeof a === 'string') {
    const s = toStr(b);
    const i = a.indexOf(s);
    return i < 0 ? a : a.slice(0, i) + a.slice(i + s.length);
  }
  if (a instanceof Map && b instanceof Map) {
    return new Map([...a].filter(([k, v]) => !(b.has(k) && equals(b.get(k) ?? null, v))));
  }
  if (a instanceof GDate && typeof b === 'number') return new GDate(a.time - b * 86_400_000);
  if (a instanceof GDate && b instanceof GDate) return Math.round((a.time - b.time) / 86_400_000);
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null-' + toStr(b));
  return num.subtract(asNumber(a, '-'), asNumber(b, '-'));
}

/** Groovy `*`. */
export function times(a: Value, b: Value): Value {
  if (typeof a === 'string' && typeof b === 'number') return a.repeat(Math.max(0, b));
  if (Array.isArray(a) && typeof b === 'number') return Array.from({ length: Math.max(0, b) }, () => a).flat();
  if (a === null) throw new GroovyError('NullPointerException', 'Cannot execute null*' + toStr(b));
  return num.multiply(asNumber(a, '*'), asNumber(b, '*'));
}

/** Groovy `isCase`: `x in c` and `case c:`. */
export function isCase(caseValue: Value, x: Value, call: (c: GClosure, args: Value[]) => Value): boolean {
  if (Array.isArray(caseValue)) return caseValue.some((e) => equals(e, x));
  if (caseValue instanceof Map) return caseValue.has(x) && truthy(caseValue.get(x) ?? null);
  if (caseValue instanceof TrackedMap) return caseValue.map.has(x) && truthy(caseValue.map.get(x) ?? null);
  if (caseValue instanceof GClosure) return truthy(call(caseValue, [x]));
  if (caseValue instanceof ClassRef) return instanceOf(x, caseValue.name);
  // String.isCase compares with the switch value's toString: `case "5":` matches 5.
  if (typeof caseValue === 'string') return x !== null && caseValue === toStr(x);
  return equals(caseValue, x);
}

const TYPE_ALIASES: Record<string, string[]> = {
  Integer: ['Integer', 'int', 'Long', 'long', 'Number', 'Object', 'Short', 'short', 'BigInteger'],
  BigDecimal: ['BigDecimal', 'Number', 'Object'],
  Double: ['Double', 'double', 'Float', 'float', 'Number', 'Object'],
  String: ['String', 'GString', 'CharSequence', 'Object'],
  Boolean: ['Boolean', 'boolean', 'Object'],
  ArrayList: ['ArrayList', 'List', 'Collection', 'Iterable', 'Object', 'Set', 'HashSet', 'LinkedHashSet'],
  LinkedHashMap: ['LinkedHashMap', 'Map', 'HashMap', 'Object'],
  Date: ['Date', 'Object'],
  Closure: ['Closure', 'Object'],
};

/** `x instanceof T` with T as written (simple or qualified name). */
export function instanceOf(x: Value, typeName: string): boolean {
  if (x === null) return false;
  const simple = typeName.slice(typeName.lastIndexOf('.') + 1);
  const cls = className(x);
  return cls === simple || (TYPE_ALIASES[cls] ?? ['Object']).includes(simple);
}
