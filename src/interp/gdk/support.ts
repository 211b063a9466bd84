// What the GDK method tables share: the NOT_FOUND answer, the table type and its lookup, closure
// arguments, Groovy's list indexing and iteration, Java byte arrays.
import { GroovyError } from '../errors.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { asJavaArray, GClosure, GMapEntry, isNumber, NOT_FOUND, type MethodResult, type Value } from '../values.js';

export { NOT_FOUND, type MethodResult };

export type Method<T> = (self: T, args: Value[]) => Value;

export function call(c: Value, args: Value[]): Value {
  if (!(c instanceof GClosure)) throw new GroovyError('MissingMethodException', `expected a closure, got ${toStr(c)}`);
  return c.invoke(args);
}

export function closureArg(args: Value[], i = args.length - 1): GClosure | null {
  const c = args[i];
  return c instanceof GClosure ? c : null;
}

/**
 * Groovy's normaliseIndex: a negative index counts from the end, and one that reaches before the
 * start is an ArrayIndexOutOfBoundsException (`[1, 2, 3][-5]`, `"abc"[-5]`).
 */
export function normaliseIndex(index: number, size: number): number {
  if (index >= 0) return index;
  const i = size + index;
  if (i < 0) throw new GroovyError('ArrayIndexOutOfBoundsException', `Negative array index [${index}] too large for array size ${size}`);
  return i;
}

/** Index into a list Groovy-style: negative from the end, past the end gives null. */
export function listGet(list: Value[], index: number): Value {
  const i = normaliseIndex(index, list.length);
  return i < list.length ? list[i] : null;
}

export function listPut(list: Value[], index: number, v: Value): void {
  const i = normaliseIndex(index, list.length);
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
export function callEach(c: GClosure, e: Value, extra: Value[] = []): Value {
  if (e instanceof GMapEntry && c.arity === 2 + extra.length) return c.invoke([e.key, e.value, ...extra]);
  return c.invoke([e, ...extra]);
}

export function asNum(v: Value): num.Num {
  if (isNumber(v)) return v;
  throw new GroovyError('ClassCastException', `${toStr(v)} is not a number`);
}

export function lookup<T>(table: Record<string, Method<T>>, self: T, name: string, args: Value[]): MethodResult {
  return Object.hasOwn(table, name) ? table[name](self, args) : NOT_FOUND;
}

/** A Java byte[] as the model holds it: a list of signed bytes (-128..127), as Java prints them. */
export function javaBytes(buffer: Uint8Array): number[] {
  return asJavaArray([...buffer].map((b) => (b > 127 ? b - 256 : b)));
}

/** The bytes of a byte[] the app holds; each element is cast to a byte, as Java's (byte) does. */
export function bufferOf(bytes: Value[]): Buffer {
  return Buffer.from(bytes.map((b) => num.toInt(b) & 255));
}
