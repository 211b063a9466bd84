// java.util.Random in the interpreter: Java's exact LCG (checked against values printed by OpenJDK
// 17 and against a straightforward BigInt transcription of the Java SE algorithm), the fixed seed
// of an unseeded Random, Math.random, and a Random held in app state being part of the state key.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRandom } from '../../src/interp/values.js';
import { newRandom, nextBoolean, nextDouble, nextInt, nextIntBounded } from '../../src/interp/random.js';
import { homeFor, run, show } from './helpers.js';

/** java.util.Random transcribed literally onto BigInt (longs), independent of src/interp/random.ts. */
class JavaRandom {
  private static readonly MULT = 0x5deece66dn;
  private static readonly MASK = (1n << 48n) - 1n;
  seed: bigint;
  constructor(seed: bigint) {
    this.seed = (seed ^ JavaRandom.MULT) & JavaRandom.MASK;
  }
  next(bits: number): number {
    this.seed = (this.seed * JavaRandom.MULT + 0xbn) & JavaRandom.MASK;
    return Number(BigInt.asIntN(32, this.seed >> BigInt(48 - bits)));
  }
  nextInt(bound?: number): number {
    if (bound === undefined) return this.next(32);
    let r = this.next(31);
    const m = bound - 1;
    if ((bound & m) === 0) return Number(BigInt.asIntN(32, (BigInt(bound) * BigInt(r)) >> 31n));
    for (let u = r; BigInt.asIntN(32, BigInt(u - (r = u % bound) + m)) < 0n; u = this.next(31));
    return r;
  }
  nextBoolean(): boolean {
    return this.next(1) !== 0;
  }
  nextDouble(): number {
    return Number((BigInt(this.next(26)) << 27n) + BigInt(this.next(27))) * 2 ** -53;
  }
}

const draw = (r: GRandom, n: number, f: (r: GRandom) => unknown) => Array.from({ length: n }, () => f(r));

describe('java.util.Random: the values OpenJDK 17 prints', () => {
  // Printed by `java R` with OpenJDK 17.0.15 (new Random(seed) and the calls below).
  it('new Random(42).nextInt(10) gives 0, 3, 8, 4, 0, 5, 5, 8, 9, 3', () => {
    expect(draw(newRandom(42), 10, (r) => nextIntBounded(r, 10))).toEqual([0, 3, 8, 4, 0, 5, 5, 8, 9, 3]);
  });
  it('nextInt(), nextDouble() and nextBoolean() of seed 42', () => {
    expect(draw(newRandom(42), 5, nextInt)).toEqual([-1170105035, 234785527, -1360544799, 205897768, 1325939940]);
    expect(draw(newRandom(42), 3, nextDouble)).toEqual([0.7275636800328681, 0.6832234717598454, 0.30871945533265976]);
    expect(draw(newRandom(42), 8, nextBoolean)).toEqual([true, false, true, false, false, true, false, true]);
  });
  it('the power-of-two bound, the rejection loop (bound 2^30 + 1 rejects about half the draws), a negative seed and the constant clock', () => {
    expect(draw(newRandom(42), 6, (r) => nextIntBounded(r, 16))).toEqual([11, 0, 10, 0, 4, 15]);
    expect(draw(newRandom(42), 8, (r) => nextIntBounded(r, 1073741825))).toEqual([
      117392763, 102948884, 662969970, 595021505, 196118093, 969067502, 791955276, 819572292,
    ]);
    expect(draw(newRandom(-7), 3, nextInt)).toEqual([1155869324, -423064701, -1403676116]);
    // evohome-connect and influxdb-logger seed with now(), the reference's constant clock.
    expect(draw(newRandom(1564694080896), 4, (r) => nextIntBounded(r, 60))).toEqual([50, 7, 19, 25]);
  });
  it('an unseeded Random is seeded with 42', () => {
    expect(draw(newRandom(), 3, (r) => nextIntBounded(r, 10))).toEqual([0, 3, 8]);
  });
});

describe('java.util.Random: agreement with a BigInt transcription of the algorithm', () => {
  it('nextInt(bound), nextInt(), nextBoolean() and nextDouble() for any seed and bound', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 2147483647 }), fc.constantFrom(1, 2, 3, 10, 1 << 30, (1 << 30) + 1, 2147483647), fc.constant(0)), {
          maxLength: 20,
        }),
        (seed, calls) => {
          const ours = newRandom(seed);
          const ref = new JavaRandom(BigInt(seed));
          for (const [i, bound] of calls.entries()) {
            // bound 0 stands for the unbounded calls, in turn.
            if (bound > 0) expect(nextIntBounded(ours, bound)).toBe(ref.nextInt(bound));
            else if (i % 3 === 0) expect(nextInt(ours)).toBe(ref.nextInt());
            else if (i % 3 === 1) expect(nextBoolean(ours)).toBe(ref.nextBoolean());
            else expect(nextDouble(ours)).toBe(ref.nextDouble());
          }
          expect(BigInt(ours.seed)).toBe(ref.seed);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('Random in Groovy code', () => {
  it('runs new Random(seed), new Random(), nextInt, nextBoolean, nextDouble and setSeed', () => {
    expect(show('def r = new Random(42); [r.nextInt(10), r.nextInt(10), r.nextInt(10)]')).toBe('[0, 3, 8]');
    expect(show('[new Random().nextInt(101), new Random().nextInt(51) + 50]')).toBe('[15, 76]'); // Hue-Party-Mode's two draws
    expect(show('def r = new java.util.Random(42); [r.nextInt(), r.nextBoolean(), r.nextDouble()]')).toBe('[-1170105035, false, 0.6832234717598454]');
    expect(show('def r = new Random(42); r.nextInt(); r.setSeed(5); [r.nextInt(100), r.nextInt(100), r.nextInt(100)]')).toBe('[87, 92, 74]');
    expect(show('Random rand = new Random(now()); [rand instanceof Random, rand.nextInt(60)]')).toBe('[true, 50]');
  });
  it("throws Java's catchable IllegalArgumentException for a bound that is not positive", () => {
    expect(show('try { new Random().nextInt(0) } catch (IllegalArgumentException e) { e.message }')).toBe('bound must be positive');
  });
  it('makes Math.random() the first nextDouble() of an unseeded Random, every time', () => {
    expect(show('[Math.random(), Math.random() == Math.random(), Math.floor(Math.random() * 1000)]')).toBe('[0.7275636800328681, true, 727.0]');
  });
  it('leaves the methods the corpus does not use unsupported', () => {
    expect(() => run('new Random().nextLong()')).toThrow(/unsupported: method nextLong\(\) of Random/);
  });
});

describe('a Random held in app state', () => {
  const FIELD = '@groovy.transform.Field def rng = new Random(7)';

  it('shows its seed in the canonical state and changes it when drawn from', () => {
    const home = homeFor(`${FIELD}\ndef f() { rng.nextInt(100) }`);
    const ref = new JavaRandom(7n);
    expect(home.app.canonicalState()).toContain(`rng=Random(${ref.seed})`);
    expect(home.app.invoke('f', [])).toBe(ref.nextInt(100));
    expect(new JavaRandom(7n).nextInt(100)).toBe(36); // new Random(7).nextInt(100) on OpenJDK 17
    expect(home.app.canonicalState()).toContain(`rng=Random(${ref.seed})`);
    expect(home.stateKey()).toContain(`Random(${ref.seed})`);
  });

  it('restores the generator from a snapshot, so a transition replays the same draws', () => {
    const home = homeFor(`${FIELD}\ndef f() { [rng.nextInt(1000), rng.nextInt(1000)] }`);
    const before = home.snapshot();
    const key = home.stateKey();
    const first = home.app.invoke('f', []);
    expect(home.stateKey()).not.toBe(key);
    home.restore(before);
    expect(home.stateKey()).toBe(key);
    expect(home.app.invoke('f', [])).toEqual(first);
    // The snapshot itself was not advanced by the replay.
    home.restore(before);
    expect(home.stateKey()).toBe(key);
  });

  it('gives equal keys to homes whose generators are in the same state', () => {
    const a = homeFor(`${FIELD}\ndef f() { rng.nextInt(3) }`);
    const b = homeFor(`${FIELD}\ndef f() { rng.nextInt(3) }`);
    a.app.invoke('f', []);
    expect(a.stateKey()).not.toBe(b.stateKey());
    b.app.invoke('f', []);
    expect(a.stateKey()).toBe(b.stateKey());
  });

  it('records a write of the field or state key whose generator a draw advances', () => {
    const home = homeFor(`${FIELD}\ndef f() { rng.nextInt(3) }\ndef g() { state.r = new Random(1) }\ndef h() { state.r.nextBoolean() }`);
    const writes = (method: string) =>
      home.transition(() => home.app.invoke(method, [])).filter((a) => a.kind === 'write').map((a) => a.location);
    expect(writes('f')).toEqual(['App1.field.rng']);
    expect(writes('g')).toEqual(['App1.state.r']);
    expect(writes('h')).toEqual(['App1.state.r']);
    // Storing a generator in the same state again changes nothing: a read, not a write.
    home.app.invoke('g', []);
    expect(writes('g')).toEqual([]);
  });
});
