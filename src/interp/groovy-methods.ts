// The GDK methods the corpus calls on Groovy values, dispatched by receiver type: collections
// (gdk/collections.ts), maps and entries (gdk/maps.ts), strings (gdk/strings.ts), numbers
// (gdk/numbers.ts), dates and closures (here), and Object's methods. `callGroovyMethod` returns
// NOT_FOUND for a method it does not know, so the interpreter can report it as unsupported with a
// position. Also casts (`as T`) and `Integer.parseInt`-like statics.
export { NOT_FOUND, iterate, listGet, listPut, type MethodResult } from './gdk/support.js';
export { regexMatches, regexMatchesWithGroups } from './gdk/regex.js';
import { GroovyError, numberFormat } from './errors.js';
import * as num from './numbers.js';
import { equals, setOf } from './equality.js';
import { compare, instanceOf, isCase, minus, plus, toStr, truthy } from './operators.js';
import { asJavaArray, ClassRef, className, Decimal, DeviceRef, GClosure, GDate, GMapEntry, isJavaArray, isNumber, isSet, type Value } from './values.js';
import { GroovyMap } from './groovy-map.js';
import { JAVA_METHOD_NAMES } from './gdk/java-method-names.js';
import { ValueWalk } from './limits.js';
import { editDistance } from '../util/edit-distance.js';
import { iterableMethods, listMethods } from './gdk/collections.js';
import { entryMethods, mapMethods } from './gdk/maps.js';
import { numberMethods } from './gdk/numbers.js';
import { grailsByteCodec, PARSING_PREDICATES, stringMethods } from './gdk/strings.js';
import { NOT_FOUND, call, iterate, lookup, type Method, type MethodResult } from './gdk/support.js';
import { simpleClassName } from './java/known-classes.js';

const dateMethods: Record<string, Method<GDate>> = {
  getTime: (d) => d.time,
  before: (d, a) => a[0] instanceof GDate && d.time < a[0].time,
  after: (d, a) => a[0] instanceof GDate && d.time > a[0].time,
  compareTo: (d, a) => compare(d, a[0]),
  equals: (d, a) => equals(d, a[0]),
  plus: (d, a) => plus(d, a[0]),
  minus: (d, a) => minus(d, a[0]),
  clone: (d) => new GDate(d.time),
};

const closureMethods: Record<string, Method<GClosure>> = {
  call: (c, a) => c.invoke(a),
  doCall: (c, a) => c.invoke(a),
  curry: (c, a) => new GClosure((rest) => c.invoke([...a, ...rest]), Math.max(0, c.arity - a.length)),
};

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
      return inspected(self, new ValueWalk());
    case 'isCase':
      return isCase(self, args[0], call);
    case 'asBoolean':
      return truthy(self);
    case 'asType':
      return args[0] instanceof ClassRef ? castTo(self, castTypeOf(args[0])) : NOT_FOUND;
    // `x.getClass()` is `x.class`: the class of the value (Groovy reads a map's `class` as its key,
    // but its getClass() is still LinkedHashMap).
    case 'getClass':
      return args.length === 0 ? new ClassRef(className(self)) : NOT_FOUND;
    default:
      if (/^encodeAs[A-Z]/.test(name) && args.length === 0) return grailsByteCodec(self, name);
      if (OBJECT_ITERATING_METHODS.has(name)) return returnsReceiver(name, self, callGroovyMethod(iterate(self), name, args));
      return Object.hasOwn(iterableMethods, name) && name !== 'size' && name !== 'isEmpty'
        ? iterableMethods[name](iterate(self), args)
        : NOT_FOUND;
  }
}

/**
 * Groovy's `inspect()` (InvokerHelper.format, verbose): a String as a single-quoted literal, a list
 * or a map with its elements inspected (`['a':'x', 'b':1]`), any other value its toString.
 */
function inspected(v: Value, walk: ValueWalk): string {
  if (typeof v === 'string') return `'${escapedLiteral(v)}'`;
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => inspected(x, walk)).join(', ')}]`);
  if (v instanceof Map) {
    if (v.size === 0) return '[:]';
    return walk.inside(v.size, () => `[${[...v].map(([k, x]) => `${inspected(k, walk)}:${inspected(x, walk)}`).join(', ')}]`);
  }
  return toStr(v);
}

/** InvokerHelper.escapeBackslashes and the quote: backslash first, since the others add backslashes. */
function escapedLiteral(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/\f/g, '\\f').replace(/'/g, "\\'");
}

/**
 * The GDK methods Groovy defines on Object that iterate their receiver through
 * `InvokerHelper.asIterator`: a value that is no collection is its one element (`5.findAll()` is
 * [5]) and null has none (`null.each {}` does nothing, `null.findAll {}` is []), where any other
 * method on null is a NullPointerException.
 */
const OBJECT_ITERATING_METHODS: ReadonlySet<string> = new Set([
  'each', 'eachWithIndex', 'any', 'every', 'find', 'findAll', 'findResult', 'findIndexOf', 'collect', 'grep', 'inject',
]);

/**
 * The methods Groovy gives every object (GroovyObject's and DefaultGroovyMethods' on Object). The
 * metaclass finds them before an object's own dispatch, so a call by one of these names is never a
 * device command, a JsonBuilder's root key or a parent app's method.
 */
export const GROOVY_OBJECT_METHODS: ReadonlySet<string> = new Set([
  'toString', 'equals', 'hashCode', 'is', 'inspect', 'dump', 'getClass', 'identity', 'with', 'asBoolean', 'asType', 'isCase',
  'respondsTo', 'hasProperty', 'getProperties', 'getMetaClass', 'invokeMethod', 'getProperty', 'setProperty',
  ...OBJECT_ITERATING_METHODS,
]);

/** A method called on null: NullObject's own (`toString`, `equals`, `is`, `asBoolean`, `with`), `inspect` and the iterating GDK ones. */
export function nullObjectMethod(name: string, args: Value[]): MethodResult {
  switch (name) {
    case 'toString':
      return 'null';
    case 'equals':
    case 'is':
      return args[0] === null;
    case 'asBoolean':
      return false;
    case 'with':
      return call(args[0], [null]);
    case 'inspect':
      return 'null';
  }
  return OBJECT_ITERATING_METHODS.has(name) ? returnsReceiver(name, null, callGroovyMethod(iterate(null), name, args)) : NOT_FOUND;
}

/** `each`, `eachWithIndex` and `reverseEach` return their receiver, not the list of its elements they went over. */
function returnsReceiver(name: string, self: Value, result: MethodResult): MethodResult {
  return result !== NOT_FOUND && RETURN_RECEIVER.has(name) ? self : result;
}

const RETURN_RECEIVER = new Set(['each', 'eachWithIndex', 'reverseEach']);

/** The GDK methods of the receiver's type, or undefined for a value that has none of its own. */
function gdkMethodsOf(self: Value): Record<string, Method<never>> | undefined {
  if (Array.isArray(self)) return listMethods;
  if (self instanceof Map) return mapMethods;
  if (typeof self === 'string') return stringMethods;
  if (isNumber(self)) return numberMethods;
  if (self instanceof GDate) return dateMethods;
  if (self instanceof GMapEntry) return entryMethods;
  if (self instanceof GClosure) return closureMethods;
  return undefined;
}

/**
 * Whether the receiver's GDK methods have this name in another case (`tointeger` beside
 * `toInteger`): Java's names are case-sensitive and no class has both, so such a call is the app's
 * MissingMethodException, not a method the model lacks.
 */
export function misspelledMethod(self: Value, name: string): boolean {
  const table = gdkMethodsOf(self);
  const lower = name.toLowerCase();
  return table !== undefined && Object.keys(table).some((known) => known !== name && known.toLowerCase() === lower);
}

/**
 * The complete list of method names (gdk/java-method-names.ts) that answers for this value: a
 * list (or range), a set, an array (any of a String[]'s, a byte[]'s, an int[]'s or an Object[]'s)
 * or a map the app built, a number, a boolean. Not a String (the platform may add to it as it adds
 * `toSystemDate`), a list holding devices (a device may have a custom command) or any platform object.
 */
function methodNamesOf(self: Value): ReadonlySet<string> | undefined {
  if (Array.isArray(self)) {
    if (self.some((e) => e instanceof DeviceRef)) return undefined;
    return JAVA_METHOD_NAMES[isSet(self) ? 'Set' : isJavaArray(self) ? 'Array' : 'List'];
  }
  if (self instanceof GroovyMap) return JAVA_METHOD_NAMES.Map;
  if (typeof self === 'boolean') return JAVA_METHOD_NAMES.Boolean;
  if (isNumber(self)) return JAVA_METHOD_NAMES[typeof self === 'number' ? 'Integer' : self instanceof Decimal ? 'BigDecimal' : 'Double'];
  return undefined;
}

/**
 * Whether the receiver's class has no method of this name in Groovy at all (`list.values()`, `5.frobnicate()`):
 * the app's MissingMethodException, as on the platform. Grails' codecs (`encodeAsJSON()`, `decodeURL()`),
 * which the platform adds to every object, are left to the model.
 */
export function absentMethod(self: Value, name: string): boolean {
  const names = methodNamesOf(self);
  return names !== undefined && !names.has(name) && !/^(encodeAs|decode)[A-Z]/.test(name);
}

/**
 * Whether this is one of String's parsing predicates called on a number or a boolean (`n.isNumber()`
 * on a `number` setting, which holds an Integer): the app's MissingMethodException, as on the
 * platform, not a method the model lacks.
 */
export function stringOnlyMethod(self: Value, name: string): self is boolean | num.Num {
  return (typeof self === 'boolean' || isNumber(self)) && PARSING_PREDICATES.has(name);
}

/**
 * Whether this calls a value that cannot be called (`x()` with x holding a number, a string, a list,
 * a map or a date): none of their classes has `call`, so it is the app's MissingMethodException.
 */
export function uncallableValue(self: Value, name: string): boolean {
  return name === 'call' && !(self instanceof GClosure) && gdkMethodsOf(self) !== undefined;
}

/** Names this many letters or more away from every method are no likely typo of one. */
const TYPO_DISTANCE = 3;

/**
 * The method of the receiver's type whose name is closest to `name` and at most two letters away
 * from it (`toUpperCas` → `toUpperCase`), for the message of a call the model cannot answer: most
 * likely the app's typo, though the model cannot be sure the class lacks the method.
 */
export function similarMethod(self: Value, name: string): string | undefined {
  const table = gdkMethodsOf(self);
  if (table === undefined || name.length < 4) return undefined;
  const iterating = Array.isArray(self) || self instanceof Map ? Object.keys(iterableMethods) : [];
  let best: string | undefined;
  let bestDistance = TYPO_DISTANCE;
  for (const known of [...Object.keys(table), ...iterating]) {
    const distance = known === name ? TYPO_DISTANCE : editDistance(known, name, bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [known, distance];
  }
  return best;
}

/** Dispatches a GDK method on a plain Groovy value. */
export function callGroovyMethod(self: Value, name: string, args: Value[]): MethodResult {
  const table = gdkMethodsOf(self) as Record<string, Method<Value>> | undefined;
  let r: MethodResult = table ? lookup(table, self, name, args) : NOT_FOUND;
  if (r === NOT_FOUND && self instanceof Map && Object.hasOwn(iterableMethods, name)) r = returnsReceiver(name, self, iterableMethods[name](iterate(self), args));
  else if (typeof self === 'boolean' && name === 'booleanValue') r = self;
  return r === NOT_FOUND ? objectMethod(self, name, args) : r;
}

/** A type a value is cast to: its name as written and its array dimensions (`byte[]`: byte, 1). */
export interface CastType {
  readonly name: string;
  readonly arrayDims: number;
}

/** `x as T`, `(T) x` and `x.asType(T)`. NOT_FOUND for a type the model does not cast to. */
export function castTo(v: Value, type: CastType): MethodResult {
  if (type.arrayDims > 0) return asJavaArray([...iterate(v)]);
  const r = castValue(v, type.name);
  if (r !== NOT_FOUND) return r;
  return v === null || instanceOf(v, type.name) ? v : NOT_FOUND;
}

/** The cast type a class names: `byte[]` is byte with one dimension. */
function castTypeOf(cls: ClassRef): CastType {
  const dims = cls.name.indexOf('[');
  return dims < 0 ? { name: cls.name, arrayDims: 0 } : { name: cls.name.slice(0, dims), arrayDims: (cls.name.length - dims) / 2 };
}

/** `x as T` and `(T) x` for the types apps cast to, arrays aside. Returns NOT_FOUND for other types. */
export function castValue(v: Value, typeName: string): MethodResult {
  const simple = simpleClassName(typeName);
  if (v === null) return nullCast(simple);
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
      return setOf(iterate(v));
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
    case 'char':
    case 'Character':
      return charOf(v);
    default:
      return NOT_FOUND;
  }
}

/** The primitive types a null cannot be cast to (`(long) null` and `null as int` fail; `(boolean) null` is false). */
const NUMERIC_PRIMITIVES: Readonly<Record<string, string>> = {
  int: 'Integer', long: 'Long', short: 'Short', byte: 'Byte', double: 'Double', float: 'Float', char: 'Character',
};

/** `(T) null`, `null as T`: null for any class, false for boolean, Groovy's GroovyCastException for a numeric primitive. */
function nullCast(simple: string): Value {
  if (simple === 'boolean') return false;
  const boxed = NUMERIC_PRIMITIVES[simple];
  if (boxed === undefined) return null;
  throw new GroovyError('GroovyCastException', `Cannot cast object 'null' with class 'null' to class '${simple}'. Try 'java.lang.${boxed}' instead`);
}

/**
 * `(char) 0x64`, `65 as char`, `"A" as char`: a char is a String of one character in the model (as a
 * GString is a String), which prints, interpolates and compares with text as Java's char does;
 * arithmetic on it is a String's (where Java widens it to an int).
 */
function charOf(v: Value): string {
  if (isNumber(v)) return String.fromCharCode(num.toInt(v) & 0xffff);
  if (typeof v === 'string' && v.length === 1) return v;
  throw new GroovyError('GroovyCastException', `Cannot cast object '${toStr(v)}' with class '${className(v)}' to class 'char'`);
}

/** The value of `Integer.parseInt`-like static helpers where the receiver is a class name. */
export function parseNumberStatic(cls: string, text: Value): Value {
  const s = toStr(text);
  // Java's parseInt takes no blanks, where the GDK's toInteger() trims; parseDouble trims.
  if (cls === 'Integer' || cls === 'Long') return num.parseIntegerInRadix(s, 10);
  if (cls === 'Double' || cls === 'Float') return num.parseDouble(s);
  if (cls === 'BigDecimal') return num.parseDecimal(s);
  throw numberFormat(s);
}
