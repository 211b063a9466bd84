// groovy.json: JsonSlurper, JsonOutput and JsonBuilder. JSON is parsed as data, never evaluated.
import { GroovyError, UnsupportedError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { BuiltinObject, Double, isNumber, type Value } from '../values.js';
import { ValueWalk } from '../limits.js';

function fromJson(v: unknown): Value {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? v : num.toDecimalValue(new Double(v));
  if (Array.isArray(v)) return v.map(fromJson);
  return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromJson(x)]));
}

export function parseJson(text: string): Value {
  try {
    return fromJson(JSON.parse(text));
  } catch {
    throw new GroovyError('JsonException', `cannot parse JSON: ${text.slice(0, 40)}`);
  }
}

export function toJson(v: Value): string {
  return json(v, new ValueWalk());
}

function json(v: Value, walk: ValueWalk): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (isNumber(v)) return num.formatNumber(v);
  if (Array.isArray(v)) return walk.inside(v.length, () => `[${v.map((x) => json(x, walk)).join(',')}]`);
  if (v instanceof Map) return walk.inside(v.size, () => `{${[...v].map(([k, x]) => `${JSON.stringify(toStr(k))}:${json(x, walk)}`).join(',')}}`);
  return JSON.stringify(toStr(v));
}

/** Methods of a `new JsonSlurper()`. */
export function jsonSlurperMethod(name: string, args: Value[]): MethodResult {
  if (name === 'parseText') return parseJson(toStr(args[0] ?? null));
  return NOT_FOUND;
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
 * `new JsonBuilder(content)`: the builder keeps its content as JSON text, written when it is
 * built (apps build one to send at once: `new JsonBuilder(body).toString()`). Without content the
 * builder is filled by its closure DSL, which the model does not run.
 */
export function newJsonBuilder(args: Value[]): BuiltinObject {
  if (args.length === 0) throw new UnsupportedError('new groovy.json.JsonBuilder() filled by its builder DSL');
  return new BuiltinObject('jsonBuilder', toJson(args[0] ?? null));
}

/** Methods of a JsonBuilder: its text, pretty or not, and its content. */
export function jsonBuilderMethod(o: BuiltinObject, name: string): MethodResult {
  if (name === 'toString') return o.id;
  if (name === 'toPrettyString') return prettyPrint(o.id);
  if (name === 'getContent') return parseJson(o.id);
  return NOT_FOUND;
}
