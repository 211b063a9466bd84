// java.math.BigInteger as apps use it: to print a hash or a number in hex
// (`new BigInteger(1, digest.digest()).toString(16)`, `new BigInteger("255").toString(16)`).
// A BigInteger is an immutable object whose `id` is its decimal text; it equals and compares with
// other numbers by value, as Groovy's. Its arithmetic is a gap of the model (UnsupportedError),
// never a wrong answer: the model's integers are doubles and could not hold a 128-bit hash.
import { GroovyError, UnsupportedError } from '../errors.js';
import { bufferOf } from '../gdk/support.js';
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { checkDecimalDigits, MAX_DECIMAL_DIGITS } from '../limits.js';
import * as num from '../numbers.js';
import { BuiltinObject, Double, isBigInteger, isNumber, type Value } from '../values.js';

function bigIntegerOf(n: bigint): BuiltinObject {
  return new BuiltinObject('bigInteger', n.toString());
}

function bigIntegerValue(o: BuiltinObject): bigint {
  return BigInt(o.id);
}

/**
 * `new BigInteger(text[, radix])`: an optional sign, then digits of the radix; anything else is
 * Java's NumberFormatException with Java's message.
 */
function parseBigInteger(text: string, radix: number): bigint {
  if (radix < num.MIN_RADIX || radix > num.MAX_RADIX) throw new GroovyError('NumberFormatException', 'Radix out of range');
  const sign = text.startsWith('-') || text.startsWith('+') ? text[0] : '';
  const digits = text.slice(sign.length).toLowerCase();
  if (digits === '') throw new GroovyError('NumberFormatException', 'Zero length BigInteger');
  if (digits.length > MAX_DECIMAL_DIGITS) checkDecimalDigits(digits.length);
  const valid = [...digits].every((c) => {
    const d = parseInt(c, num.MAX_RADIX);
    return !Number.isNaN(d) && d < radix;
  });
  if (!valid) throw new GroovyError('NumberFormatException', `For input string: "${text}"${radix === 10 ? '' : ` under radix ${radix}`}`);
  let n = 0n;
  for (const c of digits) n = n * BigInt(radix) + BigInt(parseInt(c, num.MAX_RADIX));
  return sign === '-' ? -n : n;
}

/** `new BigInteger(signum, magnitude)`: the big-endian unsigned bytes, with the sign given. */
function fromSignMagnitude(signum: number, magnitude: Value[]): bigint {
  if (signum < -1 || signum > 1) throw new GroovyError('NumberFormatException', 'Invalid signum value');
  const hex = bufferOf(magnitude).toString('hex');
  const n = hex === '' ? 0n : BigInt(`0x${hex}`);
  if (signum === 0 && n !== 0n) throw new GroovyError('NumberFormatException', 'signum-magnitude mismatch');
  return signum === -1 ? -n : n;
}

/** `new BigInteger(bytes)`: big-endian two's complement. */
function fromTwosComplement(bytes: Value[]): bigint {
  if (bytes.length === 0) throw new GroovyError('NumberFormatException', 'Zero length BigInteger');
  const hex = bufferOf(bytes).toString('hex');
  return BigInt.asIntN(hex.length * 4, BigInt(`0x${hex}`));
}

/** `new BigInteger(...)` with the constructors apps call; another is NOT_FOUND (a gap). */
export function newBigInteger(args: Value[]): MethodResult {
  const [first = null, second = null] = args;
  if (args.length === 1 && typeof first === 'string') return bigIntegerOf(parseBigInteger(first, 10));
  if (args.length === 1 && Array.isArray(first)) return bigIntegerOf(fromTwosComplement(first));
  if (args.length === 2 && typeof first === 'string' && isNumber(second)) return bigIntegerOf(parseBigInteger(first, num.toInt(second)));
  if (args.length === 2 && isNumber(first) && Array.isArray(second)) return bigIntegerOf(fromSignMagnitude(num.toInt(first), second));
  return NOT_FOUND;
}

/** A BigInteger's methods: its text in a radix, its value as another number, its sign, comparison. */
export function bigIntegerMethod(o: BuiltinObject, name: string, args: Value[]): MethodResult {
  const n = bigIntegerValue(o);
  const [arg = null] = args;
  switch (name) {
    case 'toString':
      if (args.length === 0) return o.id;
      return args.length === 1 && isNumber(arg) ? n.toString(num.printedRadix(num.toInt(arg))) : NOT_FOUND;
    case 'intValue':
      return Number(BigInt.asIntN(32, n));
    case 'longValue':
      return exactLong(BigInt.asIntN(64, n));
    case 'doubleValue':
      return new Double(Number(n));
    case 'signum':
      return n === 0n ? 0 : n < 0n ? -1 : 1;
    case 'abs':
      return bigIntegerOf(n < 0n ? -n : n);
    case 'negate':
      return bigIntegerOf(-n);
    case 'bitLength':
      return (n < 0n ? -n - 1n : n).toString(2).replace(/^0$/, '').length;
    case 'equals':
      return isBigInteger(arg) && bigIntegerValue(arg) === n;
    case 'compareTo':
      if (!isBigInteger(arg)) return NOT_FOUND;
      return n === bigIntegerValue(arg) ? 0 : n < bigIntegerValue(arg) ? -1 : 1;
  }
  return NOT_FOUND;
}

/** A long the model's integers (doubles) hold exactly; a larger one is a gap. */
function exactLong(n: bigint): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) throw new UnsupportedError('a long past 2^53 (BigInteger.longValue)');
  return Number(n);
}
