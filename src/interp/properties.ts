// Names, properties and indexing: unqualified names (locals, fields, inputs, the platform's
// objects, getters, classes), `obj.prop` with safe navigation and spread, `obj[i]` and slices, and
// their assignment.
import { getterOf } from '../parser/accessors.js';
import type * as ast from '../parser/ast.js';
import { GroovyError, missingProperty, nullPointer } from './errors.js';
import { NOT_FOUND, callGroovyMethod, iterate, listGet, listPut, type MethodResult } from './groovy-methods.js';
import { calendarField, instantWithField } from './java/calendar.js';
import { setDateTime } from './java/dates.js';
import { javaProperty, javaSetProperty } from './java/classes.js';
import { isKnownClass, simpleClassName } from './java/known-classes.js';
import { categoryProperty } from './java/durations.js';
import * as num from './numbers.js';
import { toStr } from './operators.js';
import { inheritTag, noteMutation } from './ownership.js';
import { BuiltinObject, ClassRef, DeviceRef, GDate, GMapEntry, TrackedMap, className, isJavaArray, isNumber, javaClassName, type GMap, type Value } from './values.js';
import { checkedSize, checkLength } from './limits.js';
import { recurse, Scope, unsupported, type AppCore, type Frame } from './frame.js';

// ---------------------------------------------------------------------------------------------
// Names

/** An unqualified name: local, a closure's delegate's property, field, input, built-in object, getter, method, class. */
export function resolveName(frame: Frame, name: string): Value {
  const scope = frame.scope.lookup(name);
  if (scope) return scope.vars.get(name) ?? null;
  const delegates = frame.scope.delegates();
  // A class name is a class when Groovy compiles it, never a property a delegate could answer.
  if (delegates.length > 0 && classOfName(frame.app, name) === undefined) {
    for (const delegate of delegates) {
      const v = delegate.getProperty(name);
      if (v !== NOT_FOUND) return v;
    }
  }
  return resolveAppProperty(frame.app, name);
}

function resolveAppProperty(app: AppCore, name: string): Value {
  if (app.hasField(name)) return app.fieldGet(name);
  if (app.inputs.has(name)) return app.settingGet(name);
  if (name === 'request' || name === 'params') {
    // Set only while an outside client's call of an endpoint runs (the full environment).
    const call = app.host.endpointRequest(app.app);
    if (call) return call[name];
  }
  switch (name) {
    case 'state':
      return app.state;
    case 'atomicState':
      return app.atomicState;
    case 'settings':
      return app.settingsMap();
  }
  const global = app.platform.globalObject(name);
  if (global !== undefined) return global;
  const getter = app.getters.get(name);
  if (getter) return recurse.invokeFunction(app, getter, []);
  // The platform's SmartApp class has getters too: `childApps` is `getChildApps()`, `parent` is `getParent()`.
  const platformGetter = getterOf(name);
  if (Object.hasOwn(app.builtins, platformGetter)) return app.builtins[platformGetter](app, [], null);
  if (app.functions.has(name)) return recurse.methodClosure(app, name, true);
  if (name === 'physicalgraph') return unsupported('the physicalgraph hub API');
  const cls = classOfName(app, name);
  if (cls !== undefined) return new ClassRef(cls);
  return app.platform.unresolvedName(app, name);
}

/**
 * The class a bare name means: one the app imports (known by its simple name, as the model's
 * classes are), or one Groovy imports by default or the platform adds. Undefined for any other
 * name, even a capitalised one (an unset `Noacceleration` setting).
 */
function classOfName(app: AppCore, name: string): string | undefined {
  const imported = app.importedClasses.get(name);
  if (imported !== undefined) return simpleClassName(imported);
  return isKnownClass(name) ? name : undefined;
}

export function assignName(frame: Frame, name: string, v: Value): void {
  const scope = frame.scope.lookup(name);
  if (scope) scope.vars.set(name, v);
  else if (!frame.scope.delegates().some((delegate) => delegate.setProperty(name, v))) frame.app.fieldPut(name, v);
}

// ---------------------------------------------------------------------------------------------
// Properties

export function propertyName(frame: Frame, p: string | ast.Expression): string {
  return typeof p === 'string' ? p : toStr(recurse.evalExpr(frame, p));
}

export function evalPropertyAccess(frame: Frame, e: ast.PropertyAccess): Value {
  const qualified = qualifiedClassName(frame, e);
  if (qualified !== undefined) return isKnownClass(qualified) ? new ClassRef(qualified) : unsupported(`the class ${qualified}`);
  const obj = recurse.evalExpr(frame, e.object);
  const name = propertyName(frame, e.property);
  if (obj === null && e.safe) return null;
  // While the object answers, a device read it makes is this expression's (RuntimeContext.readSite).
  frame.app.readSite = e;
  try {
    if (e.spread) return obj === null ? null : iterate(obj).map((x) => (x === null ? null : getProperty(frame, x, name)));
    return getProperty(frame, obj, name);
  } finally {
    frame.app.readSite = null;
  }
}

/**
 * The roots of the packages whose classes apps name in full in expressions: the JDK's and Groovy's,
 * and the libraries on the platform's class path (`javax.crypto.Mac`,
 * `org.apache.commons.codec.binary.Base64`), so that one the model lacks is a gap of the tool, not
 * a null the app would be blamed for.
 */
const PACKAGE_ROOTS: ReadonlySet<string> = new Set(['java', 'javax', 'groovy', 'org']);

/**
 * A class named in full as an expression (`groovy.json.JsonOutput.toJson(m)`,
 * `java.net.URLEncoder.encode(s)`): Groovy resolves the dotted name to the class when compiling,
 * as long as its root names no variable, field or setting of the app. Undefined otherwise.
 * A class of those packages the interpreter does not model (`groovy.time.TimeCategory`) is a gap.
 */
function qualifiedClassName(frame: Frame, e: ast.PropertyAccess): string | undefined {
  const segment = (p: ast.PropertyAccess) => (p.safe || p.spread || typeof p.property !== 'string' ? undefined : p.property);
  const last = segment(e);
  if (last === undefined || !/^[A-Z]/.test(last)) return undefined;
  const segments = [last];
  let object = e.object;
  for (let name; object.kind === 'PropertyAccess' && (name = segment(object)) !== undefined && /^[a-z]/.test(name); object = object.object) segments.unshift(name);
  if (object.kind !== 'Identifier' || !PACKAGE_ROOTS.has(object.name) || frame.scope.lookup(object.name)) return undefined;
  if (frame.app.hasField(object.name) || frame.app.inputs.has(object.name)) return undefined;
  return [object.name, ...segments].join('.');
}

/** A map's value of a key; a container read out of a tagged map inherits its location. */
function mapGet(map: GMap, key: Value): Value {
  const v = map.get(key) ?? null;
  inheritTag(map, v);
  return v;
}

export function getProperty(frame: Frame, obj: Value, name: string): Value {
  const v = findProperty(frame, obj, name);
  if (v !== NOT_FOUND) return v;
  if (typeof obj === 'string' || typeof obj === 'boolean' || isNumber(obj)) throw missingProperty(name, javaClassName(obj));
  return unsupported(`property ${name} of ${describe(obj)}`);
}

/**
 * A property of the value, or NOT_FOUND when it has none the model knows of: an error where it is
 * read from the value, the app's turn where the value is a closure's delegate (`obj.with { name }`).
 */
export function findProperty(frame: Frame, obj: Value, name: string): MethodResult {
  if (obj === null) throw nullPointer(`get property '${name}'`);
  if (obj === frame.app.self) return resolveAppProperty(frame.app, name);
  if (obj instanceof TrackedMap) return frame.app.storeGet(obj, name);
  if (obj instanceof Map) return mapGet(obj, name);
  if (Array.isArray(obj)) {
    // An ArrayList's own field comes first: Groovy on Java 8 (the platform's and the reference's)
    // reads the private field `size`, so `events.size <= 1` compares the count.
    if (name === 'size') return obj.length;
    // So is its class (getClass()), before the spread: `[1, 2].class` is ArrayList.
    if (name === 'class') return new ClassRef(className(obj));
    // A Java array's length (`s.split(",").length`); a List has no such field and spreads it.
    if (name === 'length' && isJavaArray(obj)) return obj.length;
    // Groovy spreads a property access over a list: `switches.currentSwitch` is a list of values.
    return obj.map((x) => (x === null ? null : getProperty(frame, x, name)));
  }
  if (obj instanceof GMapEntry) {
    if (name === 'key') return obj.key;
    if (name === 'value') return obj.value;
    // A map entry's only properties are its key and value (and class): Groovy's own error.
    if (name !== 'class') throw missingProperty(name, 'java.util.LinkedHashMap$Entry');
  }
  const java = javaProperty(obj, name, frame.app);
  if (java !== NOT_FOUND) return java;
  const r = frame.app.platform.property(frame.app, obj, name);
  if (r !== NOT_FOUND) return r;
  if (name === 'class') return new ClassRef(className(obj));
  // java.lang.String's bean properties besides its class (isEmpty, getBytes); a number or a boolean
  // has none but its class (`json.type` of a parsed "1"): any other is Groovy's own error.
  if (typeof obj === 'string' && name === 'empty') return obj.length === 0;
  // Groovy reads a private field as a property: a String's `value` is Java 8's char array behind it
  // (the platform's JVM, as for ArrayList's `size` above), which Groovy prints as the string itself
  // (`input "awayExit${mode.value}"` on a mode setting's name, `"${evt.value.value}"`). The model
  // gives the string: the same text wherever it is printed or joined.
  if (typeof obj === 'string' && name === 'value') return obj;
  if (typeof obj === 'string' && name === 'bytes') return callGroovyMethod(obj, 'getBytes', []) as Value;
  return categoryProperty(obj, name) ?? NOT_FOUND;
}

export function setProperty(frame: Frame, obj: Value, name: string, v: Value): void {
  if (!storeProperty(frame, obj, name, v)) unsupported(`assignment to property ${name} of ${describe(obj)}`);
}

/** Sets a property of the value; false when it has none the model knows of (see findProperty). */
export function storeProperty(frame: Frame, obj: Value, name: string, v: Value): boolean {
  if (obj === null) throw nullPointer(`set property '${name}'`);
  if (obj === frame.app.self) assignName({ app: frame.app, scope: new Scope(null) }, name, v);
  else if (obj instanceof TrackedMap) frame.app.storePut(obj, name, v);
  else if (obj instanceof Map) {
    noteMutation(obj);
    obj.set(name, v);
  } else if (obj instanceof GMapEntry && name === 'value') {
    obj.value = v;
    obj.map?.set(obj.key, v);
  } else return javaSetProperty(obj, name, v) || frame.app.platform.setProperty(frame.app, obj, name, v);
  return true;
}

export function describe(v: Value): string {
  if (v instanceof BuiltinObject) return v.kind;
  if (v instanceof DeviceRef) return `device ${v.label} (${v.capabilities.join(', ')})`;
  if (v instanceof ClassRef) return v.name;
  if (v instanceof TrackedMap) return v.store;
  return className(v);
}

export function readWholeStore(app: AppCore, store: TrackedMap): GMap {
  app.record('read', `${app.app.id}.${store.store}.*`);
  return store.map;
}

// ---------------------------------------------------------------------------------------------
// Indexing

export function evalIndex(frame: Frame, e: ast.Index): Value {
  const obj = recurse.evalExpr(frame, e.object);
  if (obj === null && e.safe) return null;
  if (e.index.kind === 'RangeExpr' && (Array.isArray(obj) || typeof obj === 'string')) {
    return sliceByRange(obj, num.toInt(recurse.evalExpr(frame, e.index.from)), num.toInt(recurse.evalExpr(frame, e.index.to)), e.index.exclusive);
  }
  const index = recurse.evalExpr(frame, e.index);
  frame.app.readSite = e;
  try {
    return getAt(frame, obj, index);
  } finally {
    frame.app.readSite = null;
  }
}

/** `list[1..-1]`, `str[0..<3]`: negative bounds count from the end; a reversed range reverses. */
function sliceByRange(obj: Value[] | string, from: number, to: number, exclusive: boolean): Value {
  const n = obj.length;
  const a = from < 0 ? n + from : from;
  let b = to < 0 ? n + to : to;
  if (exclusive) b += b >= a ? -1 : 1;
  if (exclusive && b < a && from === to) return typeof obj === 'string' ? '' : [];
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (lo < 0 || hi >= n) throw new GroovyError('IndexOutOfBoundsException', `range ${from}..${to} of size ${n}`);
  const part = typeof obj === 'string' ? [...obj.slice(lo, hi + 1)] : obj.slice(lo, hi + 1);
  if (b < a) part.reverse();
  return typeof obj === 'string' ? part.join('') : part;
}

export function getAt(frame: Frame, obj: Value, idx: Value): Value {
  if (obj === null) throw nullPointer(`get index [${toStr(idx)}]`);
  if (obj instanceof TrackedMap) return frame.app.storeGet(obj, idx);
  if (obj instanceof Map) return mapGet(obj, idx);
  if (Array.isArray(obj)) {
    if (Array.isArray(idx)) return idx.map((i) => listGet(obj, num.toInt(i)));
    if (typeof idx === 'string') return getProperty(frame, obj, idx);
    const v = listGet(obj, num.toInt(idx));
    inheritTag(obj, v);
    return v;
  }
  if (typeof obj === 'string') {
    if (Array.isArray(idx)) return idx.map((i) => callGroovyMethod(obj, 'getAt', [i]) as Value).join('');
    return callGroovyMethod(obj, 'getAt', [idx]) as Value;
  }
  if (typeof idx === 'string') return getProperty(frame, obj, idx);
  if (obj instanceof GDate && isNumber(idx)) return calendarField(obj.time, 'UTC', num.toInt(idx));
  return unsupported(`index [${toStr(idx)}] on ${describe(obj)}`);
}

export function putAt(frame: Frame, obj: Value, idx: Value, v: Value): void {
  if (obj === null) throw nullPointer(`set index [${toStr(idx)}]`);
  if (obj instanceof TrackedMap) return frame.app.storePut(obj, idx, v);
  if (obj instanceof Map) {
    noteMutation(obj);
    obj.set(idx, v);
    checkedSize(obj);
    return;
  }
  if (Array.isArray(obj)) {
    noteMutation(obj);
    const i = num.toInt(idx);
    // `l[1000000000] = x` would fill the list with nulls up to there.
    checkLength('list', i + 1);
    listPut(obj, i, v);
    return;
  }
  if (typeof idx === 'string') return setProperty(frame, obj, idx, v);
  // The GDK's putAt on a Date: that Calendar field set, in the JVM's zone (UTC), the date changed in place.
  if (obj instanceof GDate && isNumber(idx) && isNumber(v)) {
    setDateTime(obj, instantWithField(obj.time, 'UTC', num.toInt(idx), num.toInt(v)));
    return;
  }
  unsupported(`index assignment on ${describe(obj)}`);
}
