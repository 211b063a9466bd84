// The Java classes apps use, as values: static members (`Math.round`, `Integer.parseInt`,
// `TimeZone.getTimeZone`, `JsonOutput.toJson`, `UUID.randomUUID`), `new T(...)`, and the members
// of Java objects (Date, TimeZone, Calendar, SimpleDateFormat, DecimalFormat, JsonSlurper,
// JsonOutput, JsonBuilder, StringBuilder, exceptions). Independent of any platform.
import { GroovyError, missingMethod, missingProperty } from '../errors.js';
import { GROOVY_OBJECT_METHODS, NOT_FOUND, castValue, iterate, parseNumberStatic, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { setOf } from '../equality.js';
import { toStr } from '../operators.js';
import { newRandom } from '../random.js';
import { noteMutation } from '../ownership.js';
import * as time from '../time.js';
import { asJavaArray, BuiltinObject, ClassRef, Double, GDate, GException, isNumber, type GMap, type Value } from '../values.js';
import { calendarConstant, calendarMethod, calendarProperty, calendarStatic, dateCalendar, newCalendar } from './calendar.js';
import { decimalFormatMethod, newDecimalFormat } from './decimal-format.js';
import { dateFormatMethod, dateMethod, dateProperty, parseDate, setDateTime, timeZoneMethod, timeZoneProperty, zoneOf } from './dates.js';
import { commonsBase64Static, cryptoStatic, digestMethod, macMethod, newSecretKey } from './crypto.js';
import { jsonBuilderMethod, jsonOutputMethod, jsonSlurperMethod, newJsonBuilder } from './json.js';
import { formatJava } from './formatter.js';
import { fullClassName, simpleClassName } from './known-classes.js';
import { legacyDateParse } from './legacy-date-parse.js';
import { localeConstant, localeStatic } from './locale.js';
import { patternMethod } from './pattern.js';
import { bigDecimalConstant, mathConstant, mathStatic, roundingModeConstant } from './math.js';
import { newStringBuilder } from './string-builder.js';
import { bufferOf } from '../gdk/support.js';
import { bigIntegerMethod, newBigInteger } from './big-integer.js';
import { durationMethod, durationProperty, GDuration } from './durations.js';
import { GroovyMap } from '../groovy-map.js';

/** The charsets the model decodes bytes in, by Java's names (case-insensitive), as Node names them. */
const CHARSETS: Readonly<Record<string, BufferEncoding>> = { 'utf-8': 'utf8', utf8: 'utf8', 'iso-8859-1': 'latin1' };

/** The encoding of a charset name; undefined for one the model does not decode (a gap, not the app's error). */
function charsetEncoding(name: Value): BufferEncoding | undefined {
  return CHARSETS[toStr(name).toLowerCase()];
}

/**
 * java.net.URLEncoder.encode(s, "UTF-8"): application/x-www-form-urlencoded, so letters, digits and
 * `.-*_` stay, a space is `+`, every other UTF-8 byte is `%XX`.
 */
function formUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/**
 * java.net.URLDecoder.decode(s[, charset]), the inverse of formUrlEncode: `+` is a space, and each
 * run of `%XX` escapes is the bytes of text in the charset; other characters stay. A malformed
 * escape is Java's IllegalArgumentException.
 */
function formUrlDecode(text: string, encoding: BufferEncoding): string {
  return text.replace(/\+/g, ' ').replace(/(?:%.{0,2})+/gs, (run) => {
    const escapes = run.match(/%.{0,2}/gs) ?? [];
    if (escapes.some((e) => e.length < 3)) throw new GroovyError('IllegalArgumentException', 'URLDecoder: Incomplete trailing escape (%) pattern');
    if (escapes.some((e) => !/^%[0-9a-fA-F]{2}$/.test(e))) throw new GroovyError('IllegalArgumentException', 'URLDecoder: Illegal hex characters in escape (%) pattern');
    return Buffer.from(escapes.map((e) => parseInt(e.slice(1), 16))).toString(encoding);
  });
}

/** Integer's and Long's toHexString, toOctalString and toBinaryString, by their radix. */
const UNSIGNED_RADIX: Readonly<Record<string, number>> = { toHexString: 16, toOctalString: 8, toBinaryString: 2 };

/**
 * The value's bits as an unsigned number in a radix, so a negative one is its two's complement in
 * 32 or 64 bits ("ffffffff" for -1 as an Integer).
 */
function unsignedDigits(n: number, bits: 32 | 64, radix: number): string {
  return BigInt.asUintN(bits, BigInt(Math.trunc(n))).toString(radix);
}

function classStatic(cls: string, name: string, args: Value[], clock: time.Clock): MethodResult {
  const simple = simpleClassName(cls);
  if ((name === 'getName' || name === 'getSimpleName') && args.length === 0) return classStaticProperty(cls, name === 'getName' ? 'name' : 'simpleName', clock);
  if (simple === 'Math') return mathStatic(name, args);
  if (simple === 'Locale') return localeStatic(name, args);
  if (simple === 'Calendar' || simple === 'GregorianCalendar') return calendarStatic(name, args, clock);
  // `Date.parse(text)` is Java's deprecated parser, giving epoch ms; with a pattern, the GDK's.
  if (simple === 'Date' && name === 'parse') return args.length === 1 ? legacyDateParse(toStr(args[0] ?? null), clock.now()) : parseDate(args);
  // The GDK's inverse of Date.toString() ("Thu Aug 01 21:14:40 UTC 2019").
  if (simple === 'Date' && name === 'parseToStringDate') return parseDate(['EEE MMM dd HH:mm:ss zzz yyyy', args[0] ?? null]);
  if ((name === 'parseInt' || name === 'parseLong' || name === 'valueOf') && (simple === 'Integer' || simple === 'Long') && args.length === 2) {
    return num.parseIntegerInRadix(toStr(args[0] ?? null), num.toInt(args[1] ?? null));
  }
  if (['parseInt', 'parseLong', 'parseDouble', 'parseFloat'].includes(name)) return parseNumberStatic(simple, args[0] ?? null);
  if (name === 'valueOf' && ['Integer', 'Long', 'Double', 'Float', 'BigDecimal'].includes(simple)) {
    return isNumber(args[0] ?? null) ? castValue(args[0], simple) : parseNumberStatic(simple, args[0] ?? null);
  }
  // `Integer.toString(5)`, `Double.toString(x)`: the number's text; `Integer.toString(255, 16)` in that radix (Java: base 10 for one out of 2..36).
  if (name === 'toString' && args.length === 1 && ['Integer', 'Long', 'Double', 'Float'].includes(simple)) return toStr(castValue(args[0] ?? null, simple) as Value);
  if (name === 'toString' && args.length === 2 && (simple === 'Integer' || simple === 'Long')) return num.toInt(args[0] ?? null).toString(num.printedRadix(num.toInt(args[1] ?? null)));
  if ((simple === 'Integer' || simple === 'Long') && Object.hasOwn(UNSIGNED_RADIX, name)) return unsignedDigits(num.toInt(args[0] ?? null), simple === 'Integer' ? 32 : 64, UNSIGNED_RADIX[name]);
  if (simple === 'Boolean' && (name === 'parseBoolean' || name === 'valueOf')) return toStr(args[0] ?? null).toLowerCase() === 'true';
  if (simple === 'String' && name === 'valueOf') return toStr(args[0] ?? null);
  if (simple === 'String' && name === 'format') return formatJava(toStr(args[0] ?? null), args.slice(1));
  if (simple === 'TimeZone' && name === 'getTimeZone') return new BuiltinObject('timeZone', args[0] instanceof BuiltinObject ? zoneOf(args[0]) : time.javaZoneId(toStr(args[0] ?? null)));
  if (simple === 'TimeZone' && name === 'getDefault') return new BuiltinObject('timeZone', 'UTC');
  // Void, and a no-op here: the model's JVM zone is UTC and stays so (the clock, getDefault(),
  // Calendar.getInstance()); an app moving the platform's shared default zone is not modelled.
  if (simple === 'TimeZone' && name === 'setDefault' && args.length === 1) return null;
  if (simple === 'JsonOutput') return jsonOutputMethod(name, args);
  // The model's one UUID: a run is deterministic, so every call gives the same (version 4) id.
  if (simple === 'UUID' && name === 'randomUUID') return MODEL_UUID;
  if (simple === 'Mac' || simple === 'MessageDigest') return cryptoStatic(simple, name, args);
  if (simple === 'Base64') return commonsBase64Static(name, args);
  if (simple === 'URLEncoder' && name === 'encode') return formUrlEncode(toStr(args[0] ?? null));
  if (simple === 'URLDecoder' && name === 'decode') {
    const encoding = charsetEncoding(args[1] ?? 'UTF-8');
    return encoding === undefined ? NOT_FOUND : formUrlDecode(toStr(args[0] ?? null), encoding);
  }
  return NOT_FOUND;
}

function classStaticProperty(cls: string, name: string, clock: time.Clock): MethodResult {
  const simple = simpleClassName(cls);
  // Properties of the Class object itself (`e.class.name`, `String.simpleName`).
  if (name === 'name') return fullClassName(cls) ?? NOT_FOUND;
  if (name === 'simpleName') return simple;
  if (simple === 'Math') return mathConstant(name);
  if (simple === 'Locale') return localeConstant(name);
  if (simple === 'RoundingMode') return roundingModeConstant(name);
  if (simple === 'BigDecimal') return bigDecimalConstant(name);
  if (simple === 'Calendar' || simple === 'GregorianCalendar') return calendarConstant(name, clock);
  if (simple === 'Integer' && name === 'MAX_VALUE') return 2147483647;
  if (simple === 'Integer' && name === 'MIN_VALUE') return -2147483648;
  if (simple === 'Long' && name === 'MAX_VALUE') return Number.MAX_SAFE_INTEGER;
  // getDisplayName's styles.
  if (simple === 'TimeZone' && (name === 'SHORT' || name === 'LONG')) return name === 'SHORT' ? 0 : 1;
  if ((simple === 'Double' || simple === 'Float') && Object.hasOwn(NON_FINITE, name)) return new Double(NON_FINITE[name]);
  if (simple === 'Double' && Object.hasOwn(DOUBLE_RANGE, name)) return new Double(DOUBLE_RANGE[name]);
  return NOT_FOUND;
}

/** Double's and Float's special values: the model's Double is a JS number, which has them. */
const NON_FINITE: Readonly<Record<string, number>> = { NaN: NaN, POSITIVE_INFINITY: Infinity, NEGATIVE_INFINITY: -Infinity };

/** Double's largest value: a JS number's, which is a double (MIN_VALUE is left out: Java prints it 4.9E-324, JS 5e-324). */
const DOUBLE_RANGE: Readonly<Record<string, number>> = { MAX_VALUE: Number.MAX_VALUE };

/** `UUID.randomUUID()`: its text, which is what apps use (`UUID.randomUUID().toString()`). */
const MODEL_UUID = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';

/**
 * A Java exception's bean properties; any other is Groovy's MissingPropertyException (a caught
 * MissingPropertyException has no `response`, as an HttpResponseException would).
 */
function exceptionProperty(e: GException, name: string): MethodResult {
  if (name === 'message' || name === 'localizedMessage') return e.message;
  if (name === 'cause') return e.cause;
  if (name === 'stackTrace') return asJavaArray([]);
  if (name === 'class') return NOT_FOUND;
  throw missingProperty(name, e.className);
}

/** Throwable's methods the model has no answer for: calling one is a gap, not the app's error. */
const UNMODELLED_THROWABLE_METHODS: ReadonlySet<string> = new Set(['getSuppressed', 'addSuppressed', 'fillInStackTrace', 'initCause', 'setStackTrace']);

/**
 * A Java exception's methods, Throwable's; any other but Groovy's own is the app's
 * MissingMethodException (`e.getResponse()` of a NullPointerException, which only an
 * HttpResponseException has).
 */
function exceptionMethod(e: GException, name: string): MethodResult {
  switch (name) {
    case 'getMessage':
    case 'getLocalizedMessage':
      return e.message;
    case 'getCause':
      return e.cause;
    // The model keeps no stack: printing it prints nothing, and it has no frames.
    case 'printStackTrace':
      return null;
    case 'getStackTrace':
      return asJavaArray([]);
  }
  if (GROOVY_OBJECT_METHODS.has(name) || UNMODELLED_THROWABLE_METHODS.has(name)) return NOT_FOUND;
  throw missingMethod(name, fullClassName(e.className) ?? e.className);
}

/**
 * `new String(...)`: a byte[] (a list of numbers) is decoded, in UTF-8 (the JVM's default) or the
 * charset named; a char[] (a list of characters) is joined; anything else is its text. A charset
 * the model does not decode is a gap.
 */
function newString(args: Value[]): MethodResult {
  const [first = '', charset = 'UTF-8'] = args;
  if (!Array.isArray(first)) return toStr(first);
  if (!first.every(isNumber)) return first.map(toStr).join('');
  const encoding = charsetEncoding(charset);
  return encoding === undefined || args.length > 2 ? NOT_FOUND : bufferOf(first).toString(encoding);
}

const EXCEPTIONS = /(^|\.)([A-Za-z]*Exception|Throwable|Error)$/;

/** `new T(args)` for the classes apps instantiate. */
export function newObject(type: string, args: Value[], n: GMap | null, clock: time.Clock): MethodResult {
  const simple = simpleClassName(type);
  switch (simple) {
    case 'Date':
      if (args.length === 0) return new GDate(clock.now());
      if (isNumber(args[0] ?? null)) return new GDate(num.toInt(args[0]));
      // The deprecated Date(String): `new Date(state.endTime)` of a date the app stored formatted.
      if (typeof args[0] === 'string' && args.length === 1) return new GDate(legacyDateParse(args[0], clock.now()));
      return NOT_FOUND;
    case 'SimpleDateFormat':
      return new BuiltinObject('dateFormat', toStr(args[0] ?? null), 'UTC');
    case 'DecimalFormat':
      // Without a pattern, the US locale's: "#,##0.###".
      return newDecimalFormat(args.length ? args[0] : '#,##0.###');
    case 'StringBuilder':
    case 'StringBuffer':
      return newStringBuilder(simple, args);
    case 'GregorianCalendar':
      // The Calendar that Calendar.getInstance() gives: now, in the JVM's zone or the one given.
      if (args.length <= 1) return newCalendar(args[0] ?? null, clock);
      return NOT_FOUND;
    case 'JsonSlurper':
      return new BuiltinObject('jsonSlurper');
    case 'JsonOutput':
      return new BuiltinObject('jsonOutput');
    case 'JsonBuilder':
      return newJsonBuilder(args);
    case 'Random':
      if (args.length === 0) return newRandom();
      if (args.length === 1 && isNumber(args[0])) return newRandom(num.toInt(args[0]));
      return NOT_FOUND;
    case 'ArrayList':
    case 'LinkedList':
      return args.length && !isNumber(args[0]) ? [...iterate(args[0])] : [];
    case 'HashSet':
    case 'LinkedHashSet':
      return setOf(args.length && !isNumber(args[0]) ? iterate(args[0]) : []);
    case 'HashMap':
    case 'LinkedHashMap':
      return args[0] instanceof Map ? new GroovyMap(args[0]) : new GroovyMap(n ?? []);
    case 'String':
      return newString(args);
    case 'SecretKeySpec':
      return newSecretKey(args);
    // new BigDecimal(double) is the double's exact binary value (0.1d gives 0.1000000000000000055…);
    // BigDecimal.valueOf and `as BigDecimal` take its shortest text instead.
    case 'BigDecimal':
      return args[0] instanceof Double ? num.exactDecimalOfDouble(args[0].value) : num.toDecimalValue(args[0] ?? null);
    case 'BigInteger':
      return newBigInteger(args);
    case 'Integer':
    case 'Long':
      return num.toInt(args[0] ?? null);
    case 'Double':
    case 'Float':
      return num.toDoubleValue(args[0] ?? null);
  }
  if (EXCEPTIONS.test(type)) return newException(simple, args);
  return NOT_FOUND;
}

/**
 * Throwable's constructors: (), (message), (message, cause), and (cause), whose message is the
 * cause's toString (`java.lang.Exception: inner`).
 */
function newException(simple: string, args: Value[]): GException {
  const [first = null, second = null] = args;
  if (args.length === 1 && first instanceof GException) return new GException(simple, toStr(first), first);
  const message = first === null ? null : toStr(first);
  return new GException(simple, message, second instanceof GException ? second : null);
}

/** Properties of Java objects: dates, time zones, classes' static fields, exceptions. */
export function javaProperty(self: Value, name: string, clock: time.Clock): MethodResult {
  if (self instanceof GDate) return dateProperty(self, name);
  if (self instanceof ClassRef) return classStaticProperty(self.name, name, clock);
  if (self instanceof GException) return exceptionProperty(self, name);
  if (self instanceof BuiltinObject && self.kind === 'timeZone') return timeZoneProperty(self, name);
  if (self instanceof BuiltinObject && self.kind === 'calendar') return calendarProperty(self, name);
  if (self instanceof BuiltinObject && self.kind === 'jsonBuilder' && name === 'content') return jsonBuilderMethod(self, 'getContent', []);
  if (self instanceof GDuration) return durationProperty(self, name, clock) ?? NOT_FOUND;
  return NOT_FOUND;
}

/** Methods of Java objects; a class's static methods get named arguments as a leading map. */
export function javaMethod(self: Value, name: string, args: Value[], n: GMap | null, clock: time.Clock): MethodResult {
  // toCalendar is here, not in dates.ts, which calendar.ts imports.
  if (self instanceof GDate) return name === 'toCalendar' ? dateCalendar(self) : dateMethod(self, name, args);
  // Groovy's Class.newInstance(args) is `new` of that class (`StringBuilder.newInstance()`).
  if (self instanceof ClassRef && name === 'newInstance') return newObject(self.name, args, n, clock);
  if (self instanceof ClassRef) return classStatic(self.name, name, n ? [n, ...args] : args, clock);
  if (self instanceof GException) return exceptionMethod(self, name);
  if (self instanceof GDuration) return durationMethod(self, name, args, clock) ?? NOT_FOUND;
  if (self instanceof BuiltinObject) {
    if (self.kind === 'timeZone') return timeZoneMethod(self, name, args, clock);
    if (self.kind === 'dateFormat') return dateFormatMethod(self, name, args, clock);
    if (self.kind === 'decimalFormat') return decimalFormatMethod(self, name, args);
    if (self.kind === 'jsonSlurper') return jsonSlurperMethod(name, args);
    if (self.kind === 'jsonOutput') return jsonOutputMethod(name, args);
    if (self.kind === 'jsonBuilder') return jsonBuilderMethod(self, name, n ? [n, ...args] : args);
    if (self.kind === 'calendar') return calendarMethod(self, name, args, clock);
    if (self.kind === 'mac') return macMethod(self, name, args);
    if (self.kind === 'messageDigest') return digestMethod(self, name, args);
    if (self.kind === 'bigInteger') return bigIntegerMethod(self, name, args);
    if (self.kind === 'pattern') return patternMethod(self, name, args);
  }
  return NOT_FOUND;
}

/** `format.timeZone = zone` on a SimpleDateFormat, `date.time = ms` on a Date; false for any other assignment. */
export function javaSetProperty(self: Value, name: string, v: Value): boolean {
  if (self instanceof GDate && name === 'time' && isNumber(v)) {
    setDateTime(self, num.toInt(v));
    return true;
  }
  if (!(self instanceof BuiltinObject && self.kind === 'dateFormat' && name === 'timeZone')) return false;
  self.timeZone = v instanceof BuiltinObject ? v.id : toStr(v);
  noteMutation(self);
  return true;
}
