// The census runs each subscription once more with a value the device could send next: for a
// vector attribute that is one of the vectors a real device reports, not a number.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { censusFile } from '../../src/pipeline/census.js';
import { REPO_ROOT } from '../support/corpus.js';

describe('census exercise of a subscription', () => {
  it("gives a three-axis handler a vector it can read x, y and z from", () => {
    const census = censusFile(join(REPO_ROOT, 'tests', 'census', 'exercise', 'cube-face.groovy'), 'reference');
    expect(census).toMatchObject({ runs: true, blocks: [], exceptions: [] });
    expect(census.handlerRuns).toBeGreaterThanOrEqual(4);
  });

  it("gives a sunsetTime handler the time, as the platform announces it, as the full environment's events do", () => {
    const census = censusFile(join(REPO_ROOT, 'tests', 'model', 'fixtures', 'environment', 'lights-at-sunset-time.groovy'), 'full');
    expect(census).toMatchObject({ runs: true, blocks: [], exceptions: [] });
  });
});
