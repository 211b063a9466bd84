// Operator expressions: binary and unary operators, assignment (simple, compound, `?=`,
// destructuring) and `++`/`--`. What an operator does to values is in operators.ts and numbers.ts.
import type * as ast from '../parser/ast.js';
import { GroovyError, nullPointer } from './errors.js';
import { iterate, regexMatches, regexMatchesWithGroups } from './groovy-methods.js';
import * as num from './numbers.js';
import { addToSet, equals } from './equality.js';
import { compare, isCase, minus, plus, times, toStr, truthy } from './operators.js';
import { noteMutation } from './ownership.js';
import { appendTo } from './java/string-builder.js';
import { pattern } from './java/pattern.js';
import { GMapEntry, GStringBuilder, TrackedMap, className, isNumber, isSet, type Value } from './values.js';
import { callClosure, recurse, unsupported, type Frame, type Ref } from './frame.js';
import { assignName, getAt, getProperty, propertyName, putAt, readWholeStore, resolveName, setProperty } from './properties.js';

// ---------------------------------------------------------------------------------------------
// Operators

function asNum(v: Value, op: string): num.Num {
  if (isNumber(v)) return v;
  if (v === null) throw nullPointer(`apply ${op}`);
  throw new GroovyError('MissingMethodException', `Cannot apply ${op} to ${className(v)}`);
}

function bitwise(op: string, a: Value, b: Value): Value {
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return op === '&' ? a && b : op === '|' ? a || b : a !== b;
  }
  const x = num.toInt(asNum(a, op));
  const y = num.toInt(asNum(b, op));
  switch (op) {
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    case '>>':
      return x >> y;
    case '>>>':
      return x >>> y;
    default:
      return x << y;
  }
}

function leftShift(a: Value, b: Value): Value {
  if (Array.isArray(a)) {
    noteMutation(a);
    if (isSet(a)) addToSet(a, b);
    else a.push(b);
    return a;
  }
  if (a instanceof Map) {
    noteMutation(a);
    if (b instanceof Map) for (const [k, v] of b) a.set(k, v);
    else if (b instanceof GMapEntry) a.set(b.key, b.value);
    return a;
  }
  if (a instanceof GStringBuilder) return appendTo(a, b);
  if (typeof a === 'string') return a + toStr(b);
  return bitwise('<<', a, b);
}

export function binary(frame: Frame, op: ast.BinaryOperator, l: Value, r: Value): Value {
  switch (op) {
    case '==':
      return equals(l, r);
    case '!=':
      return !equals(l, r);
    case '<':
      return compare(l, r) < 0;
    case '<=':
      return compare(l, r) <= 0;
    case '>':
      return compare(l, r) > 0;
    case '>=':
      return compare(l, r) >= 0;
    case '<=>':
      return compare(l, r);
    case '===':
      return l === r || equals(l, r);
    case '!==':
      return !(l === r || equals(l, r));
    case '+':
      return plus(l, r);
    case '-':
      return minus(l, r);
    case '*':
      return times(l, r);
    case '/':
      return num.divide(asNum(l, '/'), asNum(r, '/'));
    case '%':
      return num.remainder(asNum(l, '%'), asNum(r, '%'));
    case '**':
      return num.power(asNum(l, '**'), asNum(r, '**'));
    case '<<':
      return leftShift(l, r);
    case '>>':
    case '>>>':
    case '&':
    case '|':
    case '^':
      return bitwise(op, l, r);
    case 'in':
      return isCase(r instanceof TrackedMap ? readWholeStore(frame.app, r) : r, l, callClosure);
    case '!in':
      return !isCase(r instanceof TrackedMap ? readWholeStore(frame.app, r) : r, l, callClosure);
    case '=~':
      return regexMatchesWithGroups(toStr(l), toStr(r));
    case '==~':
      return regexMatches(toStr(l), toStr(r));
  }
}

export function evalUnary(frame: Frame, e: ast.Unary): Value {
  const v = recurse.evalExpr(frame, e.argument);
  switch (e.operator) {
    case '!':
      return !truthy(v);
    case '-':
      return num.negate(asNum(v, 'unary -'));
    case '+':
      return asNum(v, 'unary +');
    case '~':
      // `~/re/` builds a Pattern (java/pattern.ts).
      return typeof v === 'string' ? pattern(v) : ~num.toInt(asNum(v, '~'));
  }
}

const COMPOUND: Record<string, ast.BinaryOperator> = {
  '+=': '+', '-=': '-', '*=': '*', '/=': '/', '%=': '%', '**=': '**', '<<=': '<<', '>>=': '>>', '>>>=': '>>>', '&=': '&', '|=': '|', '^=': '^',
};

export function evalAssign(frame: Frame, e: ast.Assign): Value {
  if (e.target.kind === 'ListLiteral' && e.operator === '=') {
    const values = iterate(recurse.evalExpr(frame, e.value));
    e.target.elements.forEach((t, i) => reference(frame, t).set(values[i] ?? null));
    return values;
  }
  const ref = reference(frame, e.target);
  if (e.operator === '=') {
    const v = recurse.evalExpr(frame, e.value);
    ref.set(v);
    return v;
  }
  const old = ref.get();
  if (e.operator === '?=') {
    if (truthy(old)) return old;
    const v = recurse.evalExpr(frame, e.value);
    ref.set(v);
    return v;
  }
  const v = binary(frame, COMPOUND[e.operator], old, recurse.evalExpr(frame, e.value));
  // `list << x` and `list += x` on a list: `<<=` mutates in place, `+=` builds a new list.
  ref.set(v);
  return v;
}

export function evalUpdate(frame: Frame, e: ast.Update): Value {
  const ref = reference(frame, e.argument);
  const old = ref.get();
  const v = e.operator === '++' ? plus(old, 1) : minus(old, 1);
  ref.set(v);
  return e.prefix ? v : old;
}

/** Resolves an assignment target once, so compound assignment evaluates its parts once. */
function reference(frame: Frame, target: ast.Expression): Ref {
  switch (target.kind) {
    case 'Identifier':
      return { get: () => resolveName(frame, target.name), set: (v) => assignName(frame, target.name, v) };
    case 'PropertyAccess': {
      const obj = recurse.evalExpr(frame, target.object);
      const name = propertyName(frame, target.property);
      if (obj === null && target.safe) return { get: () => null, set: () => undefined };
      return { get: () => getProperty(frame, obj, name), set: (v) => setProperty(frame, obj, name, v) };
    }
    case 'Index': {
      const obj = recurse.evalExpr(frame, target.object);
      const idx = recurse.evalExpr(frame, target.index);
      return { get: () => getAt(frame, obj, idx), set: (v) => putAt(frame, obj, idx, v) };
    }
    default:
      return unsupported(`assignment to ${target.kind}`);
  }
}
