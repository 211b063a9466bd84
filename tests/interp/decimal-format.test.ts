// java.text.DecimalFormat in Groovy code (the weather-underground PWS apps format a dew point with
// "##.##", quirky-connect an amount with "$0.00"): Java's reading of the pattern and its HALF_EVEN
// rounding of the exact value, checked against what Java prints.
import { describe, expect, it } from 'vitest';
import { run, show } from './helpers.js';

/** Groovy expressions of the numbers formatted below, in the order of the expected columns. */
const NUMBERS = ['0.5d', '2.675d', '0.125d', '0.135d', '2.5d', '3.5d', '-0.001d', '1234567.891d', '12', '-1234', '1e20d', '2.675', '99.995d', '(-1.0d / 0.0d)', '(0.0d / 0.0d)'];

// Printed by OpenJDK 17 with -Djava.locale.providers=COMPAT (Java 8's own locale data, whose NaN
// is U+FFFD) for the doubles, ints and the BigDecimal 2.675 above. 2.675d is 2.67499999... in
// binary, so it rounds down, and the BigDecimal 2.675 up; 0.125d is an exact tie, rounded to even.
const JAVA: Record<string, string[]> = {
  '##.##': ['0.5', '2.67', '0.12', '0.14', '2.5', '3.5', '-0', '1234567.89', '12', '-1234', '100000000000000000000', '2.68', '100', '-\u221E', '\uFFFD'],
  '0.00': ['0.50', '2.67', '0.12', '0.14', '2.50', '3.50', '-0.00', '1234567.89', '12.00', '-1234.00', '100000000000000000000.00', '2.68', '100.00', '-\u221E', '\uFFFD'],
  '#,##0.00': ['0.50', '2.67', '0.12', '0.14', '2.50', '3.50', '-0.00', '1,234,567.89', '12.00', '-1,234.00', '100,000,000,000,000,000,000.00', '2.68', '100.00', '-\u221E', '\uFFFD'],
  '$#,##0.00': ['$0.50', '$2.67', '$0.12', '$0.14', '$2.50', '$3.50', '-$0.00', '$1,234,567.89', '$12.00', '-$1,234.00', '$100,000,000,000,000,000,000.00', '$2.68', '$100.00', '-$\u221E', '\uFFFD'],
  '0': ['0', '3', '0', '0', '2', '4', '-0', '1234568', '12', '-1234', '100000000000000000000', '3', '100', '-\u221E', '\uFFFD'],
  '#.#': ['0.5', '2.7', '0.1', '0.1', '2.5', '3.5', '-0', '1234567.9', '12', '-1234', '100000000000000000000', '2.7', '100', '-\u221E', '\uFFFD'],
  '.##': ['.5', '2.67', '.12', '.14', '2.5', '3.5', '-.0', '1234567.89', '12.0', '-1234.0', '100000000000000000000.0', '2.68', '100.0', '-\u221E', '\uFFFD'],
  '#,##0.###': ['0.5', '2.675', '0.125', '0.135', '2.5', '3.5', '-0.001', '1,234,567.891', '12', '-1,234', '100,000,000,000,000,000,000', '2.675', '99.995', '-\u221E', '\uFFFD'],
};

describe('new DecimalFormat(pattern).format(number)', () => {
  for (const [pattern, expected] of Object.entries(JAVA)) {
    it(`formats as Java does with "${pattern}"`, () => {
      const groovyPattern = pattern.replace('$', '\\$');
      expect(NUMBERS.map((n) => show(`new java.text.DecimalFormat("${groovyPattern}").format(${n})`))).toEqual(expected);
    });
  }

  it('formats the dew point and the amount as the corpus apps write them', () => {
    const calculateDewPoint = `def calculateDewPoint(t, rh) {
  def dp = 243.04 * ( Math.log(rh / 100) + ( (17.625 * t) / (243.04 + t) ) ) / (17.625 - Math.log(rh / 100) - ( (17.625 * t) / (243.04 + t) ) )
  return new DecimalFormat("##.##").format(dp)
}`;
    expect(show('calculateDewPoint(75.2, 40)', calculateDewPoint)).toBe('54.92'); // of 54.916887200922424
    expect(show('def pattern = "\\$0.00"; def moneyform = new DecimalFormat(pattern); String output = moneyform.format("12.5".toBigDecimal()); output')).toBe('$12.50');
    // Java's default pattern for the US locale.
    expect(show('new DecimalFormat().format(1234.56789d)')).toBe('1,234.568');
  });

  it("refuses a malformed pattern or a value that is not a number with Java's catchable IllegalArgumentException", () => {
    expect(show('try { new DecimalFormat("0.0.0") } catch (IllegalArgumentException e) { e.message }')).toBe('Multiple decimal separators in pattern "0.0.0"');
    expect(show('try { new DecimalFormat("#,##0,") } catch (IllegalArgumentException e) { e.message }')).toBe('Malformed pattern "#,##0,"');
    expect(show('try { new DecimalFormat("0.00").format("12") } catch (IllegalArgumentException e) { "not a number" }')).toBe('not a number');
  });

  it('names a pattern feature the tool does not model as a gap', () => {
    expect(() => run('new DecimalFormat("#.##%")')).toThrow(/unsupported: DecimalFormat pattern "#\.##%" with a percent sign/);
    expect(() => run('new DecimalFormat("#,##0.00;(#,##0.00)")')).toThrow(/with a negative subpattern/);
    expect(() => run('new DecimalFormat("0.###E0")')).toThrow(/with an exponent/);
    expect(() => run('new DecimalFormat("0.00").setRoundingMode(null)')).toThrow(/unsupported: method setRoundingMode\(\) of decimalFormat/);
  });
});
