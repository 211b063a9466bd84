// BigDecimal arithmetic, exact as Java's. Every expected value below is what Groovy 3.0.9 printed
// for the same expression on this machine's Java 17 (BigDecimalMath and NumberMath are the same
// in Groovy 2.4, the platform's).
import { describe, expect, it } from 'vitest';
import { show } from './helpers.js';

describe('BigDecimal arithmetic without a double in between', () => {
  it('divides large values to the digits Groovy prints (minutes since an epoch time, a long quotient)', () => {
    // Through a double these came out 29775720.1687166654 and 17636684144.6428565979.
    expect(show('[1786543210123 / 60000, 123456789012.5 / 7, 1.23456789012345678 / 7, 7 / 1.23456789012345678]')).toBe(
      '[29775720.1687166667, 17636684144.6428571429, 0.17636684144620811, 5.67000005103000051]',
    );
  });
  it('adds and multiplies past a double\'s 16 digits', () => {
    expect(show('[12345678901234567890.123 + 1, 0.1 * 3, 2.5 * 2.50, 1.1 ** 3]')).toBe('[12345678901234567891.123, 0.3, 6.250, 1.331]');
  });
  it('keeps a negative scale where Java has one, and prints it in scientific notation', () => {
    expect(show('[1e3, 1.5e3, 10 / 0.5, 10 / 0.5 + 1, 100 / 0.25, 0 / 0.5, 1e2 * 1.5, 100.00.stripTrailingZeros()]')).toBe(
      '[1E+3, 1.5E+3, 2E+1, 21, 4E+2, 0E+1, 1.5E+2, 1E+2]',
    );
    expect(show('[1e3.toPlainString(), "${10 / 0.5}", 1e3 == 1000, 1e3.toInteger(), "1E+3".toBigDecimal() + 0]')).toBe('[1000, 2E+1, true, 1000, 1000]');
  });
  it('rounds a quotient that never ends to the operands\' precision plus 10 digits first (1e3 / 7 has 8 places)', () => {
    expect(show('[1e3 / 7, 1000 / 7, 1 / 3, -2 / 3]')).toBe('[142.85714286, 142.8571428571, 0.3333333333, -0.6666666667]');
  });
  it('makes a BigDecimal of a Double from its text, except new BigDecimal(double), which is its exact binary value', () => {
    expect(show('[0.1d as BigDecimal, 100d as BigDecimal, 1e-20d as BigDecimal, BigDecimal.valueOf(0.1d), new BigDecimal(0.5d)]')).toBe(
      '[0.1, 100.0, 1.0E-20, 0.1, 0.5]',
    );
    expect(show('new BigDecimal(0.1d)')).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(show('new BigDecimal(2.675d).setScale(2, BigDecimal.ROUND_HALF_UP)')).toBe('2.67');
  });
  it('gives Math\'s double overloads a BigDecimal argument', () => {
    expect(show('[Math.max(1.5, 2.50), Math.abs(-2.50), Math.max(1, 2), Math.abs(-3)]')).toBe('[2.5, 2.5, 2, 3]');
  });
});

describe("a BigDecimal's size is a budget, as a string's is (docs/interpreter.md, \"Limits\")", () => {
  it('refuses a power or a scaling beyond 10,000 digits before computing it', () => {
    expect(() => show('2.0 ** 1000000000')).toThrow(/budget exceeded: a BigDecimal of \d+ digits \(the limit is 10000\)/);
    expect(() => show('1e999999999 + 1')).toThrow(/budget exceeded: a BigDecimal of 999999999 digits/);
    expect(show('(2.0 ** 1000).toString().length() > 300')).toBe('true');
  });
});

describe('what Groovy 2 cannot do with a BigDecimal', () => {
  it('has no % or mod for a BigDecimal: UnsupportedOperationException naming the left operand', () => {
    expect(show('try { 5.5 % 2 } catch (UnsupportedOperationException e) { e.message }')).toBe(
      'Cannot use mod() on this number type: java.math.BigDecimal with value: 5.5',
    );
    expect(show('try { 7 % 2.5 } catch (UnsupportedOperationException e) { e.message }')).toBe(
      'Cannot use mod() on this number type: java.lang.Integer with value: 7',
    );
    expect(show('[7.5d % 2, 7 % 2.5d, -7 % 2, 7.mod(2)]')).toBe('[1.5, 2.0, -1, 1]');
  });
  it('has intdiv for integers only', () => {
    expect(show('try { 7.5d.intdiv(2) } catch (UnsupportedOperationException e) { e.message }')).toBe(
      'Cannot use intdiv() on this number type: java.lang.Double with value: 7.5',
    );
    expect(show('[7.intdiv(2), -7.intdiv(2)]')).toBe('[3, -3]');
  });
  it('has BigDecimal.remainder, Java\'s own method, on a BigDecimal only', () => {
    expect(show('[5.5.remainder(2), 7.5.remainder(2.5), -5.5.remainder(2)]')).toBe('[1.5, 0.0, -1.5]');
    expect(show('try { 7.remainder(2) } catch (MissingMethodException e) { "missing" }')).toBe('missing');
  });
});
