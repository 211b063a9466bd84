// The judge of dpor: on thousands of random small event systems it finds exactly the violated
// assertions and the states with no enabled event that nodpor (exhaustive) finds, never explores
// more states, with the summary cache on and with it off.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { compareStrategies } from './support/compare.js';
import { randomSystem } from './support/random-systems.js';

const RUNS = Number(process.env.DIFFERENTIAL_RUNS ?? 2000);

describe('dpor against nodpor on random event systems', () => {
  it(`agrees on ${RUNS} systems`, () => {
    fc.assert(fc.property(randomSystem, compareStrategies), { numRuns: RUNS });
  });
});
