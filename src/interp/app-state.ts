// An app instance's mutable state as explicit data: script fields, `state`, `atomicState`, and the
// settings the app updated itself (`app.updateSetting`; empty for almost every app). The
// model checker snapshots it before a transition, restores it to backtrack, and hashes its
// canonical string to match states.
//
// Canonical form: insertion order of maps is kept (Groovy maps are LinkedHashMaps and the order is
// observable through iteration), so two states print equal exactly when no Groovy program can tell
// them apart by iterating them. Values print with their type where Groovy distinguishes them
// (1 vs 1.0 vs 1.0d vs "1").
import type { StoreName } from '../ir/ir.js';
import { ValueWalk } from './limits.js';
import * as num from './numbers.js';
import { toStr } from './operators.js';
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
  GStringBuilder,
  isMutableBuiltin,
  TrackedMap,
  type GMap,
  type Value,
} from './values.js';
import { GroovyMap } from './groovy-map.js';

export interface AppState {
  /** Script fields and binding variables, by name. */
  fields: Map<string, Value>;
  state: GMap;
  atomicState: GMap;
  /**
   * The settings the app updated (`app.updateSetting`), by name: they replace the user's values of
   * those inputs. Empty unless the app updated one, so it costs nothing to the other apps.
   */
  updatedSettings: Map<string, Value>;
  /**
   * The devices the app created with `addChildDevice` and has not deleted, by network id (a
   * service manager looks its children up again with `getChildDevice(dni)`). Empty for most apps.
   */
  childDevices: Map<string, Value>;
}

/** An immutable copy of an AppState (never handed to running code). */
export interface AppSnapshot {
  readonly fields: ReadonlyMap<string, Value>;
  readonly state: GMap;
  readonly atomicState: GMap;
  readonly updatedSettings: ReadonlyMap<string, Value>;
  readonly childDevices: ReadonlyMap<string, Value>;
}

export function emptyAppState(): AppState {
  return { fields: new Map(), state: new Map(), atomicState: new Map(), updatedSettings: new Map(), childDevices: new Map() };
}

/**
 * Deep-copies the mutable values (lists, maps, map entries, Random generators, string builders,
 * dates, calendars, ...) of a value. Other values are immutable in the model (devices, numbers) or
 * opaque (closures) and are shared.
 */
export function deepCopy(v: Value): Value {
  return copied(v, new ValueWalk());
}

/**
 * Whether `v` is its own copy: no list, map, entry or mutable object (a string, a number, a device). Two places holding such values can never share a container or its mutation tag.
 */
export function isOwnCopy(v: Value): boolean {
  return !(Array.isArray(v) || v instanceof Map || v instanceof GMapEntry || v instanceof GRandom || v instanceof GStringBuilder || v instanceof GDate || isMutableBuiltin(v));
}

/** Whether every key and value of the map is its own copy (`isOwnCopy`). */
export function allOwnCopies(m: ReadonlyMap<Value, Value>): boolean {
  for (const [k, x] of m) if (!isOwnCopy(k) || !isOwnCopy(x)) return false;
  return true;
}

function copied(v: Value, walk: ValueWalk): Value {
  if (Array.isArray(v)) return walk.inside(v.length, () => v.map((x) => copied(x, walk)));
  if (v instanceof Map) return walk.inside(v.size, () => copyEntries(v, walk));
  if (v instanceof GMapEntry) return walk.inside(2, () => new GMapEntry(copied(v.key, walk), copied(v.value, walk)));
  if (v instanceof GRandom) return new GRandom(v.seed);
  if (v instanceof GStringBuilder) return new GStringBuilder(v.javaClass, v.text);
  if (v instanceof GDate) return new GDate(v.time);
  if (isMutableBuiltin(v)) return new BuiltinObject(v.kind, v.id, v.timeZone, v.millis);
  return v;
}

function copyMap(m: GMap): GMap {
  return copyEntries(m, new ValueWalk());
}

function copyEntries(m: GMap, walk: ValueWalk): GMap {
  const out: GMap = new GroovyMap();
  for (const [k, x] of m) out.set(k, copied(x, walk));
  return out;
}

/** A deep copy of a map keyed by name (fields, updated settings, child devices). */
function copyNamed(m: ReadonlyMap<string, Value>): Map<string, Value> {
  const out = new Map<string, Value>();
  for (const [k, x] of m) out.set(k, deepCopy(x));
  return out;
}

export function snapshotAppState(s: AppState): AppSnapshot {
  return { fields: copyNamed(s.fields), state: copyMap(s.state), atomicState: copyMap(s.atomicState), updatedSettings: copyNamed(s.updatedSettings), childDevices: copyNamed(s.childDevices) };
}

/** Restores in place, so the TrackedMap objects the app holds stay valid; the snapshot stays intact. */
export function restoreAppState(target: AppState, snap: AppSnapshot): void {
  for (const key of ['fields', 'state', 'atomicState', 'updatedSettings', 'childDevices'] as const) {
    const into = target[key] as Map<Value, Value>;
    into.clear();
    for (const [k, x] of snap[key]) into.set(k, deepCopy(x));
  }
}

/** The canonical string of a value: equal strings iff Groovy-indistinguishable (see header). */
export function canonicalValue(v: Value): string {
  return canonical(v, new ValueWalk());
}

function canonical(v: Value, walk: ValueWalk): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (v instanceof Decimal) return `${num.formatNumber(v)}G`;
  if (v instanceof Double) return `${num.formatNumber(v)}d`;
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => canonical(x, walk)).join(',')}]`);
  if (v instanceof Map) return walk.inside(v.size, () => `{${[...v].map(([k, x]) => `${canonical(k, walk)}:${canonical(x, walk)}`).join(',')}}`);
  if (v instanceof GDate) return `Date(${v.time})`;
  // The generator's whole state: two Randoms with equal seeds produce equal futures.
  if (v instanceof GRandom) return `Random(${v.seed})`;
  // The builder's whole state: its class and its contents.
  if (v instanceof GStringBuilder) return `${v.javaClass}(${JSON.stringify(v.text)})`;
  if (v instanceof GMapEntry) return walk.inside(2, () => `Entry(${canonical(v.key, walk)},${canonical(v.value, walk)})`);
  if (v instanceof DeviceRef) return `Device(${v.id})`;
  if (v instanceof GEvent) return `Event(${v.name},${JSON.stringify(v.value)},${v.device?.id ?? ''})`;
  if (v instanceof GClosure) return `Closure(${v.methodName ?? '?'})`;
  if (v instanceof ClassRef) return `Class(${v.name})`;
  if (v instanceof GException) return `Exception(${v.className},${JSON.stringify(v.message)},${v.cause ? canonical(v.cause, walk) : ''})`;
  if (v instanceof TrackedMap) return `Tracked(${v.store})`;
  // A calendar's time and zone, a date format's pattern and zone: what decides their futures.
  if (v instanceof BuiltinObject) return `Builtin(${v.kind},${JSON.stringify(v.id)},${v.timeZone},${v.millis})`;
  return '?';
}

/**
 * Whether two values print the same canonical string, decided by comparing them: true only when
 * `canonicalValue(a) === canonicalValue(b)`. It compares maps in order and objects other than
 * lists, maps, entries, generators and string builders by identity, so it can answer false for
 * equal strings; a caller that gets false computes the strings. Cheaper than printing: no string
 * is built.
 */
export function sameValue(a: Value, b: Value): boolean {
  return same(a, b, new ValueWalk());
}

/**
 * `distinct`, when given, collects the containers and mutable objects of `a`'s side: one met twice
 * (two places sharing a list) makes the comparison fail, since a copy would not share it.
 */
function same(a: Value, b: Value, walk: ValueWalk, distinct?: Set<object>): boolean {
  if (a === b) return true;
  if (distinct && !isOwnCopy(a)) {
    if (distinct.has(a as object)) return false;
    distinct.add(a as object);
  }
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && walk.inside(a.length, () => a.every((x, i) => same(x, b[i], walk, distinct)));
  if (a instanceof Map) return b instanceof Map && walk.inside(a.size, () => sameMap(a, b, walk, distinct));
  if (a instanceof GMapEntry) return b instanceof GMapEntry && walk.inside(2, () => same(a.key, b.key, walk, distinct) && same(a.value, b.value, walk, distinct));
  if (a instanceof GRandom) return b instanceof GRandom && a.seed === b.seed;
  if (a instanceof GStringBuilder) return b instanceof GStringBuilder && a.javaClass === b.javaClass && a.text === b.text;
  if (a instanceof GDate) return b instanceof GDate && a.time === b.time;
  if (isMutableBuiltin(a)) return isMutableBuiltin(b) && a.kind === b.kind && a.id === b.id && a.timeZone === b.timeZone && a.millis === b.millis;
  return false;
}

/** Same entries in the same order (`same` on keys and values). */
function sameMap(a: ReadonlyMap<Value, Value>, b: ReadonlyMap<Value, Value>, walk = new ValueWalk(), distinct?: Set<object>): boolean {
  if (a.size !== b.size) return false;
  const others = b.entries();
  for (const [k, x] of a) {
    const [k2, x2] = others.next().value!;
    if (!same(k, k2, walk, distinct) || !same(x, x2, walk, distinct)) return false;
  }
  return true;
}

/**
 * Whether an app state equals a snapshot entry for entry, in order (then their canonical strings
 * are equal), and shares no list, map or mutable object between two of its places (then it is as
 * restoring the snapshot would make it: a restored state shares none, as on the platform, where
 * state is stored as text between executions).
 */
export function sameAppState(s: AppState, snap: AppSnapshot): boolean {
  const walk = new ValueWalk();
  const distinct = new Set<object>();
  const sameStore = (a: ReadonlyMap<Value, Value>, b: ReadonlyMap<Value, Value>) => sameMap(a, b, walk, distinct);
  return (
    sameStore(s.fields as ReadonlyMap<Value, Value>, snap.fields as ReadonlyMap<Value, Value>) &&
    sameStore(s.state, snap.state) &&
    sameStore(s.atomicState, snap.atomicState) &&
    sameStore(s.updatedSettings as ReadonlyMap<Value, Value>, snap.updatedSettings as ReadonlyMap<Value, Value>) &&
    sameStore(s.childDevices as ReadonlyMap<Value, Value>, snap.childDevices as ReadonlyMap<Value, Value>)
  );
}

/**
 * Canonical string of a whole app state: fields sorted by name (their order is not observable),
 * and the keys of the stores in `unordered` sorted too: an app that never uses a store as a whole
 * cannot see in which order its keys were added (lower/store-usage.ts). Parts that are not `live`
 * (the app never reads them: analysis/state-reads.ts) are left out. Updated settings and child
 * devices, sorted by name, follow only when there are some, so the string of every other app state
 * is as before.
 */
export function canonicalAppState(
  s: AppState | AppSnapshot,
  unordered: readonly StoreName[] = [],
  live: (part: 'field' | StoreName, key: string) => boolean = () => true,
): string {
  const fields = [...s.fields.keys()].filter((k) => live('field', k)).sort().map((k) => `${k}=${canonicalValue(s.fields.get(k) ?? null)}`);
  const store = (name: StoreName) => {
    const entries = [...s[name]].filter(([k]) => live(name, toStr(k))).map(([k, x]) => `${canonicalValue(k)}:${canonicalValue(x)}`);
    return `{${(unordered.includes(name) ? entries.sort() : entries).join(',')}}`;
  };
  return `F{${fields.join(',')}}S${store('state')}A${store('atomicState')}${canonicalNamed('U', s.updatedSettings)}${canonicalNamed('C', s.childDevices)}`;
}

/** A map keyed by name, sorted, after its tag; nothing when it is empty. */
function canonicalNamed(tag: string, named: ReadonlyMap<string, Value>): string {
  if (named.size === 0) return '';
  return `${tag}{${[...named.keys()].sort().map((k) => `${k}=${canonicalValue(named.get(k) ?? null)}`).join(',')}}`;
}
