// Counterexamples the differential test found, kept as named cases.
import { describe, expect, it } from 'vitest';
import { compareStrategies } from './support/compare.js';
import type { RandomSystem } from './support/random-systems.js';
import { buildRandomSystem } from './support/random-systems.js';
import { runVariant, SharedRotationRepickDpor } from './support/variants.js';

describe('regressions', () => {
  // Found with seed 3 (shrunk): after a state match the execution walked forever between two fully
  // explored states while a state visited after the cycle's start still had an enabled event it
  // never ran again, so IsFullCycle never held. The re-pick now rotates per state.
  const endlessWalk: RandomSystem = {
    domains: [2],
    initial: [[0]],
    enabled: [true, true, true, true, true, false],
    handlers: [
      [{ disable: 2 }, { assign: 0, to: { value: 0 } }],
      [{ assign: 0, to: { variable: 0, plus: 0 } }],
      [
        {
          if: { variable: 0, equal: false, value: 0 },
          then: [{ assign: 0, to: { variable: 0, plus: 0 } }],
          else: [
            {
              if: { variable: 0, equal: false, value: 0 },
              then: [{ assign: 0, to: { variable: 0, plus: 0 } }],
              else: [{ assign: 0, to: { variable: 0, plus: 1 } }],
            },
            { disable: 1 },
          ],
        },
        { enable: 0 },
      ],
      [
        {
          if: { variable: 0, equal: false, value: 0 },
          then: [{ if: { variable: 0, equal: false, value: 1 }, then: [{ assign: 0, to: { variable: 0, plus: 0 } }], else: [{ enable: 2 }] }],
          else: [{ enable: 5 }],
        },
        { assign: 0, to: { variable: 0, plus: 1 } },
      ],
      [{ assign: 0, to: { variable: 0, plus: 0 } }],
      [{ assign: 0, to: { variable: 0, plus: 1 } }, { assign: 0, to: { variable: 0, plus: 0 } }],
    ],
  };

  it('an execution past a state match ends (re-pick rotating per state)', () => {
    compareStrategies(endlessWalk);
  });

  it('with one rotation shared by all states it would not end', () => {
    const result = runVariant(SharedRotationRepickDpor, buildRandomSystem(endlessWalk), { timeLimitMs: 200 });
    expect(result.verdict).toBe('timeout');
  });

  // Found with a random seed (shrunk), in the paper's Algorithm 5 as restated: e2 sets v0 from v2,
  // then enables e1 on its second run; e1 writes v2; e0 asserts v2 != 0. The first execution runs
  // e0, e2, e2, e1. The backward search from e1 meets e2's enabling write (a conflict, t_conf := e2),
  // then e2's read of v2, which conflicted with e1's write of v2 and so dropped it from A_r; e0's
  // earlier read of v2 was never compared, and e2, e2, e1, e0 (the failing order) was never run.
  // A write met only by reads now stays in A_r.
  const writeMetByRead: RandomSystem = {
    domains: [2, 2, 2],
    initial: [[0, 0, 1]],
    enabled: [true, false, true, false],
    handlers: [
      [{ assert: 0, that: { variable: 2, equal: false, value: 0 } }, { disable: 0 }],
      [{ assign: 2, to: { variable: 2, plus: 1 } }],
      [
        {
          if: { variable: 0, equal: false, value: 1 },
          then: [{ assign: 0, to: { variable: 2, plus: 0 } }, { assert: 0, that: { variable: 0, equal: false, value: 0 } }],
          else: [{ enable: 5 }],
        },
      ],
      [{ assert: 0, that: { variable: 0, equal: false, value: 0 } }],
    ],
  };

  it('a write met by a read still races with earlier reads', () => {
    compareStrategies(writeMetByRead);
  });
});
