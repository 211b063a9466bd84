// GDK methods of lists and of every iterable (lists, and maps through their entries): each,
// collect, find, sort, unique, groupBy, sum, join, ...
import { GroovyError, UnsupportedError } from '../errors.js';
import * as num from '../numbers.js';
import { addToSet, equals, javaEquals, setOf } from '../equality.js';
import { compare, isCase, minus, plus, toStr, truthy } from '../operators.js';
import { asJavaArray, GClosure, GMapEntry, isJavaArray, isSet, markSet, type GMap, type Value } from '../values.js';
import { asNum, bufferOf, call, callEach, closureArg, iterate, listGet, listPut, type Method } from './support.js';
import { GroovyMap } from '../groovy-map.js';

export function sortValues(items: Value[], c: GClosure | null): Value[] {
  if (!c) return items.sort(compare);
  if (c.arity === 2) return items.sort((a, b) => num.numValue(asNum(call(c, [a, b]))));
  return items.sort((a, b) => compare(callEach(c, a), callEach(c, b)));
}

function extreme(items: Value[], c: GClosure | null, sign: 1 | -1): Value {
  let best: Value = null;
  let bestKey: Value = null;
  let first = true;
  for (const e of items) {
    const key = c && c.arity !== 2 ? callEach(c, e) : e;
    const better = first || (c && c.arity === 2 ? num.numValue(asNum(call(c, [e, best]))) : compare(key, bestKey)) * sign > 0;
    if (better) {
      best = e;
      bestKey = key;
      first = false;
    }
  }
  return best;
}

function sum(items: Value[], args: Value[]): Value {
  const c = closureArg(args);
  let acc: Value = args.length > 0 && !c ? args[0] : null;
  let started = acc !== null;
  for (const e of items) {
    const v = c ? callEach(c, e) : e;
    acc = started ? plus(acc, v) : v;
    started = true;
  }
  return acc;
}

export function join(items: Value[], sep: Value): string {
  return items.map(toStr).join(sep === null || sep === undefined ? '' : toStr(sep));
}

export function uniqueValues(items: Value[], c: GClosure | null): Value[] {
  const out: Value[] = [];
  const keys: Value[] = [];
  for (const e of items) {
    const key = c ? callEach(c, e) : e;
    if (!keys.some((k) => equals(k, key))) {
      keys.push(key);
      out.push(e);
    }
  }
  return out;
}

function groupBy(items: Value[], c: GClosure): GMap {
  const out: GMap = new GroovyMap();
  for (const e of items) {
    const key = callEach(c, e);
    const group = out.get(key);
    if (Array.isArray(group)) group.push(e);
    else out.set(key, [e]);
  }
  return out;
}

/** Groovy's countBy: how many elements have each key, in the order the keys first appear. */
function countBy(items: Value[], c: GClosure): GMap {
  const out: GMap = new GroovyMap();
  for (const e of items) {
    const key = callEach(c, e);
    out.set(key, ((out.get(key) as number | undefined) ?? 0) + 1);
  }
  return out;
}

function flatten(items: Value[]): Value[] {
  return items.flatMap((e) => (Array.isArray(e) ? flatten(e) : [e]));
}

/**
 * The equality of a collection's own `contains`, `indexOf` and `remove`: a List's or a Set's is
 * Java's equals (`[1, 2].contains(2.0)` is false, as ArrayList.contains is), an array's the GDK's
 * `contains`, which compares by Groovy's `==`.
 */
function memberEquals(s: Value[]): (a: Value, b: Value) => boolean {
  return isJavaArray(s) ? equals : javaEquals;
}

/** Where `x` first stands in the collection by its own equality (memberEquals); -1 when nowhere. */
function memberIndex(s: Value[], x: Value): number {
  const same = memberEquals(s);
  return s.findIndex((e) => same(e, x));
}

/**
 * `removeAll` and `retainAll`, in place: with a closure, the elements it holds true of; with a
 * collection, the elements it contains. `retained`: whether those are the ones kept. True when the
 * list changed.
 */
function keepOnly(s: Value[], a: Value[], retained: boolean): boolean {
  const c = closureArg(a);
  const keep = s.filter((e) => (c ? truthy(callEach(c, e)) : iterate(a[0]).some((x) => javaEquals(x, e))) === retained);
  const changed = keep.length !== s.length;
  s.splice(0, s.length, ...keep);
  return changed;
}

/** Methods every iterable shares (lists, and maps through their entries). */
export const iterableMethods: Record<string, Method<Value[]>> = {
  // Each returns its receiver (callGroovyMethod gives a map or any other object back itself).
  each: (s, a) => {
    for (const e of s) callEach(closureArg(a)!, e);
    return s;
  },
  eachWithIndex: (s, a) => {
    s.forEach((e, i) => callEach(closureArg(a)!, e, [i]));
    return s;
  },
  reverseEach: (s, a) => {
    for (const e of [...s].reverse()) callEach(closureArg(a)!, e);
    return s;
  },
  collect: (s, a) => (closureArg(a) ? s.map((e) => callEach(closureArg(a)!, e)) : [...s]),
  collectMany: (s, a) => s.flatMap((e) => iterate(callEach(closureArg(a)!, e))),
  collectEntries: (s, a) => {
    const out: GMap = new GroovyMap();
    for (const e of s) {
      const r = closureArg(a) ? callEach(closureArg(a)!, e) : e;
      if (r instanceof Map) for (const [k, v] of r) out.set(k, v);
      else if (r instanceof GMapEntry) out.set(r.key, r.value);
      else if (Array.isArray(r) && r.length === 2) out.set(r[0], r[1]);
    }
    return out;
  },
  find: (s, a) => s.find((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : truthy(e))) ?? null,
  findResult: (s, a) => {
    for (const e of s) {
      const r = callEach(closureArg(a)!, e);
      if (r !== null) return r;
    }
    return a.length > 1 ? a[0] : null;
  },
  findIndexOf: (s, a) => s.findIndex((e) => truthy(callEach(closureArg(a)!, e))),
  any: (s, a) => s.some((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : truthy(e))),
  every: (s, a) => s.every((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : truthy(e))),
  count: (s, a) => s.filter((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : equals(e, a[0]))).length,
  inject: (s, a) => {
    const c = closureArg(a)!;
    let acc = a.length > 1 ? a[0] : (s[0] ?? null);
    for (const e of a.length > 1 ? s : s.slice(1)) acc = call(c, [acc, e]);
    return acc;
  },
  sum: (s, a) => sum(s, a),
  max: (s, a) => extreme(s, closureArg(a), 1),
  // GroovyCollections.min skips nulls (`[1, null, 3].min()` is 1); max needs no such rule, as
  // null compares below everything.
  min: (s, a) => extreme(closureArg(a) ? s : s.filter((e) => e !== null), closureArg(a), -1),
  join: (s, a) => join(s, a[0] ?? null),
  // The GDK's toListString(): the collection's text, as its toString (its maxSize form is a gap).
  toListString: (s, a) => {
    if (a.length) throw new UnsupportedError('toListString(maxSize)');
    return toStr(s);
  },
  groupBy: (s, a) => groupBy(s, closureArg(a)!),
  countBy: (s, a) => countBy(s, closureArg(a)!),
  toList: (s) => [...s],
  asList: (s) => [...s],
  toSet: (s) => setOf(s),
  grep: (s, a) => s.filter((e) => isCase(a[0], e, call)),
  size: (s) => s.length,
  isEmpty: (s) => s.length === 0,
};

export const listMethods: Record<string, Method<Value[]>> = {
  ...iterableMethods,
  // The GDK's encodeBase64 of a byte array (`"user:pass".bytes.encodeBase64()`), printed as its text.
  encodeBase64: (s) => bufferOf(s).toString('base64'),
  // Its hex digits (`md.digest(bytes).encodeHex().toString()`), two per byte, lower case.
  encodeHex: (s) => bufferOf(s).toString('hex'),
  findAll: (s, a) => {
    const found = s.filter((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : truthy(e)));
    return isSet(s) ? markSet(found) : found;
  },
  sort: (s, a) => {
    // A list sorts in place; a set gives a new sorted list and stays as it was.
    const mutate = a[0] !== false && !isSet(s);
    return sortValues(mutate ? s : [...s], closureArg(a));
  },
  toSorted: (s, a) => sortValues([...s], closureArg(a)),
  unique: (s, a) => {
    const u = uniqueValues(s, closureArg(a));
    if (a[0] === false) return u;
    s.splice(0, s.length, ...u);
    return s;
  },
  toUnique: (s, a) => uniqueValues(s, closureArg(a)),
  // Groovy's Tuple2 of element and index is a list, so `collect { v, i -> }` destructures it.
  withIndex: (s, a) => s.map((e, i) => [e, i + (a.length ? num.toInt(a[0]) : 0)]),
  indexed: (s, a) => new GroovyMap(s.map((e, i) => [i + (a.length ? num.toInt(a[0]) : 0), e])),
  first: (s) => {
    if (s.length === 0) throw new GroovyError('NoSuchElementException', 'Cannot access first() element from an empty List');
    return s[0];
  },
  last: (s) => {
    if (s.length === 0) throw new GroovyError('NoSuchElementException', 'Cannot access last() element from an empty List');
    return s[s.length - 1];
  },
  head: (s) => listMethods.first(s, []),
  tail: (s) => s.slice(1),
  init: (s) => {
    if (s.length === 0) throw new GroovyError('NoSuchElementException', 'Cannot access init() for an empty list');
    return s.slice(0, -1);
  },
  collate: (s, a) => collate(s, a),
  // The GDK's split of a list: the elements the closure accepts, then the others.
  split: (s, a) => {
    const accepted = s.map((e) => truthy(callEach(closureArg(a)!, e)));
    return [s.filter((_, i) => accepted[i]), s.filter((_, i) => !accepted[i])];
  },
  toArray: (s) => asJavaArray([...s]),
  // A negative count takes nothing and drops nothing, as Groovy's iterators count.
  take: (s, a) => s.slice(0, Math.max(0, num.toInt(a[0]))),
  drop: (s, a) => s.slice(Math.max(0, num.toInt(a[0]))),
  contains: (s, a) => memberIndex(s, a[0]) >= 0,
  containsAll: (s, a) => iterate(a[0]).every((x) => memberIndex(s, x) >= 0),
  indexOf: (s, a) => memberIndex(s, a[0]),
  lastIndexOf: (s, a) => {
    const same = memberEquals(s);
    return s.findLastIndex((e) => same(e, a[0]));
  },
  reverse: (s) => [...s].reverse(),
  add: (s, a) => {
    if (isSet(s)) return addToSet(s, a[0]);
    if (a.length === 2) s.splice(num.toInt(a[0]), 0, a[1]);
    else s.push(a[0]);
    return true;
  },
  leftShift: (s, a) => {
    if (isSet(s)) addToSet(s, a[0]);
    else s.push(a[0]);
    return s;
  },
  push: (s, a) => {
    s.push(a[0]);
    return true;
  },
  pop: (s) => {
    if (s.length === 0) throw new GroovyError('NoSuchElementException', 'Cannot pop() an empty List');
    return s.pop() ?? null;
  },
  addAll: (s, a) => {
    const items = iterate(a[0]);
    if (!isSet(s)) {
      s.push(...items);
      return items.length > 0;
    }
    return items.map((x) => addToSet(s, x)).some(Boolean);
  },
  remove: (s, a) => {
    // A list's remove(int) takes out by index; a set has only remove(Object).
    if (typeof a[0] === 'number' && !isSet(s)) {
      if (a[0] < 0 || a[0] >= s.length) throw new GroovyError('IndexOutOfBoundsException', `Index: ${a[0]}, Size: ${s.length}`); // Java 8's message
      return s.splice(a[0], 1)[0]!;
    }
    const i = s.findIndex((e) => javaEquals(e, a[0]));
    if (i >= 0) s.splice(i, 1);
    return i >= 0;
  },
  removeAll: (s, a) => keepOnly(s, a, false),
  retainAll: (s, a) => keepOnly(s, a, true),
  clear: (s) => {
    s.length = 0;
    return null;
  },
  // Java's List.get: an index outside the list is an IndexOutOfBoundsException (getAt, `list[i]`, gives null).
  get: (s, a) => {
    const i = num.toInt(a[0]);
    if (i < 0 || i >= s.length) throw new GroovyError('IndexOutOfBoundsException', `Index: ${i}, Size: ${s.length}`);
    return s[i];
  },
  getAt: (s, a) => listGet(s, num.toInt(a[0])),
  putAt: (s, a) => {
    listPut(s, num.toInt(a[0]), a[1]);
    return null;
  },
  set: (s, a) => {
    const old = listGet(s, num.toInt(a[0]));
    listPut(s, num.toInt(a[0]), a[1]);
    return old;
  },
  subList: (s, a) => {
    // java.util.ArrayList.subList's own checks.
    const [from, to] = [num.toInt(a[0]), num.toInt(a[1])];
    if (from < 0 || to > s.length) throw new GroovyError('IndexOutOfBoundsException', from < 0 ? `fromIndex = ${from}` : `toIndex = ${to}`);
    if (from > to) throw new GroovyError('IllegalArgumentException', `fromIndex(${from}) > toIndex(${to})`);
    return s.slice(from, to);
  },
  plus: (s, a) => plus(s, a[0]),
  minus: (s, a) => minus(s, a[0]),
  intersect: (s, a) => s.filter((e) => iterate(a[0]).some((x) => equals(x, e))),
  disjoint: (s, a) => !s.some((e) => iterate(a[0]).some((x) => equals(x, e))),
  flatten: (s) => flatten(s),
  clone: (s) => [...s],
  equals: (s, a) => equals(s, a[0]),
  asImmutable: (s) => s,
};

/**
 * The GDK's collate(size[, step][, keepRemainder]): chunks of `size` elements, each starting `step`
 * (default: `size`) after the one before; a last chunk shorter than `size` is kept unless
 * keepRemainder is false.
 */
function collate(s: Value[], a: Value[]): Value[][] {
  const size = num.toInt(a[0]);
  const step = typeof a[1] === 'number' ? num.toInt(a[1]) : size;
  const keepRemainder = a[a.length - 1] !== false;
  if (size <= 0 || step <= 0) throw new GroovyError('IllegalArgumentException', `collate size ${size} and step ${step} must be positive`);
  const chunks: Value[][] = [];
  for (let from = 0; from < s.length; from += step) {
    const chunk = s.slice(from, from + size);
    if (chunk.length < size && !keepRemainder) break;
    chunks.push(chunk);
  }
  return chunks;
}
