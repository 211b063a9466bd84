// The two equalities of a Groovy program: Groovy's `==` (numbers by value across their types) and
// Java's `equals`, which hash maps and sets use for their keys and elements (1.5 and 1.50 are two
// keys). Both compare lists, maps and entries structurally and dates by their time.
import { checkLength, ValueWalk } from './limits.js';
import * as num from './numbers.js';
import { compareDurations, GDuration } from './java/durations.js';
import { bigIntegerAsDecimal, BuiltinObject, ClassRef, Decimal, DeviceStateMap, isBigInteger, Double, GDate, GMapEntry, isNumber, isSet, markSet, type GMap, type Value } from './values.js';

/** How two numbers compare: by value for `==`, by type and value for `equals`. */
type NumberEquality = (a: num.Num, b: num.Num) => boolean;

const groovyNumbers: NumberEquality = (a, b) => num.compareNumbers(a, b) === 0;

/**
 * Java's equals of two numbers of the model: an Integer or Long equals the same integer, a
 * BigDecimal equals one of the same value and scale, a Double the same double (NaN equals NaN, 0.0
 * does not equal -0.0); numbers of two types are never equal.
 */
const javaNumbers: NumberEquality = (a, b) => {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  if (a instanceof Decimal) return b instanceof Decimal && a.unscaled === b.unscaled && a.scale === b.scale;
  return b instanceof Double && Object.is(a.value, b.value);
};

/** Groovy `==`: numbers by value across types, GString = String, lists and maps structurally. */
export function equals(a: Value, b: Value): boolean {
  return equalValues(a, b, new ValueWalk(), groovyNumbers);
}

/** Java's `equals`, as a HashMap compares its keys and a HashSet its elements. */
export function javaEquals(a: Value, b: Value): boolean {
  return equalValues(a, b, new ValueWalk(), javaNumbers);
}

/** A new set of the elements, each once, in the order they first come. */
export function setOf(items: readonly Value[]): Value[] {
  const set = markSet<Value[]>([]);
  for (const x of items) addToSet(set, x);
  return set;
}

/** Set.add: false, and no change, when the set holds an element equal to `x` already. */
export function addToSet(set: Value[], x: Value): boolean {
  if (set.some((e) => javaEquals(e, x))) return false;
  checkLength('list', set.length + 1);
  set.push(x);
  return true;
}

function equalValues(a: Value, b: Value, walk: ValueWalk, sameNumbers: NumberEquality): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (isBigInteger(a) || isBigInteger(b)) return sameBigIntegers(a, b, sameNumbers);
  if (isNumber(a) && isNumber(b)) return sameNumbers(a, b);
  if (a instanceof DeviceStateMap && typeof b === 'string') return a.text === b;
  if (b instanceof DeviceStateMap && typeof a === 'string') return b.text === a;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  const same = (x: Value, y: Value) => equalValues(x, y, walk, sameNumbers);
  // A set equals a set of the same elements in any order, and never a list (AbstractSet.equals).
  if (isSet(a) || isSet(b)) return isSet(a) && isSet(b) && sameElements(a as Value[], b as Value[], walk, same);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && walk.inside(a.length, () => a.every((x, i) => same(x, b[i])));
  if (a instanceof Map) return b instanceof Map && walk.inside(a.size, () => sameEntries(a, b, same));
  if (a instanceof GDate) return b instanceof GDate && a.time === b.time;
  if (a instanceof GDuration) return b instanceof GDuration && compareDurations(a, b) === 0;
  if (a instanceof GMapEntry) return b instanceof GMapEntry && walk.inside(2, () => same(a.key, b.key) && same(a.value, b.value));
  if (a instanceof ClassRef) return b instanceof ClassRef && a.name === b.name;
  return false;
}

/**
 * A java.math.BigInteger (java/big-integer.ts) and another value: for `==`, any number of the same
 * value; for Java's equals, only a BigInteger of the same value.
 */
function sameBigIntegers(a: Value, b: Value, sameNumbers: NumberEquality): boolean {
  if (isBigInteger(a) && isBigInteger(b)) return a.id === b.id;
  const [big, other] = isBigInteger(a) ? [a, b] : [b as BuiltinObject, a];
  return sameNumbers === groovyNumbers && isNumber(other) && num.compareNumbers(bigIntegerAsDecimal(big), other) === 0;
}

function sameElements(a: Value[], b: Value[], walk: ValueWalk, same: (x: Value, y: Value) => boolean): boolean {
  return a.length === b.length && walk.inside(a.length, () => a.every((x) => b.some((y) => same(x, y))));
}

/** AbstractMap.equals: the same keys (as `b` finds them), each with an equal value; order does not matter. */
function sameEntries(a: GMap, b: GMap, same: (x: Value, y: Value) => boolean): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    if (!b.has(k) || !same(v, b.get(k) ?? null)) return false;
  }
  return true;
}
