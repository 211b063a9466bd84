// java.lang.Math's static members, and java.math.RoundingMode's constants (BigDecimal's too).
import { GroovyError, UnsupportedError } from '../errors.js';
// From gdk/support.ts, not groovy-methods.ts: gdk/numbers.ts imports this module.
import { NOT_FOUND, type MethodResult } from '../gdk/support.js';
import * as num from '../numbers.js';
import { toStr } from '../operators.js';
import { mathRandom } from '../random.js';
import { BuiltinObject, Double, isNumber, type Value } from '../values.js';

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
  cbrt: Math.cbrt,
  signum: Math.sign,
};

/** Math's functions of two doubles. */
const BINARY_MATH: Record<string, (x: number, y: number) => number> = {
  atan2: Math.atan2,
  hypot: Math.hypot,
};

function numArg(args: Value[], i: number): num.Num {
  const v = args[i] ?? null;
  if (isNumber(v)) return v;
  throw new GroovyError('MissingMethodException', `expected a number, got ${toStr(v)}`);
}

/**
 * Math has int, long, float and double overloads only: an int stays an int, anything else (a
 * BigDecimal too: `Math.max(1.5, 2.50)` is 2.5) is the double overload's Double.
 */
function overloadResult(x: num.Num, ...args: num.Num[]): num.Num {
  return args.every((a) => typeof a === 'number') ? x : new Double(num.numValue(x));
}

export function mathStatic(name: string, args: Value[]): MethodResult {
  if (Object.hasOwn(UNARY_MATH, name)) return mathResult(UNARY_MATH[name](num.numValue(numArg(args, 0))));
  if (Object.hasOwn(BINARY_MATH, name)) return mathResult(BINARY_MATH[name](num.numValue(numArg(args, 0)), num.numValue(numArg(args, 1))));
  switch (name) {
    case 'round':
      return javaRound(num.numValue(numArg(args, 0)));
    case 'abs': {
      const x = numArg(args, 0);
      return overloadResult(num.numValue(x) < 0 ? num.negate(x) : x, x);
    }
    case 'max':
    case 'min': {
      const a = numArg(args, 0);
      const b = numArg(args, 1);
      const pick = (name === 'max' ? num.compareNumbers(a, b) >= 0 : num.compareNumbers(a, b) <= 0) ? a : b;
      return overloadResult(pick, a, b);
    }
    // Integer division rounded down, and the remainder that goes with it (`floorMod(-7, 2)` is 1).
    case 'floorDiv':
      return Math.floor(num.toInt(numArg(args, 0)) / num.toInt(numArg(args, 1)));
    case 'floorMod': {
      const [x, y] = [num.toInt(numArg(args, 0)), num.toInt(numArg(args, 1))];
      return x - Math.floor(x / y) * y;
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

/** One object per mode, so that `mode == RoundingMode.HALF_UP` holds as for Java's enum constants. */
/** The largest double below 0.5, which `x + 0.5` would round up to 1. */
const BELOW_ONE_HALF = 0.49999999999999994;

/** From 2^52 up a double has no fraction: it is its own rounding (x + 0.5 would round up an odd one). */
const NO_FRACTION = 2 ** 52;
/** Past 2^63 Math.round answers Long.MAX_VALUE or MIN_VALUE, which the model's integers (doubles) cannot hold. */
const BEYOND_LONG = 2 ** 63;

/** Java 8's Math.round(double): floor(x + 0.5), but 0 for the largest double below 0.5 and for NaN. */
function javaRound(x: number): number {
  if (Number.isNaN(x) || x === BELOW_ONE_HALF) return 0;
  if (!(Math.abs(x) < BEYOND_LONG)) throw new UnsupportedError('Math.round of a double beyond a long');
  return Math.abs(x) >= NO_FRACTION ? x : Math.floor(x + 0.5);
}

const ROUNDING_MODE_CONSTANTS: ReadonlyMap<string, BuiltinObject> = new Map(num.ROUNDING_MODES.map((m) => [m, new BuiltinObject('roundingMode', m)]));

/** `RoundingMode.HALF_UP`. */
export function roundingModeConstant(name: string): MethodResult {
  return ROUNDING_MODE_CONSTANTS.get(name) ?? NOT_FOUND;
}

/** BigDecimal's legacy int constants (`BigDecimal.ROUND_HALF_UP` is 4): the modes' ordinals. */
export function bigDecimalConstant(name: string): MethodResult {
  const ordinal = num.ROUNDING_MODES.indexOf(name.replace(/^ROUND_/, '') as num.RoundingMode);
  return name.startsWith('ROUND_') && ordinal >= 0 ? ordinal : NOT_FOUND;
}

/** The mode a rounding argument names: a RoundingMode, or a legacy int of BigDecimal. */
export function roundingModeOf(v: Value): num.RoundingMode {
  if (v instanceof BuiltinObject && v.kind === 'roundingMode') return v.id as num.RoundingMode;
  const mode = typeof v === 'number' ? num.ROUNDING_MODES[v] : undefined;
  if (mode === undefined) throw new GroovyError('IllegalArgumentException', `Invalid rounding mode: ${toStr(v)}`);
  return mode;
}
