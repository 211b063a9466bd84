// java.text.DecimalFormat: `new DecimalFormat(pattern).format(number)` for the patterns apps write
// ("##.##", "0.00", "#,##0.00", "$#,##0.00"): a literal prefix and suffix, the minimum integer
// digits, grouping, the minimum and maximum fraction digits and Java 8's HALF_EVEN rounding of the
// number's exact value, with the US symbols of SmartThings' servers. A feature of the pattern
// language beyond those is a gap of the tool, named; a malformed pattern is Java's
// IllegalArgumentException. A format is a BuiltinObject of kind `decimalFormat` (`id` = pattern).
import * as big from '../big-decimal.js';
import { GroovyError, nullPointer, UnsupportedError } from '../errors.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import * as num from '../numbers.js';
import { BuiltinObject, Decimal, Double, className, isNumber, type Value } from '../values.js';

/** What a pattern asks for, as java.text.DecimalFormat.applyPattern reads it. */
interface NumberPattern {
  prefix: string;
  suffix: string;
  minInt: number;
  minFrac: number;
  maxFrac: number;
  /** Digits per group, 0 without grouping. */
  grouping: number;
  decimalAlwaysShown: boolean;
}

/** Pattern characters with a meaning the tool does not model, and what each is. */
const UNSUPPORTED_PATTERN_CHARACTERS: Readonly<Record<string, string>> = {
  ';': 'a negative subpattern',
  '%': 'a percent sign',
  '\u2030': 'a per-mille sign',
  '\u00a4': 'a currency sign',
  "'": 'quoted text',
};

/** Java 8's symbols for the US locale (its own locale data, before CLDR). */
const NAN = '\uFFFD';
const INFINITY = '\u221E';

/** `new DecimalFormat(pattern)`: the pattern is read (and refused) at once, as Java does. */
export function newDecimalFormat(pattern: Value): BuiltinObject {
  if (pattern === null) throw nullPointer('apply a DecimalFormat pattern');
  if (typeof pattern !== 'string') throw new GroovyError('GroovyRuntimeException', `Could not find a matching constructor for java.text.DecimalFormat(${className(pattern)})`);
  parsePattern(pattern);
  return new BuiltinObject('decimalFormat', pattern);
}

export function decimalFormatMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  if (name !== 'format' || args.length !== 1) return NOT_FOUND;
  const n = args[0];
  if (!isNumber(n)) throw new GroovyError('IllegalArgumentException', 'Cannot format given Object as a Number');
  return formatWith(parsePattern(o.id), n);
}

function unsupported(what: string, pattern: string): never {
  throw new UnsupportedError(`DecimalFormat pattern "${pattern}" with ${what}`);
}

/** A pattern's literal prefix, its number part (`#`, `0`, `,`, `.`) and its literal suffix. */
function splitPattern(pattern: string): { prefix: string; numberPart: string; suffix: string } {
  if (pattern === '') unsupported('no characters', pattern);
  for (const c of pattern) if (Object.hasOwn(UNSUPPORTED_PATTERN_CHARACTERS, c)) unsupported(UNSUPPORTED_PATTERN_CHARACTERS[c], pattern);
  const start = pattern.search(/[#0,.]/);
  if (start < 0) return { prefix: pattern, numberPart: '', suffix: '' };
  const numberPart = /^[#0,.]*/.exec(pattern.slice(start))![0];
  const suffix = pattern.slice(start + numberPart.length);
  if (suffix.startsWith('E')) unsupported('an exponent', pattern);
  // Java goes back to the number part at such a character ("# kg 0" reads as "#0 kg ").
  if (/[#0,.]/.test(suffix)) unsupported('a digit, grouping or decimal character after its suffix began', pattern);
  return { prefix: pattern.slice(0, start), numberPart, suffix };
}

/**
 * The number part read with Java's counts: `#` before the zeros (`digitLeft`), zeros, `#` after
 * them (`digitRight`), digits after the last comma, the position of the point; and Java's reading
 * of a pattern without a zero ("##.##" as "#0.##", ".##" as ".0#").
 */
function parsePattern(pattern: string): NumberPattern {
  const { prefix, numberPart, suffix } = splitPattern(pattern);
  let [digitLeft, zeros, digitRight, grouping, decimalPos] = [0, 0, 0, -1, -1];
  for (const c of numberPart) {
    if (c === '#' && zeros > 0) digitRight++;
    else if (c === '#') digitLeft++;
    else if (c === '0' && digitRight > 0) throw new GroovyError('IllegalArgumentException', `Unexpected '0' in pattern "${pattern}"`);
    else if (c === '0') zeros++;
    else if (c === ',') grouping = 0;
    else if (decimalPos >= 0) throw new GroovyError('IllegalArgumentException', `Multiple decimal separators in pattern "${pattern}"`);
    else decimalPos = digitLeft + zeros + digitRight;
    if ((c === '#' || c === '0') && grouping >= 0 && decimalPos < 0) grouping++;
  }
  if (zeros === 0 && digitLeft > 0 && decimalPos >= 0) {
    const n = Math.max(decimalPos, 1);
    [digitRight, digitLeft, zeros] = [digitLeft - n, n - 1, 1];
  }
  if ((decimalPos < 0 && digitRight > 0) || (decimalPos >= 0 && (decimalPos < digitLeft || decimalPos > digitLeft + zeros)) || grouping === 0) {
    throw new GroovyError('IllegalArgumentException', `Malformed pattern "${pattern}"`);
  }
  const digits = digitLeft + zeros + digitRight;
  return {
    prefix,
    suffix,
    minInt: (decimalPos >= 0 ? decimalPos : digits) - digitLeft,
    minFrac: decimalPos >= 0 ? digitLeft + zeros - decimalPos : 0,
    maxFrac: decimalPos >= 0 ? digits - decimalPos : 0,
    grouping: Math.max(grouping, 0),
    decimalAlwaysShown: decimalPos === 0 || decimalPos === digits,
  };
}

/** A number's magnitude as decimal digits before and after the point. */
interface DecimalDigits {
  int: string;
  frac: string;
  /**
   * For a Double: the sign of (its exact binary value − these digits), which decides a tie; Java
   * rounds 2.675 (2.67499999...) to 2.67 and 0.125 (exact) to 0.12. Zero for exact digits.
   */
  exactness: number;
}

function formatWith(p: NumberPattern, n: num.Num): string {
  const value = num.numValue(n);
  if (Number.isNaN(value)) return NAN;
  const negative = value < 0 || Object.is(value, -0);
  const prefix = negative ? `-${p.prefix}` : p.prefix;
  if (!Number.isFinite(value)) return `${prefix}${INFINITY}${p.suffix}`;
  const { int, frac } = roundHalfEven(digitsOf(n), p.maxFrac);
  const fraction = frac.padEnd(p.minFrac, '0').replace(/0+$/, '').padEnd(p.minFrac, '0');
  let integer = grouped(int.replace(/^0+/, '').padStart(p.minInt, '0'), p.grouping);
  // Java prints a zero rather than nothing when no digit at all would show.
  if (integer === '' && fraction === '') integer = '0';
  const point = fraction !== '' || p.decimalAlwaysShown ? '.' : '';
  return `${prefix}${integer}${point}${fraction}${p.suffix}`;
}

/**
 * The digits Java formats: a Double's shortest representation (the digits of Java's
 * Double.toString, zeros past them), a BigDecimal's digits, an integer's.
 */
function digitsOf(n: num.Num): DecimalDigits {
  const magnitude = Math.abs(num.numValue(n));
  if (!(n instanceof Double)) {
    const [int, frac = ''] = (n instanceof Decimal ? big.formatPlainBigDecimal(big.absDecimal(n)) : String(magnitude)).split('.');
    return { int, frac, exactness: 0 };
  }
  const [mantissa, exponent] = magnitude.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponent) + 1;
  const int = point <= 0 ? '' : digits.slice(0, point).padEnd(point, '0');
  const frac = point <= 0 ? '0'.repeat(-point) + digits : digits.slice(point);
  // The sign of (magnitude − the digits), exactly: ties of the digits go by the double's true value.
  const exactness = big.compareDecimals(big.exactBinaryDecimal(magnitude), new Decimal(BigInt(int + frac), frac.length));
  return { int, frac, exactness };
}

/** Rounds to `maxFrac` fraction digits, half to even; a tie of the digits is decided by `exactness`. */
function roundHalfEven(d: DecimalDigits, maxFrac: number): { int: string; frac: string } {
  const kept = BigInt(d.int + d.frac.slice(0, maxFrac).padEnd(maxFrac, '0'));
  const rest = d.frac.slice(maxFrac);
  const tie = /^50*$/.test(rest);
  const up = tie ? (d.exactness === 0 ? kept % 2n === 1n : d.exactness > 0) : rest > '5';
  const digits = (up ? kept + 1n : kept).toString().padStart(maxFrac + 1, '0');
  return { int: digits.slice(0, digits.length - maxFrac), frac: digits.slice(digits.length - maxFrac) };
}

/** Separates groups of `size` digits from the right with commas. */
function grouped(int: string, size: number): string {
  if (size === 0) return int;
  const groups: string[] = [];
  for (let end = int.length; end > 0; end -= size) groups.unshift(int.slice(Math.max(0, end - size), end));
  return groups.join(',');
}
