// java.util.Formatter, as `String.format`, the GDK's `sprintf` and a string's `format` use it
// (Java 8, the US locale of SmartThings' servers): `%[argument_index$][flags][width][.precision]conversion`.
// As in Java, the whole format is parsed and checked before any argument is formatted, and every
// misuse is the IllegalFormatException subtype Java throws, which the app may catch. Numbers round
// HALF_UP on their decimal digits: a BigDecimal's exact value, a Double's shortest representation
// (Double.toString's digits, which JS's String(n) gives too), so 1.005 is 1.01 at two places.
// Date/time conversions (%t, %T), hexadecimal floats (%a) and the hash code of a value other
// than a string are gaps of the tool, named.
import * as big from '../big-decimal.js';
import { GroovyError, UnsupportedError } from '../errors.js';
import { checkLength } from '../limits.js';
import { concat } from '../operators.js';
import { className, Decimal, Double, type Value } from '../values.js';
import { fullClassName } from './known-classes.js';
import { javaString, stringHashCode } from './object-methods.js';

/** A parsed format specifier, as java.util.Formatter.FormatSpecifier holds it. */
interface Spec {
  /** An explicit argument index (from 1), or NEXT, PREVIOUS (`<`) or NO_ARGUMENT (`%%`, `%n`). */
  index: number;
  /** Its flags in the order of Java's Flags.toString, with `^` for an upper-case conversion. */
  flags: string;
  /** -1 when not given, as Java has it. */
  width: number;
  precision: number;
  /** The conversion, lower case (`X` is `x` with the `^` flag). */
  conversion: string;
}

const NO_ARGUMENT = -2;
const PREVIOUS = -1;
const NEXT = 0;

const FLAG_ORDER = '-^#+ 0,(<';
const SPECIFIER = /%(\d+\$)?([-#+ 0,(<]*)(\d+)?(\.\d+)?([tT])?([a-zA-Z%])/g;

type Category = 'general' | 'character' | 'integer' | 'float' | 'text';
const CATEGORIES: Readonly<Record<string, Category>> = {
  b: 'general', h: 'general', s: 'general', c: 'character', d: 'integer', o: 'integer', x: 'integer',
  e: 'float', f: 'float', g: 'float', a: 'float', '%': 'text', n: 'text',
};
const UPPER_CASE_CONVERSIONS = 'BHSCXEGA';

/** `String.format(fmt, args...)`. */
export function formatJava(fmt: string, args: Value[]): string {
  let out = '';
  let last = -1;
  let ordinary = -1;
  for (const piece of parse(fmt)) {
    if (typeof piece === 'string') {
      out = concat(out, piece);
      continue;
    }
    if (piece.index === NEXT) last = ++ordinary;
    else if (piece.index > 0) last = piece.index - 1;
    out = concat(out, formatArgument(piece, piece.index === NO_ARGUMENT ? null : argument(piece, args, last)));
  }
  return out;
}

function argument(spec: Spec, args: Value[], i: number): Value {
  if (i < 0 || i >= args.length) throw new GroovyError('MissingFormatArgumentException', `Format specifier '${specText(spec)}'`);
  return args[i];
}

// ---------------------------------------------------------------------------------------------
// Parsing and Java's checks of a specifier's flags, width and precision against its conversion.

function parse(fmt: string): (string | Spec)[] {
  const pieces: (string | Spec)[] = [];
  let i = 0;
  for (const m of fmt.matchAll(SPECIFIER)) {
    if (m.index > i) pieces.push(fixedText(fmt.slice(i, m.index)));
    pieces.push(specifier(m));
    i = m.index + m[0].length;
  }
  if (i < fmt.length) pieces.push(fixedText(fmt.slice(i)));
  return pieces;
}

/** Text between specifiers; a `%` in it starts no valid specifier. */
function fixedText(text: string): string {
  const at = text.indexOf('%');
  if (at >= 0) throw unknownConversion(text[at + 1] ?? '%');
  return text;
}

function specifier(m: RegExpMatchArray): Spec {
  const [, index, rawFlags, width, precision, dateTime, conversion] = m;
  const lower = conversion.toLowerCase();
  const upper = conversion !== lower;
  const flags = parseFlags(rawFlags, upper);
  const spec: Spec = {
    index: flags.includes('<') ? PREVIOUS : index ? Number(index.slice(0, -1)) : NEXT,
    flags,
    width: count(width, 'IllegalFormatWidthException'),
    precision: count(precision?.slice(1), 'IllegalFormatPrecisionException'),
    conversion: lower,
  };
  if (dateTime) throw new UnsupportedError(`String.format date/time conversion %${dateTime}${conversion}`);
  if (!Object.hasOwn(CATEGORIES, lower) || (upper && !UPPER_CASE_CONVERSIONS.includes(conversion))) throw unknownConversion(conversion);
  const category = CATEGORIES[lower];
  if (category === 'text') spec.index = NO_ARGUMENT;
  CHECKS[category](spec);
  return spec;
}

function parseFlags(raw: string, upper: boolean): string {
  const seen = new Set<string>(upper ? ['^'] : []);
  for (const c of raw) {
    if (seen.has(c)) throw new GroovyError('DuplicateFormatFlagsException', `Flags = '${c}'`);
    seen.add(c);
  }
  return [...FLAG_ORDER].filter((c) => seen.has(c)).join('');
}

/** A width or precision; Java refuses one past the int range with the int minimum. */
function count(digits: string | undefined, error: string): number {
  if (digits === undefined) return -1;
  const n = Number(digits);
  if (n > 0x7fffffff) throw new GroovyError(error, String(-0x80000000));
  return n;
}

/** The flags a floating-point conversion other than %f does not take. */
const FLOAT_REFUSED_FLAGS: Readonly<Record<string, string>> = { e: ',', g: '#', a: '(,' };

const CHECKS: Readonly<Record<Category, (s: Spec) => void>> = {
  general: (s) => {
    if ((s.conversion === 'b' || s.conversion === 'h') && has(s, '#')) mismatch('#', s.conversion);
    requireWidth(s, '-');
    refuseFlags(s, '+ 0,(');
  },
  character: (s) => {
    refusePrecision(s);
    refuseFlags(s, '#+ 0,(');
    requireWidth(s, '-');
  },
  integer: (s) => {
    checkNumeric(s);
    refusePrecision(s);
    refuseFlags(s, s.conversion === 'd' ? '#' : ',');
  },
  float: (s) => {
    checkNumeric(s);
    refuseFlags(s, FLOAT_REFUSED_FLAGS[s.conversion] ?? '');
  },
  text: (s) => {
    refusePrecision(s);
    if (s.conversion === 'n' && s.width >= 0) throw new GroovyError('IllegalFormatWidthException', String(s.width));
    if (s.flags !== '' && !(s.conversion === '%' && s.flags === '-')) illegalFlags(s);
    requireWidth(s, '-');
  },
};

function checkNumeric(s: Spec): void {
  requireWidth(s, '-0');
  if ((has(s, '+') && has(s, ' ')) || (has(s, '-') && has(s, '0'))) illegalFlags(s);
}

function has(s: Spec, flag: string): boolean {
  return s.flags.includes(flag);
}

/** Left justification and zero padding need a width to pad to. */
function requireWidth(s: Spec, flags: string): void {
  if (s.width < 0 && [...flags].some((f) => has(s, f))) throw new GroovyError('MissingFormatWidthException', specText(s));
}

function refusePrecision(s: Spec): void {
  if (s.precision >= 0) throw new GroovyError('IllegalFormatPrecisionException', String(s.precision));
}

function refuseFlags(s: Spec, flags: string): void {
  for (const f of flags) if (has(s, f)) mismatch(f, s.conversion);
}

function mismatch(flag: string, conversion: string): never {
  throw new GroovyError('FormatFlagsConversionMismatchException', `Conversion = ${conversion}, Flags = ${flag}`);
}

function illegalFlags(s: Spec): never {
  throw new GroovyError('IllegalFormatFlagsException', `Flags = '${s.flags}'`);
}

function unknownConversion(conversion: string): GroovyError {
  return new GroovyError('UnknownFormatConversionException', `Conversion = '${conversion}'`);
}

function illegalConversion(conversion: string, arg: Value): never {
  throw new GroovyError('IllegalFormatConversionException', `${conversion} != ${javaClassName(arg)}`);
}

/** The specifier as Java's FormatSpecifier.toString writes it (flags before the index, as Java does). */
function specText(s: Spec): string {
  const upper = has(s, '^');
  const index = s.index > 0 ? `${s.index}$` : '';
  const width = s.width >= 0 ? String(s.width) : '';
  const precision = s.precision >= 0 ? `.${s.precision}` : '';
  return `%${s.flags.replace('^', '')}${index}${width}${precision}${upper ? s.conversion.toUpperCase() : s.conversion}`;
}

/** The model holds Integer and Long as one JS number: one within the int range is an Integer. */
function isInt(n: number): boolean {
  return (n | 0) === n;
}

function javaClassName(v: Value): string {
  if (typeof v === 'number' && !isInt(v)) return 'java.lang.Long';
  const simple = className(v);
  return fullClassName(simple) ?? simple;
}

// ---------------------------------------------------------------------------------------------
// Formatting one argument.

function formatArgument(s: Spec, arg: Value): string {
  switch (s.conversion) {
    case 'b':
      return general(s, arg === null ? 'false' : typeof arg === 'boolean' ? String(arg) : 'true');
    case 's':
      // Only a java.util.Formattable takes `#`; no value of an app is one.
      if (has(s, '#')) mismatch('#', 's');
      return general(s, javaString(arg));
    case 'h':
      return general(s, hashText(arg));
    case 'c':
      return general(s, character(arg));
    case '%':
      // Java 8 appends the sign without its width (Java 11 pads it).
      return '%';
    case 'n':
      return '\n';
    case 'd':
    case 'o':
    case 'x':
      return arg === null ? general(s, 'null') : integer(s, arg);
    default:
      return arg === null ? general(s, 'null') : float(s, arg);
  }
}

/** Java's print(String): cut to the precision, upper-cased for an upper-case conversion, justified. */
function general(s: Spec, text: string): string {
  const cut = s.precision >= 0 ? text.slice(0, s.precision) : text;
  return justify(s, has(s, '^') ? cut.toUpperCase() : cut);
}

/** Padded with spaces to the width, on the left unless `-`. */
function justify(s: Spec, text: string): string {
  checkLength('string', s.width);
  return has(s, '-') ? text.padEnd(s.width) : text.padStart(s.width);
}

function zeros(n: number): string {
  checkLength('string', n);
  return '0'.repeat(Math.max(n, 0));
}

/** Integer.toHexString(arg.hashCode()). */
function hashText(arg: Value): string {
  if (arg === null) return 'null';
  if (typeof arg === 'string') return (stringHashCode(arg) >>> 0).toString(16);
  throw new UnsupportedError(`String.format %h (Java's hashCode) of class ${className(arg)}`);
}

/** A char (a one-character string in the model) or an int code point. */
function character(arg: Value): string {
  if (arg === null) return 'null';
  if (typeof arg === 'string' && arg.length === 1) return arg;
  if (typeof arg !== 'number' || !isInt(arg)) return illegalConversion('c', arg);
  if (arg < 0 || arg > 0x10ffff) throw new GroovyError('IllegalFormatCodePointException', `Code point = 0x${(arg >>> 0).toString(16)}`);
  return String.fromCodePoint(arg);
}

function integer(s: Spec, arg: Value): string {
  if (typeof arg !== 'number') return illegalConversion(s.conversion, arg);
  if (s.conversion === 'd') return justify(s, signedNumber(s, arg < 0, String(Math.abs(arg))));
  refuseFlags(s, '( +');
  const upper = has(s, '^');
  const prefix = !has(s, '#') ? '' : s.conversion === 'o' ? '0' : upper ? '0X' : '0x';
  let digits = unsignedDigits(arg, s.conversion === 'o' ? 8 : 16);
  if (has(s, '0')) digits = zeros(s.width - prefix.length - digits.length) + digits;
  return justify(s, prefix + (upper ? digits.toUpperCase() : digits));
}

/** Octal and hex show a negative Integer or Long in two's complement, 32 or 64 bits. */
function unsignedDigits(n: number, radix: number): string {
  if (n >= 0) return n.toString(radix);
  return isInt(n) ? (n >>> 0).toString(radix) : BigInt.asUintN(64, BigInt(n)).toString(radix);
}

/**
 * Java's leadingSign, localizedMagnitude and trailingSign: the sign (or `(`), the digits grouped
 * by `,` and zero-padded to the width, then `suffix` (an exponent) and the closing `)`.
 */
function signedNumber(s: Spec, negative: boolean, digits: string, suffix = ''): string {
  const [open, close] = signs(s, negative);
  let body = has(s, ',') ? grouped(digits) : digits;
  if (has(s, '0')) body = zeros(s.width - open.length - body.length - suffix.length - close.length) + body;
  return `${open}${body}${suffix}${close}`;
}

function signs(s: Spec, negative: boolean): [string, string] {
  if (negative) return has(s, '(') ? ['(', ')'] : ['-', ''];
  return [has(s, '+') ? '+' : has(s, ' ') ? ' ' : '', ''];
}

/** A separator between each three digits of the integer part. */
function grouped(digits: string): string {
  const dot = digits.includes('.') ? digits.indexOf('.') : digits.length;
  return digits.slice(0, dot).replace(/\B(?=(\d{3})+$)/g, ',') + digits.slice(dot);
}

// ---------------------------------------------------------------------------------------------
// Floating-point conversions, on decimal digits.

/** A magnitude as decimal digits: `digits` × 10^-scale, `digits` without leading zeros. */
interface Digits {
  digits: string;
  scale: number;
}

function float(s: Spec, arg: Value): string {
  if (arg instanceof Double) return double(s, arg.value);
  if (!(arg instanceof Decimal) || s.conversion === 'a') return illegalConversion(s.conversion, arg);
  const magnitude = digitsOf(big.formatPlainBigDecimal(big.absDecimal(arg)));
  return justify(s, floatText(s, arg.unscaled < 0n, magnitude, true));
}

function double(s: Spec, v: number): string {
  const upper = has(s, '^');
  if (Number.isNaN(v)) return justify(s, upper ? 'NAN' : 'NaN');
  // Double.compare: -0.0 is below 0.0, so it prints with its sign.
  const negative = v < 0 || Object.is(v, -0);
  if (!Number.isFinite(v)) {
    const [open, close] = signs(s, negative);
    return justify(s, `${open}${upper ? 'INFINITY' : 'Infinity'}${close}`);
  }
  if (s.conversion === 'a') throw new UnsupportedError('String.format hexadecimal floating-point conversion %a');
  return justify(s, floatText(s, negative, digitsOf(String(Math.abs(v))), false));
}

/** The digits of a number's text: `1.005`, `1e-7`, `1.5e+21`. */
function digitsOf(text: string): Digits {
  const [mantissa, exponent = '0'] = text.split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  return { digits: BigInt(whole + fraction).toString(), scale: fraction.length - Number(exponent) };
}

function floatText(s: Spec, negative: boolean, d: Digits, bigDecimal: boolean): string {
  if (s.conversion === 'e') return scientific(s, negative, d, s.precision < 0 ? 6 : s.precision);
  if (s.conversion === 'f') return fixed(s, negative, d, s.precision < 0 ? 6 : s.precision);
  const precision = s.precision < 0 ? 6 : Math.max(s.precision, 1);
  return bigDecimal ? generalDecimal(s, negative, d, precision) : generalDouble(s, negative, d, precision);
}

function fixed(s: Spec, negative: boolean, d: Digits, precision: number): string {
  return signedNumber(s, negative, plain(roundTo(d, precision), precision, has(s, '#')));
}

function scientific(s: Spec, negative: boolean, d: Digits, precision: number): string {
  const r = roundSignificant(d, precision + 1);
  const fraction = r.digits.slice(1) + zeros(precision + 1 - r.digits.length);
  const mantissa = `${r.digits[0]}${fraction || has(s, '#') ? '.' : ''}${fraction}`;
  const exponent = exponentOf(r);
  const e = `${has(s, '^') ? 'E' : 'e'}${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return signedNumber(s, negative, mantissa, e);
}

/**
 * %g of a Double: `precision` significant digits, plain when the rounded value is in
 * [10^-4, 10^precision), in scientific notation otherwise; zero is plain.
 */
function generalDouble(s: Spec, negative: boolean, d: Digits, precision: number): string {
  if (d.digits === '0') return fixed(s, negative, d, precision - 1);
  const exponent = exponentOf(roundSignificant(d, precision));
  if (exponent >= -4 && exponent < precision) return fixed(s, negative, d, precision - 1 - exponent);
  return scientific(s, negative, d, precision - 1);
}

/**
 * %g of a BigDecimal: Java 8 decides on the value before rounding, and only a zero of scale 0
 * (equal to BigDecimal.ZERO) is plain among the zeros: 0.00 prints as `0.00000e-02`.
 */
function generalDecimal(s: Spec, negative: boolean, d: Digits, precision: number): string {
  const exponent = exponentOf(d);
  const zeroOfScale0 = d.digits === '0' && d.scale === 0;
  if (zeroOfScale0 || (d.digits !== '0' && exponent >= -4 && exponent < precision)) return fixed(s, negative, d, precision - 1 - exponent);
  return scientific(s, negative, d, precision - 1);
}

/** The power of ten of the first digit; for a zero, minus its scale (as BigDecimal has it). */
function exponentOf(d: Digits): number {
  return d.digits.length - 1 - d.scale;
}

/** Rounded HALF_UP to at most `scale` fraction digits. */
function roundTo(d: Digits, scale: number): Digits {
  if (scale >= d.scale) return d;
  const keep = d.digits.length - (d.scale - scale);
  const head = keep > 0 ? d.digits.slice(0, keep) : '0';
  const up = keep >= 0 && d.digits[keep] >= '5';
  return { digits: up ? (BigInt(head) + 1n).toString() : head, scale };
}

/** Rounded HALF_UP to at most `n` significant digits (999 to two is 1.0 × 10^3, two digits still). */
function roundSignificant(d: Digits, n: number): Digits {
  if (d.digits.length <= n) return d;
  const r = roundTo(d, d.scale - (d.digits.length - n));
  return r.digits.length > n ? { digits: r.digits.slice(0, n), scale: r.scale - 1 } : r;
}

/** The digits with exactly `fraction` fraction digits (no more than they have); `.` alone with `#`. */
function plain(d: Digits, fraction: number, alternate: boolean): string {
  const all = d.scale < 0 ? d.digits + zeros(-d.scale) : d.digits;
  const padded = all.padStart(Math.max(d.scale, 0) + 1, '0');
  const point = padded.length - Math.max(d.scale, 0);
  const frac = padded.slice(point) + zeros(fraction - Math.max(d.scale, 0));
  return `${padded.slice(0, point)}${frac || alternate ? '.' : ''}${frac}`;
}
