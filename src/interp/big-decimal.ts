// java.math.BigDecimal, exactly: an unscaled integer and a scale, the value unscaled × 10^-scale.
// Arithmetic here never passes through a double, so `1786543210123 / 60000` has the digits Groovy
// prints (29775720.1687166667), a sum of large values keeps its last digit, and a scale can be
// negative as Java's is (`10 / 0.5` is 2E+1). numbers.ts decides when a Groovy operation is a
// BigDecimal one; this module only does Java's BigDecimal arithmetic.
import { GroovyError, numberFormat } from './errors.js';
import { checkDecimalDigits, MAX_DECIMAL_DIGITS } from './limits.js';
import { Decimal } from './values.js';

/** Groovy's BigDecimalMath: a quotient that never ends gets this many digits more than its operands, and at least this scale. */
const DIVISION_EXTRA_PRECISION = 10;
const DIVISION_MIN_SCALE = 10;

/** java.math.RoundingMode's modes, by name (BigDecimal's legacy ROUND_* ints are their ordinals). */
export const ROUNDING_MODES = ['UP', 'DOWN', 'CEILING', 'FLOOR', 'HALF_UP', 'HALF_DOWN', 'HALF_EVEN', 'UNNECESSARY'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function pow10(k: number): bigint {
  checkDecimalDigits(k);
  return 10n ** BigInt(k);
}

/** At most MAX_DECIMAL_DIGITS digits: what bounds a product's growth (`x = x * x` forty times). */
const TOO_MANY_DIGITS = 10n ** BigInt(MAX_DECIMAL_DIGITS);

function checkedDigits(d: Decimal): Decimal {
  if (abs(d.unscaled) >= TOO_MANY_DIGITS) checkDecimalDigits(precision(d));
  return d;
}

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

/** `new BigDecimal(text)`: `1.50` has scale 2, `1e3` scale -3 (1E+3). */
export function parseBigDecimal(text: string): Decimal {
  const m = DECIMAL_TEXT.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw numberFormat(text);
  const [, sign, whole, fraction = '', exponent = '0'] = m;
  const unscaled = BigInt(`${whole}${fraction}` || '0');
  return new Decimal(sign === '-' ? -unscaled : unscaled, fraction.length - Number(exponent));
}

/** An integer as a BigDecimal of scale 0. */
export function integerDecimal(n: number | bigint): Decimal {
  return new Decimal(BigInt(n), 0);
}

/**
 * A finite double's exact value: significand × 2^exponent, which is significand × 5^-exponent ×
 * 10^exponent when the exponent is negative (trailing zero bits dropped first, as Java does).
 */
export function exactBinaryDecimal(v: number): Decimal {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  let significand = biased === 0 ? fraction : fraction | (1n << 52n);
  let exponent = (biased === 0 ? 1 : biased) - 1075;
  if (significand === 0n) return new Decimal(0n, 0);
  while ((significand & 1n) === 0n) {
    significand >>= 1n;
    exponent++;
  }
  const sign = v < 0 ? -1n : 1n;
  if (exponent >= 0) return new Decimal(sign * (significand << BigInt(exponent)), 0);
  return new Decimal(sign * significand * 5n ** BigInt(-exponent), -exponent);
}

/** The unscaled value at a scale at least the decimal's own. */
function rescaled(d: Decimal, scale: number): bigint {
  return d.unscaled * pow10(scale - d.scale);
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return new Decimal(rescaled(a, scale) + rescaled(b, scale), scale);
}

export function absDecimal(a: Decimal): Decimal {
  return a.unscaled < 0n ? negateDecimal(a) : a;
}

export function negateDecimal(a: Decimal): Decimal {
  return new Decimal(-a.unscaled, a.scale);
}

export function multiplyDecimals(a: Decimal, b: Decimal): Decimal {
  return checkedDigits(new Decimal(a.unscaled * b.unscaled, a.scale + b.scale));
}

/** BigDecimal.pow(n) for n ≥ 0; refused before it is computed when its digits would pass the limit. */
export function powerDecimal(a: Decimal, n: number): Decimal {
  // |u|^n has at least n·log10|u| digits (|u| ≥ 2), so `2 ** 1000000000` is refused at once.
  if (abs(a.unscaled) > 1n) checkDecimalDigits(Math.floor(n * Math.log10(Number(abs(a.unscaled)))));
  return checkedDigits(new Decimal(a.unscaled ** BigInt(n), a.scale * n));
}

/** BigDecimal.remainder: the dividend less the divisor times their quotient truncated, at the larger scale. */
export function remainderDecimals(a: Decimal, b: Decimal): Decimal {
  if (b.unscaled === 0n) throw new GroovyError('ArithmeticException', 'Division by zero');
  const scale = Math.max(a.scale, b.scale);
  return new Decimal(rescaled(a, scale) % rescaled(b, scale), scale);
}

export function compareDecimals(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescaled(a, scale);
  const y = rescaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The number of digits of the unscaled value (BigDecimal.precision; a zero has 1). */
function precision(d: Decimal): number {
  return abs(d.unscaled).toString().length;
}

/**
 * Groovy's BigDecimal division (BigDecimalMath.divideImpl): Java's exact quotient when its expansion
 * ends; otherwise the quotient to the operands' precision plus 10 digits, rounded half up, and
 * then to at most the larger of their scales and 10 places.
 */
export function divideDecimals(a: Decimal, b: Decimal): Decimal {
  if (b.unscaled === 0n) throw new GroovyError('ArithmeticException', 'Division by zero');
  const exact = exactQuotient(a, b);
  if (exact) return exact;
  const quotient = quotientToPrecision(a, b, Math.max(precision(a), precision(b)) + DIVISION_EXTRA_PRECISION);
  const scale = Math.max(a.scale, b.scale, DIVISION_MIN_SCALE);
  return quotient.scale > scale ? setDecimalScale(quotient, scale, 'HALF_UP') : quotient;
}

/**
 * BigDecimal.divide(divisor) when the quotient's expansion ends: the quotient with trailing zeros
 * dropped down to, never below, the preferred scale (the dividend's less the divisor's), so
 * `7.50 / 2.5` is 3.0, `1 / 2048` 0.00048828125 and `10 / 0.5` 2E+1. Undefined when it never ends:
 * in lowest terms the denominator has a prime factor other than 2 and 5.
 */
function exactQuotient(a: Decimal, b: Decimal): Decimal | undefined {
  const preferred = a.scale - b.scale;
  const common = gcd(a.unscaled, b.unscaled);
  let numerator = a.unscaled / common;
  let denominator = b.unscaled / common;
  if (denominator < 0n) [numerator, denominator] = [-numerator, -denominator];
  let rest = denominator;
  const powerOf = (p: bigint): number => {
    let k = 0;
    for (; rest % p === 0n; k++) rest /= p;
    return k;
  };
  const places = Math.max(powerOf(2n), powerOf(5n));
  if (rest !== 1n) return undefined;
  let unscaled = numerator * (pow10(places) / denominator);
  let scale = places + preferred;
  while (scale > preferred && unscaled % 10n === 0n && unscaled !== 0n) {
    unscaled /= 10n;
    scale--;
  }
  return new Decimal(unscaled, scale);
}

/** a / b to `digits` significant digits, rounded half up (BigDecimal.divide with a MathContext). */
function quotientToPrecision(a: Decimal, b: Decimal, digits: number): Decimal {
  // a / b = (ua / ub) × 10^(sb - sa); find the power of ten t that gives ua × 10^t / ub `digits` digits.
  let t = digits - precision(a) + precision(b);
  if (scaledQuotient(a.unscaled, b.unscaled, t, 'DOWN').toString().replace('-', '').length > digits) t--;
  let unscaled = scaledQuotient(a.unscaled, b.unscaled, t, 'HALF_UP');
  if (abs(unscaled).toString().length > digits) {
    unscaled /= 10n; // rounding carried into a new digit: 9.99… became 10.0…, exactly divisible
    t--;
  }
  return new Decimal(unscaled, t + a.scale - b.scale);
}

/** ua × 10^t / ub rounded to an integer by `mode`. */
function scaledQuotient(ua: bigint, ub: bigint, t: number, mode: RoundingMode): bigint {
  const numerator = t >= 0 ? ua * pow10(t) : ua;
  const denominator = t >= 0 ? ub : ub * pow10(-t);
  return divideRounded(numerator, denominator, mode);
}

/** n / d rounded to an integer by `mode`. */
function divideRounded(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  // The exact quotient's sign: BigInt division truncates toward zero.
  const negative = n < 0n !== d < 0n;
  return roundsAway(q, abs(r), abs(d), negative, mode) ? q + (negative ? -1n : 1n) : q;
}

/** Whether dropping a remainder `r` (> 0) of divisor `d` from the truncated quotient `q` rounds it away from zero. */
function roundsAway(q: bigint, r: bigint, d: bigint, negative: boolean, mode: RoundingMode): boolean {
  const twice = 2n * r;
  switch (mode) {
    case 'UP': return true;
    case 'DOWN': return false;
    case 'CEILING': return !negative;
    case 'FLOOR': return negative;
    case 'HALF_UP': return twice >= d;
    case 'HALF_DOWN': return twice > d;
    case 'HALF_EVEN': return twice > d || (twice === d && q % 2n !== 0n);
    case 'UNNECESSARY': throw new GroovyError('ArithmeticException', 'Rounding necessary');
  }
}

/** `BigDecimal.setScale(scale, mode)`: exact on the decimal digits, so 1.15 rounds as the decimal 1.15. */
export function setDecimalScale(d: Decimal, scale: number, mode: RoundingMode): Decimal {
  if (scale >= d.scale) return new Decimal(rescaled(d, scale), scale);
  return new Decimal(divideRounded(d.unscaled, pow10(d.scale - scale), mode), scale);
}

/** BigDecimal.stripTrailingZeros: 100.00 is 1E+2; a zero is 0 (Java 8). */
export function stripTrailingZeros(d: Decimal): Decimal {
  if (d.unscaled === 0n) return new Decimal(0n, 0);
  let { unscaled, scale } = d;
  while (unscaled % 10n === 0n) {
    unscaled /= 10n;
    scale--;
  }
  return new Decimal(unscaled, scale);
}

/** The integer part, truncated toward zero (BigDecimal.longValue without the overflow). */
export function truncatedInteger(d: Decimal): bigint {
  return d.scale <= 0 ? d.unscaled * pow10(-d.scale) : d.unscaled / pow10(d.scale);
}

/**
 * BigDecimal.toString: plain when the scale is not negative and the first digit lies at most six
 * places after the point; otherwise scientific (`1E+3`, `1.23E-7`, zero to ten places `0E-10`).
 */
export function formatBigDecimal(d: Decimal): string {
  const digits = abs(d.unscaled).toString();
  const sign = d.unscaled < 0n ? '-' : '';
  const adjusted = digits.length - 1 - d.scale;
  if (d.scale >= 0 && adjusted >= -6) return sign + plainDigits(digits, d.scale);
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}E${adjusted >= 0 ? '+' : ''}${adjusted}`;
}

/** BigDecimal.toPlainString: never an exponent (`1E+3` is 1000). */
export function formatPlainBigDecimal(d: Decimal): string {
  const digits = abs(d.unscaled).toString();
  const sign = d.unscaled < 0n ? '-' : '';
  return sign + (d.scale < 0 ? (d.unscaled === 0n ? '0' : digits + '0'.repeat(-d.scale)) : plainDigits(digits, d.scale));
}

function plainDigits(digits: string, scale: number): string {
  if (scale === 0) return digits;
  const padded = digits.padStart(scale + 1, '0');
  return `${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`;
}

function gcd(x: bigint, y: bigint): bigint {
  let [p, q] = [abs(x), abs(y)];
  while (q !== 0n) [p, q] = [q, p % q];
  return p;
}
