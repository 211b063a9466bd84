// java.util.Random, exactly: the 48-bit linear congruential generator of the Java SE specification
// (seed' = seed * 0x5DEECE66D + 0xB mod 2^48, next(bits) = the top `bits` bits of seed'), with
// Java's nextInt(bound) rejection loop and nextDouble's 53-bit composition, so an app sees the
// numbers the same code sees on a JVM with the same seed.
//
// Determinism (docs/model.md, "Randomness"): an unseeded `new Random()` gets the seed 42, which is
// what the reference gets too: Java PathFinder's peer for java.util.Random (JPF_java_util_Random)
// seeds every unseeded Random with `vm.random_seed` (default 42) while `vm.reproducible_random`
// (default true) holds, and without `cg.enumerate_random` (the reference does not set it) runs
// that one sequence instead of branching. `Math.random()` is the first nextDouble() of such a
// fresh generator (a constant): the JVM-wide generator behind it is no part of any app's state.
//
// The arithmetic is exact on doubles: the 48-bit seed is split into two 24-bit halves, so no
// intermediate product exceeds 2^53.
import { GroovyError } from './errors.js';
import { GRandom, Double, isNumber, type Value } from './values.js';

const TWO24 = 0x1000000;
const TWO48 = TWO24 * TWO24;
/** 0x5DEECE66D = MULT_HI * 2^24 + MULT_LO */
const MULT_HI = 0x5de;
const MULT_LO = 0xece66d;
const ADDEND = 0xb;

/** The seed an unseeded `new Random()` gets (JPF's default `vm.random_seed`). */
export const DEFAULT_RANDOM_SEED = 42;

/** Java's `initialScramble`: (seed ^ 0x5DEECE66D) & (2^48 - 1), for an integral seed |s| < 2^53. */
export function scrambleSeed(seed: number): number {
  // The low 48 bits of the two's-complement long.
  const low48 = ((seed % TWO48) + TWO48) % TWO48;
  const hi = Math.floor(low48 / TWO24);
  const lo = low48 % TWO24;
  return (hi ^ MULT_HI) * TWO24 + (lo ^ MULT_LO);
}

/** `new Random(seed)`; `new Random()` with the fixed default seed. */
export function newRandom(seed: number = DEFAULT_RANDOM_SEED): GRandom {
  return new GRandom(scrambleSeed(seed));
}

/** One LCG step on a 48-bit seed. */
export function nextSeed(seed: number): number {
  const hi = Math.floor(seed / TWO24);
  const lo = seed % TWO24;
  const p0 = lo * MULT_LO + ADDEND; // < 2^48
  const carry = Math.floor(p0 / TWO24);
  const p1 = (hi * MULT_LO + lo * MULT_HI + carry) % TWO24; // each term < 2^48
  return p1 * TWO24 + (p0 % TWO24);
}

/** Java's `next(bits)`, 1 <= bits <= 32: the top bits of the advanced seed, as a Java int. */
export function nextBits(r: GRandom, bits: number): number {
  r.seed = nextSeed(r.seed);
  return Math.floor(r.seed / 2 ** (48 - bits)) | 0;
}

export function nextInt(r: GRandom): number {
  return nextBits(r, 32);
}

/** Java's `nextInt(bound)` with its rejection loop (uniform for bounds that are not powers of 2). */
export function nextIntBounded(r: GRandom, bound: number): number {
  if (!(bound > 0)) throw new GroovyError('IllegalArgumentException', 'bound must be positive');
  let v = nextBits(r, 31);
  const m = bound - 1;
  if ((bound & m) === 0) return Math.floor(v / (2 ** 31 / bound)); // (int)((bound * (long)r) >> 31)
  // for (int u = r; u - (r = u % bound) + m < 0; u = next(31)): the int sum overflows exactly when
  // the last, partial block of [0, 2^31) was hit.
  for (let u = v; ((u - (v = u % bound) + m) | 0) < 0; u = nextBits(r, 31));
  return v;
}

export function nextBoolean(r: GRandom): boolean {
  return nextBits(r, 1) !== 0;
}

/** Java's `nextDouble()`: ((long)next(26) << 27 + next(27)) * 2^-53. */
export function nextDouble(r: GRandom): number {
  const a = nextBits(r, 26);
  const b = nextBits(r, 27);
  return (a * 2 ** 27 + b) / 2 ** 53;
}

/** `Math.random()` in the model: the first nextDouble() of a fresh unseeded Random (a constant). */
export function mathRandom(): number {
  return nextDouble(newRandom());
}

/** Methods that advance the generator (a Random held in app state is written by them). */
export const RANDOM_MUTATING: ReadonlySet<string> = new Set(['nextInt', 'nextBoolean', 'nextDouble', 'setSeed']);

function intArg(args: Value[], i: number, method: string): number {
  const v = args[i] ?? null;
  if (typeof v === 'number') return v;
  if (isNumber(v)) return Math.trunc(v.value);
  throw new GroovyError('MissingMethodException', `No signature of method: java.util.Random.${method}() for argument ${String(v)}`);
}

/** The methods of a Random; undefined for one not modelled (nextLong, nextGaussian, ...). */
export function randomMethod(r: GRandom, name: string, args: Value[]): Value | undefined {
  switch (name) {
    case 'nextInt':
      if (args.length === 0) return nextInt(r);
      if (args.length === 1) return nextIntBounded(r, intArg(args, 0, name));
      return undefined;
    case 'nextBoolean':
      return args.length === 0 ? nextBoolean(r) : undefined;
    case 'nextDouble':
      return args.length === 0 ? new Double(nextDouble(r)) : undefined;
    case 'setSeed':
      if (args.length !== 1) return undefined;
      r.seed = scrambleSeed(intArg(args, 0, name));
      return null;
  }
  return undefined;
}
