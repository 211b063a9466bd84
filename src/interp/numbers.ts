// Groovy's numeric tower, reduced to what apps observe: Integer/Long (JS number), BigDecimal
// (Decimal: exact, big-decimal.ts) and Double. Binary operations widen to the wider operand
// (int < BigDecimal < Double), and `/` on two integers gives a BigDecimal, as in Groovy.
import * as big from './big-decimal.js';
import { GroovyError, numberFormat } from './errors.js';
import { Decimal, Double, javaClassName, type Value } from './values.js';

export type Num = number | Decimal | Double;
export { ROUNDING_MODES, type RoundingMode } from './big-decimal.js';

export function numValue(n: Num): number {
  return typeof n === 'number' ? n : n.value;
}

/** A Double as Groovy makes it a BigDecimal: the digits of Double.toString (`100d` is 100.0, `1e-20d` 1.0E-20). */
function doubleDecimal(v: number): Decimal {
  if (!Number.isFinite(v)) throw numberFormat(formatDouble(v));
  return big.parseBigDecimal(formatDouble(v));
}

/** `new BigDecimal(double)`: every digit of the double's binary value. */
export function exactDecimalOfDouble(v: number): Decimal {
  if (!Number.isFinite(v)) throw numberFormat(formatDouble(v));
  return big.exactBinaryDecimal(v);
}

/** An Integer or a BigDecimal as a BigDecimal. */
function asDecimal(n: number | Decimal): Decimal {
  if (n instanceof Decimal) return n;
  return Number.isInteger(n) ? big.integerDecimal(n) : doubleDecimal(n);
}

type Rank = 0 | 1 | 2;
function rank(n: Num): Rank {
  return typeof n === 'number' ? 0 : n instanceof Decimal ? 1 : 2;
}

/**
 * The operation of the wider operand: an int one on two ints, a double one when either is a
 * Double, Java's BigDecimal otherwise.
 */
function widened(a: Num, b: Num, ints: (x: number, y: number) => number, decimals: (x: Decimal, y: Decimal) => Decimal): Num {
  const r = Math.max(rank(a), rank(b));
  if (r === 0) return ints(a as number, b as number);
  if (r === 2) return new Double(ints(numValue(a), numValue(b)));
  return decimals(asDecimal(a as number | Decimal), asDecimal(b as number | Decimal));
}

// The operations of each kind, made once: `+` and `*` of two ints are among the hottest paths.
const addNumbers = (x: number, y: number): number => x + y;
const subtractNumbers = (x: number, y: number): number => x - y;
const multiplyNumbers = (x: number, y: number): number => x * y;
const subtractDecimals = (x: Decimal, y: Decimal): Decimal => big.addDecimals(x, big.negateDecimal(y));

export function add(a: Num, b: Num): Num {
  return widened(a, b, addNumbers, big.addDecimals);
}

export function subtract(a: Num, b: Num): Num {
  return widened(a, b, subtractNumbers, subtractDecimals);
}

export function multiply(a: Num, b: Num): Num {
  return widened(a, b, multiplyNumbers, big.multiplyDecimals);
}

/** Groovy `/`: Double if either is a Double, otherwise BigDecimal division (even for two ints). */
export function divide(a: Num, b: Num): Num {
  if (rank(a) === 2 || rank(b) === 2) return new Double(numValue(a) / numValue(b));
  return big.divideDecimals(asDecimal(a as number | Decimal), asDecimal(b as number | Decimal));
}

/** `BigDecimal.setScale(scale, mode)`, also of another number made a BigDecimal first. */
export function setScale(n: Num, scale: number, mode: big.RoundingMode): Decimal {
  return big.setDecimalScale(toDecimalValue(n), scale, mode);
}

/**
 * Groovy 2's NumberMath has no intdiv or mod for a BigDecimal (and no intdiv for a Double): its
 * UnsupportedOperationException, which names the left operand. (Groovy 4 added BigDecimal `%`.)
 */
function unsupportedOperation(operation: string, left: Num): GroovyError {
  return new GroovyError('UnsupportedOperationException', `Cannot use ${operation}() on this number type: ${javaClassName(left)} with value: ${formatNumber(left)}`);
}

/** `intdiv`: integers only. */
export function intdiv(a: Num, b: Num): number {
  if (rank(a) !== 0 || rank(b) !== 0) throw unsupportedOperation('intdiv', a);
  if (b === 0) throw new GroovyError('ArithmeticException', '/ by zero');
  return Math.trunc((a as number) / (b as number));
}

/** Groovy's `%` and `mod`: of integers or Doubles, never of a BigDecimal. */
export function remainder(a: Num, b: Num): Num {
  const r = Math.max(rank(a), rank(b));
  if (r === 1) throw unsupportedOperation('mod', a);
  // Java's integer division's message; Groovy's own "Division by zero" is BigDecimal `/`'s.
  if (r === 0 && b === 0) throw new GroovyError('ArithmeticException', '/ by zero');
  return r === 0 ? (a as number) % (b as number) : new Double(numValue(a) % numValue(b));
}

/** BigDecimal.remainder (Java's own method, which Groovy 2 has where it has no `%`). */
export function decimalRemainder(a: Decimal, b: Num): Decimal {
  return big.remainderDecimals(a, toDecimalValue(b));
}

export function power(a: Num, b: Num): Num {
  const exponent = numValue(b);
  if (rank(b) === 0 && exponent >= 0) {
    if (rank(a) === 0) return numValue(a) ** exponent;
    if (a instanceof Decimal) return big.powerDecimal(a, exponent);
  }
  return new Double(numValue(a) ** exponent);
}

export function negate(a: Num): Num {
  if (typeof a === 'number') return -a;
  if (a instanceof Decimal) return big.negateDecimal(a);
  return new Double(-a.value);
}

/**
 * Groovy's comparison of numbers, also its `==`. A NaN compares as Java's Double.compare has it
 * (Groovy's FloatingPointMath): above every number and equal to itself, so `Double.NaN == Double.NaN`.
 */
export function compareNumbers(a: Num, b: Num): number {
  if ((a instanceof Decimal || b instanceof Decimal) && rank(a) < 2 && rank(b) < 2) {
    return big.compareDecimals(asDecimal(a as number | Decimal), asDecimal(b as number | Decimal));
  }
  const x = numValue(a);
  const y = numValue(b);
  if (x < y) return -1;
  if (x > y) return 1;
  return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? 1 : -1;
}

/** Java's Double.toString. */
export function formatDouble(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  const abs = Math.abs(v);
  if (abs === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(v);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exp] = v.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${Number(exp)}`;
}

export function formatNumber(n: Num): string {
  if (typeof n === 'number') return String(n);
  if (n instanceof Decimal) return big.formatBigDecimal(n);
  return formatDouble(n.value);
}

/** Java integer parsing (`Integer.parseInt`, `"12".toInteger()`): digits with an optional sign. */
export function parseInteger(text: string): number {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) throw numberFormat(text);
  return Number(t);
}

/** Character.MIN_RADIX and MAX_RADIX: the radixes Java reads and writes numbers in. */
export const MIN_RADIX = 2;
export const MAX_RADIX = 36;

/** The radix Java's `toString(n, radix)` prints in: base 10 for one outside MIN_RADIX..MAX_RADIX. */
export function printedRadix(radix: number): number {
  return radix < MIN_RADIX || radix > MAX_RADIX ? 10 : radix;
}

/** `Integer.parseInt(s, radix)`, `Long.parseLong(s, radix)`: an optional sign, then digits of the radix in either case. */
export function parseIntegerInRadix(text: string, radix: number): number {
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, radix);
  const match = /^([+-]?)(.+)$/.exec(text);
  if (radix < MIN_RADIX || radix > MAX_RADIX || !match || ![...match[2].toLowerCase()].every((c) => digits.includes(c))) throw numberFormat(text);
  return (match[1] === '-' ? -1 : 1) * parseInt(match[2], radix);
}

/** `"1.5".toBigDecimal()`, `"3" as BigDecimal`. */
export function parseDecimal(text: string): Decimal {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw numberFormat(text);
  return big.parseBigDecimal(t);
}

/** `Double.parseDouble`, `"1.5".toDouble()`, `as Double`. */
export function parseDouble(text: string): Double {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(t)) throw numberFormat(text);
  return new Double(Number(t.replace(/[dDfF]$/, '')));
}

/** Converts a value to an int the way `toInteger()`/`as Integer` do (truncating decimals). */
export function toInt(v: Value): number {
  if (typeof v === 'number') return v;
  if (v instanceof Decimal) return Number(big.truncatedInteger(v));
  if (v instanceof Double) return Math.trunc(v.value);
  if (typeof v === 'string') return parseInteger(v);
  if (typeof v === 'boolean') throw new GroovyError('GroovyCastException', `Cannot cast Boolean to Integer`);
  throw new GroovyError('GroovyCastException', `Cannot cast object to Integer`);
}

export function toDoubleValue(v: Value): Double {
  if (typeof v === 'number') return new Double(v);
  if (v instanceof Decimal) return new Double(v.value);
  if (v instanceof Double) return v;
  if (typeof v === 'string') return parseDouble(v);
  throw new GroovyError('GroovyCastException', `Cannot cast object to Double`);
}

export function toDecimalValue(v: Value): Decimal {
  if (typeof v === 'number' || v instanceof Decimal) return asDecimal(v);
  if (v instanceof Double) return doubleDecimal(v.value);
  if (typeof v === 'string') return parseDecimal(v);
  throw new GroovyError('GroovyCastException', `Cannot cast object to BigDecimal`);
}
