// GDK methods of numbers (Integer, BigDecimal, Double): rounding, conversions, times/upto, ...
import { GroovyError, missingMethod } from '../errors.js';
import * as big from '../big-decimal.js';
import * as num from '../numbers.js';
import { javaEquals } from '../equality.js';
import { compare, minus, plus } from '../operators.js';
import { className, Decimal, Double } from '../values.js';
import { roundingModeOf } from '../java/math.js';
import { asNum, call, type Method } from './support.js';

function roundHalfUp(v: number, places: number): number {
  const f = 10 ** places;
  return Math.sign(v) * Math.round(Math.abs(v) * f) / f;
}

/** The receiver of a method only a BigDecimal has. */
function decimalReceiver(n: num.Num, method: string): Decimal {
  if (n instanceof Decimal) return n;
  throw missingMethod(method, className(n));
}

export const numberMethods: Record<string, Method<num.Num>> = {
  toInteger: (n) => num.toInt(n),
  intValue: (n) => num.toInt(n),
  toLong: (n) => num.toInt(n),
  longValue: (n) => num.toInt(n),
  toDouble: (n) => num.toDoubleValue(n),
  doubleValue: (n) => num.toDoubleValue(n),
  toFloat: (n) => num.toDoubleValue(n),
  floatValue: (n) => num.toDoubleValue(n),
  toBigDecimal: (n) => num.toDecimalValue(n),
  toBigInteger: (n) => num.toInt(n),
  abs: (n) => (num.numValue(n) < 0 ? num.negate(n) : n),
  intdiv: (n, a) => num.intdiv(n, asNum(a[0])),
  plus: (n, a) => plus(n, a[0]),
  minus: (n, a) => minus(n, a[0]),
  multiply: (n, a) => num.multiply(n, asNum(a[0])),
  div: (n, a) => num.divide(n, asNum(a[0])),
  mod: (n, a) => num.remainder(n, asNum(a[0])),
  remainder: (n, a) => num.decimalRemainder(decimalReceiver(n, 'remainder'), asNum(a[0])),
  // BigDecimal's: the same value at the smallest scale that holds it (100.00 is 1E+2).
  stripTrailingZeros: (n) => big.stripTrailingZeros(decimalReceiver(n, 'stripTrailingZeros')),
  toPlainString: (n) => big.formatPlainBigDecimal(decimalReceiver(n, 'toPlainString')),
  power: (n, a) => num.power(n, asNum(a[0])),
  compareTo: (n, a) => compare(n, a[0]),
  // Java's equals: a number of another type, or a BigDecimal of another scale, is not equal (`5.equals(5.0)` is false).
  equals: (n, a) => javaEquals(n, a[0] ?? null),
  round: (n, a) => {
    if (a.length === 0) return Math.round(num.numValue(n));
    const places = num.toInt(a[0]);
    return n instanceof Decimal ? num.setScale(n, places, 'HALF_UP') : new Double(roundHalfUp(num.numValue(n), places));
  },
  // Rounded exactly on the decimal digits; without a mode Java rounds not at all (UNNECESSARY):
  // `1.25.setScale(1)` is an ArithmeticException, `1.2.setScale(3)` is 1.200.
  setScale: (n, a) => num.setScale(n, num.toInt(a[0]), a.length > 1 ? roundingModeOf(a[1]) : 'UNNECESSARY'),
  trunc: (n, a) => {
    const f = 10 ** (a.length ? num.toInt(a[0]) : 0);
    return n instanceof Double ? new Double(Math.trunc(n.value * f) / f) : Math.trunc(num.numValue(n));
  },
  times: (n, a) => {
    for (let i = 0; i < num.toInt(n); i++) call(a[0], [i]);
    return null;
  },
  upto: (n, a) => {
    for (let i = num.toInt(n); i <= num.toInt(a[0]); i++) call(a[1], [i]);
    return null;
  },
  downto: (n, a) => {
    for (let i = num.toInt(n); i >= num.toInt(a[0]); i--) call(a[1], [i]);
    return null;
  },
  step: (n, a) => {
    const to = num.toInt(a[0]);
    const by = num.toInt(a[1]);
    if (by === 0) throw new GroovyError('IllegalArgumentException', 'step 0');
    for (let i = num.toInt(n); by > 0 ? i < to : i > to; i += by) call(a[2], [i]);
    return null;
  },
  isNaN: (n) => Number.isNaN(num.numValue(n)),
  isInfinite: (n) => Math.abs(num.numValue(n)) === Infinity,
};
