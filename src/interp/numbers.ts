// Groovy's numeric tower, reduced to what apps observe: Integer/Long (JS number), BigDecimal
// (Decimal: value and scale) and Double. Binary operations widen to the wider operand
// (int < BigDecimal < Double), and `/` on two integers gives a BigDecimal, as in Groovy.
import { GroovyError, numberFormat } from './errors.js';
import { Decimal, Double, type Value } from './values.js';

export type Num = number | Decimal | Double;

/** Groovy's default scale limit for non-terminating BigDecimal division. */
const DIVISION_SCALE = 10;

export function numValue(n: Num): number {
  return typeof n === 'number' ? n : n.value;
}

export function decimal(value: number, scale: number): Decimal {
  const s = Math.max(0, Math.min(scale, 20));
  const f = 10 ** s;
  return new Decimal(Math.round(value * f) / f, s);
}

/** The scale of a decimal literal as written: `1.50` → 2, `2e3` → 0. */
export function literalScale(raw: string): number {
  const body = raw.replace(/[gGdDfF]$/, '');
  const [mantissa, exp] = body.split(/[eE]/);
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, fraction - (exp ? Number(exp) : 0));
}

function scaleOf(n: Num): number {
  return n instanceof Decimal ? n.scale : 0;
}

type Rank = 0 | 1 | 2;
function rank(n: Num): Rank {
  return typeof n === 'number' ? 0 : n instanceof Decimal ? 1 : 2;
}

function intResult(v: number): number {
  return Math.trunc(v);
}

export function add(a: Num, b: Num): Num {
  const r = Math.max(rank(a), rank(b));
  const v = numValue(a) + numValue(b);
  if (r === 0) return v;
  if (r === 2) return new Double(v);
  return decimal(v, Math.max(scaleOf(a), scaleOf(b)));
}

export function subtract(a: Num, b: Num): Num {
  const r = Math.max(rank(a), rank(b));
  const v = numValue(a) - numValue(b);
  if (r === 0) return v;
  if (r === 2) return new Double(v);
  return decimal(v, Math.max(scaleOf(a), scaleOf(b)));
}

export function multiply(a: Num, b: Num): Num {
  const r = Math.max(rank(a), rank(b));
  const v = numValue(a) * numValue(b);
  if (r === 0) return v;
  if (r === 2) return new Double(v);
  return decimal(v, scaleOf(a) + scaleOf(b));
}

/** Groovy `/`: Double if either is a Double, otherwise BigDecimal division (even for two ints). */
export function divide(a: Num, b: Num): Num {
  if (rank(a) === 2 || rank(b) === 2) return new Double(numValue(a) / numValue(b));
  if (numValue(b) === 0) throw new GroovyError('ArithmeticException', 'Division by zero');
  const v = numValue(a) / numValue(b);
  // BigDecimal.divide: an exact quotient keeps the smallest scale that holds it, at least the
  // preferred one (`7.50 / 2.5` is 3.0, `1 / 2048` 0.00048828125); a quotient whose expansion never
  // ends is rounded to 10 places, or to the operands' scale where that is more.
  const exact = exactQuotientScale(a, b);
  if (exact !== undefined) return decimal(v, Math.max(exact, scaleOf(a) - scaleOf(b), 0));
  return decimal(v, Math.max(DIVISION_SCALE, scaleOf(a), scaleOf(b)));
}

/** An integer and the power of ten it is divided by: 1.50 is 150 and 2. */
function unscaled(n: Num): [bigint, number] {
  const scale = scaleOf(n);
  return [BigInt(Math.round(numValue(n) * 10 ** scale)), scale];
}

/**
 * The fewest decimal places that hold a / b exactly, or undefined when its expansion never ends:
 * the quotient in lowest terms terminates when its denominator has no prime factor but 2 and 5,
 * and then needs as many places as the larger of their powers.
 */
function exactQuotientScale(a: Num, b: Num): number | undefined {
  const [ua, sa] = unscaled(a);
  const [ub, sb] = unscaled(b);
  let denominator = ub * 10n ** BigInt(sa);
  denominator /= gcd(ua * 10n ** BigInt(sb), denominator);
  if (denominator < 0n) denominator = -denominator;
  const powerOf = (p: bigint): number => {
    let k = 0;
    for (; denominator % p === 0n; k++) denominator /= p;
    return k;
  };
  const places = Math.max(powerOf(2n), powerOf(5n));
  return denominator === 1n ? places : undefined;
}

function gcd(x: bigint, y: bigint): bigint {
  let [p, q] = [x < 0n ? -x : x, y < 0n ? -y : y];
  while (q !== 0n) [p, q] = [q, p % q];
  return p;
}

/** java.math.RoundingMode's modes, by name (BigDecimal's legacy ROUND_* ints are their ordinals). */
export const ROUNDING_MODES = ['UP', 'DOWN', 'CEILING', 'FLOOR', 'HALF_UP', 'HALF_DOWN', 'HALF_EVEN', 'UNNECESSARY'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/**
 * A number's decimal digits as BigDecimal has them (`BigDecimal.valueOf` for a Double): an
 * unscaled integer and a scale. Rounding works on these, never on the binary value, so that 1.15
 * rounds as the decimal 1.15 it prints as, not as 1.1499999999999999 in binary.
 */
function decimalDigits(n: Num): { unscaled: bigint; scale: number } {
  if (!Number.isFinite(numValue(n))) throw new GroovyError('NumberFormatException', 'Infinite or NaN');
  const [mantissa, exp = '0'] = formatNumber(n).split(/[eE]/);
  const [whole, fraction = ''] = mantissa.split('.');
  return { unscaled: BigInt(whole + fraction), scale: fraction.length - Number(exp) };
}

/** Whether dropping the remainder `r` of a truncated quotient `q` (of divisor `d`) rounds `q` away from zero. */
function roundsAway(q: bigint, r: bigint, d: bigint, mode: RoundingMode): boolean {
  const twice = 2n * (r < 0n ? -r : r);
  switch (mode) {
    case 'UP': return true;
    case 'DOWN': return false;
    case 'CEILING': return r > 0n;
    case 'FLOOR': return r < 0n;
    case 'HALF_UP': return twice >= d;
    case 'HALF_DOWN': return twice > d;
    case 'HALF_EVEN': return twice > d || (twice === d && q % 2n !== 0n);
    case 'UNNECESSARY': throw new GroovyError('ArithmeticException', 'Rounding necessary');
  }
}

/** `BigDecimal.setScale(scale, mode)`: the number at that scale, rounded on its decimal digits. */
export function setScale(n: Num, scale: number, mode: RoundingMode): Decimal {
  const { unscaled, scale: from } = decimalDigits(n);
  if (scale >= from) return decimal(Number(`${unscaled}e${-from}`), scale);
  const d = 10n ** BigInt(from - scale);
  const q = unscaled / d;
  const r = unscaled % d;
  const rounded = r !== 0n && roundsAway(q, r, d, mode) ? q + (r < 0n ? -1n : 1n) : q;
  return decimal(Number(`${rounded}e${-scale}`), scale);
}

/** `intdiv` and Java integer division. */
export function intdiv(a: Num, b: Num): number {
  if (numValue(b) === 0) throw new GroovyError('ArithmeticException', 'Division by zero');
  return intResult(numValue(a) / numValue(b));
}

export function remainder(a: Num, b: Num): Num {
  const r = Math.max(rank(a), rank(b));
  if (r === 0 && numValue(b) === 0) throw new GroovyError('ArithmeticException', 'Division by zero');
  const v = numValue(a) % numValue(b);
  if (r === 0) return v;
  if (r === 2) return new Double(v);
  return decimal(v, Math.max(scaleOf(a), scaleOf(b)));
}

export function power(a: Num, b: Num): Num {
  const v = numValue(a) ** numValue(b);
  if (rank(a) === 0 && rank(b) === 0 && numValue(b) >= 0) return v;
  if (rank(a) === 1 && rank(b) === 0 && numValue(b) >= 0) return decimal(v, scaleOf(a) * numValue(b));
  return new Double(v);
}

export function negate(a: Num): Num {
  if (typeof a === 'number') return -a;
  if (a instanceof Decimal) return new Decimal(-a.value, a.scale);
  return new Double(-a.value);
}

/**
 * Groovy's comparison of numbers, also its `==`. A NaN compares as Java's Double.compare has it
 * (Groovy's FloatingPointMath): above every number and equal to itself, so `Double.NaN == Double.NaN`.
 */
export function compareNumbers(a: Num, b: Num): number {
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
  if (n instanceof Decimal) return formatDecimal(n);
  return formatDouble(n.value);
}

/**
 * BigDecimal.toString: plain, unless the number is so small that its first digit lies more than
 * six places after the point; then scientific (`0.0000001` is 1E-7, `0.000000123` 1.23E-7, zero
 * to ten places 0E-10).
 */
function formatDecimal(n: Decimal): string {
  const plain = n.value.toFixed(n.scale);
  // The common case without the digit count: a first digit at 10^-6 or above is plain.
  if (n.value === 0 ? n.scale <= 6 : Math.abs(n.value) >= 1e-6) return plain;
  const digits = plain.replace(/^-?[0.]*/, '').replace('.', '') || '0';
  const adjusted = digits.length - 1 - n.scale;
  if (adjusted >= -6) return plain;
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${n.value < 0 ? '-' : ''}${mantissa}E${adjusted}`;
}

/** Java integer parsing (`Integer.parseInt`, `"12".toInteger()`): digits with an optional sign. */
export function parseInteger(text: string): number {
  const t = text.trim();
  if (!/^[+-]?\d+$/.test(t)) throw numberFormat(text);
  return Number(t);
}

/** `Integer.parseInt(s, radix)`, `Long.parseLong(s, radix)`: an optional sign, then digits of the radix in either case. */
export function parseIntegerInRadix(text: string, radix: number): number {
  const digits = '0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, radix);
  const match = /^([+-]?)(.+)$/.exec(text);
  if (radix < 2 || radix > 36 || !match || ![...match[2].toLowerCase()].every((c) => digits.includes(c))) throw numberFormat(text);
  return (match[1] === '-' ? -1 : 1) * parseInt(match[2], radix);
}

/** `"1.5".toBigDecimal()`, `"3" as BigDecimal`. */
export function parseDecimal(text: string): Decimal {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw numberFormat(text);
  return decimal(Number(t), literalScale(t));
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
  if (v instanceof Decimal || v instanceof Double) return Math.trunc(v.value);
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
  if (typeof v === 'number') return new Decimal(v, 0);
  if (v instanceof Decimal) return v;
  if (v instanceof Double) return decimal(v.value, Math.min(literalScale(formatDouble(v.value)), 15));
  if (typeof v === 'string') return parseDecimal(v);
  throw new GroovyError('GroovyCastException', `Cannot cast object to BigDecimal`);
}
