// GDK methods of strings; the ones taking Java regular expressions run them on RE2 (regex.ts).
import { createHash } from 'node:crypto';
import { GroovyError, missingMethod } from '../errors.js';
import * as num from '../numbers.js';
import { formatJava } from '../java/formatter.js';
import { stringHashCode } from '../java/object-methods.js';
import { compare, minus, toStr } from '../operators.js';
import { regexFind, regexFindAll, regexMatches, regexMatchesWithGroups, regexReplace, regexReplaceWith, regexSplit } from './regex.js';
import * as time from '../time.js';
import { asJavaArray, GClosure, GDate, isJavaArray, isNumber, NOT_FOUND, type MethodResult, type Value } from '../values.js';
import { listMethods } from './collections.js';
import { bufferOf, call, javaBytes, normaliseIndex, type Method } from './support.js';

/**
 * String's parsing predicates. Groovy defines them on CharSequence only: Number and Boolean have no
 * method of these names (`5.isNumber()` is a MissingMethodException).
 */
export const PARSING_PREDICATES: ReadonlySet<string> = new Set(['isNumber', 'isInteger', 'isLong', 'isDouble', 'isFloat', 'isBigDecimal', 'isBigInteger']);

/**
 * `s.find(p) { ... }` and `s.findAll(p) { ... }`: the closure's value for the first match or for
 * each, given the whole match and then its groups (`{ all, n, word -> }`), or the match alone
 * when the pattern has no group.
 */
function regexFindWith(s: string, pattern: string, closure: GClosure, all: boolean): Value {
  const results = regexMatchesWithGroups(s, pattern).slice(0, all ? undefined : 1).map((m) => call(closure, Array.isArray(m) ? m : [m]));
  return all ? results : (results[0] ?? null);
}

/** Grails' codecs that encode bytes: Base64Codec and MD5Codec (a hex digest). */
const BYTE_CODECS = {
  encodeAsBase64: (bytes: Buffer) => bytes.toString('base64'),
  encodeAsMD5: (bytes: Buffer) => createHash('md5').update(bytes).digest('hex'),
};

/**
 * Grails' byte codecs on a value that is no string, as the platform adds them to every object: a
 * byte[] is encoded as its bytes, any other value as its toString's UTF-8 bytes (Grails'
 * Base64Codec and MD5Codec), so `location.hubs[0].encodeAsBase64()` encodes the hub's text.
 */
export function grailsByteCodec(self: Value, name: string): MethodResult {
  if (name !== 'encodeAsBase64' && name !== 'encodeAsMD5') return NOT_FOUND;
  const bytes = isJavaArray(self) && self.every(isNumber) ? bufferOf(self) : Buffer.from(toStr(self), 'utf8');
  return BYTE_CODECS[name](bytes);
}

export const stringMethods: Record<string, Method<string>> = {
  // SmartThings' inverse of Date.toSystemFormat(): an official app keeps `new Date().toSystemFormat()`
  // in state and reads it back with `toSystemDate()`.
  toSystemDate: (s) => new GDate(time.parseIsoDateTime(s)),
  size: (s) => s.length,
  length: (s) => s.length,
  isEmpty: (s) => s.length === 0,
  contains: (s, a) => s.includes(toStr(a[0])),
  startsWith: (s, a) => s.startsWith(toStr(a[0])),
  endsWith: (s, a) => s.endsWith(toStr(a[0])),
  split: (s, a) => asJavaArray(regexSplit(s, a.length ? toStr(a[0]) : '\\s+', a.length > 1 ? num.toInt(a[1]) : 0)),
  tokenize: (s, a) => {
    const delims = a.length ? toStr(a[0]) : ' \t\n\r\f';
    return s.split(new RegExp(`[${delims.replace(/[\]\\^-]/g, '\\$&')}]`)).filter((t) => t.length > 0);
  },
  toLowerCase: (s) => s.toLowerCase(),
  toUpperCase: (s) => s.toUpperCase(),
  trim: (s) => s.trim(),
  // Grails' codec the SmartThings sandbox adds to strings (HTTP basic authentication headers); UTF-8 bytes, as the JVM's default.
  encodeAsBase64: (s) => BYTE_CODECS.encodeAsBase64(Buffer.from(s, 'utf8')),
  // Grails' MD5 codec: the hex digest of the UTF-8 bytes (digest authentication of camera servers).
  encodeAsMD5: (s) => BYTE_CODECS.encodeAsMD5(Buffer.from(s, 'utf8')),
  capitalize: (s) => s.charAt(0).toUpperCase() + s.slice(1),
  uncapitalize: (s) => s.charAt(0).toLowerCase() + s.slice(1),
  replace: (s, a) => s.split(toStr(a[0])).join(toStr(a[1])),
  replaceAll: (s, a) => replace(s, a, true),
  replaceFirst: (s, a) => replace(s, a, false),
  matches: (s, a) => regexMatches(s, toStr(a[0])),
  substring: (s, a) => {
    const from = num.toInt(a[0]);
    const to = a.length > 1 ? num.toInt(a[1]) : s.length;
    if (from < 0 || to > s.length || from > to) throw new GroovyError('StringIndexOutOfBoundsException', `begin ${from}, end ${to}, length ${s.length}`);
    return s.substring(from, to);
  },
  indexOf: (s, a) => s.indexOf(toStr(a[0]), a.length > 1 ? num.toInt(a[1]) : 0),
  lastIndexOf: (s, a) => s.lastIndexOf(toStr(a[0]), a.length > 1 ? num.toInt(a[1]) : Infinity),
  charAt: (s, a) => {
    const i = num.toInt(a[0]);
    if (i < 0 || i >= s.length) throw new GroovyError('StringIndexOutOfBoundsException', `index ${i}, length ${s.length}`);
    return s.charAt(i);
  },
  getAt: (s, a) => {
    const i = normaliseIndex(num.toInt(a[0]), s.length);
    if (i >= s.length) throw new GroovyError('StringIndexOutOfBoundsException', `index ${i}`);
    return s.charAt(i);
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
  // The padding repeats as often as needed; an odd count puts the extra one on the right.
  center: (s, a) => {
    const toAdd = num.toInt(a[0]) - s.length;
    const padding = a.length > 1 ? toStr(a[1]) : ' ';
    return toAdd <= 0 ? s : ''.padEnd(Math.floor(toAdd / 2), padding) + s + ''.padEnd(Math.ceil(toAdd / 2), padding);
  },
  toCharacter: (s) => {
    if (s === '') throw new GroovyError('StringIndexOutOfBoundsException', 'index 0, length 0');
    return s[0]!;
  },
  // A negative count takes nothing and drops nothing (StringGroovyMethods).
  take: (s, a) => s.slice(0, Math.max(0, num.toInt(a[0]))),
  drop: (s, a) => s.slice(Math.max(0, num.toInt(a[0]))),
  count: (s, a) => (toStr(a[0]).length === 0 ? s.length + 1 : s.split(toStr(a[0])).length - 1),
  toList: (s) => [...s],
  toCharArray: (s) => asJavaArray([...s]),
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
  isAllWhitespace: (s) => /^\s*$/.test(s),
  tr: (s, a) => translate(s, toStr(a[0]), toStr(a[1])),
  readLines: (s) => s.split(/\r?\n/),
  // With a closure, the GDK's Object methods, over the characters; otherwise a regular expression.
  find: (s, a) => (a[0] instanceof GClosure ? listMethods.find([...s], a) : a[1] instanceof GClosure ? regexFindWith(s, toStr(a[0]), a[1], false) : regexFind(s, toStr(a[0]))),
  findAll: (s, a) => (a[0] instanceof GClosure ? listMethods.findAll([...s], a) : a[1] instanceof GClosure ? regexFindWith(s, toStr(a[0]), a[1], true) : regexFindAll(s, toStr(a[0]))),
  // The static String.format called through a string (`port.toString().format('%04X', port)`).
  format: (_s, a) => {
    if (typeof a[0] !== 'string') throw missingMethod('format', 'java.lang.String');
    return formatJava(a[0], a.slice(1));
  },
  // The string's bytes in the JVM's default charset (UTF-8), as signed Java bytes.
  getBytes: (s) => javaBytes(Buffer.from(s, 'utf8')),
  // The GDK's inverse of encodeBase64: the bytes the text encodes (`new String(bytes)` reads them back).
  decodeBase64: (s) => javaBytes(Buffer.from(s, 'base64')),
  encodeAsURL: (s) => encodeURIComponent(s).replace(/%20/g, '+'),
  hashCode: stringHashCode,
};

/**
 * `replaceAll(regex, replacement)` in Java's replacement syntax, or the GDK's with a closure called
 * on each match: with the match alone when the pattern has no group; else with the whole match and
 * each group as its arguments, which a closure of one parameter gets as one list (`it[1]`).
 */
function replace(s: string, a: Value[], all: boolean): string {
  const closure = a[1];
  if (!(closure instanceof GClosure)) return regexReplace(s, toStr(a[0]), toStr(a[1]), all);
  const args = (groups: Value[]): Value[] => (groups.length === 1 || closure.arity > 1 ? groups : [groups]);
  return regexReplaceWith(s, toStr(a[0]), (groups) => toStr(call(closure, args(groups))), all);
}

/**
 * The GDK's `tr(source, replacement)`: each character of `source` (`a-z` is a range) becomes the
 * character at the same place of `replacement`, whose last character stands for the places it
 * lacks; a character listed twice takes its last place.
 */
function translate(s: string, source: string, replacement: string): string {
  const from = expandRanges(source);
  const to = expandRanges(replacement);
  if (from.length === 0 || to.length === 0) return s;
  return [...s].map((c) => {
    const i = from.lastIndexOf(c);
    return i < 0 ? c : to[Math.min(i, to.length - 1)];
  }).join('');
}

function expandRanges(set: string): string[] {
  const chars = [...set];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i + 1] !== '-' || i + 2 >= chars.length) {
      out.push(chars[i]);
      continue;
    }
    for (let c = chars[i].codePointAt(0)!; c <= chars[i + 2].codePointAt(0)!; c++) out.push(String.fromCodePoint(c));
    i += 2;
  }
  return out;
}
