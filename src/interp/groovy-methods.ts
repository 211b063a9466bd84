// The GDK methods the corpus calls on Groovy values: collections, maps, strings, numbers, dates,
// closures and map entries. `callGroovyMethod` returns NOT_FOUND for a method it does not know, so
// the interpreter can report it as unsupported with a position.
import { GroovyError, numberFormat } from './errors.js';
import * as num from './numbers.js';
import { compare, equals, isCase, minus, plus, toStr, truthy } from './operators.js';
import { Decimal, Double, GClosure, GDate, GMapEntry, isNumber, type GMap, type Value } from './values.js';

export const NOT_FOUND: unique symbol = Symbol('not found');
export type MethodResult = Value | typeof NOT_FOUND;

type Method<T> = (self: T, args: Value[]) => Value;

function call(c: Value, args: Value[]): Value {
  if (!(c instanceof GClosure)) throw new GroovyError('MissingMethodException', `expected a closure, got ${toStr(c)}`);
  return c.invoke(args);
}

function closureArg(args: Value[], i = args.length - 1): GClosure | null {
  const c = args[i];
  return c instanceof GClosure ? c : null;
}

/** Index into a list Groovy-style: negative from the end, out of range gives null. */
export function listGet(list: Value[], index: number): Value {
  const i = index < 0 ? list.length + index : index;
  return i >= 0 && i < list.length ? list[i] : null;
}

export function listPut(list: Value[], index: number, v: Value): void {
  const i = index < 0 ? list.length + index : index;
  while (list.length < i) list.push(null);
  list[i] = v;
}

/** Everything iterable in Groovy as a list: lists, map entries, string characters, or the object itself. */
export function iterate(v: Value): Value[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return [...v].map(([k, x]) => new GMapEntry(k, x, v));
  if (typeof v === 'string') return [...v];
  return [v];
}

/** Calls a closure per element; map entries go as (key, value) to two-parameter closures. */
function callEach(c: GClosure, e: Value, extra: Value[] = []): Value {
  if (e instanceof GMapEntry && c.arity === 2 + extra.length) return c.invoke([e.key, e.value, ...extra]);
  return c.invoke([e, ...extra]);
}

function sortValues(items: Value[], c: GClosure | null): Value[] {
  if (!c) return items.sort(compare);
  if (c.arity === 2) return items.sort((a, b) => num.numValue(asNum(call(c, [a, b]))));
  return items.sort((a, b) => compare(callEach(c, a), callEach(c, b)));
}

function asNum(v: Value): num.Num {
  if (isNumber(v)) return v;
  throw new GroovyError('ClassCastException', `${toStr(v)} is not a number`);
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

function join(items: Value[], sep: Value): string {
  return items.map(toStr).join(sep === null || sep === undefined ? '' : toStr(sep));
}

function uniqueValues(items: Value[], c: GClosure | null): Value[] {
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
  const out: GMap = new Map();
  for (const e of items) {
    const key = callEach(c, e);
    const group = out.get(key);
    if (Array.isArray(group)) group.push(e);
    else out.set(key, [e]);
  }
  return out;
}

function flatten(items: Value[]): Value[] {
  return items.flatMap((e) => (Array.isArray(e) ? flatten(e) : [e]));
}

/** Methods every iterable shares (lists, and maps through their entries). */
const iterableMethods: Record<string, Method<Value[]>> = {
  each: (s, a) => {
    for (const e of s) callEach(closureArg(a)!, e);
    return null;
  },
  eachWithIndex: (s, a) => {
    s.forEach((e, i) => callEach(closureArg(a)!, e, [i]));
    return null;
  },
  collect: (s, a) => (closureArg(a) ? s.map((e) => callEach(closureArg(a)!, e)) : [...s]),
  collectMany: (s, a) => s.flatMap((e) => iterate(callEach(closureArg(a)!, e))),
  collectEntries: (s, a) => {
    const out: GMap = new Map();
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
  min: (s, a) => extreme(s, closureArg(a), -1),
  join: (s, a) => join(s, a[0] ?? null),
  groupBy: (s, a) => groupBy(s, closureArg(a)!),
  toList: (s) => [...s],
  asList: (s) => [...s],
  toSet: (s) => uniqueValues(s, null),
  grep: (s, a) => s.filter((e) => isCase(a[0], e, call)),
  size: (s) => s.length,
  isEmpty: (s) => s.length === 0,
};

const listMethods: Record<string, Method<Value[]>> = {
  ...iterableMethods,
  findAll: (s, a) => s.filter((e) => (closureArg(a) ? truthy(callEach(closureArg(a)!, e)) : truthy(e))),
  sort: (s, a) => {
    const mutate = a[0] !== false;
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
  take: (s, a) => s.slice(0, num.toInt(a[0])),
  drop: (s, a) => s.slice(num.toInt(a[0])),
  contains: (s, a) => s.some((e) => equals(e, a[0])),
  containsAll: (s, a) => iterate(a[0]).every((x) => s.some((e) => equals(e, x))),
  indexOf: (s, a) => s.findIndex((e) => equals(e, a[0])),
  lastIndexOf: (s, a) => s.map((e) => equals(e, a[0])).lastIndexOf(true),
  reverse: (s) => [...s].reverse(),
  add: (s, a) => {
    if (a.length === 2) s.splice(num.toInt(a[0]), 0, a[1]);
    else s.push(a[0]);
    return true;
  },
  leftShift: (s, a) => {
    s.push(a[0]);
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
    s.push(...iterate(a[0]));
    return true;
  },
  remove: (s, a) => {
    if (typeof a[0] === 'number') return s.splice(a[0], 1)[0] ?? null;
    const i = s.findIndex((e) => equals(e, a[0]));
    if (i >= 0) s.splice(i, 1);
    return i >= 0;
  },
  removeAll: (s, a) => {
    const c = closureArg(a);
    const keep = s.filter((e) => (c ? !truthy(callEach(c, e)) : !iterate(a[0]).some((x) => equals(x, e))));
    const changed = keep.length !== s.length;
    s.splice(0, s.length, ...keep);
    return changed;
  },
  clear: (s) => {
    s.length = 0;
    return null;
  },
  get: (s, a) => listGet(s, num.toInt(a[0])),
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
  subList: (s, a) => s.slice(num.toInt(a[0]), num.toInt(a[1])),
  plus: (s, a) => plus(s, a[0]),
  minus: (s, a) => minus(s, a[0]),
  intersect: (s, a) => s.filter((e) => iterate(a[0]).some((x) => equals(x, e))),
  disjoint: (s, a) => !s.some((e) => iterate(a[0]).some((x) => equals(x, e))),
  flatten: (s) => flatten(s),
  clone: (s) => [...s],
  equals: (s, a) => equals(s, a[0]),
  asImmutable: (s) => s,
};

const mapMethods: Record<string, Method<GMap>> = {
  size: (m) => m.size,
  isEmpty: (m) => m.size === 0,
  get: (m, a) => (m.has(a[0]) ? (m.get(a[0]) ?? null) : (a[1] ?? null)),
  getAt: (m, a) => m.get(a[0]) ?? null,
  put: (m, a) => {
    const old = m.get(a[0]) ?? null;
    m.set(a[0], a[1]);
    return old;
  },
  putAt: (m, a) => {
    m.set(a[0], a[1]);
    return null;
  },
  putAll: (m, a) => {
    for (const [k, v] of a[0] instanceof Map ? a[0] : []) m.set(k, v);
    return null;
  },
  remove: (m, a) => {
    const old = m.get(a[0]) ?? null;
    m.delete(a[0]);
    return old;
  },
  clear: (m) => {
    m.clear();
    return null;
  },
  containsKey: (m, a) => m.has(a[0]),
  containsValue: (m, a) => [...m.values()].some((v) => equals(v, a[0])),
  keySet: (m) => [...m.keys()],
  values: (m) => [...m.values()],
  entrySet: (m) => iterate(m),
  findAll: (m, a) => new Map([...m].filter(([k, v]) => truthy(callEach(closureArg(a)!, new GMapEntry(k, v, m))))),
  sort: (m, a) => {
    const c = closureArg(a);
    const entries = iterate(m) as GMapEntry[];
    const sorted = c ? sortValues(entries, c) : entries.sort((x, y) => compare(x.key, y.key));
    return new Map((sorted as GMapEntry[]).map((e) => [e.key, e.value]));
  },
  subMap: (m, a) => new Map(iterate(a[0]).filter((k) => m.has(k)).map((k) => [k, m.get(k) ?? null])),
  plus: (m, a) => plus(m, a[0]),
  minus: (m, a) => minus(m, a[0]),
  clone: (m) => new Map(m),
  equals: (m, a) => equals(m, a[0]),
  collect: (m, a) => iterate(m).map((e) => callEach(closureArg(a)!, e)),
};

const stringMethods: Record<string, Method<string>> = {
  size: (s) => s.length,
  length: (s) => s.length,
  isEmpty: (s) => s.length === 0,
  contains: (s, a) => s.includes(toStr(a[0])),
  startsWith: (s, a) => s.startsWith(toStr(a[0])),
  endsWith: (s, a) => s.endsWith(toStr(a[0])),
  split: (s, a) => javaSplit(s, a.length ? toStr(a[0]) : '\\s+'),
  tokenize: (s, a) => {
    const delims = a.length ? toStr(a[0]) : ' \t\n\r\f';
    return s.split(new RegExp(`[${delims.replace(/[\]\\^-]/g, '\\$&')}]`)).filter((t) => t.length > 0);
  },
  toLowerCase: (s) => s.toLowerCase(),
  toUpperCase: (s) => s.toUpperCase(),
  trim: (s) => s.trim(),
  capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1),
  uncapitalize: (s) => s.charAt(0).toLowerCase() + s.slice(1),
  replace: (s, a) => s.split(toStr(a[0])).join(toStr(a[1])),
  replaceAll: (s, a) => s.replace(javaRegex(toStr(a[0]), 'g'), javaReplacement(toStr(a[1]))),
  replaceFirst: (s, a) => s.replace(javaRegex(toStr(a[0]), ''), javaReplacement(toStr(a[1]))),
  matches: (s, a) => javaRegex(`^(?:${toStr(a[0])})$`, '').test(s),
  substring: (s, a) => {
    const from = num.toInt(a[0]);
    const to = a.length > 1 ? num.toInt(a[1]) : s.length;
    if (from < 0 || to > s.length || from > to) throw new GroovyError('StringIndexOutOfBoundsException', `begin ${from}, end ${to}, length ${s.length}`);
    return s.substring(from, to);
  },
  indexOf: (s, a) => s.indexOf(toStr(a[0]), a.length > 1 ? num.toInt(a[1]) : 0),
  lastIndexOf: (s, a) => s.lastIndexOf(toStr(a[0])),
  charAt: (s, a) => s.charAt(num.toInt(a[0])),
  getAt: (s, a) => {
    const i = num.toInt(a[0]);
    const c = s.charAt(i < 0 ? s.length + i : i);
    if (c === '') throw new GroovyError('StringIndexOutOfBoundsException', `index ${i}`);
    return c;
  },
  equals: (s, a) => typeof a[0] === 'string' && s === a[0],
  equalsIgnoreCase: (s, a) => typeof a[0] === 'string' && s.toLowerCase() === a[0].toLowerCase(),
  compareTo: (s, a) => compare(s, a[0]),
  compareToIgnoreCase: (s, a) => compare(s.toLowerCase(), toStr(a[0]).toLowerCase()),
  concat: (s, a) => s + toStr(a[0]),
  plus: (s, a) => s + toStr(a[0]),
  minus: (s, a) => minus(s, a[0]),
  multiply: (s, a) => s.repeat(num.toInt(a[0])),
  reverse: (s) => [...s].reverse().join(''),
  padLeft: (s, a) => s.padStart(num.toInt(a[0]), a.length > 1 ? toStr(a[1]) : ' '),
  padRight: (s, a) => s.padEnd(num.toInt(a[0]), a.length > 1 ? toStr(a[1]) : ' '),
  center: (s, a) => {
    const width = num.toInt(a[0]);
    const left = Math.floor((width - s.length) / 2);
    return width <= s.length ? s : s.padStart(s.length + left).padEnd(width);
  },
  take: (s, a) => s.slice(0, num.toInt(a[0])),
  drop: (s, a) => s.slice(num.toInt(a[0])),
  count: (s, a) => (toStr(a[0]).length === 0 ? s.length + 1 : s.split(toStr(a[0])).length - 1),
  toList: (s) => [...s],
  toCharArray: (s) => [...s],
  each: (s, a) => {
    for (const ch of s) call(a[0], [ch]);
    return s;
  },
  toInteger: (s) => num.parseInteger(s),
  toLong: (s) => num.parseInteger(s),
  toDouble: (s) => num.parseDouble(s),
  toFloat: (s) => num.parseDouble(s),
  toBigDecimal: (s) => num.parseDecimal(s),
  isNumber: (s) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfFgGlL]?\s*$/.test(s),
  isInteger: (s) => /^\s*[+-]?\d+\s*$/.test(s),
  isLong: (s) => /^\s*[+-]?\d+\s*$/.test(s),
  isDouble: (s) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?\s*$/.test(s),
  isFloat: (s) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?\s*$/.test(s),
  isBigDecimal: (s) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(s),
  toBoolean: (s) => ['true', 'y', '1'].includes(s.trim().toLowerCase()),
  trimEnd: (s) => s.trimEnd(),
  readLines: (s) => s.split(/\r?\n/),
  find: (s, a) => javaRegex(toStr(a[0]), '').exec(s)?.[0] ?? null,
  findAll: (s, a) => [...s.matchAll(javaRegex(toStr(a[0]), 'g'))].map((m) => m[0]),
  encodeAsURL: (s) => encodeURIComponent(s).replace(/%20/g, '+'),
  hashCode: (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0),
};

/** Java String.split: a regex, trailing empty strings removed. */
function javaSplit(s: string, regex: string): string[] {
  const parts = s.split(javaRegex(regex, ''));
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Java regexes map to JS ones for the constructs apps use; a bad pattern is a catchable error. */
export function javaRegex(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    throw new GroovyError('PatternSyntaxException', pattern);
  }
}

/** Java replacement strings use `$1` like JS, but `\$` for a literal dollar. */
function javaReplacement(r: string): string {
  return r.replace(/\\\$/g, '$$$$');
}

function roundHalfUp(v: number, places: number): number {
  const f = 10 ** places;
  return Math.sign(v) * Math.round(Math.abs(v) * f) / f;
}

const numberMethods: Record<string, Method<num.Num>> = {
  toInteger: (n) => num.toInt(n),
  intValue: (n) => num.toInt(n),
  toLong: (n) => num.toInt(n),
  longValue: (n) => num.toInt(n),
  toDouble: (n) => num.toDoubleValue(n),
  doubleValue: (n) => num.toDoubleValue(n),
  toFloat: (n) => num.toDoubleValue(n),
  floatValue: (n) => num.toDoubleValue(n),
  toBigDecimal: (n) => num.toDecimalValue(n),
  toBigInteger: (n) => num.toInt(n),
  abs: (n) => (num.numValue(n) < 0 ? num.negate(n) : n),
  intdiv: (n, a) => num.intdiv(n, asNum(a[0])),
  plus: (n, a) => plus(n, a[0]),
  minus: (n, a) => minus(n, a[0]),
  multiply: (n, a) => num.multiply(n, asNum(a[0])),
  div: (n, a) => num.divide(n, asNum(a[0])),
  mod: (n, a) => num.remainder(n, asNum(a[0])),
  power: (n, a) => num.power(n, asNum(a[0])),
  compareTo: (n, a) => compare(n, a[0]),
  equals: (n, a) => isNumber(a[0]) && num.numValue(n) === num.numValue(a[0]),
  round: (n, a) => {
    if (a.length === 0) return Math.round(num.numValue(n));
    const places = num.toInt(a[0]);
    const v = roundHalfUp(num.numValue(n), places);
    return n instanceof Decimal ? num.decimal(v, places) : new Double(v);
  },
  setScale: (n, a) => num.decimal(roundHalfUp(num.numValue(n), num.toInt(a[0])), num.toInt(a[0])),
  trunc: (n, a) => {
    const f = 10 ** (a.length ? num.toInt(a[0]) : 0);
    return n instanceof Double ? new Double(Math.trunc(n.value * f) / f) : Math.trunc(num.numValue(n));
  },
  times: (n, a) => {
    for (let i = 0; i < num.toInt(n); i++) call(a[0], [i]);
    return null;
  },
  upto: (n, a) => {
    for (let i = num.toInt(n); i <= num.toInt(a[0]); i++) call(a[1], [i]);
    return null;
  },
  downto: (n, a) => {
    for (let i = num.toInt(n); i >= num.toInt(a[0]); i--) call(a[1], [i]);
    return null;
  },
  step: (n, a) => {
    const to = num.toInt(a[0]);
    const by = num.toInt(a[1]);
    if (by === 0) throw new GroovyError('IllegalArgumentException', 'step 0');
    for (let i = num.toInt(n); by > 0 ? i < to : i > to; i += by) call(a[2], [i]);
    return null;
  },
  isNaN: (n) => Number.isNaN(num.numValue(n)),
};

const dateMethods: Record<string, Method<GDate>> = {
  getTime: (d) => d.time,
  before: (d, a) => a[0] instanceof GDate && d.time < a[0].time,
  after: (d, a) => a[0] instanceof GDate && d.time > a[0].time,
  compareTo: (d, a) => compare(d, a[0]),
  equals: (d, a) => equals(d, a[0]),
  plus: (d, a) => plus(d, a[0]),
  minus: (d, a) => minus(d, a[0]),
  clone: (d) => d,
};

const entryMethods: Record<string, Method<GMapEntry>> = {
  getKey: (e) => e.key,
  getValue: (e) => e.value,
  setValue: (e, a) => {
    const old = e.value;
    e.value = a[0];
    e.map?.set(e.key, a[0]);
    return old;
  },
};

const closureMethods: Record<string, Method<GClosure>> = {
  call: (c, a) => c.invoke(a),
  doCall: (c, a) => c.invoke(a),
  curry: (c, a) => new GClosure((rest) => c.invoke([...a, ...rest]), Math.max(0, c.arity - a.length)),
};

function lookup<T>(table: Record<string, Method<T>>, self: T, name: string, args: Value[]): MethodResult {
  return Object.hasOwn(table, name) ? table[name](self, args) : NOT_FOUND;
}

/** Methods Groovy defines on every object (DefaultGroovyMethods on Object), for values that are not collections. */
function objectMethod(self: Value, name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'toString':
      return toStr(self);
    case 'equals':
      return equals(self, args[0]);
    case 'is':
      return self === args[0];
    case 'with':
      return call(args[0], [self]);
    case 'inspect':
      return typeof self === 'string' ? `'${self}'` : toStr(self);
    case 'isCase':
      return isCase(self, args[0], call);
    case 'asBoolean':
      return truthy(self);
    default:
      return Object.hasOwn(iterableMethods, name) && name !== 'size' && name !== 'isEmpty'
        ? iterableMethods[name](iterate(self), args)
        : NOT_FOUND;
  }
}

/** Dispatches a GDK method on a plain Groovy value. */
export function callGroovyMethod(self: Value, name: string, args: Value[]): MethodResult {
  let r: MethodResult = NOT_FOUND;
  if (Array.isArray(self)) r = lookup(listMethods, self, name, args);
  else if (self instanceof Map) {
    r = lookup(mapMethods, self, name, args);
    if (r === NOT_FOUND && Object.hasOwn(iterableMethods, name)) r = iterableMethods[name](iterate(self), args);
  } else if (typeof self === 'string') r = lookup(stringMethods, self, name, args);
  else if (isNumber(self)) r = lookup(numberMethods, self, name, args);
  else if (self instanceof GDate) r = lookup(dateMethods, self, name, args);
  else if (self instanceof GMapEntry) r = lookup(entryMethods, self, name, args);
  else if (self instanceof GClosure) r = lookup(closureMethods, self, name, args);
  else if (typeof self === 'boolean' && name === 'booleanValue') r = self;
  return r === NOT_FOUND ? objectMethod(self, name, args) : r;
}

/** `x as T` and `(T) x` for the types apps cast to. Returns NOT_FOUND for other types. */
export function castValue(v: Value, typeName: string): MethodResult {
  const simple = typeName.slice(typeName.lastIndexOf('.') + 1);
  if (v === null) return simple === 'boolean' ? false : null;
  switch (simple) {
    case 'Integer':
    case 'int':
    case 'Long':
    case 'long':
    case 'Short':
    case 'short':
    case 'BigInteger':
      return num.toInt(v);
    case 'Double':
    case 'double':
    case 'Float':
    case 'float':
      return num.toDoubleValue(v);
    case 'BigDecimal':
    case 'Number':
      return isNumber(v) && simple === 'Number' ? v : num.toDecimalValue(v);
    case 'String':
    case 'GString':
      return toStr(v);
    case 'Boolean':
    case 'boolean':
      return truthy(v);
    case 'List':
    case 'ArrayList':
    case 'Collection':
      return [...iterate(v)];
    case 'Set':
    case 'HashSet':
    case 'LinkedHashSet':
      return uniqueValues(iterate(v), null);
    case 'Map':
    case 'LinkedHashMap':
    case 'HashMap':
      if (v instanceof Map) return v;
      throw new GroovyError('GroovyCastException', `Cannot cast ${toStr(v)} to Map`);
    case 'Object':
    case 'def':
      return v;
    case 'Date':
      if (v instanceof GDate) return v;
      throw new GroovyError('GroovyCastException', `Cannot cast ${toStr(v)} to Date`);
    default:
      return NOT_FOUND;
  }
}

/** The value of `Integer.parseInt`-like static helpers where the receiver is a class name. */
export function parseNumberStatic(cls: string, text: Value): Value {
  const s = toStr(text);
  if (cls === 'Integer' || cls === 'Long') return num.parseInteger(s);
  if (cls === 'Double' || cls === 'Float') return num.parseDouble(s);
  if (cls === 'BigDecimal') return num.parseDecimal(s);
  throw numberFormat(s);
}
