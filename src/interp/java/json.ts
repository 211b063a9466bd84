// groovy.json: JsonSlurper, JsonOutput and JsonBuilder. JSON is parsed as data, never evaluated.
import { GroovyError, UnsupportedError } from '../errors.js';
import { GROOVY_OBJECT_METHODS, NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { noteMutation } from '../ownership.js';
import { BuiltinObject, GClosure, GDate, isBigInteger, isNumber, isSet, type GMap, type Value } from '../values.js';
import { formatDate } from '../time.js';
import { ValueWalk } from '../limits.js';
import { GroovyMap } from '../groovy-map.js';
import { parseJson } from './json-parse.js';


/** How Groovy 2.4's JsonOutput writes a Date: ISO 8601 to the second, in GMT. */
const JSON_DATE_FORMAT = "yyyy-MM-dd'T'HH:mm:ssZ";

export function toJson(v: Value): string {
  return json(v, new ValueWalk());
}

function json(v: Value, walk: ValueWalk): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'string') return jsonString(v);
  if (isNumber(v)) return num.formatNumber(v);
  if (isBigInteger(v)) return v.id;
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => json(x, walk)).join(',')}]`);
  if (v instanceof Map) return walk.inside(v.size, () => `{${[...v].map(([k, x]) => `${jsonKey(k)}:${json(x, walk)}`).join(',')}}`);
  if (v instanceof GDate) return jsonString(formatDate(v.time, JSON_DATE_FORMAT, 'UTC'));
  return jsonString(toStr(v));
}

/**
 * A string as Groovy's JsonOutput writes it (CharBuf.addJsonEscapedString): quotes, backslashes and
 * control characters escaped, and every character above 126 as `\uXXXX`, so the text is ASCII.
 */
function jsonString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A map key: its text; JsonOutput refuses a null key. */
function jsonKey(k: Value): string {
  if (k === null) throw new GroovyError('IllegalArgumentException', "Maps with null keys can't be converted to JSON");
  return jsonString(toStr(k));
}

/**
 * A value as it reads back from the JSON the platform saves `state` as: each Date (in lists and
 * maps too) the text JsonOutput writes for it, a map's keys their text (`[1: "a"]` reads back as
 * `["1": "a"]`), a set a list. The value itself, not a copy, when none of these is in it (the common
 * case, at the end of every execution). The walk bounds a cyclic list (`l << l`) as copying the
 * state does. Not done: a Double reads back as a BigDecimal, which the model's numbers print alike.
 */
export function asSavedJson(v: Value): Value {
  return changesInJson(v, new ValueWalk()) ? jsonCopy(v) : v;
}

/** A new copy of a value as it reads back from JSON (`atomicState`'s reads and writes): lists and maps copied, whatever they hold. */
export function jsonCopy(v: Value): Value {
  return roundTrip(v, new ValueWalk());
}

function roundTrip(v: Value, walk: ValueWalk): Value {
  if (v instanceof GDate) return formatDate(v.time, JSON_DATE_FORMAT, 'UTC');
  if (Array.isArray(v)) return walk.inside(v.length, () => v.map((x) => roundTrip(x, walk)));
  if (v instanceof Map) return walk.inside(v.size, () => new GroovyMap([...v].map(([k, x]): [Value, Value] => [jsonKeyText(k), roundTrip(x, walk)])));
  return v;
}

function changesInJson(v: Value, walk: ValueWalk): boolean {
  if (v instanceof GDate || isSet(v)) return true;
  if (Array.isArray(v)) return walk.inside(v.length, () => v.some((x) => changesInJson(x, walk)));
  if (v instanceof Map) return walk.inside(v.size, () => [...v].some(([k, x]) => (k !== null && typeof k !== 'string') || changesInJson(x, walk)));
  return false;
}

/** A key's text as JsonOutput writes it (a null key stays: JsonOutput's refusal is `toJson`'s). */
function jsonKeyText(k: Value): Value {
  return k === null ? null : toStr(k);
}

/** Methods of a `new JsonSlurper()`. */
export function jsonSlurperMethod(name: string, args: Value[]): MethodResult {
  if (name === 'parseText') {
    if ((args[0] ?? null) === null) throw new GroovyError('IllegalArgumentException', 'Text must not be null or empty');
    return parseJson(toStr(args[0]));
  }
  if (name === 'parse' && args.length === 1) return parseBody(args[0]);
  return NOT_FOUND;
}

/**
 * `parse(reader or stream)` of a web response's body (`new JsonSlurper().parse(response.data)`):
 * the model holds a body as the JSON it carries, already parsed (as the platform gives a JSON
 * content type's), or as its text; parsing it gives that JSON. Anything else is a gap.
 */
function parseBody(body: Value): MethodResult {
  if (typeof body === 'string') return parseJson(body);
  return body instanceof Map || Array.isArray(body) ? body : NOT_FOUND;
}

/**
 * `JsonOutput.prettyPrint(text)`: the JSON re-indented by four spaces a level, a space after each
 * colon, as Groovy writes it. The text is re-laid out token by token, never re-parsed, so numbers
 * keep their spelling.
 */
export function prettyPrint(text: string): string {
  let out = '';
  let depth = 0;
  const newline = () => `\n${'    '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '{' || c === '[') {
      depth++;
      out += c + newline();
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
    } else if (c === ',') out += c + newline();
    else if (c === ':') out += ': ';
    else if (!/\s/.test(c)) out += c;
  }
  return out;
}

/** The index just after the string literal that starts at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Static methods of `groovy.json.JsonOutput`, and the same on an instance of it. */
export function jsonOutputMethod(name: string, args: Value[]): MethodResult {
  if (name === 'toJson') return toJson(args[0] ?? null);
  if (name === 'prettyPrint') return prettyPrint(toStr(args[0] ?? null));
  return NOT_FOUND;
}

/**
 * `new JsonBuilder([content])`: the builder keeps its content as JSON text, written when it is
 * built or filled (apps build one to send at once: `new JsonBuilder(body).toString()`), so a map
 * changed after it was given to the builder is not seen (Groovy's builder keeps the map itself).
 * Without content it holds null until filled (`json.call(map)`, `json { ... }`).
 */
export function newJsonBuilder(args: Value[]): BuiltinObject {
  return new BuiltinObject('jsonBuilder', toJson(args[0] ?? null));
}

/**
 * Methods of a JsonBuilder: its text, pretty or not, and its content; `call(...)` fills it with
 * the content given, and any other name fills it with one root key of that name, as Groovy's
 * JsonBuilder.invokeMethod does (`json.person { name "x" }` is {"person":{"name":"x"}}).
 */
export function jsonBuilderMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (name === 'toString' && args.length === 0) return o.id;
  if (name === 'toPrettyString') return prettyPrint(o.id);
  if (name === 'getContent') return parseJson(o.id);
  if (GROOVY_OBJECT_METHODS.has(name)) return NOT_FOUND;
  const content = name === 'call' ? callContent(args) : new GroovyMap([[name, rootValue(args)]]);
  o.id = toJson(content);
  noteMutation(o);
  return content;
}

/** What `builder.call(...)` fills a JsonBuilder with (Groovy's JsonBuilder.call overloads). */
function callContent(args: Value[]): Value {
  const [first = null, second = null] = args;
  if (args.length === 1 && (first instanceof Map || Array.isArray(first))) return first;
  if (args.length === 1 && first instanceof GClosure) return delegateContent(first, []);
  if (args.length === 2 && Array.isArray(first) && second instanceof GClosure) return first.map((x) => delegateContent(second, [x]));
  return args;
}

/** The value of the root key of `builder.name(...)`: nothing, a map, a closure, a map and a closure, or a list and a closure. */
function rootValue(args: Value[]): Value {
  const [first = null, second = null] = args;
  if (args.length === 0) return new GroovyMap();
  if (args.length === 1 && first instanceof GClosure) return delegateContent(first, []);
  if (args.length === 1 && first instanceof Map) return first;
  if (args.length === 2 && first instanceof Map && second instanceof GClosure) return new GroovyMap([...first, ...delegateContent(second, [])]);
  if (args.length === 2 && Array.isArray(first) && second instanceof GClosure) return first.map((x) => delegateContent(second, [x]));
  throw new GroovyError('JsonException', 'Expected no arguments, a single map, a single closure, or a map and closure as arguments.');
}

/**
 * The map a closure of the builder's DSL makes (Groovy's JsonDelegate): every unqualified call in
 * it that names no method of the app, `name value`, `name(a: 1)`, `name { ... }`,
 * `name(list) { item -> ... }`, is an entry.
 */
function delegateContent(closure: GClosure, args: Value[]): GMap {
  if (!closure.invokeWithDelegate) throw new UnsupportedError('a JsonBuilder filled by a method closure');
  const content: GMap = new GroovyMap();
  closure.invokeWithDelegate(
    {
      dynamic: true,
      invokeMethod(name, values) {
        const value = entryValue(values);
        content.set(name, value);
        return value;
      },
      // JsonDelegate has no properties of its own: a name read or assigned in the DSL is the app's.
      getProperty: () => NOT_FOUND,
      setProperty: () => false,
    },
    args,
  );
  return content;
}

/** The value of an entry of the DSL: none is an empty list, one is itself (a closure: its map), a list and a closure a list of maps, more a list. */
function entryValue(values: Value[]): Value {
  const [first = null, second = null] = values;
  if (values.length === 0) return [];
  if (values.length === 1) return first instanceof GClosure ? delegateContent(first, []) : first;
  if (values.length === 2 && Array.isArray(first) && second instanceof GClosure) return first.map((x) => delegateContent(second, [x]));
  return values;
}
