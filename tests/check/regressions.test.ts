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
});
