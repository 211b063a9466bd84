// GDK methods of maps (LinkedHashMap semantics) and of their entries.
import { equals, javaEquals } from '../equality.js';
import { UnsupportedError } from '../errors.js';
import { compare, minus, plus, toStr, truthy } from '../operators.js';
import { noteMutation } from '../ownership.js';
import { GMapEntry, markSet, type GMap } from '../values.js';
import { sortValues } from './collections.js';
import { callEach, closureArg, iterate, type Method } from './support.js';
import { GroovyMap } from '../groovy-map.js';

export const mapMethods: Record<string, Method<GMap>> = {
  size: (m) => m.size,
  isEmpty: (m) => m.size === 0,
  // Groovy's get(key, default) adds the default when the key is missing, and returns it.
  get: (m, a) => {
    if (m.has(a[0]) || a.length < 2) return m.get(a[0]) ?? null;
    noteMutation(m);
    m.set(a[0], a[1]);
    return a[1];
  },
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
  getOrDefault: (m, a) => (m.has(a[0]) ? (m.get(a[0]) ?? null) : a[1]),
  // HashMap.containsValue compares by Java's equals, as its keys do.
  containsValue: (m, a) => [...m.values()].some((v) => javaEquals(v, a[0])),
  keySet: (m) => markSet([...m.keys()]),
  // The GDK's toMapString(): the map's text, as its toString (its maxSize form is a gap).
  toMapString: (m, a) => {
    if (a.length) throw new UnsupportedError('toMapString(maxSize)');
    return toStr(m);
  },
  values: (m) => [...m.values()],
  entrySet: (m) => iterate(m),
  findAll: (m, a) => new GroovyMap([...m].filter(([k, v]) => truthy(callEach(closureArg(a)!, new GMapEntry(k, v, m))))),
  sort: (m, a) => {
    const c = closureArg(a);
    const entries = iterate(m) as GMapEntry[];
    const sorted = c ? sortValues(entries, c) : entries.sort((x, y) => compare(x.key, y.key));
    return new GroovyMap((sorted as GMapEntry[]).map((e) => [e.key, e.value]));
  },
  subMap: (m, a) => new GroovyMap(iterate(a[0]).filter((k) => m.has(k)).map((k) => [k, m.get(k) ?? null])),
  plus: (m, a) => plus(m, a[0]),
  minus: (m, a) => minus(m, a[0]),
  clone: (m) => new GroovyMap(m),
  equals: (m, a) => equals(m, a[0]),
  collect: (m, a) => iterate(m).map((e) => callEach(closureArg(a)!, e)),
  // Map.groupBy: the entries by key, each group a map of its entries (a list's groups are lists).
  groupBy: (m, a) => {
    const groups: GMap = new GroovyMap();
    for (const e of iterate(m) as GMapEntry[]) {
      const key = callEach(closureArg(a)!, e);
      const group = groups.get(key);
      if (group instanceof Map) group.set(e.key, e.value);
      else groups.set(key, new GroovyMap([[e.key, e.value]]));
    }
    return groups;
  },
  // Groovy's Map.inject: a closure of three parameters takes the total, the key and the value.
  inject: (m, a) => {
    const c = closureArg(a)!;
    const entries = iterate(m) as GMapEntry[];
    let total = a.length > 1 ? a[0] : (entries.shift() ?? null);
    for (const e of entries) total = c.arity === 3 ? c.invoke([total, e.key, e.value]) : c.invoke([total, e]);
    return total;
  },
};

export const entryMethods: Record<string, Method<GMapEntry>> = {
  getKey: (e) => e.key,
  getValue: (e) => e.value,
  setValue: (e, a) => {
    const old = e.value;
    e.value = a[0];
    e.map?.set(e.key, a[0]);
    return old;
  },
};
