// java.util.Formatter in Groovy code (String.format, sprintf, "x".format(fmt, ...)): every
// conversion and flag checked against what Java 8 prints, and each misuse ending in the
// IllegalFormatException subtype Java throws rather than in text Java would never print.
import { describe, expect, it } from 'vitest';
import { GroovyError, UnsupportedError } from '../../src/interp/errors.js';
import { run, show } from './helpers.js';

/** `String.format(<args>)` as Groovy code; single-quoted formats keep `$` out of GString interpolation. */
const format = (args: string) => show(`String.format(${args})`);

/** The Java exception class and message the snippet ends with. */
function thrown(body: string): [string, string] {
  try {
    run(body);
  } catch (e) {
    if (e instanceof GroovyError) return [e.javaClass, e.groovyMessage];
    throw e;
  }
  throw new Error(`no exception from ${body}`);
}

describe('String.format: general conversions', () => {
  it('prints %b as false for null and Boolean false and true for any other value, even the string "false"', () => {
    expect(format(`'%b %b %b %b %b', null, false, true, 'false', 0`)).toBe('false false true true true');
    expect(format(`'%B|%.1b|%6b|%-6b|', true, true, false, false`)).toBe('TRUE|t| false|false |');
  });

  it("prints %s with Java's toString, so a map is {a=1}, and %S upper-cased", () => {
    expect(format(`'%s', [a: 1]`)).toBe('{a=1}');
    expect(format(`'%s', [1, 2]`)).toBe('[1, 2]');
    expect(format(`'%s', [[a: 1, b: 'x']]`)).toBe('[{a=1, b=x}]');
    expect(format(`'%s %s %s %s', null, 1.50, 2.5d, true`)).toBe('null 1.50 2.5 true');
    expect(format(`'%S', 'ab'`)).toBe('AB');
    expect(format(`'%S', [a: 'x']`)).toBe('{A=X}');
  });

  it('pads %s to the width, on the right with -, and cuts it to the precision', () => {
    expect(format(`'%-5s|', 'a'`)).toBe('a    |');
    expect(format(`'%5s|', 'a'`)).toBe('    a|');
    expect(format(`'%.3s', 'abcdef'`)).toBe('abc');
    expect(format(`'%5.2s|', 'abcdef'`)).toBe('   ab|');
  });

  it("prints %h as the hex of a string's Java hashCode, and null as null", () => {
    expect(format(`'%h %H %h', 'hello', 'hello', null`)).toBe('5e918d2 5E918D2 null');
  });

  it('prints %c of a character or an int code point', () => {
    expect(format(`'%c%c', 65, 'x'`)).toBe('Ax');
    expect(format(`'%C|%3c|%-3c|', 'x', 66, 67`)).toBe('X|  B|C  |');
    expect(format(`'%c', 0x1F600`)).toBe('\u{1F600}');
  });

  it('prints %% and %n, a percent sign without the width it is given (Java 8)', () => {
    expect(format(`'%d%%', 50`)).toBe('50%');
    expect(format(`'a%nb'`)).toBe('a\nb');
    expect(format(`'%3%|%-3%|'`)).toBe('%|%|');
  });
});

describe('String.format: integers', () => {
  it('prints %d with the sign flags, grouping, zero padding and parentheses', () => {
    expect(format(`'%d %d', 42, -42`)).toBe('42 -42');
    expect(format(`'%+d %+d', 5, -5`)).toBe('+5 -5');
    expect(format(`'[% d] [% d]', 5, -5`)).toBe('[ 5] [-5]');
    expect(format(`'%(d %(d', 5, -5`)).toBe('5 (5)');
    expect(format(`'%,d', 1234567`)).toBe('1,234,567');
    expect(format(`'%,d', -1234567`)).toBe('-1,234,567');
    expect(format(`'%(,d', -1234567`)).toBe('(1,234,567)');
    expect(format(`'%05d %05d %02d', 42, -42, 5`)).toBe('00042 -0042 05');
    expect(format(`'%(08d', -42`)).toBe('(000042)');
    expect(format(`'%,010d', 1234`)).toBe('000001,234');
    expect(format(`'%-5d|%5d|', 42, 42`)).toBe('42   |   42|');
  });

  it('prints a Long beyond the int range, and null as null', () => {
    expect(format(`'%,d', 10000000000L`)).toBe('10,000,000,000');
    expect(format(`'%d|%5d|%X', null, null, null`)).toBe('null| null|NULL');
  });

  it("prints %o and %x of a negative Integer in 32-bit two's complement, of a negative Long in 64", () => {
    expect(format(`'%o %o', 8, -1`)).toBe('10 37777777777');
    expect(format(`'%x %X %x', 255, 255, -1`)).toBe('ff FF ffffffff');
    expect(format(`'%x', -10000000000L`)).toBe('fffffffdabf41c00');
  });

  it('prefixes %#o with 0 and %#x with 0x, before the zero padding', () => {
    expect(format(`'%#o %#x %#X', 8, 255, 255`)).toBe('010 0xff 0XFF');
    expect(format(`'%08X|%#010x|%-6x|', 255, 255, 255`)).toBe('000000FF|0x000000ff|ff    |');
  });
});

describe('String.format: floating point', () => {
  it('rounds %f HALF_UP on the exact digits of a BigDecimal', () => {
    expect(format(`'%.2f', 1.005`)).toBe('1.01');
    expect(format(`'%5.1f', 2.25`)).toBe('  2.3');
    expect(format(`'%f', 3.14159`)).toBe('3.141590');
    expect(format(`'%.0f %.0f', 2.5, 0.4`)).toBe('3 0');
    expect(format(`'%.3f', 1.5`)).toBe('1.500');
  });

  it("rounds %f HALF_UP on the digits of a Double's shortest representation, as Java (not C) does", () => {
    expect(format(`'%.1f', 0.05d`)).toBe('0.1');
    expect(format(`'%.2f', 1.005d`)).toBe('1.01');
    expect(format(`'%.3f', 1.0005d`)).toBe('1.001');
    expect(format(`'%.0f', 2.5d`)).toBe('3');
    expect(format(`'%.2f', 0.001d`)).toBe('0.00');
    expect(format(`'%f', 1e20d`)).toBe('100000000000000000000.000000');
    expect(format(`'%.2f', 1e-7d`)).toBe('0.00');
    expect(format(`'%.1f', 9.96d`)).toBe('10.0');
  });

  it('keeps the sign of a negative Double that rounds to zero, and of -0.0', () => {
    expect(format(`'%.2f', -0.001d`)).toBe('-0.00');
    expect(format(`'%.1f', -0.0d`)).toBe('-0.0');
  });

  it('applies the flags of %f: sign, grouping, parentheses, zero padding and #', () => {
    expect(format(`'%(,.2f', -1234.5`)).toBe('(1,234.50)');
    expect(format(`'%08.2f', -3.14159`)).toBe('-0003.14');
    expect(format(`'%,.2f', 1234567.891`)).toBe('1,234,567.89');
    expect(format(`'%+.1f|% .1f|', 2.0d, 2.0d`)).toBe('+2.0| 2.0|');
    expect(format(`'%#.0f', 2.5d`)).toBe('3.');
    expect(format(`'%-8.2f|', 3.14159d`)).toBe('3.14    |');
  });

  it('prints %e with at least two exponent digits', () => {
    expect(format(`'%e', 12345.678`)).toBe('1.234568e+04');
    expect(format(`'%e', 12345.678d`)).toBe('1.234568e+04');
    expect(format(`'%E', 12345.678d`)).toBe('1.234568E+04');
    expect(format(`'%.2e', 0.000123456d`)).toBe('1.23e-04');
    expect(format(`'%e', 0.0d`)).toBe('0.000000e+00');
    expect(format(`'%.1e', 9.96d`)).toBe('1.0e+01');
    expect(format(`'%e', 1e100d`)).toBe('1.000000e+100');
    expect(format(`'%#.0e|%.0e', 5.0d, 5.0d`)).toBe('5.e+00|5e+00');
    expect(format(`'%10.1e|%010.2e|%(.1e', 1234.5, -1234.5d, -1234.5d`)).toBe('   1.2e+03|-01.23e+03|(1.2e+03)');
  });

  it('prints %g with the precision as significant digits, in scientific notation outside [10^-4, 10^precision)', () => {
    expect(format(`'%g', 0.0001d`)).toBe('0.000100000');
    expect(format(`'%g', 12345.678d`)).toBe('12345.7');
    expect(format(`'%g', 1234567.0d`)).toBe('1.23457e+06');
    expect(format(`'%g', 0.0d`)).toBe('0.00000');
    expect(format(`'%.3g', 0.00001234d`)).toBe('1.23e-05');
    expect(format(`'%G', 1e-10d`)).toBe('1.00000E-10');
    expect(format(`'%.0g', 25.0d`)).toBe('3e+01');
    expect(format(`'%,g', 12345.678d`)).toBe('12,345.7');
  });

  it('decides %g of a Double after rounding it, and of a BigDecimal before (Java 8)', () => {
    expect(format(`'%g', 999999.5d`)).toBe('1.00000e+06');
    expect(format(`'%g', 999999.5`)).toBe('1000000');
    expect(format(`'%g', 12345.678`)).toBe('12345.7');
    expect(format(`'%g', 0.0001`)).toBe('0.000100000');
  });

  it('prints NaN and Infinity with their sign flags but no zero padding', () => {
    expect(format(`'%8.2f|', 0.0d / 0.0d`)).toBe('     NaN|');
    expect(format(`'%+f|%(f|%010e|', 1.0d / 0.0d, -1.0d / 0.0d, -1.0d / 0.0d`)).toBe('+Infinity|(Infinity)| -Infinity|');
    expect(format(`'%E', 1.0d / 0.0d`)).toBe('INFINITY');
  });
});

describe('String.format: argument indexes', () => {
  it('takes the argument an index names, or the previous one with <', () => {
    expect(format(`'%2$s %1$s', 'a', 'b'`)).toBe('b a');
    expect(format(`'%s %<s', 'x'`)).toBe('x x');
    // An explicit index does not move the ordinary ones on.
    expect(format(`'%2$s %s %s %<S', 'a', 'b'`)).toBe('b a b B');
  });

  it('ignores arguments left over', () => {
    expect(format(`'%s', 'a', 'b'`)).toBe('a');
  });

  it('formats the same way through sprintf and a string\'s format', () => {
    expect(show(`sprintf('%05.1f', 2.25)`)).toBe('002.3');
    expect(show(`sprintf('%s|%s', 'a', [a: 1])`)).toBe('a|{a=1}');
    expect(show(`''.format('%,d', 1234)`)).toBe('1,234');
  });
});

describe('String.format: errors', () => {
  it('throws MissingFormatArgumentException for a specifier without its argument', () => {
    expect(thrown(`String.format('%s %s', 'a')`)).toEqual(['MissingFormatArgumentException', "Format specifier '%s'"]);
    expect(thrown(`String.format('%<s', 'a')`)).toEqual(['MissingFormatArgumentException', "Format specifier '%<s'"]);
    // Java writes the specifier with its flags before the index.
    expect(thrown(`String.format('%3$-5s', 'a')`)).toEqual(['MissingFormatArgumentException', "Format specifier '%-3$5s'"]);
  });

  it('throws UnknownFormatConversionException for an unknown conversion or a lone %', () => {
    expect(thrown(`String.format('%q', 1)`)).toEqual(['UnknownFormatConversionException', "Conversion = 'q'"]);
    expect(thrown(`String.format('%D', 1)`)).toEqual(['UnknownFormatConversionException', "Conversion = 'D'"]);
    expect(thrown(`String.format('100%')`)).toEqual(['UnknownFormatConversionException', "Conversion = '%'"]);
    expect(thrown(`String.format('%5', 1)`)).toEqual(['UnknownFormatConversionException', "Conversion = '5'"]);
  });

  it('checks the whole format before formatting any argument', () => {
    expect(thrown(`String.format('%s %q')`)).toEqual(['UnknownFormatConversionException', "Conversion = 'q'"]);
  });

  it('throws IllegalFormatConversionException for an argument of a type the conversion does not take', () => {
    expect(thrown(`String.format('%d', 1.5)`)).toEqual(['IllegalFormatConversionException', 'd != java.math.BigDecimal']);
    expect(thrown(`String.format('%d', 1.5d)`)).toEqual(['IllegalFormatConversionException', 'd != java.lang.Double']);
    expect(thrown(`String.format('%X', '10')`)).toEqual(['IllegalFormatConversionException', 'x != java.lang.String']);
    expect(thrown(`String.format('%f', 'x')`)).toEqual(['IllegalFormatConversionException', 'f != java.lang.String']);
    expect(thrown(`String.format('%.1f', 5)`)).toEqual(['IllegalFormatConversionException', 'f != java.lang.Integer']);
    expect(thrown(`String.format('%e', 10000000000L)`)).toEqual(['IllegalFormatConversionException', 'e != java.lang.Long']);
    expect(thrown(`String.format('%c', 'ab')`)).toEqual(['IllegalFormatConversionException', 'c != java.lang.String']);
    expect(thrown(`String.format('%c', true)`)).toEqual(['IllegalFormatConversionException', 'c != java.lang.Boolean']);
  });

  it('throws FormatFlagsConversionMismatchException for a flag the conversion does not take', () => {
    expect(thrown(`String.format('%,x', 1)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = x, Flags = ,']);
    expect(thrown(`String.format('%#d', 1)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = d, Flags = #']);
    expect(thrown(`String.format('%+s', 1)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = s, Flags = +']);
    expect(thrown(`String.format('%#s', 'a')`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = s, Flags = #']);
    expect(thrown(`String.format('%#b', true)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = b, Flags = #']);
    expect(thrown(`String.format('%,e', 1.0d)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = e, Flags = ,']);
    expect(thrown(`String.format('%#g', 1.0d)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = g, Flags = #']);
    expect(thrown(`String.format('%05c', 65)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = c, Flags = 0']);
    // Java checks the sign flags of %o and %x when it prints an Integer or a Long.
    expect(thrown(`String.format('%+x', 5)`)).toEqual(['FormatFlagsConversionMismatchException', 'Conversion = x, Flags = +']);
  });

  it('throws the other IllegalFormatExceptions for a malformed specifier', () => {
    expect(thrown(`String.format('%+ d', 1)`)).toEqual(['IllegalFormatFlagsException', "Flags = '+ '"]);
    expect(thrown(`String.format('%-05d', 1)`)).toEqual(['IllegalFormatFlagsException', "Flags = '-0'"]);
    expect(thrown(`String.format('%-%')`)).toEqual(['MissingFormatWidthException', '%-%']);
    expect(thrown(`String.format('%-s', 1)`)).toEqual(['MissingFormatWidthException', '%-s']);
    expect(thrown(`String.format('%0d', 1)`)).toEqual(['MissingFormatWidthException', '%0d']);
    expect(thrown(`String.format('%.2d', 1)`)).toEqual(['IllegalFormatPrecisionException', '2']);
    expect(thrown(`String.format('%.1c', 65)`)).toEqual(['IllegalFormatPrecisionException', '1']);
    expect(thrown(`String.format('%5n')`)).toEqual(['IllegalFormatWidthException', '5']);
    expect(thrown(`String.format('%--5s', 1)`)).toEqual(['DuplicateFormatFlagsException', "Flags = '-'"]);
    expect(thrown(`String.format('%c', -1)`)).toEqual(['IllegalFormatCodePointException', 'Code point = 0xffffffff']);
    expect(thrown(`String.format('%c', 0x110000)`)).toEqual(['IllegalFormatCodePointException', 'Code point = 0x110000']);
  });

  it('lets the app catch the exception by its class', () => {
    expect(show(`try { String.format('%d', 1.5) } catch (IllegalFormatConversionException e) { e.message }`)).toBe('d != java.math.BigDecimal');
  });

  it('names date/time conversions, %a and the hash code of a value other than a string as gaps of the tool', () => {
    expect(() => run(`String.format('%tF', new Date())`)).toThrow(UnsupportedError);
    expect(() => run(`String.format('%tF %<tT', new Date())`)).toThrow(/unsupported: String\.format date\/time conversion %tF/);
    expect(() => run(`String.format('%a', 1.0d)`)).toThrow(UnsupportedError);
    expect(() => run(`String.format('%h', 5)`)).toThrow(/unsupported: String\.format %h \(Java's hashCode\) of class Integer/);
  });
});
