// java.lang.Math's static members.
import { GroovyError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { mathRandom } from '../random.js';
import { Decimal, Double, isNumber, type Value } from '../values.js';

function mathResult(v: number): Double {
  return new Double(v);
}

const UNARY_MATH: Record<string, (x: number) => number> = {
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
  log: Math.log,
  log10: Math.log10,
  exp: Math.exp,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  toRadians: (x) => (x * Math.PI) / 180,
  toDegrees: (x) => (x * 180) / Math.PI,
};

function numArg(args: Value[], i: number): num.Num {
  const v = args[i] ?? null;
  if (isNumber(v)) return v;
  throw new GroovyError('MissingMethodException', `expected a number, got ${toStr(v)}`);
}

function wider(a: num.Num, b: num.Num): num.Num {
  return a instanceof Double || b instanceof Double ? new Double(0) : a instanceof Decimal || b instanceof Decimal ? new Decimal(0, 0) : 0;
}

export function mathStatic(name: string, args: Value[]): MethodResult {
  if (Object.hasOwn(UNARY_MATH, name)) return mathResult(UNARY_MATH[name](num.numValue(numArg(args, 0))));
  switch (name) {
    case 'round': {
      const x = numArg(args, 0);
      return Math.floor(num.numValue(x) + 0.5);
    }
    case 'abs': {
      const x = numArg(args, 0);
      return num.numValue(x) < 0 ? num.negate(x) : x;
    }
    case 'max':
    case 'min': {
      const a = numArg(args, 0);
      const b = numArg(args, 1);
      const pick = (name === 'max' ? num.compareNumbers(a, b) >= 0 : num.compareNumbers(a, b) <= 0) ? a : b;
      // Java picks the overload of the wider operand type: Math.max(1, 2.5d) is a double.
      return wider(a, b) instanceof Double ? new Double(num.numValue(pick)) : pick;
    }
    case 'pow':
      return mathResult(num.numValue(numArg(args, 0)) ** num.numValue(numArg(args, 1)));
    case 'random':
      // Deterministic: the first nextDouble() of an unseeded Random (see random.ts).
      return mathResult(mathRandom());
  }
  return NOT_FOUND;
}

export function mathConstant(name: string): MethodResult {
  if (name === 'PI') return new Double(Math.PI);
  if (name === 'E') return new Double(Math.E);
  return NOT_FOUND;
}
