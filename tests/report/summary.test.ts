import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPaperTables } from '../../src/report/paper.js';
import { geometricMean, headline, timesFasterThanPaper } from '../../src/report/summary.js';
import { PAPER_DIR } from '../support/corpus.js';

describe('headline', () => {
  it('computes geometric means over pairs finished both ways and counts Unf as the budget', () => {
    const h = headline([
      { nodpor: { states: 100, transitions: 400, seconds: 10 }, dpor: { states: 25, transitions: 100, seconds: 20 } },
      { nodpor: { states: 10, transitions: 10, seconds: 1 }, dpor: { states: 10, transitions: 10, seconds: 1 } },
      { nodpor: { states: null, transitions: null, seconds: null }, dpor: { states: 5, transitions: 5, seconds: 100 } },
      { nodpor: { states: null, transitions: null, seconds: null }, dpor: { states: null, transitions: null, seconds: null } },
    ], 1000);
    expect(h).toMatchObject({ pairs: 4, finishedBoth: 2, onlyDpor: 1, onlyNodpor: 0, dporSlower: 1 });
    expect(h.stateReduction).toBeCloseTo(2);
    expect(h.transitionReduction).toBeCloseTo(2);
    expect(h.speedupGeometric).toBeCloseTo(geometricMean([0.5, 1, 10]));
  });
});

describe('timesFasterThanPaper', () => {
  it('is the geometric mean of the paper\'s time over ours, on pairs both finished, ours at least 1 ms', () => {
    const finished = (seconds: number) => ({ states: 1, transitions: 1, seconds });
    const unfinished = { states: null, transitions: null, seconds: null };
    expect(timesFasterThanPaper([
      { paper: finished(100), ours: finished(1) },
      { paper: finished(10), ours: finished(0) },
      { paper: unfinished, ours: finished(1) },
      { paper: finished(5), ours: unfinished },
    ])).toBeCloseTo(Math.sqrt(100 * 10_000), 6);
  });
});

describe.skipIf(!existsSync(PAPER_DIR))('the paper\'s own tables', () => {
  it('give 1.27x states, 1.75x transitions and a 1.71x speedup, not the 2x, 3x and 7x claimed', () => {
    const rows = readPaperTables(PAPER_DIR);
    expect(rows).toHaveLength(298);
    const h = headline(rows, 7200);
    expect(h).toMatchObject({ finishedBoth: 229, onlyDpor: 69, dporSlower: 162 });
    expect(h.stateReduction).toBeCloseTo(1.27, 2);
    expect(h.transitionReduction).toBeCloseTo(1.75, 2);
    expect(h.speedupGeometric).toBeCloseTo(1.71, 2);
    expect(h.speedupArithmetic).toBeCloseTo(7.2, 1);
  });
});
