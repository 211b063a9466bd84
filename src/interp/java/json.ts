// groovy.json: JsonSlurper and JsonOutput. JSON is parsed as data, never evaluated.
import { GroovyError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { Double, isNumber, type Value } from '../values.js';
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
